import HTTPTypes
import Hummingbird
import Netspec
import NetspecCheck
import NIOCore
import Testing

/// `response_schema_conformance` of a JSON-lines answer: each line against the response's
/// `itemSchema` (OpenAPI 3.2), as `netspec call --validate` checks a stream's items (the check
/// skipped every stream, so a line breaking its schema was not reported).
@Suite struct CheckJSONLinesTests {
    static let document = """
        openapi: 3.2.0
        info: { title: Events, version: '1' }
        paths:
          /events:
            get:
              operationId: events
              responses:
                '200':
                  description: the events, a JSON object a line
                  content:
                    application/jsonl:
                      itemSchema: { type: object, required: [id], properties: { id: { type: integer } } }
        """

    @Test(arguments: [
        ("{\"id\":1}\n{\"id\":\"two\"}\n\n{\"id\":3}\r\n", ["line 2 /id: must be an integer (at events.yaml:12:79)"]),
        ("{\"id\":1}\nnot json\n{}\n", ["line 2: is not JSON: line 1, column 1: invalid literal, expected 'null' (at events.yaml:12:27)", "line 3: must have the property 'id' (at events.yaml:12:43)"]),
        ("{\"id\":1}\n{\"id\":2}\n", []),
    ])
    func eachLineIsCheckedAgainstTheItemSchema(_ body: String, _ details: [String]) async throws {
        let spec = try Spec(yaml: Self.document, file: "events.yaml")
        try await OneAnswerServer.with(named: "lines", answer: {
            Response(status: .ok, headers: [.contentType: "application/jsonl"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }) { base in
            let options = CheckOptions(phases: [.examples], checks: [.responseSchemaConformance], workers: 1, requestTimeout: CheckerTests.patient)
            let report = await Checker(spec: spec, provider: CheckerTests.provider([:])).run(baseURL: base, options: options)
            #expect(report.failures.map(\.message) == (details.first.map { ["a line of the body breaks its schema: \($0)"] } ?? []))
            #expect(report.failures.first?.violations ?? [] == details)
        }
    }
}
