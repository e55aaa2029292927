import Testing

import Netspec
import NetspecModel

/// Swagger 2.0's response `examples` are keyed by media type, each "one of the Operation produces
/// values" (Example Object): an example under a range (`*/*`) is answered in a type `produces`
/// lists, and a key that is no media type is a warning at its place, its response answered as
/// one without an example.
@Suite struct SwaggerExampleKeysTests {
    static func document(produces: String, examples: String, schema: String = "schema: { type: string }") -> String {
        """
        swagger: '2.0'
        info: { title: s, version: '1' }
        \(produces)
        paths:
          /todos:
            get:
              operationId: getTodos
              responses:
                '200':
                  description: ok
                  examples: \(examples)
                  \(schema)
        """
    }

    /// A request's `Accept` (`nil`: none), and the answer: `Content-Type` and body, or the types a 406 names.
    static let ranges: [(produces: String, examples: String, accept: String?, answer: String)] = [
        // Prism's E2E-Accept-Content-Negotiation-AC-7.oas2: text/plain, the example (not the schema's "string").
        ("produces: [text/plain]", "{ '*/*': hello }", nil, "text/plain hello"),
        ("produces: [text/plain]", "{ '*/*': hello }", "text/plain", "text/plain hello"),
        ("produces: [text/plain]", "{ '*/*': hello }", "application/json", "406 text/plain"),
        // The first type listed that the range covers, a JSON one first.
        ("produces: [text/plain, application/json]", "{ '*/*': hello }", nil, "application/json \"hello\""),
        ("produces: [application/xml, text/plain]", "{ 'text/*': hi }", nil, "text/plain hi"),
        // A type with its own example keeps it; the range takes the next one.
        ("produces: [text/plain, text/csv]", "{ text/plain: own, 'text/*': other }", "text/csv", "text/csv other"),
        // Nothing produced: JSON, as before.
        ("", "{ '*/*': hello }", nil, "application/json \"hello\""),
    ]

    @Test(arguments: ranges)
    func anExampleUnderARangeIsAnsweredInATypeProducesLists(produces: String, examples: String, accept: String?, answer: String) throws {
        let spec = try Spec(yaml: Self.document(produces: produces, examples: examples), file: "s.yaml")
        #expect(spec.warnings.map(\.description) == [])
        let endpoint = try #require(spec.endpoint(named: "getTodos"))
        #expect(Self.answer(endpoint, accept: accept) == answer)
    }

    /// `Content-Type` and body, or `406` and the types it names.
    static func answer(_ endpoint: Endpoint, accept: String?) -> String {
        let result = Result { () throws(MockUnavailable) -> Mock in try endpoint.mockAnswer(accept: accept.map(AcceptHeader.init)) }
        switch result {
        case let .success(mock): return "\(mock.contentType ?? "none") \(String(decoding: mock.body, as: UTF8.self))"
        case let .failure(.notAcceptable(types)): return "406 \(types.joined(separator: ", "))"
        case let .failure(other): return "\(other)"
        }
    }

    /// The document's `produces` (the operation has none) is the one read.
    @Test func theDocumentsProducesIsTheOperations() throws {
        let spec = try Spec(yaml: Self.document(produces: "produces: [text/plain]", examples: "{ '*/*': hello }"), file: "s.yaml")
        let mock = try #require(spec.endpoint(named: "getTodos")).mockAnswer()
        #expect(mock.headers.map { "\($0.name): \($0.value)" } == ["Content-Type: text/plain"])
        #expect(String(decoding: mock.body, as: UTF8.self) == "hello")
    }

    /// Prism's query-param-upper-case.oas2: `examples: {error: false}` is no media type. A warning
    /// at the key; the response, without a schema, answers its status with no body (not a 501).
    @Test func aKeyThatIsNoMediaTypeIsAWarningAndTheResponseHasNoExample() throws {
        let spec = try Spec(yaml: Self.document(produces: "produces: [application/json]", examples: "\n            error: false", schema: ""), file: "s.yaml")
        #expect(spec.warnings.map(\.description) == [
            "s.yaml:12:13: warning: operation 'getTodos': response '200': examples: 'error' is not a media type "
                + "(Swagger 2.0, Example Object: each key is one of the types the operation produces); its example is not read",
        ])
        let mock = try #require(spec.endpoint(named: "getTodos")).mockAnswer()
        #expect(mock.status == 200 && mock.body.isEmpty && mock.contentType == nil)
    }

    /// A range that covers no type the operation produces: a warning, and the schema answers.
    @Test func aRangeThatCoversNothingProducedIsAWarning() throws {
        let spec = try Spec(yaml: Self.document(produces: "produces: [application/json]", examples: "{ 'image/*': x }"), file: "s.yaml")
        #expect(spec.warnings.map(\.description) == [
            "s.yaml:11:23: warning: operation 'getTodos': response '200': examples: 'image/*' covers no type the operation produces "
                + "(application/json) that has no example of its own; its example is not read",
        ])
        let mock = try #require(spec.endpoint(named: "getTodos")).mockAnswer()
        #expect("\(mock.contentType ?? "none") \(String(decoding: mock.body, as: UTF8.self))" == "application/json \"string\"")
    }
}
