/// The load-time checks on each parameter: its type fits its location, its options fit its
/// type and location, its default fits its type, and no two parameters collide.
extension SpecLoader {
    // MARK: - Types per location

    mutating func checkType(_ declared: SpecLoader.DeclaredParameter, location: Parameter.Location, encoding: Endpoint.BodyEncoding, context: ErrorContext) -> Bool {
        let type = declared.type
        let base = type.unwrapped
        func reject(_ message: String) -> Bool {
            report("\(context)\(message)", at: declared.mark)
            return false
        }
        switch location {
        case .path:
            guard base.isScalar else {
                return reject("a path parameter must be a String, Int, Double, Bool or Date, not \(type)")
            }
            if type.isOptional, declared.defaultNode == nil {
                return reject("a path parameter cannot be optional (give it a default instead)")
            }
        case .query:
            guard Self.fitsURL(base, allowDictionary: true) else {
                return reject("a query parameter cannot be of type \(type) (use scalars, arrays of scalars, [String: T] or JSON)")
            }
        case .header:
            guard Self.fitsHeader(base) else {
                return reject("a header parameter must be a scalar, an array of scalars or [String: String], not \(type)")
            }
        case .body:
            if encoding != .json, !Self.fitsStructuredBody(base) {
                return reject("a \(encoding) body must be a [String: T] dictionary, a model, JSON, String, Data or URL, not \(type)")
            }
        // .field, .part (and any value added later)
        default:
            break
        }
        return true
    }

    /// Whether values of a type can be written into a URL (path segments, query items).
    static func fitsURL(_ type: ValueType, allowDictionary: Bool) -> Bool {
        switch type.unwrapped {
        case .string, .int, .double, .bool, .url, .json, .date: true
        case let .array(element): fitsURL(element, allowDictionary: false)
        case let .dictionary(value): allowDictionary && fitsURL(value, allowDictionary: false)
        case .data, .model, .tuple, .optional: false
        }
    }

    private static func fitsHeader(_ type: ValueType) -> Bool {
        switch type.unwrapped {
        case .string, .int, .double, .bool, .url: true
        case let .array(element): element.isScalar || element.unwrapped == .url
        case let .dictionary(value): value.isScalar
        default: false
        }
    }

    private static func fitsStructuredBody(_ type: ValueType) -> Bool {
        switch type.unwrapped {
        case .dictionary, .model, .json, .string, .data, .url: true
        default: false
        }
    }

    // MARK: - Options

    mutating func checkOptions(_ declared: SpecLoader.DeclaredParameter, location: Parameter.Location, encoding: Endpoint.BodyEncoding, context: ErrorContext) -> Bool {
        let before = errors.count
        let base = declared.type.unwrapped
        if let encoded = declared.encoded, encoded.value, location != .path, location != .query {
            report("\(context)'encoded' applies only to path and query parameters, not \(location)", at: encoded.mark)
        }
        if let flag = declared.flag, flag.value {
            if base != .bool {
                report("\(context)'flag' needs a Bool parameter, not \(declared.type)", at: flag.mark)
            } else if location != .query {
                report("\(context)'flag' applies only to query parameters, not \(location)", at: flag.mark)
            }
        }
        if let format = declared.format {
            if !Self.holdsArray(base) {
                report("\(context)'format' applies only to arrays, not \(declared.type)", at: format.mark)
            } else if location != .query, !(location == .field && encoding == .form) {
                report("\(context)'format' applies only to query and form parameters, not \(location)", at: format.mark)
            }
        }
        if let sendNull = declared.sendNull, sendNull.value {
            if !declared.type.isOptional {
                report("\(context)'sendNull' needs an optional type (\(declared.type)?), since only nil is sent as null", at: sendNull.mark)
            } else if location != .field || encoding != .json {
                report("\(context)'sendNull' applies only to JSON body fields, not \(location == .field ? "\(encoding) fields" : "\(location)")", at: sendNull.mark)
            }
        }
        if let filename = declared.filename, location != .part {
            report("\(context)'filename' applies only to multipart parts (in: part), not \(location)", at: filename.mark)
        }
        if let mimeType = declared.mimeType, location != .part, location != .body {
            report("\(context)'mimeType' applies only to multipart parts and whole bodies, not \(location)", at: mimeType.mark)
        }
        return errors.count == before
    }

    private static func holdsArray(_ type: ValueType) -> Bool {
        switch type.unwrapped {
        case .array: true
        case let .dictionary(value): if case .array = value.unwrapped { true } else { false }
        default: false
        }
    }

    // MARK: - Defaults

