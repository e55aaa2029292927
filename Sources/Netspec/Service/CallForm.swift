/// The forms a call takes, one per kind of result (``EndpointCall``): each is checked against the
/// endpoint's kind once, before anything is built or sent, and a mismatch names the form to use.
enum CallForm: Sendable {
    /// One value: `api.x(…)`, ``Service/call(_:_:options:)``.
    case value
    /// Server-Sent Events: `api.x.events(…)`.
    case events
    /// JSON lines: `api.x.lines(…)`.
    case lines
    /// The body's bytes as they arrive: `api.x.bytes(…)` (any endpoint but a WebSocket).
    case bytes
    /// A WebSocket connection: `api.x.connect(…)`.
    case webSocket

    /// Whether an endpoint can be called in this form.
    func accepts(_ endpoint: Endpoint) -> Bool {
        switch self {
        case .value: endpoint.stream == nil
        case .events: endpoint.stream == .sse || endpoint.answersValueOrEvents
        case .lines: endpoint.stream == .lines
        case .bytes: endpoint.stream != .webSocket
        case .webSocket: endpoint.stream == .webSocket
        }
    }

    /// The form an endpoint is called in when nothing else is asked for: its own kind's.
    static func natural(for endpoint: Endpoint) -> CallForm {
        switch endpoint.stream {
        case nil: .value
        case .sse?: .events
        case .lines?: .lines
        case .webSocket?: .webSocket
        // .bytes (and any kind added later)
        default: .bytes
        }
    }

    /// Throws when the endpoint cannot be called in this form, naming the form it takes.
    func check(_ endpoint: Endpoint) throws(CallError) {
        guard !accepts(endpoint) else { return }
        let name = endpoint.name
        let kind = endpoint.stream.map { "is 'stream: \($0)'" } ?? "answers one value"
        let natural = Self.natural(for: endpoint)
        throw .argument(CallError.ArgumentError(
            endpoint: name, parameter: nil, reason: .wrongForm,
            message: "the endpoint \(kind), so it has no \(description); call it as \(natural.swiftForm(name))"
        ))
    }

    /// What the form gives, as messages name it.
    var description: String {
        switch self {
        case .value: "single value"
        case .events: "events"
        case .lines: "JSON lines"
        case .bytes: "byte stream"
        case .webSocket: "WebSocket connection"
        }
    }

    /// How Swift calls an endpoint in this form: `api.chat.events(…)`.
    func swiftForm(_ name: String) -> String {
        let base = Spec.serviceMemberNames.contains(name) || !Self.isIdentifier(name) ? "api[endpoint: \"\(name)\"]" : "api.\(name)"
        return switch self {
        case .value: base + "(…)"
        case .events: base + ".events(…)"
        case .lines: base + ".lines(…)"
        case .bytes: base + ".bytes(…)"
        case .webSocket: base + ".connect(…)"
        }
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}
