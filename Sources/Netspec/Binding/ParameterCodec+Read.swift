import HTTPTypes
import NetspecModel

/// Reading a value back by its parameter's codec: the inverse of `ParameterCodec+Write.swift`
/// (a query's and a form's items are in `+ReadItems.swift`, the body's forms in `+ReadBody.swift`).
/// A value is read from the request as sent, before
/// anything is percent-decoded, so a delimiter escaped inside an item (`%2C`) is not a delimiter;
/// text becomes the parameter's type as the command line converts it (``ValueType/argument(fromText:)``).
extension ParameterCodec {
    /// Whether a parameter of `type` reads what no other parameter took (a dictionary spread into
    /// query items, headers, members or parts): read it after the others. A scalar or an array
    /// under the same codec (OpenAPI's `form` with `explode`) reads only its own items.
    package func readsTheRest(type: ValueType) -> Bool {
        guard spreads else { return false }
        if case .dictionary = type.unwrapped { return true }
        return false
    }

    /// Reads a parameter's value back from a request: the argument a client would have given;
    /// `nil` when the request does not give it. What is read is taken out of `request`. Text is
    /// typed by the parameter's type, then by the document's schema as the command line types
    /// it (``Parameter/typingText(_:)``: `trial_end=41317483` is an integer where an `anyOf`
    /// branch takes one).
    package func read(_ parameter: Parameter, from request: inout ReceivedRequest) throws(Problem) -> Argument? {
        do {
            let argument = try readValue(parameter, from: &request)
            guard readsText, case let .value(value)? = argument else { return argument }
            return .value(parameter.typingText(value))
        } catch {
            // Text of the wrong type, in the words a call uses for this parameter: the document's
            // (`an integer`) for a parameter a document declares, else the spec's (`an Int`).
            guard let wrong = error.wrongText else { throw error }
            var problem = Problem(.wrongType, "'\(wrong.text)' is not \(parameter.expectedText(wrong.type))")
            problem.wrongText = wrong
            throw problem
        }
    }

    /// Whether the value is read from text, which carries no types of its own (a JSON member or
    /// JSON text does; a part's are typed where it is read, as its content type says).
    private var readsText: Bool {
        switch self {
        case .path, .query, .header, .cookie, .formField: true
        case let .body(body): body.encoding == .form
        case .cookieStyle: true
        case .flag, .jsonText, .jsonMember, .part, .queryString: false
        }
    }

