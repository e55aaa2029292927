// MARK: - YAMLNode

/// One node of a parsed YAML document: a scalar, a mapping or a sequence, with where it
/// starts in the source and its explicit tag.
///
/// A node is a view: its document's ``YAMLStorage`` and an index into it. Views are cheap
/// to copy and keep the whole document alive. Documents are immutable. A node reached
/// through an alias (`*name`) is the anchored node itself, shared rather than copied, so it
/// carries the **anchored node's** mark and tag, not the alias's. The one exception is a
/// mapping key written as an alias: keys always carry the mark where they are written, so
/// key errors point at the right place. Mappings keep their source order; merge keys
/// (`<<`) are already applied (see ``YAMLMappingBuilder``).
package struct YAMLNode: Sendable {
    /// The three kinds of YAML node, with their content.
    enum Kind {
        /// A scalar, such as `GET` or `"String?"`.
        case scalar(YAMLScalar)
        /// A mapping, in source order, with unique scalar keys.
        case mapping(YAMLPairs)
        /// A sequence, in source order.
        case sequence(YAMLItems)
    }

    /// The document the node belongs to.
    let document: YAMLDocument
    /// The node's index in the document's storage.
    let index: Int32

    /// Creates the view of node `index` of `document`.
    init(_ document: YAMLDocument, index: Int32) {
        self.document = document
        self.index = index
    }

    private var record: YAMLStorage.Record { document.storage.record(index) }

    /// What the node is, with its content. A scalar's text is made into a string here.
    var kind: Kind {
        let record = record
        switch record.kind {
        case .scalar: return .scalar(makeScalar(record))
        case .mapping: return .mapping(mapping!)
        case .sequence: return .sequence(sequence!)
        }
    }

    /// Where the node starts: its first character, or the anchor or tag written before it; in
    /// an overlaid document, a node the overlay added names the overlay's file.
    package var mark: Mark {
        var mark = record.mark
        let files = document.storage.files
        if !files.isEmpty { mark.file = files[index] }
        return mark
    }

    /// The explicit tag as libyaml resolves it (`!!str` becomes `tag:yaml.org,2002:str`,
    /// `!` stays `!`), or `nil` when the node has none.
    var tag: String? { document.storage.tag(of: index) }

    /// The tags of the author's own in this node's document — neither YAML's (`!!str` is
    /// `tag:yaml.org,2002:str`) nor the non-specific `!` — with where each is written, in source
    /// order. A reader that gives such tags no meaning refuses them: `condition: !x $statusCode
    /// == 200` would otherwise be read as `$statusCode == 200`, its `!x` lost without a word.
    package var localTags: [(tag: String, mark: Mark)] {
        let storage = document.storage
        return storage.tags.compactMap { index, tag -> (tag: String, mark: Mark)? in
            guard storage.record(index).hasTag, tag != "!", !tag.hasPrefix("tag:yaml.org,2002:") else { return nil }
            return (tag, YAMLNode(document, index: index).mark)
        }.sorted { $0.mark < $1.mark }
    }

    private func makeScalar(_ record: YAMLStorage.Record) -> YAMLScalar {
        YAMLScalar(value: document.storage.text(of: index), style: record.style, tag: record.hasTag ? tag : nil)
    }
}

// MARK: - Accessors

extension YAMLNode {
    /// The scalar, if this is a scalar node.
    package var scalar: YAMLScalar? {
        let record = record
        return record.kind == .scalar ? makeScalar(record) : nil
    }

    /// The pairs, if this is a mapping node.
    package var mapping: YAMLPairs? {
        let record = record
        return record.kind == .mapping ? YAMLPairs(document, first: Int(record.first), count: Int(record.count) / 2) : nil
    }

    /// The items, if this is a sequence node.
    package var sequence: YAMLItems? {
        let record = record
        return record.kind == .sequence ? YAMLItems(document, first: Int(record.first), count: Int(record.count)) : nil
    }

    /// Whether this is a scalar written as a plain null (see ``YAMLScalar/isPlainNull``).
    var isPlainNull: Bool { scalar?.isPlainNull ?? false }

    /// `"scalar"`, `"mapping"` or `"sequence"`, for messages such as
    /// "expected a mapping, found a sequence".
    var kindName: String {
        switch record.kind {
        case .scalar: "scalar"
        case .mapping: "mapping"
        case .sequence: "sequence"
        }
    }

    /// The scalar's text, if this is a scalar node.
    package var string: String? { record.kind == .scalar ? document.storage.text(of: index) : nil }

    /// Whether this is a scalar whose text is `text`; compares bytes, making no string.
    func hasText(_ text: String) -> Bool {
        document.storage.isScalar(index, withText: text)
    }

    /// Whether this is a scalar whose text is one of `texts`; compares bytes, making no string.
    func hasText(in texts: [String]) -> Bool {
        document.storage.isScalar(index, withTextIn: texts)
    }

    /// The value for the key whose text is `key`, if this is a mapping that has it.
    ///
    /// A linear search: fine for the small mappings of a spec; for big ones, walk
    /// ``mapping`` once instead.
    package subscript(key: String) -> YAMLNode? {
        mapping?[key: key]?.value
    }
}

// MARK: - YAMLPair

/// One entry of a mapping: a scalar key node and its value node.
package struct YAMLPair: Sendable {
    /// The key; always a scalar node.
    package var key: YAMLNode
    /// The value.
    package var value: YAMLNode
}

// MARK: - YAMLChildren

/// A node that a collection's children are read as: an item, or a key and its value.
package protocol YAMLChild: Sendable {
    /// How many child indices one element takes: 1 for an item, 2 for a pair.
    static var width: Int { get }
    /// The element whose first child index is at `child` in the storage's children.
    init(_ document: YAMLDocument, child: Int)
}

extension YAMLNode: YAMLChild {
    package static var width: Int { 1 }
    package init(_ document: YAMLDocument, child: Int) {
        self.init(document, index: document.storage.child(child))
    }
}

extension YAMLPair: YAMLChild {
    package static var width: Int { 2 }
    package init(_ document: YAMLDocument, child: Int) {
        self.init(key: YAMLNode(document, child: child), value: YAMLNode(document, child: child + 1))
    }
}

/// A collection's children in source order: a mapping's entries (``YAMLPairs``) or a
/// sequence's items (``YAMLItems``).
package struct YAMLChildren<Element: YAMLChild>: RandomAccessCollection, Sendable {
    private let document: YAMLDocument
    /// The first child index in the storage's children.
    private let first: Int
    /// The number of elements.
    package let count: Int

    init(_ document: YAMLDocument, first: Int, count: Int) {
        self.document = document
        self.first = first
        self.count = count
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "YAML children index out of range")
        return Element(document, child: first + Element.width * position)
    }
}

/// A mapping's entries, in source order.
package typealias YAMLPairs = YAMLChildren<YAMLPair>
/// A sequence's items, in source order.
package typealias YAMLItems = YAMLChildren<YAMLNode>

extension YAMLChildren where Element == YAMLPair {
    /// The entry whose key is `key`; compares bytes, making no string or node on the way.
    subscript(key key: String) -> YAMLPair? {
        document.storage.position(ofKey: key, inPairsFrom: first, count: count).map { self[$0] }
    }
}
