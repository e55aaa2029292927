import Foundation
import NetspecTestServer
import Testing
@testable import Netspec
import NetspecTestSupport

/// `retry:` end to end, with a clock the tests control: counts, delays, `Retry-After`, methods.
@Suite struct RetryTests {
    /// Answers each request with the next status of a list (the last one repeats).
    static func handler(statuses: [Int], headers: [(String, String)] = []) -> TestHandler {
        TestHandlers.sequence(statuses.map { status in
            TestHandlers.json(status: status, body: #"{"status":\#(status)}"#, headers: headers)
        })
    }

    static func service(_ retry: String, method: String = "GET", server: TestServer, timing: RecordingTiming) throws -> Service {
        var options = Provider.Options(usesEnvironment: false)
        options.retryTiming = timing.timing
        return try makeService(
            "netspec: 1\nservice: Test\nretry: \(retry)\nendpoints:\n  thing: { \(method): /thing }\n", server: server, options: options)
    }

    @Test func retriesListedStatusesWithExponentialBackoffAndJitter() async throws {
        try await withTestServer(Self.handler(statuses: [503, 502, 200])) { server in
            let timing = RecordingTiming(random: 0.5)
            let api = try Self.service("{ max: 3, on: [502, 503], backoff: 0.2 }", server: server, timing: timing)
            #expect(try await api.thing().value == ["status": 200])
            #expect(server.requestCount == 3)
            // 0.2 s × 2^(n-1) × (0.5 + 0.5 × 0.5)
            #expect(timing.recorded == [.milliseconds(150), .milliseconds(300)])
        }
    }

    @Test(arguments: [(0.0, [Duration.milliseconds(500), .seconds(1), .seconds(2)]), (0.999, [.milliseconds(1000), .milliseconds(1999), .milliseconds(3998)])])
    func jitterStaysBetweenHalfAndAllOfTheBackoff(random: Double, expected: [Duration]) async throws {
        try await withTestServer(Self.handler(statuses: [503])) { server in
            let timing = RecordingTiming(random: random)
            let api = try Self.service("{ max: 3, backoff: 1 }", server: server, timing: timing)
            let error = await #expect(throws: CallError.self) { try await api.thing() }
            guard case let .status(status)? = error else { Issue.record("expected a status error"); return }
            #expect(status.status == 503)
            #expect(server.requestCount == 4)
            #expect(timing.recorded == expected)
        }
    }

    @Test func statusesNotListedAreNotRetried() async throws {
        try await withTestServer(Self.handler(statuses: [500, 200])) { server in
            let timing = RecordingTiming()
            let api = try Self.service("{ max: 3, on: [503] }", server: server, timing: timing)
            await #expect(throws: CallError.self) { try await api.thing() }
            #expect(server.requestCount == 1)
            #expect(timing.recorded.isEmpty)
        }
    }

    @Test func retryAfterInSeconds() async throws {
        try await withTestServer(Self.handler(statuses: [429, 200], headers: [("Retry-After", "7")])) { server in
            let timing = RecordingTiming()
            let api = try Self.service("{ max: 2 }", server: server, timing: timing)
            _ = try await api.thing()
            #expect(timing.recorded == [.seconds(7)])
        }
    }

    @Test func retryAfterAsAnHTTPDate() async throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)   // Tue, 14 Nov 2023 22:13:20 GMT
        try await withTestServer(Self.handler(statuses: [503, 200], headers: [("Retry-After", "Tue, 14 Nov 2023 22:13:32 GMT")])) { server in
            let timing = RecordingTiming(now: now)
            let api = try Self.service("{ max: 2 }", server: server, timing: timing)
            _ = try await api.thing()
            #expect(timing.recorded == [.seconds(12)])
        }
    }

    @Test func aRetryAfterTooLongIsNotWaitedFor() async throws {
        try await withTestServer(Self.handler(statuses: [503, 200], headers: [("Retry-After", "3600")])) { server in
            let timing = RecordingTiming()
            let api = try Self.service("{ max: 2 }", server: server, timing: timing)
            await #expect(throws: CallError.self) { try await api.thing() }
            #expect(server.requestCount == 1)
            #expect(timing.recorded.isEmpty)
        }
    }

    @Test func postIsNotRetriedUnlessDeclared() async throws {
        try await withTestServer(Self.handler(statuses: [503, 503, 200])) { server in
            let timing = RecordingTiming()
            let api = try Self.service("{ max: 2 }", method: "POST", server: server, timing: timing)
            await #expect(throws: CallError.self) { try await api.thing() }
            #expect(server.requestCount == 1)

            let declared = try Self.service("{ max: 2, methods: [POST] }", method: "POST", server: server, timing: timing)
            #expect(try await declared.thing().value == ["status": 200])
            #expect(server.requestCount == 3)
        }
    }

    @Test func connectionFailuresAreRetried() async throws {
        try await withTestServer(TestHandlers.sequence([TestHandlers.closeBeforeHeaders, TestHandlers.json(body: #"{"ok":1}"#)])) { server in
            let timing = RecordingTiming()
            let api = try Self.service("{ max: 1, backoff: 0.1 }", server: server, timing: timing)
            #expect(try await api.thing().value == ["ok": 1])
            #expect(timing.recorded == [.milliseconds(75)])
        }
    }

    /// The provider's policy wins over the spec's, `retry: none` included (call over provider
    /// over spec); without one, `retry: none` turns off the spec's service-level policy.
    @Test func theProviderPolicyWinsOverTheSpecsAndRetryNoneTurnsOffTheSpecsOwn() async throws {
        let timing = RecordingTiming()
        var options = Provider.Options(usesEnvironment: false)
        options.retryTiming = timing.timing
        options.retry = RetryPolicy(maxRetries: 1, backoff: 0)
        let yaml = "netspec: 1\nservice: Test\nretry: { max: 2, backoff: 0 }\nendpoints:\n  thing: { GET: /thing }\n  off: { GET: /off, retry: none }\n"
        try await withTestServer(Self.handler(statuses: [503, 503, 200])) { server in
            let api = try makeService(yaml, server: server, options: options)
            await #expect(throws: CallError.self) { try await api.off() }
            #expect(server.requestCount == 2, "the provider's one retry, over the spec's retry: none")
        }
        var withoutRetry = options
        withoutRetry.retry = nil
        try await withTestServer(Self.handler(statuses: [503, 503, 200])) { server in
            let api = try makeService(yaml, server: server, options: withoutRetry)
            #expect(try await api.thing().value == ["status": 200])
            #expect(server.requestCount == 3, "the spec's two retries")
        }
        try await withTestServer(Self.handler(statuses: [503, 200])) { server in
            let api = try makeService(yaml, server: server, options: withoutRetry)
            await #expect(throws: CallError.self) { try await api.off() }
            #expect(server.requestCount == 1, "retry: none")
        }
    }

    @Test func cancellationStopsTheWait() async throws {
        try await withTestServer(Self.handler(statuses: [503])) { server in
            var options = Provider.Options(usesEnvironment: false)
            options.retryTiming = RetryTiming(sleep: { _ in try await Task.sleep(for: .seconds(3600)) }, now: { Date() }, random: { 0 })
            let api = try makeService("netspec: 1\nservice: Test\nretry: { max: 5 }\nendpoints:\n  thing: { GET: /thing }\n", server: server, options: options)
            let task = Task { try await api.thing() }
            #expect(try await eventually { server.requestCount > 0 })
            task.cancel()
            let result = await task.result
            guard case let .failure(error as CallError) = result, case let .transport(transport) = error else {
                Issue.record("expected a cancelled call, got \(result)")
                return
            }
            #expect(transport.kind == .cancelled)
            #expect(server.requestCount == 1)
        }
    }

    @Test(arguments: [
        ("120", 120_000), ("0", 0), (" 5 ", 5000), ("Sun, 06 Nov 1994 08:49:37 GMT", 0), ("soon", -1), ("-5", -1),
        ("Sun, 06 Nov 1994 08:49:39 GMT", 2000),
        // A date 31 years on or more is the longest wait a setting may ask (`Seconds.longest`).
        ("Fri, 31 Dec 9999 23:59:59 GMT", 1_000_000_000_000),
    ])
    func parsesRetryAfter(value: String, milliseconds: Int) {
        let now = Date(timeIntervalSince1970: 784_111_777)   // Sun, 06 Nov 1994 08:49:37 GMT
        let delay = RetryAfter.delay(value, now: now)
        #expect(delay == (milliseconds < 0 ? nil : .milliseconds(milliseconds)))
    }

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
    func parsesTheThreeHTTPDateForms(text: String) {
        #expect(HTTPDate.parse(text) == Date(timeIntervalSince1970: 784_111_777))
    }
}
