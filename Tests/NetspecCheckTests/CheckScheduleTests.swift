import Netspec
import NetspecCheck
import NetspecTestSupport
import Synchronization
import Testing

/// How a run's workers share its cases (docs/check.md, "How the workers share the run"): with
/// several workers the operations' cases are taken in turn, and a phase does not wait for the
/// one before it to end, so a slow operation holds some slots while the others' cases go on.
@Suite struct CheckScheduleTests {
    /// `slow` without parameters; `fast` with one required query parameter.
    static let document = """
        openapi: 3.0.3
        info: { title: Turns, version: '1' }
        paths:
          /slow:
            get:
              operationId: slow
              responses: { '200': { description: ok } }
          /fast:
            get:
              operationId: fast
              parameters: [{ name: n, in: query, required: true, schema: { type: integer, minimum: 0, maximum: 9 } }]
              responses: { '200': { description: ok }, '400': { description: refused } }
        """

    /// One worker: each operation's cases together, as listed; more: the first case of each
    /// operation, then the second of each, each operation's in its order.
    @Test func theOperationsCasesAreTakenInTurnOnSeveralWorkers() throws {
        let checker = Checker(spec: try Spec(yaml: Self.document, file: "turns.yaml"))
        var options = CheckOptions(phases: [.examples, .fuzz], checks: [.notAServerError], maxExamples: 3, workers: 1, seed: 2)
        let one = checker.plannedRequests(baseURL: "http://h", options: options)
        options.workers = 2
        let two = checker.plannedRequests(baseURL: "http://h", options: options)
        // `slow` has nothing to vary: its three fuzz draws are one request, sent once.
        #expect(one == [
            "GET http://h/slow", "GET http://h/fast?n=0",
            "GET http://h/slow", "GET http://h/fast?n=4", "GET http://h/fast?n=-1", "GET http://h/fast?n=1",
        ])
        #expect(two == [
            "GET http://h/slow", "GET http://h/fast?n=0",
            "GET http://h/slow", "GET http://h/fast?n=4", "GET http://h/fast?n=-1", "GET http://h/fast?n=1",
        ])
    }

    /// The fuzz phase draws `maxExamples` times and sends each distinct request once: `slow` one,
    /// `fast` no more than its ten values and the broken ones.
    @Test func aDrawIdenticalToAnEarlierOneIsNotSentAgain() throws {
        let checker = Checker(spec: try Spec(yaml: Self.document, file: "turns.yaml"))
        let options = CheckOptions(phases: [.fuzz], checks: [.notAServerError], maxExamples: 50, workers: 1, seed: 2)
        let planned = checker.plannedRequests(baseURL: "http://h", options: options)
        #expect(planned.filter { $0.hasSuffix("/slow") } == ["GET http://h/slow"])
        #expect(planned.count == Set(planned).count, "\(planned)")
        #expect(planned.count < 50, "\(planned)")
    }

    /// The examples phase's request to `slow` is held until `fast` has been answered four times
    /// — its example and its three fuzz cases (`slow`'s one): the fuzz phase goes on on the other worker while
    /// the examples phase's last request is out, and its progress is told after the examples'.
    @Test func aPhaseDoesNotWaitForTheOneBeforeToEnd() async throws {
        let spec = try Spec(yaml: Self.document, file: "turns.yaml")
        try await CheckerTests.withMock(spec) { base in
            let gate = HoldingGate(holding: "GET \(base)/slow", until: 4, answersTo: "\(base)/fast")
            let checker = Checker(spec: spec, provider: Provider(options: .init(usesEnvironment: false), interceptors: [gate]))
            let options = CheckOptions(phases: [.examples, .fuzz], checks: [.notAServerError], maxExamples: 3, workers: 2, seed: 2, requestTimeout: CheckerTests.patient)
            let told = CheckProgressLog()
            let report = await checker.run(baseURL: base, options: options) { told.append($0) }
            #expect(report.requestCount == 6)
            #expect(await gate.releasedInTime)
            let reports = told.reports
            #expect(reports.prefix(3).map { "\($0.phase.rawValue) \($0.done)/\($0.total)" } == ["examples 0/2", "examples 1/2", "examples 2/2"])
            let fuzz = reports.dropFirst(3)
            #expect(fuzz.allSatisfy { $0.phase == .fuzz && $0.total == 4 && $0.operations == 2 })
            #expect(fuzz.map(\.done) == Array((fuzz.first?.done ?? 0)...4))
            // When the examples phase ended, the fuzz phase's cases to `fast` had been judged.
            #expect((fuzz.first?.done ?? 0) >= 3, "\(reports)")
        }
    }
}

/// Holds the first request `holding` names (`METHOD URL`) until `count` requests to `answersTo`
/// have been answered, or ``hangTimeout`` has passed (``releasedInTime`` false: the run waited for
/// the held request; ten seconds were too few ~60 s into a full run on two cores, 2026-11-26).
actor HoldingGate: Interceptor {
    let holding: String
    let count: Int
    let answersTo: String
    private var held = false
    private var released = false
    private var answered = 0
    private var waiter: CheckedContinuation<Void, Never>?
    private(set) var releasedInTime = false

    init(holding: String, until count: Int, answersTo: String) {
        self.holding = holding
        self.count = count
        self.answersTo = answersTo
    }

    nonisolated func intercept(
        _ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse
    ) async throws -> TransportResponse {
        if await shouldHold("\(request.method.rawValue) \(request.url)") {
            let timeout = Task {
                try await Task.sleep(for: hangTimeout)
                await self.release(inTime: false)
            }
            await wait()
            timeout.cancel()
        }
        let response = try await next(request)
        if request.url.hasPrefix(answersTo) { await answer() }
        return response
    }

    private func shouldHold(_ line: String) -> Bool {
        guard !held, line == holding else { return false }
        held = true
        return true
    }

    private func wait() async {
        guard answered < count else { return release(inTime: true) }
        await withCheckedContinuation { waiter = $0 }
    }

    private func answer() {
        answered += 1
        if held, answered >= count { release(inTime: true) }
    }

    private func release(inTime: Bool) {
        guard !released else { return }
        released = true
        releasedInTime = inTime
        waiter?.resume()
        waiter = nil
    }
}

/// Each progress report, in order.
final class CheckProgressLog: Sendable {
    private let state = Mutex<[CheckProgress]>([])

    func append(_ progress: CheckProgress) {
        state.withLock { $0.append(progress) }
    }

    var reports: [CheckProgress] { state.withLock { $0 } }
}
