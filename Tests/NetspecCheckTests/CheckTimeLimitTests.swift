import HTTPTypes
import Hummingbird
import Logging
import Netspec
import NetspecCheck
import NIOCore
import Testing

/// `--time-limit S` sends no new request after S seconds (docs/check.md), shrinking included: a
/// failure found before the limit keeps the smallest failing request found so far, and the
/// report says its shrinking was cut short.
@Suite struct CheckTimeLimitTests {
    /// One operation whose required query value halves four times before it is one character:
    /// four shrinking candidates, each of which the server below fails as it failed the first.
    static let document = """
        openapi: 3.1.0
        info: { title: Slow, version: '1' }
        paths:
          /search:
            get:
              operationId: search
              parameters: [{ name: q, in: query, required: true, schema: { type: string, example: abcdefghijklmnop } }]
              responses: { '200': { description: found } }
        """

    @Test func shrinkingSendsNothingAfterTheTimeLimit() async throws {
        let spec = try Spec(yaml: Self.document, file: "slow.yaml")
        // Every answer takes 4 s; the limit is half that (time enough for the first request to go
        // out on a loaded machine): its answer (a 500) comes after the limit, and no shrinking
        // candidate is sent.
        try await Self.withSlowServer(delay: .seconds(4)) { base in
            let options = CheckOptions(
                phases: [.examples], checks: [.notAServerError], timeLimit: .seconds(2), workers: 1, requestTimeout: CheckerTests.patient
            )
            let report = await Checker(spec: spec, provider: CheckerTests.provider([:])).run(baseURL: base, options: options)
            #expect(report.requestCount == 1)
            #expect(report.reachedTimeLimit)
            let failure = try #require(report.failures.first)
            #expect(report.failures.count == 1)
            #expect(failure.reproduceWithNetspec == "netspec call slow.yaml search q=abcdefghijklmnop --base-url \(base)")
            #expect(failure.shrinkingCutShort)
            #expect(report.failuresText.hasPrefix("search: not_a_server_error (examples)\n  the server answered 500\n  (shrinking stopped at the time limit: a smaller request may fail too)\n"))
            #expect(report.json["failures"]?[0]?["shrinkingCutShort"] == .bool(true))
        }
    }

    /// Without a limit the same failure is shrunk to one character, and nothing says it was cut short.
    @Test func withoutALimitTheFailureIsShrunk() async throws {
        let spec = try Spec(yaml: Self.document, file: "slow.yaml")
        try await Self.withSlowServer(delay: .zero) { base in
            let options = CheckOptions(phases: [.examples], checks: [.notAServerError], workers: 1, requestTimeout: CheckerTests.patient)
            let report = await Checker(spec: spec, provider: CheckerTests.provider([:])).run(baseURL: base, options: options)
            #expect(report.requestCount == 5)
            #expect(!report.reachedTimeLimit)
            let failure = try #require(report.failures.first)
            #expect(failure.reproduceWithNetspec == "netspec call slow.yaml search q=a --base-url \(base)")
            #expect(!failure.shrinkingCutShort)
            #expect(!report.failuresText.contains("shrinking stopped"))
            #expect(report.json["failures"]?[0]?["shrinkingCutShort"] == nil)
        }
    }

    /// Runs `body` with the base URL of a server that answers every request `status` (500) after `delay`.
    static func withSlowServer(delay: Duration, status: HTTPResponse.Status = .internalServerError, headers: HTTPFields = [:], _ body: (String) async throws -> Void) async throws {
        try await OneAnswerServer.with(named: "slow", answer: {
            try await Task.sleep(for: delay)
            var fields = headers
            fields[.contentLength] = "0"
            return Response(status: status, headers: fields, body: ResponseBody())
        }, body)
    }

    /// A stateful sequence under way at the limit sends nothing after it: the create goes out,
    /// its answer comes after the limit, and the read, delete and read again are not sent (they
    /// were, 4 requests against the limit). The limit leaves the first request 2 s to go out
    /// on a loaded machine; each answer takes 4 s.
    @Test func aSequenceSendsNothingAfterTheTimeLimit() async throws {
        let spec = try Spec(yaml: """
            openapi: 3.1.0
            info: { title: Items, version: '1' }
            paths:
              /items:
                post:
                  operationId: createItem
                  requestBody: { required: true, content: { application/json: { schema: { type: object, properties: { name: { type: string } } } } } }
                  responses: { '201': { description: created } }
              /items/{id}:
                get:
                  operationId: getItem
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  responses: { '201': { description: read } }
                delete:
                  operationId: deleteItem
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  responses: { '201': { description: deleted } }
            """, file: "items.yaml")
        try await Self.withSlowServer(delay: .seconds(4), status: .created, headers: [.location: "/items/1"]) { base in
            let options = CheckOptions(phases: [.stateful], maxExamples: 1, timeLimit: .seconds(2), workers: 1, requestTimeout: CheckerTests.patient)
            let report = await Checker(spec: spec, provider: CheckerTests.provider([:])).run(baseURL: base, options: options)
            #expect(report.requestCount == 1)
            #expect(report.reachedTimeLimit)
        }
    }
}
