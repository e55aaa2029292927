/// Where in a spec a message is about — `endpoint 'e': parameter 'p': auth: ` — kept as its pieces
/// and written out only when a problem is reported, so loading a valid spec builds no message text.
struct ErrorContext: CustomStringConvertible, ExpressibleByStringLiteral {
    private var endpoint: String?
    private var parameter: String?
    private var suffix: String

    /// A context with fixed text (usually empty: the top of the spec).
    init(stringLiteral value: String) {
        suffix = value
    }

    /// The context of an endpoint.
    static func endpoint(_ name: String) -> ErrorContext {
        var context: ErrorContext = ""
        context.endpoint = name
        return context
    }

    /// This context narrowed to a parameter.
    func parameter(_ name: String) -> ErrorContext {
        var context = self
        context.parameter = name
        return context
    }

    /// This context followed by more text, such as `auth: `.
    static func + (context: ErrorContext, text: String) -> ErrorContext {
        var result = context
        result.suffix += text
        return result
    }

    /// The message prefix, e.g. `endpoint 'getUser': parameter 'id': `.
    var description: String {
        (endpoint.map { "endpoint '\($0)': " } ?? "") + (parameter.map { "parameter '\($0)': " } ?? "") + suffix
    }
}
