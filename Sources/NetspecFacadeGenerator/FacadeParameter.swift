import Netspec
import NetspecModel

/// One argument of a facade's method: its label, Swift type and documentation.
struct FacadeParameter {
    /// The key of the argument dictionary: the parameter's name in the spec (`_` for the unlabelled one).
    var key: String
    /// The argument label: `_` for the unlabelled parameter, else the identifier.
    var label: String
    /// The name inside the method (``SwiftIdentifier/declared(_:)`` writes it).
    var identifier: String
    /// The Swift type, without the `?` of an optional parameter.
    var type: String
    /// Whether the argument may be left out: the type is optional and defaults to `nil`.
    var isOptional: Bool
    /// The documentation: the parameter's description, its values and defaults.
    var documentation: String
    /// Whether the type is Foundation's (`Data`, `URL`).
    var needsFoundation: Bool

    /// Names a body cannot use for an argument: `self` (the body calls `self.service`) and
    /// `Argument` (it calls `Argument.arguments`); such a parameter keeps its label and is
    /// named with `_` after it inside.
    static let shadowingNames: Set<String> = ["self", "Argument"]

    /// The parameter as a Swift function parameter: `id: Int`, `limit: Int? = nil`, `_ body: JSONValue`,
    /// `` `self` self_: String? = nil ``.
    var declaration: String {
        let name = SwiftIdentifier.declared(identifier)
        let head = label == identifier ? name : "\(SwiftIdentifier.declared(label)) \(name)"
        return isOptional ? "\(head): \(type)? = nil" : "\(head): \(type)"
    }

    /// The parameters of an endpoint: the required labelled ones, the unlabelled one
    /// (`api.replaceOrder(id: 7, order)`), the optional ones, each group in the document's order;
    /// identifiers unique among them, the labelled ones keeping theirs.
    static func all(of endpoint: Endpoint) -> [FacadeParameter] {
        let required = endpoint.parameters.filter { !$0.isUnlabelled && $0.isRequired }
        let ordered = required + endpoint.parameters.filter(\.isUnlabelled) + endpoint.parameters.filter { !$0.isUnlabelled && !$0.isRequired }
        // The labelled ones keep their names; the unlabelled one's is seen inside the method only.
        var names = SwiftIdentifier.unique(ordered.filter { !$0.isUnlabelled }.map { SwiftIdentifier.make($0.alias ?? $0.name) })
        if let index = ordered.firstIndex(where: \.isUnlabelled) {
            names.insert(contentsOf: SwiftIdentifier.unique(["body"], avoiding: Set(names)), at: index)
        }
        var inside = names
        for (index, name) in names.enumerated() where shadowingNames.contains(name) {
            inside[index] = SwiftIdentifier.unique([name + "_"], avoiding: Set(names))[0]
        }
        return zip(ordered, zip(names, inside)).map { parameter, name in
            let (type, foundation) = swiftType(parameter.type.unwrapped, flag: parameter.codec.isFlag)
            return FacadeParameter(
                key: parameter.name, label: parameter.isUnlabelled ? "_" : name.0, identifier: name.1, type: type,
                isOptional: !parameter.isRequired, documentation: documentation(of: parameter), needsFoundation: foundation
            )
        }
    }

    /// The Swift type of a declared type: `String`, `Int`, `Double`, `Bool`, arrays of these,
    /// `Data` and `URL` (a file upload), and `JSONValue` for objects, dictionaries, tuples and any
    /// JSON; a date is its ISO 8601 text. The second value says whether it is Foundation's.
    static func swiftType(_ type: ValueType, flag: Bool = false) -> (String, Bool) {
        if flag { return ("Bool", false) }
        switch type {
        case .string, .date: return ("String", false)
        case .int: return ("Int", false)
        case .double: return ("Double", false)
        case .bool: return ("Bool", false)
        case .data: return ("Data", true)
        case .url: return ("URL", true)
        case .json, .model, .dictionary, .tuple: return ("JSONValue", false)
        case let .optional(wrapped): return swiftType(wrapped)
        case let .array(element):
            let (name, foundation) = swiftType(element)
            return (element.isOptional ? "[\(name)?]" : "[\(name)]", foundation)
        }
    }

    /// What the documentation says of a parameter: its description, the values it takes, the
    /// default sent when it is left out (a Netspec spec's) or the server's (a document's).
    static func documentation(of parameter: Parameter) -> String {
        var parts: [String] = []
        if let summary = parameter.summary { parts.append(DocComment.normalize(summary)) }
        if let values = parameter.allowedValues, !values.isEmpty {
            parts.append("One of " + values.map { "`\($0)`" }.joined(separator: ", ") + ".")
        }
        if let value = parameter.defaultValue {
            parts.append("Left out, `\(value)` is sent.")
        } else if let value = parameter.serverDefault {
            parts.append("Left out, the server takes `\(value)`.")
        }
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
