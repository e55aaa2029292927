import HTTPTypes
import Netspec
import NetspecModel

/// One request a check run makes: an operation's arguments, and what the request is for.
struct CheckCase: Sendable {
    /// What the request tries.
    enum Kind: Sendable, Hashable {
        /// Arguments, positive or negative as the binder's own checks find them (``CheckCase/problem``).
        case arguments
        /// The arguments, the required header parameter named `name` left out of the request.
        case missingHeader(String)
        /// A method the operation's path does not declare.
        case unsupportedMethod(HTTPRequest.Method)
        /// A secured operation sent without credentials.
        case noCredentials
        /// A secured operation sent with a wrong credential.
        case wrongCredentials
        /// A secured operation whose security needs several schemes together sent with all of
        /// them but the one named (``CheckRun/leftOutSchemes(_:)``).
        case leavingOut(String)
    }

    var endpoint: Endpoint
    var phase: CheckPhase
    var kind: Kind
    /// The arguments by parameter name, as JSON values.
    var arguments: [String: JSONValue]
    /// What the document forbids in the request, as the binder says it (a negative case); `nil`
    /// for a request the document allows. Set by ``Checker/classify(_:)`` on what is sent.
    var problem: String?
    /// Where the request goes when not to the run's base URL: a link's `server`.
    var baseURL: String?

    init(endpoint: Endpoint, phase: CheckPhase, kind: Kind = .arguments, arguments: [String: JSONValue]) {
        self.endpoint = endpoint
        self.phase = phase
        self.kind = kind
        self.arguments = arguments
    }

    /// The arguments as the server reads them: a path, query, header or cookie parameter's
    /// scalar is text on the wire (`5` and `"5"` are the same request), so it is checked as text.
    var wireArguments: [String: Argument] {
        var result: [String: Argument] = [:]
        for (name, value) in arguments {
            if case .missingHeader(name) = kind { continue }
            guard let parameter = endpoint.parameter(named: name) else {
                result[name] = .value(value)
                continue
            }
            result[name] = .value(parameter.isTextOnTheWire ? parameter.readBack(value.wireText) : value)
        }
        return result
    }
}

extension Parameter {
    /// Whether the parameter's value travels as text: a path, query, header or cookie value, a
    /// field of an `application/x-www-form-urlencoded` body, a `multipart/form-data` part that is
    /// not JSON (RFC 7578: a part's default media type is `text/plain`).
    var isTextOnTheWire: Bool {
        switch codec {
        case .formField: return true
        case let .part(part): return !(part.mediaType.map(MediaType.isJSON) ?? false)
        default: return location == .path || location == .query || location == .header || location == .cookie
        }
    }
}

extension Parameter {
    /// Text as the server reads it back into the parameter's type (as the mock server and the
    /// command line's `name=text` do): `"5"` is the integer 5 for an integer, and stays text for
    /// a string; one item's text is a one-item array for an array (`tags=a` is `["a"]`, as a
    /// form-style query or form field reads it); text that does not fit the type stays text (and
    /// the schema refuses it).
    func readBack(_ text: JSONValue) -> JSONValue {
        switch (text, type.unwrapped) {
        case let (.string(string), .array(element)): type.value(fromText: string) ?? .array([element.unwrapped.value(fromText: string) ?? text])
        case let (.string(string), type): type.value(fromText: string) ?? text
        case let (.array(items), .array(element)): .array(items.map { item in item.string.flatMap { element.unwrapped.value(fromText: $0) } ?? item })
        default: text
        }
    }
}

extension JSONValue {
    /// A scalar as the text a URL or header carries it as; an array's items likewise.
    var wireText: JSONValue {
        switch self {
        case let .int(value): .string(String(value))
        case let .double(value): .string(value.description)
        case let .bool(value): .string(value ? "true" : "false")
        case let .array(items): .array(items.map(\.wireText))
        default: self
        }
    }
}