    /// The parameter's default (from `default:` or `{name=value}`), checked against its type.
    mutating func readDefault(
        _ declared: SpecLoader.DeclaredParameter, signature: EndpointSignature, context: ErrorContext
    ) -> (ok: Bool, value: JSONValue?, template: Template?) {
        // The placeholder it fills, by its `name:` or its own name (SPEC rule 1).
        let wireName = declared.placeholder ?? declared.wireName ?? declared.name
        let pathDefault = signature.path.placeholderNames.contains(wireName) ? signature.path.defaultValue(forPlaceholder: wireName) : nil
        if let node = declared.defaultNode {
            if pathDefault != nil {
                report("\(context)two defaults: 'default:' and '{\(wireName)=…}' in the path; keep one", at: node.mark)
                return (false, nil, nil)
            }
            if declared.type.unwrapped == .data {
                report("\(context)a Data parameter cannot have a default", at: node.mark)
                return (false, nil, nil)
            }
            // `${NAME}` stands for a value of any scalar type: its text is read as the type
            // when the call is made, and a fallback (`${PER_PAGE:-30}`) is checked now.
            if let text = node.scalar.flatMap({ $0.isPlainNull ? nil : $0.value }), text.contains("${"),
               Self.takesTemplateDefault(declared.type) {
                guard let template = parseTemplate(text, node: node, context: context + "default: ") else { return (false, nil, nil) }
                guard checkFallback(of: template, node: node, type: declared.type, context: context) else { return (false, nil, nil) }
                return (true, .string(text), template)
            }
            guard let value = Self.typedValue(node, as: declared.type) else {
                let detail = node.scalar == nil ? declared.type.conformanceError(of: node.jsonValue).map { " (\($0))" } ?? "" : ""
                report("\(context)default \(Self.shortText(node)) does not fit type \(declared.type)\(detail)", at: node.mark)
                return (false, nil, nil)
            }
            if let (lossNode, sent) = Self.integerLoss(node, as: declared.type) {
                report(
                    "\(context)default \(lossNode.string ?? "") has more significant digits than Netspec keeps for an integer wider than 64 bits (a Double's 53 bits); it would be sent as \(sent)",
                    at: lossNode.mark
                )
                return (false, nil, nil)
            }
            var template: Template?
            if case let .string(text) = value, text.contains("${") {
                guard let parsed = parseTemplate(text, node: node, context: context + "default: ") else { return (false, nil, nil) }
                template = parsed
            }
            return (true, value, template)
        }
        if let pathDefault {
            guard let value = declared.type.unwrapped.value(fromText: pathDefault) else {
                report("\(context)default '\(pathDefault)' in '{\(wireName)=\(pathDefault)}' does not fit type \(declared.type)",
                       at: signature.pathNode.mark(atOffset: Self.offset(of: "{\(wireName)=", in: signature.path.text), in: file))
                return (false, nil, nil)
            }
            return (true, value, nil)
        }
        return (true, nil, nil)
    }

    /// Whether a default of this type may be a `${NAME}` template: a scalar's text is read as the
    /// type once the variables are replaced (a `String` or `JSON` template is its text).
    static func takesTemplateDefault(_ type: ValueType) -> Bool {
        switch type.unwrapped {
        case .int, .double, .bool, .date: true
        default: false
        }
    }

    /// A template default's text with every variable left to its fallback (`${PER_PAGE:-30}` is
    /// `30`) must fit the type; one with a variable without a fallback is checked at call time.
    private mutating func checkFallback(of template: Template, node: YAMLNode, type: ValueType, context: ErrorContext) -> Bool {
        guard let text = try? template.resolve({ _ in nil }), type.unwrapped.value(fromText: text) == nil else { return true }
        let references = template.variableReferences
        let names = references.map(\.name).joined(separator: ", ")
        // Placed at the first fallback's text, when the template has one.
        let offset = references.first.map { Self.offset(of: "${\($0.name):-", in: template.text) + $0.name.count + 4 } ?? 0
        let when = references.isEmpty ? "" : " when \(names) \(references.count == 1 ? "is" : "are") not set"
        report(
            "\(context)default '\(template.text)' is '\(text)'\(when), which is not \(type.unwrapped.expectedText)",
            at: node.mark(atOffset: offset, in: file)
        )
        return false
    }

    /// The first integer in a default read as a number (not as a `String`'s text) that is wider
    /// than 64 bits and that a Double changes, with the digits it would be sent as: the loader
    /// refuses it rather than send another number (JSONValue+BigIntegers.swift).
    static func integerLoss(_ node: YAMLNode, as type: ValueType) -> (node: YAMLNode, sent: String)? {
        switch (type, node.kind) {
        case let (.optional(wrapped), _):
            return integerLoss(node, as: wrapped)
        case (.string, .scalar), (.url, .scalar):
            return nil
        case let (.array(element), .sequence(items)):
            for item in items { if let loss = integerLoss(item, as: element) { return loss } }
            return nil
        case let (.dictionary(element), .mapping(pairs)):
            for pair in pairs { if let loss = integerLoss(pair.value, as: element) { return loss } }
            return nil
        default:
            return node.firstIntegerLoss
        }
    }

