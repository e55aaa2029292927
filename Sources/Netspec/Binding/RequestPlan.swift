import HTTPTypes
import NetspecModel

/// The compiled recipe for building one endpoint's requests, resolved once when the spec loads
/// (Retrofit's `RequestFactory`): where each parameter goes and how the body is encoded, so
/// that a call only applies it — no template or type string is looked at again.
struct RequestPlan: Sendable, Hashable {
    /// One piece of the path: literal text, or the value of a parameter.
    enum PathPiece: Sendable, Hashable {
        case literal(String)
        /// The index of a parameter in ``Endpoint/parameters``, written by its codec.
        case parameter(Int)
    }

    /// How the body is made.
    enum Body: Sendable, Hashable {
        /// No body.
        case none
        /// The whole body is one parameter's value.
        case whole(Int)
        /// Body fields (JSON members, form fields or multipart parts), in declaration order.
        case fields(Endpoint.BodyEncoding, [Int])
    }

    /// Each parameter's codec, in declaration order: how its value is written.
    let codecs: [ParameterCodec]
    /// The path, split into pieces.
    let path: [PathPiece]
    /// A literal query written in the path after `?`.
    let staticQuery: String?
    /// Whether the path is an absolute URL that replaces the base URL.
    let isAbsoluteURL: Bool
    /// The query parameters in declaration order.
    let queryParameters: [Int]
    /// The header parameters in declaration order.
    let headerParameters: [Int]
    /// The cookie parameters in declaration order.
    let cookieParameters: [Int]
    /// The body.
    let body: Body
    /// The `Accept` field sent when the spec and the call set none, for the endpoint's result kind
    /// (made once: its value is checked when a field is made).
    let accept: HTTPField
    /// Whether a body field spreads a dictionary into members (`in: field` with `[String: T]`).
    let hasExpandedFields: Bool
    /// For a JSON body of fields: each field's member name, quoted, escaped and followed by `:`,
    /// in the order of ``Body/fields(_:_:)``'s indices; empty otherwise.
    let jsonMemberNames: [[UInt8]]
    /// The parameter names in declaration order.
    let parameterNames: [String]
    /// Each parameter's second name (``Parameter/alias``), `nil` for most.
    let parameterAliases: [String?]

    /// The index of the parameter with a name (or second name).
    func index(ofParameter name: String) -> Int? {
        if let index = parameterNames.firstIndex(of: name) { return index }
        return parameterAliases.firstIndex { $0 == name }
    }
}