    private func readValue(_ parameter: Parameter, from request: inout ReceivedRequest) throws(Problem) -> Argument? {
        let name = parameter.wireName
        let type = parameter.type
        switch self {
        case let .path(form):
            guard let raw = request.pathValues[name] else { return nil }
            return try Self.readPath(raw, form: form, type: type)
        case let .query(items):
            return try Self.readItems(name, form: items, type: type, from: &request.queryItems)
        case .flag:
            guard let item = request.queryItems.take(named: name).last else { return .value(.bool(false)) }
            guard let text = item.value.map({ PercentEncoding.decoded($0, plusIsSpace: true) }) else { return .value(.bool(true)) }
            return try Self.convert(text, to: .bool)
        case .header(.entries):
            // Every field left (the caller leaves out the ones a client sends by itself).
            let fields = request.headers.filter { $0.name != .cookie }
            request.headers = HTTPFields(request.headers.filter { $0.name == .cookie })
            guard !fields.isEmpty else { return nil }
            var entries: [(key: String, value: Argument)] = []
            for field in fields { entries.append((field.name.rawName, try Self.convert(field.value, to: type.memberType))) }
            return Argument.makeDictionary(entries)
        case let .header(form):
            guard let lines = request.headers.take(name), !lines.isEmpty else { return nil }
            let explode = if case let .simple(explode) = form { explode } else { false }
            if let list = try Self.readList(lines.joined(separator: ",")[...], separator: ",", explode: explode, type: type, decode: { $0.trimmingSpaces() }) {
                return list
            }
            return try Self.convert(lines.joined(separator: ", "), to: type)
        case let .cookie(joined):
            guard let value = request.cookies.take(named: name, decodingNames: false).first?.value else { return nil }
            if joined, let list = try Self.readList(value[...], separator: ",", explode: false, type: type, decode: { PercentEncoding.decoded($0, plusIsSpace: false) }) {
                return list
            }
            return try Self.convert(PercentEncoding.decoded(value, plusIsSpace: false), to: type)
        case let .cookieStyle(explode):
            // Values as sent (no percent-decoding); exploded, an object's members are cookies of their own.
            if explode, case .dictionary = type.unwrapped {
                var members: [(key: String, value: Argument)] = []
                for cookie in request.cookies { members.append((cookie.name, try Self.convert(cookie.value ?? "", to: type.memberType))) }
                request.cookies = []
                return members.isEmpty ? nil : Argument.makeDictionary(members)
            }
            let values = request.cookies.take(named: name, decodingNames: false).map { $0.value ?? "" }
            guard let first = values.first else { return nil }
            let text = explode ? values.joined(separator: ",") : first
            if let list = try Self.readList(text[...], separator: ",", explode: false, type: type, decode: { String($0) }) { return list }
            return try Self.convert(first, to: type)
        case let .queryString(form):
            // The whole query string (OpenAPI 3.2's `in: querystring`), as sent.
            guard !request.queryItems.isEmpty else { return nil }
            let raw = request.queryItems.map { item in item.value.map { item.name + "=" + $0 } ?? item.name }.joined(separator: "&")
            request.queryItems = []
            switch form {
            case let .form(fields):
                return try Self.readFormQueryString(raw, fields: fields)
            case .json: return try Self.parseJSON(PercentEncoding.decoded(raw, plusIsSpace: false))
            case .text: return .value(.string(PercentEncoding.decoded(raw, plusIsSpace: false)))
            }
        case let .jsonText(location):
            let text: String?
            switch location {
            case .header: text = request.headers.take(name)?.joined(separator: ", ")
            case .cookie: text = request.cookies.take(named: name, decodingNames: false).first.map { PercentEncoding.decoded($0.value ?? "", plusIsSpace: false) }
            default: text = request.queryItems.take(named: name).first.map { PercentEncoding.decoded($0.value ?? "", plusIsSpace: true) }
            }
            guard let text else { return nil }
            return try Self.parseJSON(text)
        case .jsonMember, .formField, .part, .body:
            return try readBody(parameter, from: &request)
        }
    }

    // MARK: - Path

