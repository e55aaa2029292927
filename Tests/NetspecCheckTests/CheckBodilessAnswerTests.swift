import HTTPTypes
import Hummingbird
import Netspec
import NetspecCheck
import NIOCore
import Testing

/// `response_schema_conformance` leaves alone the answers that have no body (RFC 9110): a HEAD's
/// (its `Content-Type` is the one a GET would have: Kubernetes' `connectCoreV1Head…Proxy`
/// operations were all reported "is not JSON"), a 204's and a 304's; an empty 200 to a GET is
/// still held to its schema.
@Suite struct CheckBodilessAnswerTests {
    static let document = """
        openapi: 3.0.3
        info: { title: Things, version: '1' }
        paths:
          /things:
            head:
              operationId: headThings
              responses:
                '200': { description: ok, content: { application/json: { schema: { type: object, required: [id] } } } }
            get:
              operationId: getThings
              responses:
                '200': { description: ok, content: { application/json: { schema: { type: object, required: [id] } } } }
                '204': { description: none, content: { application/json: { schema: { type: object, required: [id] } } } }
        """

    @Test(arguments: [
        ("headThings", 200, [String]()),
        ("getThings", 204, []),
        ("getThings", 200, ["getThings: the body breaks its schema: is not JSON: line 1, column 1: unexpected end of input (at things.yaml:12:74)"]),
    ])
    func anAnswerWithoutABodyIsNotHeldToTheBodysSchema(operation: String, status: Int, failures: [String]) async throws {
        let spec = try Spec(yaml: Self.document, file: "things.yaml")
        try await OneAnswerServer.with(named: "bodiless", answer: {
            Response(status: .init(code: status), headers: [.contentType: "application/json"], body: ResponseBody())
        }) { base in
            let options = CheckOptions(phases: [.examples], checks: [.responseSchemaConformance], include: [operation], workers: 1, requestTimeout: CheckerTests.patient)
            let report = await Checker(spec: spec, provider: CheckerTests.provider([:])).run(baseURL: base, options: options)
            #expect(report.failures.map { "\($0.operation): \($0.message)" } == failures)
        }
    }
}
