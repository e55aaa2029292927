import Netspec

/// One method of a facade: an endpoint, the Swift name it is called by, its parameters and the
/// form it is called in.
struct FacadeMethod {
    /// The method's name (``SwiftIdentifier/declared(_:)`` writes it).
    var name: String
    /// The endpoint it calls.
    var endpoint: Endpoint
    /// Its parameters, in the order they are declared.
    var parameters: [FacadeParameter]

    /// The longest line a declaration is written on; longer ones put each parameter or argument on a line of its own.
    static let lineLimit = 120

    /// The `Service` method a form calls and what it returns: a value's ``Response``, a stream's
    /// sequence, a WebSocket's connection.
    var form: (function: String, result: String, answer: String?) {
        switch endpoint.stream {
        case .sse?: ("events", "EventStream", "a stream of server-sent events")
        case .lines?: ("lines", "JSONLineStream", "a stream of JSON lines")
        case .bytes?: ("bytes", "ByteStream", "a stream of bytes")
        case .webSocket?: ("connect", "WebSocket", "a WebSocket connection")
        default: ("call", "Response", nil)
        }
    }

    /// The methods of a spec's endpoints, sorted by endpoint name; names unique, reserved ones
    /// (``SwiftIdentifier/reservedMemberNames``, and the types the facade uses, which a method
    /// would hide in the bodies) with `_` after them.
    static func all(of spec: Spec) -> [FacadeMethod] {
        let endpoints = spec.endpoints.sorted { $0.name < $1.name }
        let names = SwiftIdentifier.unique(endpoints.map { endpoint in
            let name = SwiftIdentifier.make(endpoint.name)
            let reserved = SwiftIdentifier.reservedMemberNames.contains(name) || FacadeGenerator.usedTypeNames.contains(name)
            return reserved ? name + "_" : name
        })
        return zip(endpoints, names).map { endpoint, name in
            FacadeMethod(name: name, endpoint: endpoint, parameters: FacadeParameter.all(of: endpoint))
        }
    }

    /// The method's documentation and declaration, unindented.
    func declaration(access: String) -> [String] {
        var lines = DocComment.lines(documentation)
        if form.function == "call" { lines.append("@discardableResult") }
        let head = "\(access)func \(SwiftIdentifier.declared(name))("
        let tail = ") async throws(CallError) -> \(form.result) {"
        let declarations = parameters.map(\.declaration)
        let oneLine = head + declarations.joined(separator: ", ") + tail
        if oneLine.count + 4 <= Self.lineLimit || parameters.isEmpty {
            lines.append(oneLine)
        } else {
            lines.append(head)
            lines += declarations.enumerated().map { index, declaration in
                "    " + declaration + (index == declarations.count - 1 ? "" : ",")
            }
            lines.append(tail)
        }
        lines += body
        lines.append("}")
        return lines
    }

    /// The body: one call of the service by endpoint name with the argument dictionary.
    private var body: [String] {
        let call = "try await self.service.\(form.function)(\(quoted(endpoint.name))"
        guard !parameters.isEmpty else { return ["    " + call + ")"] }
        let pairs = parameters.map { "\(quoted($0.key)): \(SwiftIdentifier.declared($0.identifier))" }
        let arguments = "Argument.arguments(for: \(quoted(endpoint.name)), "
        let oneLine = "    " + call + ", " + arguments + "[" + pairs.joined(separator: ", ") + "]))"
        if oneLine.count + 4 <= Self.lineLimit { return [oneLine] }
        return ["    " + call + ", " + arguments + "["] + pairs.map { "        " + $0 + "," } + ["    ]))"]
    }

    /// The documentation: the endpoint's summary and description, its method and path, its parameters.
    private var documentation: [String] {
        var lines = DocComment.paragraphs([endpoint.summary, endpoint.details])
        if !lines.isEmpty { lines.append("") }
        lines.append("`\(endpoint.method.rawValue) \(endpoint.path)`" + (form.answer.map { ", answered as \($0)." } ?? ""))
        let documented = parameters.filter { !$0.documentation.isEmpty }
        if !documented.isEmpty {
            lines += ["", "- Parameters:"]
            for parameter in documented {
                lines += DocComment.parameterEntry(name: parameter.identifier, text: parameter.documentation)
            }
        }
        return lines
    }

    /// The text as a Swift string literal.
    private func quoted(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: literal += "\\u{\(String(scalar.value, radix: 16))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}
