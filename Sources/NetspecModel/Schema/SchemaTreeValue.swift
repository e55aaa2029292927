// A document's values as the walk that finds its identifiers reads them (`$id`, `$anchor`,
// `$dynamicAnchor`: SchemaCompiler+Resources.swift): a JSON value, or a node of a positioned
// tree read in place. A 12.9 MB OpenAPI 3.1 document's tree made into JSON to find its
// identifiers cost 80 ms of a 140 ms cold call; walked in place, its keys compared as bytes,
// nothing is made but the pointers of what is found (and a document that writes none of the
// keywords is not walked: ``YAMLNode/documentTextMayContain(anyOf:)``).

/// A value of a schema document, read where it is.
protocol SchemaTreeValue {
    /// An object's key as the value holds it.
    associatedtype Key

    /// Whether the value is an object.
    var isObject: Bool { get }
    /// The member `name` of an object.
    func member(_ name: String) -> Self?
    /// The member `name` of an object, when it is a string.
    func string(member name: String) -> String?
    /// Calls `body` with each member of an object, in order (with nothing for another value).
    func forEachMember(_ body: (Key, Self) -> Void)
    /// Calls `body` with each element of an array and its index, in order (with nothing for another value).
    func forEachElement(_ body: (Int, Self) -> Void)
    /// Whether `key` is one of `names`.
    static func key(_ key: Key, isIn names: [String]) -> Bool
    /// The text of `key`.
    static func text(of key: Key) -> String
}

extension JSONValue: SchemaTreeValue {
    var isObject: Bool {
        if case .object = self { true } else { false }
    }

    func member(_ name: String) -> JSONValue? { self[name] }

    func string(member name: String) -> String? {
        if case let .string(text)? = self[name] { text } else { nil }
    }

    func forEachMember(_ body: (String, JSONValue) -> Void) {
        guard case let .object(object) = self else { return }
        for (key, value) in object { body(key, value) }
    }

    func forEachElement(_ body: (Int, JSONValue) -> Void) {
        guard case let .array(elements) = self else { return }
        for (index, element) in elements.enumerated() { body(index, element) }
    }

    static func key(_ key: String, isIn names: [String]) -> Bool { names.contains(key) }

    static func text(of key: String) -> String { key }
}

extension YAMLNode: SchemaTreeValue {
    var isObject: Bool { mapping != nil }

    func member(_ name: String) -> YAMLNode? { self[name] }

    func string(member name: String) -> String? {
        // A string as JSON reads it (`$id: 12` is a number, not an identifier).
        guard let value = self[name], value.scalar != nil, case let .string(text) = value.jsonValue else { return nil }
        return text
    }

    func forEachMember(_ body: (YAMLNode, YAMLNode) -> Void) {
        guard let pairs = mapping else { return }
        for pair in pairs { body(pair.key, pair.value) }
    }

    func forEachElement(_ body: (Int, YAMLNode) -> Void) {
        guard let items = sequence else { return }
        for (index, item) in items.enumerated() { body(index, item) }
    }

    static func key(_ key: YAMLNode, isIn names: [String]) -> Bool { key.hasText(in: names) }

    static func text(of key: YAMLNode) -> String { key.scalar?.value ?? "" }
}
