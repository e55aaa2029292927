/// A coding key for object members and array positions in coding paths.
///
/// Array positions follow Foundation's convention: `stringValue` is `"Index 3"` and `intValue` is
/// `3`, so coding paths in errors read the same whichever decoder produced them. An enum, so that
/// it fits in an existential's inline buffer and `any CodingKey` needs no extra allocation.
internal enum JSONCodingKey: CodingKey, Sendable, Hashable {
    case member(String)
    case index(Int)

    var stringValue: String {
        switch self {
        case .member(let key): key
        case .index(let index): "Index \(index)"
        }
    }

    var intValue: Int? {
        if case .index(let index) = self { index } else { nil }
    }

    init(stringValue: String) {
        self = .member(stringValue)
    }

    init(intValue: Int) {
        self = .index(intValue)
    }

    /// A member name.
    init(_ key: String) {
        self = .member(key)
    }

    /// The key `super`, used by `superDecoder()` and `superEncoder()`.
    static let `super` = JSONCodingKey.member("super")
}

/// A coding path kept as a linked list from the leaf to the root.
///
/// Nested decoders and encoders extend the path by one node instead of copying an array, and the
/// `[any CodingKey]` form is only built when something asks for it, usually an error message.
internal final class CodingPathNode {
    let parent: CodingPathNode?
    let key: any CodingKey

    init(parent: CodingPathNode?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    /// The keys from the root to this node.
    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node: CodingPathNode? = self
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        return keys.reversed()
    }
}

extension Optional where Wrapped == CodingPathNode {
    /// The path as an array; `nil` is the root, `[]`.
    var keys: [any CodingKey] {
        self?.keys ?? []
    }

    /// This path extended by `key`.
    func appending(_ key: any CodingKey) -> CodingPathNode {
        CodingPathNode(parent: self, key: key)
    }
}
