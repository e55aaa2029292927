extension JSONPath {
    /// Where a node is: its normalized path (RFC 9535 §2.7), `$['store']['book'][0]`, the one
    /// spelling every location has, which messages and results print.
    public struct NormalizedPath: Sendable, Hashable, CustomStringConvertible {
        /// The names and indexes from the root.
        public let components: [PathComponent]

        public init(_ components: [PathComponent]) {
            self.components = components
        }

        init(link: PathLink?) {
            var components: [PathComponent] = []
            var next = link
            while let current = next {
                if let component = current.component { components.append(component) }
                next = current.parent
            }
            self.components = components.reversed()
        }

        /// `$['a'][0]`: names in single quotes with `'` and `\` escaped, control characters as
        /// `\b \f \n \r \t` or `\u00XX` (lowercase hex), indexes as decimal.
        public var description: String {
            var text = "$"
            for component in components {
                switch component {
                case let .index(index):
                    text += "[\(index)]"
                case let .name(name):
                    text += "['"
                    for scalar in name.unicodeScalars {
                        switch scalar {
                        case "\u{08}": text += "\\b"
                        case "\u{0C}": text += "\\f"
                        case "\n": text += "\\n"
                        case "\r": text += "\\r"
                        case "\t": text += "\\t"
                        case "'": text += "\\'"
                        case "\\": text += "\\\\"
                        case _ where scalar.value < 0x20:
                            let hex = String(scalar.value, radix: 16)
                            text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                        default: text.unicodeScalars.append(scalar)
                        }
                    }
                    text += "']"
                }
            }
            return text
        }
    }

    /// A path as the evaluator builds it, each node's link pointing at its parent's, so that a
    /// child costs one allocation, not a copy of its parent's path.
    final class PathLink: Sendable {
        let parent: PathLink?
        let component: PathComponent?

        init(parent: PathLink?, component: PathComponent?) {
            self.parent = parent
            self.component = component
        }

        /// The root, `$`.
        static let root = PathLink(parent: nil, component: nil)
    }
}
