#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NetspecModel

/// Reading a query's or a form body's items back by a parameter's ``ParameterCodec/Items``: the
/// inverse of `URLEncodedItems.swift`. Items are read as sent, split before they are decoded;
/// bracket names (`created[gte]`, `expand[]`, `items[0][price]`) are read as the tree they write.
extension ParameterCodec {
    /// A parameter's value from the items of a query or a form body, taking the items it reads.
    /// `wholeBody`, the parameter of a form body read whole as one object (a dictionary of
    /// `entries`), reads every field and names each problem's (``readEntries(_:naming:of:read:)``:
    /// `field 'n': given 2 times, but it is not an array (Int)`); else the first problem is thrown as it is.
    static func readItems(
        _ name: String, form: Items, type: ValueType, from items: inout [ReceivedRequest.Item], wholeBody: Parameter? = nil
    ) throws(Problem) -> Argument? {
        if form.isJSONText { return try readJSONText(name, perElement: form.isJSONTextPerElement, from: &items) }
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
            let entries = Self.entries(of: items, form: form)
            items = []
            guard !entries.isEmpty else { return nil }
            func read(_ index: Int) throws(Problem) -> Argument {
                try readValues(values(entries[index].values), name: entries[index].key, type: member, argument: argument)
            }
            if let wholeBody { return Argument.makeDictionary(try readEntries(entries.map { $0.key }, naming: "field", of: wholeBody, read: read)) }
            var object: [(key: String, value: Argument)] = []
            for index in entries.indices { object.append((entries[index].key, try read(index))) }
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
        case let .dictionary(member):
            let plain = items.take(named: name)
            let nested = items.take { $0.hasPrefix(name + "[") && $0.hasSuffix("]") && $0 != name + "[]" }
            if !nested.isEmpty {
                // A key is all between the first `[` and the last `]`.
                var entries: [(key: String, values: [String])] = []
                for item in nested {
                    let key = String(PercentEncoding.decoded(item.name, plusIsSpace: true).dropFirst(name.count + 1).dropLast())
                    if let index = entries.firstIndex(where: { $0.key == key }) { entries[index].values.append(item.value ?? "") } else { entries.append((key, [item.value ?? ""])) }
                }
                var object: [(key: String, value: Argument)] = []
                for entry in entries { object.append((entry.key, try readValues(entry.values, name: name, type: member, argument: argument))) }
                return Argument.makeDictionary(object)
            }
            guard !plain.isEmpty else { return nil }
            return try readValues(values(plain), name: name, type: type, argument: argument)
        case .json, .model, .array(.json), .array(.model):
            return try readTree(name, type: type, from: &items, values: values, argument: argument)
        case let .array(element):
            // `a=1&a=2`, `a[]=1&a[]=2`, or with indices as `qs` writes them (`a[0]=1&a[1]=2`).
            let taken = items.take { $0 == name || $0.hasPrefix(name + "[") && $0.hasSuffix("]") && $0.dropFirst(name.count + 1).dropLast().allSatisfy { $0.isASCII && $0.isNumber } }
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

    /// Items grouped by name, in the order the names first come (a `[]` after a name, in
    /// brackets, names an array).
    private static func entries(of items: [ReceivedRequest.Item], form: Items) -> [(key: String, values: [ReceivedRequest.Item])] {
        var entries: [(key: String, values: [ReceivedRequest.Item])] = []
        for item in items {
            var key = form.escaping == .alreadyEncoded ? item.name : PercentEncoding.decoded(item.name, plusIsSpace: true)
            if form.arrays == .brackets, key.hasSuffix("[]") { key.removeLast(2) }
            if let index = entries.firstIndex(where: { $0.key == key }) { entries[index].values.append(item) } else { entries.append((key, [item])) }
        }
        return entries
    }

    /// One item of JSON text (a form field with a JSON `contentType`); with `perElement`, an
    /// array property's, one item per element.
    private static func readJSONText(_ name: String, perElement: Bool, from items: inout [ReceivedRequest.Item]) throws(Problem) -> Argument? {
        if perElement {
            let taken = items.take(named: name)
            guard !taken.isEmpty else { return nil }
            var elements: [Argument] = []
            for item in taken { elements.append(try parseJSON(PercentEncoding.decoded(item.value ?? "", plusIsSpace: true))) }
            return Argument.makeArray(elements)
        }
        guard let item = items.take(named: name).last else { return nil }
        return try parseJSON(PercentEncoding.decoded(item.value ?? "", plusIsSpace: true))
    }

    /// Bracket names (`user[address][city]`, `expand[]`, `items[0][price]`) read as the tree
    /// they write, for a JSON value or an array of them.
    private static func readTree(
        _ name: String, type: ValueType, from items: inout [ReceivedRequest.Item],
        values: ([ReceivedRequest.Item]) -> [String], argument: (String?, ValueType) throws(Problem) -> Argument
    ) throws(Problem) -> Argument? {
        let taken = items.take { $0 == name || $0.hasPrefix(name + "[") && $0.hasSuffix("]") }
        guard !taken.isEmpty else { return nil }
        var root: JSONValue?
        for item in taken {
            let itemName = PercentEncoding.decoded(item.name, plusIsSpace: true)
            let keys = itemName == name ? [] : itemName.dropFirst(name.count + 1).dropLast().split(separator: "][", omittingEmptySubsequences: false).map(String.init)
            let texts = keys.isEmpty ? values([item]) : [item.value ?? ""]
            for text in texts {
                guard case let .value(value) = try argument(text, .json) else { continue }
                JSONValue.insert(value, at: keys[...], into: &root)
            }
        }
        guard let root else { return nil }
        guard case .array = type.unwrapped else { return .value(root) }
        // An array: its elements by index (`items[0][price]`), or the one value given.
        switch root {
        case .array: return .value(root)
        case let .object(object): return .value(object.indexedItems.map(JSONValue.array) ?? .array([root]))
        default: return .value(.array([root]))
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

extension ReceivedRequest {
    /// Items as the object their bracket names write, each value its decoded text (an item
    /// without `=` the empty text): `a[b]=1&a[c][]=2&a[c][]=3` is `{"a": {"b": "1", "c": ["2",
    /// "3"]}}`, a name given again an array of its values. A name is the text before its first
    /// `[` when it ends in `]` (`[x]` is member `x` of the member named by the empty text), else
    /// all of it. Indices stay names (`items[0][price]`: `{"0": …}`): the schema says where an
    /// object of indices is an array (``JSONSchema/typingText(_:)``).
    package static func tree(of items: [Item]) -> JSONObject {
        var object = JSONObject()
        for item in items {
            let name = PercentEncoding.decoded(item.name, plusIsSpace: true)
            var keys: [String] = [name]
            if name.hasSuffix("]"), let open = name.firstIndex(of: "[") {
                keys = [String(name[..<open])] + name[name.index(after: open)...].dropLast().split(separator: "][", omittingEmptySubsequences: false).map(String.init)
            }
            var child = object[keys[0]]
            JSONValue.insert(.string(PercentEncoding.decoded(item.value ?? "", plusIsSpace: true)), at: keys.dropFirst(), into: &child)
            object[keys[0]] = child
        }
        return object
    }
}

extension JSONValue {
    /// Sets `value` at a path of bracket names under `slot`, making objects on the way: a name
    /// given again makes an array of its values (`a[k]=1&a[k]=2`), an empty name (`[]`) adds an
    /// element to an array (`a[b][]=x`).
    static func insert(_ value: JSONValue, at keys: ArraySlice<String>, into slot: inout JSONValue?) {
        guard let key = keys.first else {
            switch slot {
            case let .array(items)?: slot = .array(items + [value])
            case let earlier?: slot = .array([earlier, value])
            case nil: slot = value
            }
            return
        }
        if key.isEmpty {
            var items: [JSONValue] = switch slot {
            case let .array(items)?: items
            case let earlier?: [earlier]
            case nil: []
            }
            var element: JSONValue?
            insert(value, at: keys.dropFirst(), into: &element)
            if let element { items.append(element) }
            slot = .array(items)
            return
        }
        var object = if case let .object(object)? = slot { object } else { JSONObject() }
        var child = object[key]
        insert(value, at: keys.dropFirst(), into: &child)
        object[key] = child
        slot = .object(object)
    }
}
