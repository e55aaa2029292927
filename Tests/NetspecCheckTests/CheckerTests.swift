import Netspec
import NetspecCheck
import NetspecMock
import NetspecTestServer
import Testing

/// `Checker` against servers it must judge: a planted-fault server (each check's fault found,
/// once, where it was planted, with a reproduction that repeats it) and honest ones (the mock of
/// the petstore and of a real document: nothing reported).
@Suite struct CheckerTests {
    /// A request's time limit in these runs: the server is in this process, and in the suite's
    /// first half-minute on two cores its answers can wait behind other suites' work for more than
    /// the 10 s default (a request given up is "unanswered", which the runs assert there are none of).
    static let patient: Duration = .seconds(120)

    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    /// Runs `body` with the planted server's base URL.
    static func withPlantedServer(_ body: (String) async throws -> Void) async throws {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task { try await PlantedServer.run { continuation.yield($0) } }
        defer { task.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        try await body("http://127.0.0.1:\(port)")
    }

    /// Runs `body` with a mock server of `spec` (`stateful`: keeping what is sent to its
    /// resources, so that the stateful phase's sequences hold) and its base URL.
    static func withMock(_ spec: Spec, stateful: Bool = false, _ body: (String) async throws -> Void) async throws {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task { try await MockServer(spec: spec, options: .init(port: 0, stateful: stateful)).run { continuation.yield($0) } }
        defer { task.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        try await body("http://127.0.0.1:\(port)")
    }

    static func provider(_ variables: [String: String]) -> Provider {
        Provider(variables: variables, options: .init(usesEnvironment: false))
    }

    @Test func eachPlantedFaultIsFoundOnceUnderItsCheck() async throws {
        let spec = try Spec(yaml: PlantedServer.document, file: "planted.yaml")
        try await Self.withPlantedServer { base in
            let checker = Checker(spec: spec, provider: Self.provider(["TOKEN": "right"]))
            let options = CheckOptions(maxExamples: 10, workers: 1, seed: 1, requestTimeout: Self.patient, maxResponseTime: .milliseconds(100))
            let report = await checker.run(baseURL: base, options: options)
            // On a loaded machine any answer may take longer than 100 ms: only the planted one is held.
            let found = report.failures.filter { $0.check != .maxResponseTime || $0.operation == "slow" }.map { "\($0.operation) \($0.check.rawValue)" }.sorted()
            #expect(found == PlantedServer.faults.map { "\($0.key) \($0.value)" }.sorted())
            #expect(report.unansweredCount == 0, "first: \(report.firstTransportError ?? "none")")
            #expect(report.operations.first { $0.name == "checksAuth" }?.failedChecks.filter { $0 != .maxResponseTime } == [])
            #expect(!report.passed)
            let crash = try #require(report.failures.first { $0.check == .notAServerError })
            #expect(crash.reproduceWithNetspec == "netspec call planted.yaml crash n:=100 --base-url \(base)")
            #expect(crash.reproduceWithCurl == "curl '\(base)/crash?n=100' -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' --compressed")
            #expect(crash.message == "the server answered 500")
            #expect(crash.status == 500)
            let accepted = try #require(report.failures.first { $0.check == .negativeDataRejection })
            #expect(accepted.reproduceWithNetspec == "netspec call planted.yaml acceptsAnything name= --base-url \(base) --no-validate")
            #expect(accepted.message.hasPrefix("a request the document forbids was answered 201: endpoint 'acceptsAnything': parameter 'name':"))
            let body = try #require(report.failures.first { $0.check == .responseSchemaConformance })
            #expect(body.violations == ["/id: must be an integer (at planted.yaml:36:75)"])
            let unsupported = try #require(report.failures.first { $0.check == .unsupportedMethod })
            #expect(unsupported.message == "PATCH /method-open, a method the path does not declare, was answered 200, not 405")
            let auth = try #require(report.failures.first { $0.check == .ignoredAuth })
            #expect(auth.message == "the secured operation answered 200 without credentials")
        }
    }

    /// Shrinking keeps a negative case negative: the failure reported for accepted invalid data
    /// is re-checked after shrinking, and its request is still one the document forbids.
    @Test func aShrunkNegativeCaseIsStillInvalid() async throws {
        let spec = try Spec(yaml: PlantedServer.document, file: "planted.yaml")
        try await Self.withPlantedServer { base in
            let checker = Checker(spec: spec, provider: Self.provider(["TOKEN": "right"]))
            for seed: UInt64 in [1, 2, 3] {
                let report = await checker.run(baseURL: base, options: CheckOptions(phases: [.fuzz], checks: [.negativeDataRejection], include: ["acceptsAnything"], maxExamples: 20, seed: seed, requestTimeout: Self.patient))
                let failure = try #require(report.failures.first)
                #expect(failure.message.contains("parameter 'name'") || failure.message.contains("parameter '_'"), "\(failure.message)")
                #expect(failure.reproduceWithNetspec.hasSuffix("--no-validate"))
            }
        }
    }

    @Test func theSameSeedSendsTheSameRequests() throws {
        let spec = try Spec(yaml: PlantedServer.document, file: "planted.yaml")
        let checker = Checker(spec: spec)
        let options = CheckOptions(phases: [.fuzz], include: ["crash", "acceptsAnything"], maxExamples: 6, seed: 7, requestTimeout: Self.patient)
        let first = checker.plannedRequests(baseURL: "http://h", options: options)
        #expect(first == checker.plannedRequests(baseURL: "http://h", options: options))
        // Six draws each; the ones that repeat an earlier draw are sent once.
        #expect(first.count == 10)
        var other = options
        other.seed = 8
        #expect(first != checker.plannedRequests(baseURL: "http://h", options: other))
    }

    @Test(arguments: [
        (["crash"], [String](), ["crash"]), (["POST"], [], ["acceptsAnything", "refusesValid", "createGhost", "createPhantom", "createNote"]), (["/no-*"], [], ["noHeader", "noAllow"]),
        ([], ["GET"], ["acceptsAnything", "refusesValid", "createGhost", "deleteGhost", "createPhantom", "createNote"]), (["/crash"], [], ["crash"]),
    ])
    func selection(include: [String], exclude: [String], selected: [String]) throws {
        let checker = Checker(spec: try Spec(yaml: PlantedServer.document, file: "planted.yaml"))
        #expect(checker.selectedEndpoints(CheckOptions(include: include, exclude: exclude)).map(\.name) == selected)
    }

    /// The petstore's mock answers as its document says: nothing is reported (its SSE operation
    /// has no mock, a 501, and is left out). The mock takes any credential of a scheme's form
    /// (docs/mock.md) and says so (`Netspec-Mock-Answer`), so `ignored_auth`'s wrong credential
    /// accepted is a note of the report, not a failure.
    @Test func thePetstoresMockReportsNothing() async throws {
        let spec = try Spec.load(path: Self.root + "/specs/petstore.openapi.yaml")
        try await Self.withMock(spec) { base in
            let checker = Checker(spec: spec, provider: Self.provider(["BEARER_AUTH": "t"]))
            var options = CheckOptions(phases: [.examples, .coverage, .fuzz], exclude: ["petEvents"], maxExamples: 30, workers: 4, seed: 3, requestTimeout: Self.patient)
            options.checks.remove(.ignoredAuth)
            let report = await checker.run(baseURL: base + "/v1", options: options)
            #expect(report.failures.map { "\($0.operation) \($0.check.rawValue): \($0.message)" } == [])
            #expect(report.unansweredCount == 0, "first: \(report.firstTransportError ?? "none")")
            #expect(report.requestCount > 100)
            let auth = await checker.run(baseURL: base + "/v1", options: CheckOptions(phases: [.examples], checks: [.ignoredAuth], exclude: ["petEvents"], requestTimeout: Self.patient))
            #expect(auth.failures.map { "\($0.operation): \($0.message)" } == [])
            #expect(auth.mockAnswers == [CheckReport.MockAnswers(count: 2, what: "a 2xx to a wrong credential (it checks a credential's form, not its value)")])
        }
    }

    /// Airflow 2's document (a real one, 89 operations) against its mock: nothing reported.
    @Test func aRealDocumentsMockReportsNothing() async throws {
        let spec = try Spec.load(path: Self.root + "/Tests/NetspecTests/Fixtures/airflow/v1.yaml")
        try await Self.withMock(spec) { base in
            let checker = Checker(spec: spec, provider: Self.provider(["USERNAME": "u", "PASSWORD": "p"]))
            var options = CheckOptions(phases: [.examples, .coverage, .fuzz], maxExamples: 4, workers: 8, seed: 5, requestTimeout: Self.patient)
            options.checks.remove(.ignoredAuth)
            let report = await checker.run(baseURL: base + "/api/v1", options: options)
            #expect(report.failures.map { "\($0.operation) \($0.check.rawValue): \($0.message) \($0.violations)" } == [])
            #expect(report.unansweredCount == 0, "first: \(report.firstTransportError ?? "none")")
        }
    }
}
