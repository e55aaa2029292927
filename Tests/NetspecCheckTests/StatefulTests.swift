import Netspec
import NetspecCheck
import NetspecTestServer
import Testing

/// The stateful phase (`links`, else the stateful mock's inference), its two checks, and
/// `max_response_time`, against the planted server and the stateful mock.
@Suite struct StatefulTests {
    static let linked = """
        openapi: 3.1.0
        info: { title: Linked, version: '1' }
        paths:
          /pets:
            post:
              operationId: createPet
              responses:
                '201':
                  description: created
                  links:
                    ById: { operationId: getPet, parameters: { path.petId: '$response.body#/id', verbose: true } }
                    ByRef: { operationRef: '#/paths/~1pets~1{petId}/get', requestBody: '$request.body', server: { url: 'http://other' } }
                    Lost: { operationId: nowhere }
                    Empty: { parameters: { petId: 1 } }
          /pets/{petId}:
            get:
              operationId: getPet
              parameters: [{ name: petId, in: path, required: true, schema: { type: integer } }]
              responses: { '200': { description: ok } }
        """

    @Test func linksAreReadWithTheirTargets() throws {
        let spec = try Spec(yaml: Self.linked, file: "linked.yaml")
        let links = try #require(spec.endpoints.first?.responses.declared.first?.links)
        #expect(links.map(\.name) == ["ById", "ByRef", "Lost", "Empty"])
        #expect(links.map(\.target) == ["getPet", "getPet", nil, nil])
        #expect(links[0].parameters.map(\.name) == ["path.petId", "verbose"])
        #expect(links[0].parameters.map(\.value) == [.string("$response.body#/id"), .bool(true)])
        #expect(links[1].operationRef == "#/paths/~1pets~1{petId}/get")
        #expect(links[1].requestBody == .string("$request.body"))
        #expect(links[1].server == "http://other")
        #expect(links[0].position == "linked.yaml:11:13")
        #expect(spec.warnings.map(\.description) == [
            "linked.yaml:13:13: warning: link 'Lost' of operation 'createPet': operationId 'nowhere' is no operation of the document, so the link is not followed",
            "linked.yaml:14:13: warning: link 'Empty' of operation 'createPet' has neither 'operationId' nor 'operationRef', so it is not followed",
        ])
    }

    /// The ghosts are still readable after their DELETE: the failure gives the whole sequence,
    /// each step's request and status, and one reproduction line per step.
    @Test func aSequenceFailureGivesTheWholeSequence() async throws {
        let spec = try Spec(yaml: PlantedServer.document, file: "planted.yaml")
        try await CheckerTests.withPlantedServer { base in
            let checker = Checker(spec: spec, provider: CheckerTests.provider([:]))
            let options = CheckOptions(phases: [.stateful], include: ["/ghosts*", "/notes*", "/phantoms*"], maxExamples: 1, requestTimeout: CheckerTests.patient)
            let report = await checker.run(baseURL: base, options: options)
            #expect(report.failures.map { "\($0.operation) \($0.check.rawValue)" } == ["readGhost use_after_free", "readPhantom ensure_resource_availability"])
            // notes: create and read through the link; ghosts: create, read, delete, read; phantoms: create, read.
            #expect(report.requestCount == 8)
            let ghost = try #require(report.failures.first)
            #expect(ghost.message.hasPrefix("readGhost read the resource deleteGhost had deleted (204) and was answered 200, not 404 or 410"))
            #expect(ghost.request.split(separator: "\n").filter { $0.hasPrefix("→") } == ["→ 201", "→ 200", "→ 204", "→ 200"])
            #expect(ghost.request.hasPrefix("1. POST \(base)/ghosts HTTP/1.1\nContent-Type: application/json\n"))
            let second = try #require(ghost.reproduceWithNetspec.split(separator: "\n").dropFirst().first?.split(separator: " "))
            let id = try #require(second.dropFirst(4).first?.dropFirst("ghostId:=".count))
            #expect(ghost.reproduceWithNetspec == """
                netspec call planted.yaml createGhost name=string --base-url \(base)
                netspec call planted.yaml readGhost ghostId:=\(id) --base-url \(base)
                netspec call planted.yaml deleteGhost ghostId:=\(id) --base-url \(base)
                netspec call planted.yaml readGhost ghostId:=\(id) --base-url \(base)
                """)
            #expect(ghost.reproduceWithCurl.split(separator: "\n").count == 4)
        }
    }

    @Test func aSlowAnswerFailsWithItsMeasuredTime() async throws {
        let spec = try Spec(yaml: PlantedServer.document, file: "planted.yaml")
        try await CheckerTests.withPlantedServer { base in
            let checker = Checker(spec: spec, provider: CheckerTests.provider([:]))
            let options = CheckOptions(phases: [.examples], checks: [.maxResponseTime], include: ["slow"], requestTimeout: CheckerTests.patient, maxResponseTime: .milliseconds(100))
            let failure = try #require(await checker.run(baseURL: base, options: options).failures.first)
            #expect(failure.message.hasPrefix("the answer took "))
            #expect(failure.message.hasSuffix(" ms, over the limit of 100 ms"))
            let measured = try #require(Double(failure.message.dropFirst("the answer took ".count).prefix { $0 != " " }))
            #expect(measured >= 150)
            let unbounded = await checker.run(baseURL: base, options: CheckOptions(phases: [.examples], include: ["slow"], requestTimeout: CheckerTests.patient))
            #expect(unbounded.failures.isEmpty)
        }
    }

    /// The petstore's stateful mock: the inferred sequences (create, read, delete, read again)
    /// are sent and nothing is reported.
    @Test func thePetstoresStatefulMockPassesItsSequences() async throws {
        let spec = try Spec.load(path: CheckerTests.root + "/specs/petstore.openapi.yaml")
        try await CheckerTests.withMock(spec, stateful: true) { base in
            let checker = Checker(spec: spec, provider: CheckerTests.provider(["BEARER_AUTH": "t"]))
            let report = await checker.run(baseURL: base + "/v1", options: CheckOptions(phases: [.stateful], exclude: ["petEvents"], maxExamples: 3, workers: 2, requestTimeout: CheckerTests.patient))
            #expect(report.failures.map { "\($0.operation) \($0.check.rawValue): \($0.message)" } == [])
            #expect(report.requestCount >= 4)
            #expect(report.unansweredCount == 0, "first: \(report.firstTransportError ?? "none")")
        }
    }

    /// Airflow 2's document (a real one, 89 operations) against its stateful mock: every
    /// inferred sequence passes.
    @Test func aRealDocumentsStatefulMockPassesItsSequences() async throws {
        let spec = try Spec.load(path: CheckerTests.root + "/Tests/NetspecTests/Fixtures/airflow/v1.yaml")
        try await CheckerTests.withMock(spec, stateful: true) { base in
            let checker = Checker(spec: spec, provider: CheckerTests.provider(["USERNAME": "u", "PASSWORD": "p"]))
            let report = await checker.run(baseURL: base + "/api/v1", options: CheckOptions(phases: [.stateful], maxExamples: 3, workers: 2, requestTimeout: CheckerTests.patient))
            #expect(report.failures.map { "\($0.operation) \($0.check.rawValue): \($0.message) \($0.violations)" } == [])
            #expect(report.requestCount >= 10)
            #expect(report.unansweredCount == 0, "first: \(report.firstTransportError ?? "none")")
        }
    }
}