    /// A path value as matched: percent-decoded (but for an already-encoded segment), a style's
    /// prefix taken off and its list taken apart before decoding, whatever its items keep
    /// (a Swagger csv array's `a;b,c%2Cd` is `["a;b", "c,d"]`, as OpenAPI's `a%3Bb,c%2Cd` is).
    private static func readPath(_ raw: String, form: Path, type: ValueType) throws(Problem) -> Argument {
        let decode = { (text: Substring) in PercentEncoding.decoded(text, plusIsSpace: false) }
        guard case let .styled(style, explode, name, _) = form else {
            return try convert(form == .encodedSegment ? raw : decode(raw[...]), to: type)
        }
        var text = Substring(raw)
        let isList = switch type.unwrapped {
        case .array, .dictionary: true
        default: false
        }
        switch style {
        case .label:
            if text.hasPrefix(".") { text = text.dropFirst() }
        case .matrix where explode && isList:
            // `;color=blue;color=black` (the values in turn) or `;R=100;G=200` (the pairs), joined
            // by commas, which are escaped inside them.
            let pairs = text.split(separator: ";").map { $0.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false) }
            let isDictionary = if case .dictionary = type.unwrapped { true } else { false }
            let items = pairs.map { isDictionary ? $0.joined(separator: "=") : $0.count > 1 ? String($0[1]) : "" }.joined(separator: ",")
            if let list = try readList(items[...], separator: ",", explode: true, type: type, decode: decode) { return list }
            return try convert(decode(text), to: type)
        case .matrix:
            // `;color=blue,black` or `;color` (empty).
            let prefix = ";" + name
            if text.hasPrefix(prefix + "=") { text = text.dropFirst(prefix.count + 1) } else if text == prefix { text = "" }
        default:
            break
        }
        let separator: Character = style == .label && explode ? "." : ","
        if let list = try readList(text, separator: separator, explode: explode, type: type, decode: decode) { return list }
        return try convert(decode(text), to: type)
    }

    /// A list of items joined by `separator`, when the type is an array (`blue,black`) or a
    /// dictionary (`R=100,G=200` exploded, `R,100,G,200` not), each item read by `decode`; `nil`
    /// for any other type.
    private static func readList(
        _ text: Substring, separator: Character, explode: Bool, type: ValueType, decode: (Substring) -> String
    ) throws(Problem) -> Argument? {
        let items = text.split(separator: separator, omittingEmptySubsequences: false)
        switch type.unwrapped {
        case let .array(element):
            var elements: [Argument] = []
            for item in items { elements.append(try convert(decode(item), to: element)) }
            return Argument.makeArray(elements)
        case let .dictionary(member):
            var entries: [(key: String, value: Argument)] = []
            if explode {
                for item in items {
                    let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    entries.append((decode(pair[0]), try convert(decode(pair.count > 1 ? pair[1] : ""), to: member)))
                }
            } else {
                guard items.count % 2 == 0 else { throw Problem(.invalidValue, "'\(text)' is not names and values in turn") }
                for index in stride(from: 0, to: items.count, by: 2) {
                    entries.append((decode(items[index]), try convert(decode(items[index + 1]), to: member)))
                }
            }
            return Argument.makeDictionary(entries)
        default:
            return nil
        }
    }

    // MARK: - Text

    /// Text as an argument of a type, or the problem naming what it should be.
    static func convert(_ text: String, to type: ValueType) throws(Problem) -> Argument {
        guard let argument = type.argument(fromText: text) else {
            var problem = Problem(.wrongType, "'\(text)' is not \(type.unwrapped.expectedText)")
            problem.wrongText = .init(text: text, type: type.unwrapped)
            throw problem
        }
        return argument
    }

    /// A form `querystring` read back: the members its `encoding` names by their items and type
    /// (but an object spread into items of its own, whose members are read as the query's), each
    /// other item a member of its own (`true`, `false` and numbers as JSON reads them), in the
    /// order they were sent.
    private static func readFormQueryString(_ raw: String, fields: [String: Field]) throws(Problem) -> Argument {
        var items = ReceivedRequest.items(raw)
        let names = items.map { PercentEncoding.decoded($0.name, plusIsSpace: true) }
        func position(_ key: String) -> Int { names.firstIndex { $0 == key || $0.hasPrefix(key + "[") } ?? names.count }
        var members: [(key: String, value: Argument)] = []
        for (name, field) in fields {
            if field.items.objects == .entries, case .dictionary = field.type.unwrapped { continue }
            if let value = try readItems(name, form: field.items, type: field.type, from: &items) { members.append((name, value)) }
        }
        members += items.map { item in (key: PercentEncoding.decoded(item.name, plusIsSpace: true), value: Argument.value(formValue(item.value))) }
        return Argument.makeDictionary(members.sorted { position($0.key) < position($1.key) })
    }

    /// A form item's value read back as data: `true`, `false` and numbers as JSON reads them,
    /// anything else the decoded text (a form carries no types; the schema checks the result).
    static func formValue(_ raw: String?) -> JSONValue {
        let text = PercentEncoding.decoded(raw ?? "", plusIsSpace: true)
        if let value = try? JSONValue(parsing: Array(text.utf8)), !value.isContainer, !value.isNull { return value }
        return .string(text)
    }

    static func parseJSON(_ text: String) throws(Problem) -> Argument {
        do { return .value(try JSONValue(parsing: Array(text.utf8))) } catch {
            throw Problem(.wrongType, "'\(text)' is not valid JSON (\(error))")
        }
    }
}

extension HTTPFields {
    /// Takes out the values of the fields named `name`, `nil` when there is none or the name is not one.
    mutating func take(_ name: String) -> [String]? {
        guard let fieldName = HTTPField.Name(name) else { return nil }
        let values = self[values: fieldName]
        self[fields: fieldName] = []
        return values.isEmpty ? nil : values
    }
}
