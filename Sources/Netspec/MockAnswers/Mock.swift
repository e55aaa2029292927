/// A mock's answer: a status, headers and a body, made from one of the endpoint's examples
/// (``ResponseExample``, written in its media type) or from a response's schema when a mocked
/// request is answered (``Endpoint/mockAnswer(status:example:dynamicSeed:accept:)``).
///
/// A Netspec spec's `mock:` gives them as written:
/// ```yaml
/// mock:
///   status: 200                     # default 200
///   headers: { X-Rate-Limit: "10" }
///   body: { id: 1, name: Leanne }   # JSON; a string is sent as text
///   events: [ "hello", { event: done, data: "[DONE]" } ]   # for stream endpoints
///   messages: [ { text: hi }, "bye" ]   # instead, for stream: websocket endpoints
/// ```
/// `mock:` may also be a list of such mappings, each with an optional `name:` and its own
/// `status`: the first is the one calls use; a mock server chooses among them (`Prefer: code=404`,
/// `Prefer: example=NAME`), and a call by name (`CallOptions(mock:)`, `Provider.Options.Mocks.examples`).

import NetspecModel
package struct Mock: DeclaredUnderStatus, Sendable, Hashable {
    /// The status code (for a range or `default` response, the one it answers when a request asks
    /// for one it covers).
    package var status: Int
    /// The response headers, in order (a `Content-Type` is added when the spec gives none).
    package var headers: [MockHeader]
    /// The response body bytes.
    package let body: [UInt8]
    /// Where its example (or its response, for a status without one) is declared.
    package let mark: Mark
    /// The example's name, which a mock server's `Prefer: example=NAME` chooses.
    package var name: String? = nil
    /// A `stream: websocket` endpoint's messages, received in order when mocks are on
    /// (`mock: { messages: [...] }`): JSON values, written by the endpoint's message kind.
    package var messages: [JSONValue]? = nil

    /// For an answer of a response the document declares for a range (`4XX`) or as `default`
    /// (the success response's too): that status; `nil` for one code.
    package var pattern: ResponseStatus? = nil

    /// For a body written from an object or an array in a media type that is not JSON (a form,
    /// XML; ``MediaRendering``): that value, which is what the document's schema is checked
    /// against. `nil` for a JSON body, which is checked itself, and for text.
    package var value: JSONValue? = nil

    /// What the document's example breaks of the schema the document declares for its status
    /// and media type: for an example asked for by name, which is sent as written, its own; for
    /// a value made from the schema, the example it answers in place of. Empty when the example
    /// conforms (or there is none, or no schema to check it against).
    package var exampleViolations: [ResponseViolation] = []

    /// What the response's header examples break of their schemas (each such header is sent
    /// with its schema's value instead), found once when the mocks are written; said with every
    /// answer of the response, in ``exampleViolations``.
    package var headerViolations: [ResponseViolation] = []

    /// One mock response header.
    package typealias MockHeader = ResponseExample.Field

    /// The status it answers for: its range or `default`, else its own code.
    package var declaredStatus: ResponseStatus { pattern ?? .code(status) }

    /// Its `Content-Type`, lower-cased without parameters; `nil` for a mock without one.
    package var contentType: String? {
        headers.first { $0.name.lowercased() == "content-type" }.map { MediaType.base(of: $0.value) }
    }
}