    /// A YAML node read as a value of a declared type: scalars are read by the type (a plain
    /// `42` is the string "42" for a String), collections element by element; `nil` when it does not fit.
    static func typedValue(_ node: YAMLNode, as type: ValueType) -> JSONValue? {
        switch (type, node.kind) {
        case let (.optional(wrapped), .scalar(scalar)):
            return scalar.isPlainNull ? .null : typedValue(node, as: wrapped)
        case let (.optional(wrapped), _):
            return typedValue(node, as: wrapped)
        case let (.string, .scalar(scalar)), let (.url, .scalar(scalar)):
            return scalar.isPlainNull ? nil : .string(scalar.value)
        case let (.date, .scalar(scalar)):
            // ISO 8601 text, as a `Date` argument is read (`2026-11-22`, `2026-11-22T10:00:00Z`).
            return scalar.isPlainNull ? nil : type.value(fromText: scalar.value)
        case (.int, .scalar), (.double, .scalar), (.bool, .scalar):
            let value = node.jsonValue
            guard type.conformanceError(of: value) == nil else { return nil }
            // An integer past 2^53 stays one for a Double (as a number argument does): a Double would change it.
            if type == .double, case let .int(int) = value, int.magnitude > 1 << 53 { return value }
            return type == .double ? value.double.map(JSONValue.double) : value
        case (.json, _):
            return node.jsonValue
        case (.model, .mapping):
            return node.jsonValue
        case let (.array(element), .sequence(items)):
            var values: [JSONValue] = []
            for item in items {
                guard let value = typedValue(item, as: element) else { return nil }
                values.append(value)
            }
            return .array(values)
        case let (.dictionary(element), .mapping(pairs)):
            var object = JSONObject()
            for pair in pairs {
                guard let value = typedValue(pair.value, as: element) else { return nil }
                object[pair.key.scalar?.value ?? ""] = value
            }
            return .object(object)
        case (.tuple, .mapping), (.tuple, .sequence):
            let value = node.jsonValue
            return type.conformanceError(of: value) == nil ? value : nil
        default:
            return nil
        }
    }

    /// A short rendering of a node for messages.
    static func shortText(_ node: YAMLNode) -> String {
        switch node.kind {
        case let .scalar(scalar): "'\(scalar.value)'"
        case .mapping: "(a mapping)"
        case .sequence: "(a list)"
        }
    }

    // MARK: - Collisions

    mutating func checkConflicts(_ parameters: [Parameter], encoding: Endpoint.BodyEncoding, signature: EndpointSignature) {
        // Small linear tables: an endpoint has a handful of parameters.
        var pathOwners = OwnerTable()
        var fieldOwners = OwnerTable()
        var headerOwners = OwnerTable()
        var bodyOwner: String?
        let firstField = parameters.first { $0.location == .field || $0.location == .part }
        for parameter in parameters {
            let context = signature.context.parameter(parameter.name)
            switch parameter.location {
            case .path:
                if let owner = pathOwners.updateValue(parameter.name, forKey: parameter.wireName) {
                    report("\(context)parameters '\(owner)' and '\(parameter.name)' both fill '{\(parameter.wireName)}'", at: parameter.mark)
                }
            case .header:
                let key = parameter.wireName.lowercased()
                if parameter.codec.spreads { break }
                if let owner = headerOwners.updateValue(parameter.name, forKey: key) {
                    report("\(context)parameters '\(owner)' and '\(parameter.name)' both set header '\(parameter.wireName)'", at: parameter.mark)
                }
            case .body:
                if let owner = bodyOwner {
                    report("\(context)parameters '\(owner)' and '\(parameter.name)' are both the whole body", at: parameter.mark)
                } else if let field = firstField {
                    report("\(signature.context)parameter '\(field.name)': cannot be a body \(field.location == .part ? "part" : "field") because '\(parameter.name)' is the whole body (give '\(field.name)' 'in: query' or 'in: header')", at: field.mark)
                }
                bodyOwner = parameter.name
            case .field, .part:
                if parameter.codec.spreads { break }
                if let owner = fieldOwners.updateValue(parameter.name, forKey: parameter.wireName) {
                    report("\(context)parameters '\(owner)' and '\(parameter.name)' both write body \(parameter.location) '\(parameter.wireName)'", at: parameter.mark)
                }
            // .query (and any value added later)
            default:
                break
            }
        }
    }
}

/// Which parameter claimed a name first (a path slot, a header, a body field).
struct OwnerTable {
    private var entries: [(key: String, owner: String)] = []

    /// Records `owner` for `key`; returns the earlier owner when there was one.
    mutating func updateValue(_ owner: String, forKey key: String) -> String? {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            defer { entries[index].owner = owner }
            return entries[index].owner
        }
        entries.append((key, owner))
        return nil
    }
}

extension ValueType {
    /// Whether the type (ignoring `?`) is `[String: T]`.
    var isDictionaryType: Bool {
        if case .dictionary = unwrapped { true } else { false }
    }
}
