// The documents schemas are compiled from and refer to, by URI: OpenAPI documents read into
// YAML trees, JSON values, and whatever a loader finds for a URI not yet read.

/// A document a schema can be compiled from or refer to.
enum SchemaSource: Sendable {
    /// A document read into a positioned tree (YAML, or JSON through the same reader): compiled
    /// schemas know the file and `line:column` they came from.
    case yaml(YAMLNode, file: String?)
    /// A document that is a JSON value.
    case json(JSONValue)
}

/// Documents by URI, for compiling schemas and resolving their `$ref`s across documents.
///
/// A URI is a file path or a URL, written without a fragment. Documents can be added up front
/// (``add(_:uri:)``) or found on first use by the loader, which is called at most once per URI.
struct SchemaRegistry: Sendable {
    /// Why the loader has no document at a URI.
    struct LoadFailure: Error {
        /// What went wrong, naming the file (`specs/shared/pages.yml cannot be read: No such file
        /// or directory`); `nil` when nothing is known at that URI (one not read from anywhere).
        var reason: String?
    }

    /// The documents added or loaded so far.
    private(set) var documents: [String: SchemaSource] = [:]
    /// Why the loader found no document, by URI, when it said why.
    private(set) var failures: [String: String] = [:]
    /// Called with a URI (no fragment) that no document has been added for.
    private let loader: (@Sendable (String) -> Result<SchemaSource, LoadFailure>)?

    /// An empty registry.
    ///
    /// - Parameter loader: Finds the document at a URI that was not added, or returns `nil`.
    init(loader: (@Sendable (String) -> SchemaSource?)? = nil) {
        guard let loader else {
            self.loader = nil
            return
        }
        self.loader = { uri -> Result<SchemaSource, LoadFailure> in
            guard let source = loader(uri) else { return .failure(LoadFailure()) }
            return .success(source)
        }
    }

    /// An empty registry whose loader says why it has no document at a URI (a file that cannot
    /// be read), for the compiler's error.
    init(loaderSayingWhy loader: @escaping @Sendable (String) -> Result<SchemaSource, LoadFailure>) {
        self.loader = loader
    }

    /// Adds (or replaces) the document at `uri`.
    mutating func add(_ source: SchemaSource, uri: String) {
        documents[uri] = source
    }

    /// The document at `uri`: one added, else a built-in meta-schema (JSON Schema 2020-12's and
    /// its vocabularies', OpenAPI 3.1's dialect and base vocabulary: SchemaMetaSchemas.swift),
    /// else the loader's.
    mutating func document(_ uri: String) -> SchemaSource? {
        if let source = documents[uri] { return source }
        if let metaSchema = SchemaMetaSchemas.documents[uri] {
            documents[uri] = .yaml(metaSchema, file: nil)
            return .yaml(metaSchema, file: nil)
        }
        guard let loader, failures[uri] == nil else { return nil }
        switch loader(uri) {
        case let .success(source):
            documents[uri] = source
            return source
        case let .failure(failure):
            if let reason = failure.reason { failures[uri] = reason }
            return nil
        }
    }
}

// MARK: - Positioned values

/// A value inside a source document: its JSON and, for a YAML tree, its node (for marks).
struct SourceValue {
    /// The value as JSON.
    var json: JSONValue
    /// The same value in its tree, when it was read from one.
    var node: YAMLNode?

    /// The member values of an object (with their nodes), in order; empty for anything else.
    var members: [(key: String, value: SourceValue)] {
        guard case let .object(object) = json else { return [] }
        let pairs = node?.mapping
        return object.indices.map { index in
            (object[index].key, SourceValue(json: object[index].value, node: pairs.flatMap { index < $0.count ? $0[index].value : nil }))
        }
    }

    /// The elements of an array (with their nodes); `nil` for anything else.
    var elements: [SourceValue]? {
        guard case let .array(array) = json else { return nil }
        let items = node?.sequence
        return array.indices.map { index in
            SourceValue(json: array[index], node: items.flatMap { index < $0.count ? $0[index] : nil })
        }
    }

    /// The member `key`'s mark, when the value is from a tree.
    func mark(of key: String) -> Mark? {
        node?.mapping?[key: key]?.key.mark
    }
}

extension SchemaSource {
    /// The value at the JSON pointer `tokens`, or `nil` if there is none.
    func value(at tokens: [String]) -> SourceValue? {
        switch self {
        case let .yaml(root, _):
            guard let node = Self.node(in: root, at: tokens) else { return nil }
            return SourceValue(json: node.jsonValue, node: node)
        case let .json(root):
            return root.at(pointer: tokens).map { SourceValue(json: $0, node: nil) }
        }
    }

    /// Whether there is a value at the JSON pointer `tokens`; converts nothing to JSON.
    func contains(_ tokens: [String]) -> Bool {
        switch self {
        case let .yaml(root, _): Self.node(in: root, at: tokens) != nil
        case let .json(root): root.at(pointer: tokens) != nil
        }
    }

    /// The string member `key` of the object at `tokens`, if there is one (for `$id`s on a path).
    func string(_ key: String, at tokens: ArraySlice<String>) -> String? {
        switch self {
        case let .yaml(root, _): Self.node(in: root, at: Array(tokens))?[key]?.string
        case let .json(root): root.at(pointer: Array(tokens))?[key]?.string
        }
    }

    static func node(in root: YAMLNode, at tokens: [String]) -> YAMLNode? {
        var node = root
        for token in tokens {
            if let pairs = node.mapping {
                guard let pair = pairs[key: token] else { return nil }
                node = pair.value
            } else if let items = node.sequence, let index = JSONPointer.arrayIndex(token), index < items.count {
                node = items[index]
            } else {
                return nil
            }
        }
        return node
    }


    /// The file a tree was read from.
    var file: String? {
        if case let .yaml(_, file) = self { file } else { nil }
    }

    /// The whole document as JSON.
    var json: JSONValue {
        switch self {
        case let .yaml(root, _): root.jsonValue
        case let .json(value): value
        }
    }

    /// A pointer token as an array index: digits without a leading zero.
}
