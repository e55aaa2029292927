#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// Reading a value back by its parameter's codec: the inverse of `ParameterCodec+Write.swift`
/// (the body's forms are in `+ReadBody.swift`). A value is read from the request as sent, before
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
    /// `nil` when the request does not give it. What is read is taken out of `request`.
    package func read(_ parameter: Parameter, from request: inout ReceivedRequest) throws(Problem) -> Argument? {
        do {
            return try readValue(parameter, from: &request)
        } catch {
            // Text of the wrong type, in the words a call uses for this parameter: the document's
            // (`an integer`) for a parameter a document declares, else the spec's (`an Int`).
            guard let wrong = error.wrongText else { throw error }
            var problem = Problem(.wrongType, "'\(wrong.text)' is not \(parameter.expectedText(wrong.type))")
            problem.wrongText = wrong
            throw problem
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

    /// A path value as matched: percent-decoded (but for an already-encoded segment), an OpenAPI
    /// style's prefix taken off and its list taken apart.
    private static func readPath(_ raw: String, form: Path, type: ValueType) throws(Problem) -> Argument {
        let decode = { (text: Substring) in PercentEncoding.decoded(text, plusIsSpace: false) }
        guard case let .styled(style, explode, name) = form else {
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

    // MARK: - Query and form items

    /// A parameter's value from the items of a query or a form body, taking the items it reads.
    static func readItems(_ name: String, form: Items, type: ValueType, from items: inout [ReceivedRequest.Item]) throws(Problem) -> Argument? {
        let isEncoded = form.escaping == .alreadyEncoded
        let decode = { (text: Substring) in isEncoded ? String(text) : PercentEncoding.decoded(text, plusIsSpace: true) }
        /// An item's value as an argument of a type (`Data`: the bytes its escapes stand for).
        func argument(_ value: String?, _ type: ValueType) throws(Problem) -> Argument {
            if type.unwrapped == .data { return .data(Data(PercentEncoding.decodedBytes(value ?? "", plusIsSpace: true))) }
            return try convert(decode((value ?? "")[...]), to: type)
        }
        /// The values of items named `name` (and `name[]`), a joined one taken apart.
        func values(_ taken: [ReceivedRequest.Item]) -> [String] {
            taken.flatMap { item -> [String] in
                guard case let .joined(delimiter) = form.arrays, let value = item.value else { return [item.value ?? ""] }
                return delimiter.split(value)
            }
        }
        switch type.unwrapped {
        case let .dictionary(member) where form.objects == .entries:
            // Every item left, grouped by name (a `[]` after it, in brackets, names an array).
            let rest = items
            items = []
            var entries: [(key: String, values: [ReceivedRequest.Item])] = []
            for item in rest {
                var key = isEncoded ? item.name : PercentEncoding.decoded(item.name, plusIsSpace: true)
                if form.arrays == .brackets, key.hasSuffix("[]") { key.removeLast(2) }
                if let index = entries.firstIndex(where: { $0.key == key }) { entries[index].values.append(item) } else { entries.append((key, [item])) }
            }
            guard !entries.isEmpty else { return nil }
            var object: [(key: String, value: Argument)] = []
            for entry in entries { object.append((entry.key, try readValues(values(entry.values), name: entry.key, type: member, argument: argument))) }
            return Argument.makeDictionary(object)
        case let .dictionary(member) where form.objects == .joined:
            guard let item = items.take(named: name).last else { return nil }
            let pieces = values([item])
            guard pieces.count % 2 == 0 else { throw Problem(.invalidValue, "'\(item.value ?? "")' is not names and values in turn") }
            var entries: [(key: String, value: Argument)] = []
            for index in stride(from: 0, to: pieces.count, by: 2) {
                entries.append((decode(pieces[index][...]), try argument(pieces[index + 1], member)))
            }
            return Argument.makeDictionary(entries)
        case .dictionary, .json, .model:
            let plain = items.take(named: name)
            let nested = items.take { $0.hasPrefix(name + "[") && $0.hasSuffix("]") && $0 != name + "[]" }
            if !nested.isEmpty {
                return try readBracketNames(nested, name: name, type: type, argument: argument)
            }
            guard !plain.isEmpty else { return nil }
            return try readValues(values(plain), name: name, type: type, argument: argument)
        case let .array(element):
            let taken = items.take { $0 == name || $0 == name + "[]" }
            guard !taken.isEmpty else { return nil }
            var elements: [Argument] = []
            for value in values(taken) { elements.append(try argument(value, element)) }
            return Argument.makeArray(elements)
        default:
            let taken = items.take(named: name)
            guard !taken.isEmpty else { return nil }
            return try readValues(taken.map { $0.value ?? "" }, name: name, type: type, argument: argument)
        }
    }

    /// One value, or an array of them for an array type (or `JSON`, given several).
    private static func readValues(
        _ values: [String], name: String, type: ValueType, argument: (String?, ValueType) throws(Problem) -> Argument
    ) throws(Problem) -> Argument {
        if case let .array(element) = type.unwrapped {
            var elements: [Argument] = []
            for value in values { elements.append(try argument(value, element)) }
            return Argument.makeArray(elements)
        }
        if values.count > 1, type.unwrapped == .json {
            var elements: [Argument] = []
            for value in values { elements.append(try argument(value, .json)) }
            return Argument.makeArray(elements)
        }
        guard values.count == 1 else { throw Problem(.invalidValue, "given \(values.count) times, but it is not an array (\(type))") }
        return try argument(values[0], type)
    }

    /// `color[R]=100&color[G]=200` as an object; deeper names (`user[address][city]`) as nested
    /// objects, a name given several times as an array. A dictionary's key is all between the
    /// first `[` and the last `]`.
    private static func readBracketNames(
        _ items: [ReceivedRequest.Item], name: String, type: ValueType, argument: (String?, ValueType) throws(Problem) -> Argument
    ) throws(Problem) -> Argument {
        var groups: [(key: String, values: [String])] = []
        for item in items {
            let key = String(PercentEncoding.decoded(item.name, plusIsSpace: true).dropFirst(name.count + 1).dropLast())
            if let index = groups.firstIndex(where: { $0.key == key }) { groups[index].values.append(item.value ?? "") } else { groups.append((key, [item.value ?? ""])) }
        }
        if case let .dictionary(member) = type.unwrapped {
            var entries: [(key: String, value: Argument)] = []
            for group in groups { entries.append((group.key, try readValues(group.values, name: name, type: member, argument: argument))) }
            return Argument.makeDictionary(entries)
        }
        var tree = JSONObject()
        for group in groups {
            guard case let .value(value) = try readValues(group.values, name: name, type: .json, argument: argument) else { continue }
            tree.insert(value, at: group.key.split(separator: "][", omittingEmptySubsequences: false).map(String.init))
        }
        return .value(.object(tree))
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

    /// JSON text as a value.
    static func parseJSON(_ text: String) throws(Problem) -> Argument {
        do { return .value(try JSONValue(parsing: Array(text.utf8))) } catch {
            throw Problem(.wrongType, "'\(text)' is not valid JSON (\(error))")
        }
    }
}

extension ParameterCodec.Delimiter {
    /// The values of a joined item as sent, taken apart where the delimiter is written (`%20`
    /// and `%7C` in either case; a raw `|` too).
    func split(_ value: String) -> [String] {
        switch self {
        case .comma: return value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        case .space: return value.split(separator: "%20", omittingEmptySubsequences: false).map(String.init)
        case .pipe: return value.replacing("%7C", with: "|").replacing("%7c", with: "|").split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        case .tab: return value.replacing("%09", with: "\t").split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }
}

extension [ReceivedRequest.Item] {
    /// Takes out the items whose name, percent-decoded unless `decodingNames` is false, is `name`.
    mutating func take(named name: String, decodingNames: Bool = true) -> [ReceivedRequest.Item] {
        take(decodingNames: decodingNames) { $0 == name }
    }

    /// Takes out the items whose name (percent-decoded unless `decodingNames` is false) matches.
    mutating func take(decodingNames: Bool = true, where matches: (String) -> Bool) -> [ReceivedRequest.Item] {
        var taken: [ReceivedRequest.Item] = []
        removeAll { item in
            guard matches(decodingNames ? PercentEncoding.decoded(item.name, plusIsSpace: true) : item.name) else { return false }
            taken.append(item)
            return true
        }
        return taken
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

extension JSONObject {
    /// Sets a value at a path of keys, making objects on the way; a value already there becomes
    /// an array of both.
    mutating func insert(_ value: JSONValue, at keys: [String]) {
        guard let key = keys.first else { return }
        if keys.count == 1 {
            switch self[key] {
            case let .array(items)?: self[key] = .array(items + [value])
            case let earlier?: self[key] = .array([earlier, value])
            case nil: self[key] = value
            }
            return
        }
        var child = if case let .object(object)? = self[key] { object } else { JSONObject() }
        child.insert(value, at: Array(keys.dropFirst()))
        self[key] = .object(child)
    }
}
