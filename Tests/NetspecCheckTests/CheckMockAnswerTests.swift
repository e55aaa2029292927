import HTTPTypes
import Hummingbird
import Logging
import Netspec
import NetspecCheck
import NIOCore
import Testing

/// `Netspec-Mock-Answer` (docs/check.md): an answer a `netspec mock` marks as one of its own
/// documented ones is a note, not a failure, for the checks that marker accounts for only; the
/// same answer from a server that does not mark it (any real server) fails as before.
@Suite struct CheckMockAnswerTests {
    static let document = """
        openapi: 3.1.0
        info: { title: Marked, version: '1' }
        paths:
          /items/{id}:
            get:
              operationId: getItem
              parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
              responses: { '200': { description: the item } }
        """

    struct Case: Sendable, CustomTestStringConvertible {
        var status: Int
        var marker: String
        /// The checks failed without the marker, and with it.
        var unmarked: [String]
        var marked: [String]
        var note: String
        var testDescription: String { "\(status) \(marker)" }
    }

    static let cases: [Case] = [
        Case(status: 404, marker: "not-found", unmarked: ["status_code_conformance"], marked: [], note: "a 404 for an item it does not hold (never created, or deleted)"),
        Case(status: 501, marker: "no-mock", unmarked: ["not_a_server_error", "status_code_conformance"], marked: [], note: "a 501 for an operation it has no mock for"),
        // The refusal of a valid request is a failure whoever marks it.
        Case(
            status: 422, marker: "invalid-request", unmarked: ["positive_data_acceptance", "status_code_conformance"], marked: ["positive_data_acceptance"],
            note: "its own problem to a request it refuses (a 422, 415, 406 or 413)"
        ),
    ]

    @Test(arguments: cases) func aMarkedAnswerIsANoteAndAnUnmarkedOneAFailure(_ row: Case) async throws {
        let spec = try Spec(yaml: Self.document, file: "marked.yaml")
        let options = CheckOptions(phases: [.examples], checks: [.notAServerError, .statusCodeConformance, .positiveDataAcceptance], requestTimeout: CheckerTests.patient)
        for marked in [false, true] {
            var headers: HTTPFields = [.contentType: "application/problem+json"]
            if marked { headers[HTTPField.Name("Netspec-Mock-Answer")!] = row.marker }
            try await Self.withServer(status: row.status, headers: headers) { base in
                let report = await Checker(spec: spec, provider: CheckerTests.provider([:])).run(baseURL: base, options: options)
                #expect(report.failures.map(\.check.rawValue).sorted() == (marked ? row.marked : row.unmarked))
                #expect(report.mockAnswers == (marked ? [CheckReport.MockAnswers(count: 1, what: row.note)] : []))
                let notes = "answers the server marks as netspec mock's own (Netspec-Mock-Answer, docs/mock.md):\n  1 × \(row.note)\n"
                #expect(marked ? report.summaryText.hasSuffix(notes) : !report.summaryText.contains("Netspec-Mock-Answer"))
            }
        }
    }

    /// Runs `body` with the base URL of a server that answers every request with `status`,
    /// `headers` and a problem body.
    static func withServer(status: Int, headers: HTTPFields, _ body: (String) async throws -> Void) async throws {
        try await OneAnswerServer.with(named: "marked", answer: {
            Response(status: .init(code: status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"title":"no"}"#)))
        }, body)
    }
}
