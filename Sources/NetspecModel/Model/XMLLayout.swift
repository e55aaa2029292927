// A JSON value written as XML, for a response in an XML media type, following the OpenAPI `xml`
// objects (`name`, `attribute`, `wrapped`, `prefix`, `namespace`) of the response's schema and of
// the schemas it contains. The readers make the layout from the document (OpenAPIReader+MediaRendering);
// writing needs no document, so values made from a schema when a request is answered are
// written by the same rules as the examples read with the document.

/// The XML names and forms a response schema gives a JSON value, and the document it writes.
///
/// - The root element: the schema's `xml.name`, else the name of the component it refers to
///   (`#/components/schemas/NAME`, Swagger's `#/definitions/NAME`) when that is an XML name,
///   else `root`.
/// - An object's members are elements named by their property's `xml.name`, else their key; a
///   scalar member whose property says `attribute: true` is an attribute of its object's element.
///   Nulls are left out.
/// - An array member repeats its item's element: named by the items' `xml.name`, else the
///   member's key. With `wrapped: true`, the items are inside an element of the array's own
///   (its `xml.name`, else the key), and items without a name take the wrapper's.
/// - An array at the root is always wrapped (a document has one root): its items are named by
///   the items' `xml.name`, else their component's name, else `item`.
/// - `prefix` qualifies the name (`pet:name`); `namespace` is declared where it is first used
///   (`xmlns:pet="…"` with a prefix, `xmlns="…"` without).
/// - Text and attribute values are escaped (`&amp;`, `&lt;`, `&gt;`, `&quot;` in attributes;
///   a carriage return, and a tab or line feed in an attribute, as character references); the
///   document starts with `<?xml version="1.0" encoding="UTF-8"?>` and a line feed, and has no
///   other white space.
///
/// A value with a name that is not an XML name (a key such as `2fa`), or with a character XML 1.0
/// cannot hold (a control character), cannot be written: ``document(for:)`` is `nil`.
struct XMLLayout: Sendable, Hashable {
    /// What one schema's `xml` object says, and where its properties' and items' nodes are.
    struct Node: Sendable, Hashable {
        /// `xml.name`.
        var name: String?
        /// `xml.prefix`.
        var prefix: String?
        /// `xml.namespace`.
        var namespace: String?
        /// `xml.attribute`.
        var isAttribute = false
        /// `xml.wrapped`.
        var isWrapped = false
        /// The name of the component the schema refers to, when it is an XML name.
        var component: String?
        /// The nodes of an object's properties, by name.
        var properties: [String: Int] = [:]
        /// The node of an object's other members (`additionalProperties`).
        var additionalProperties: Int?
        /// The node of an array's items.
        var items: Int?
    }

    /// The nodes, the response schema's first; nodes refer to others by index, so a schema may
    /// contain itself.
    var nodes: [Node] = [Node()]

    /// The XML document for `value`, or `nil` when it cannot be written (see ``XMLLayout``).
    func document(for value: JSONValue) -> [UInt8]? {
        var writer = Writer(layout: self)
        let root = nodes[0]
        let name = root.name ?? root.component ?? "root"
        if case let .array(items) = value {
            let itemNode = writer.node(root.items)
            let itemName = itemNode.name ?? itemNode.component ?? "item"
            writer.element(name, node: root, scope: [:]) { writer, scope in
                for item in items { writer.member(item, key: itemName, node: itemNode, scope: scope) }
            }
        } else {
            writer.element(name, value: value, node: root, scope: [:])
        }
        return writer.failed ? nil : Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8) + writer.output
    }

    /// Whether `text` is an XML name without a colon (an NCName: a letter or `_` first, then
    /// letters, digits, `-`, `.`, `_`; any character beyond ASCII counts as a letter).
    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.value >= 0x80 || first.properties.isAlphabetic || first == "_" else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.value >= 0x80 || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "-" || scalar == "." || scalar == "_"
        }
    }
}

// MARK: - Writing

extension XMLLayout {
    /// The namespaces declared where an element is written: by prefix, `""` for the default one.
    private typealias Scope = [String: String]

    private struct Writer {
        let layout: XMLLayout
        var output: [UInt8] = []
        /// Whether something could not be written (a name, a character).
        var failed = false

        init(layout: XMLLayout) {
            self.layout = layout
        }

        func node(_ index: Int?) -> Node {
            index.map { layout.nodes[$0] } ?? Node()
        }

        /// An object's member (or an array's item) called `key` unless its node names it: an
        /// array as its items (wrapped or not), anything else as one element; nothing for null.
        mutating func member(_ value: JSONValue, key: String, node: Node, scope: Scope) {
            switch value {
            case .null:
                return
            case let .array(items):
                let itemNode = self.node(node.items)
                guard node.isWrapped else {
                    for item in items { member(item, key: key, node: itemNode, scope: scope) }
                    return
                }
                let name = node.name ?? key
                element(name, node: node, scope: scope) { writer, scope in
                    for item in items { writer.member(item, key: name, node: itemNode, scope: scope) }
                }
            default:
                element(node.name ?? key, value: value, node: node, scope: scope)
            }
        }

        /// One element for an object (its attributes, then its other members) or a scalar (its text).
        mutating func element(_ name: String, value: JSONValue, node: Node, scope: Scope) {
            guard case let .object(object) = value else {
                element(name, node: node, scope: scope) { writer, _ in
                    if !value.isNull { writer.appendEscaped(value.text, inAttribute: false) }
                }
                return
            }
            var attributes: [(name: String, value: JSONValue, node: Node)] = []
            var children: [(key: String, value: JSONValue, node: Node)] = []
            for (key, member) in object {
                let child = self.node(node.properties[key] ?? node.additionalProperties)
                if child.isAttribute, !member.isContainer {
                    if !member.isNull { attributes.append((child.name ?? key, member, child)) }
                } else {
                    children.append((key, member, child))
                }
            }
            element(name, node: node, scope: scope, attributes: attributes) { writer, scope in
                for child in children { writer.member(child.value, key: child.key, node: child.node, scope: scope) }
            }
        }

        /// `<name …>content</name>`, or `<name …/>` when the content writes nothing; the
        /// element's namespace (and its attributes') declared unless `scope` has them.
        mutating func element(
            _ name: String, node: Node, scope: Scope, attributes: [(name: String, value: JSONValue, node: Node)] = [],
            content: (inout Writer, Scope) -> Void
        ) {
            let qualified = qualifiedName(name, prefix: node.prefix)
            var scope = scope
            output.append(UInt8(ascii: "<"))
            output += qualified.utf8
            declare(node.namespace, prefix: node.prefix ?? "", in: &scope)
            for attribute in attributes {
                // An attribute without a prefix is in no namespace.
                if let prefix = attribute.node.prefix { declare(attribute.node.namespace, prefix: prefix, in: &scope) }
                output.append(UInt8(ascii: " "))
                output += qualifiedName(attribute.name, prefix: attribute.node.prefix).utf8
                output += "=\"".utf8
                appendEscaped(attribute.value.text, inAttribute: true)
                output.append(UInt8(ascii: "\""))
            }
            output.append(UInt8(ascii: ">"))
            let start = output.count
            content(&self, scope)
            if output.count == start {
                output.removeLast()
                output += "/>".utf8
            } else {
                output += "</".utf8
                output += qualified.utf8
                output.append(UInt8(ascii: ">"))
            }
        }

        /// `prefix:name`, or `name`; a part that is not an XML name fails the document.
        mutating func qualifiedName(_ name: String, prefix: String?) -> String {
            if !XMLLayout.isName(name) || prefix.map(XMLLayout.isName) == false { failed = true }
            return prefix.map { $0 + ":" + name } ?? name
        }

        /// ` xmlns:prefix="namespace"` (` xmlns="namespace"` for `""`), unless `scope` declares it already.
        mutating func declare(_ namespace: String?, prefix: String, in scope: inout Scope) {
            guard let namespace, scope[prefix] != namespace else { return }
            scope[prefix] = namespace
            output += (prefix.isEmpty ? " xmlns=\"" : " xmlns:" + prefix + "=\"").utf8
            appendEscaped(namespace, inAttribute: true)
            output.append(UInt8(ascii: "\""))
        }

        /// Text with XML's escapes; a character XML 1.0 cannot hold fails the document.
        mutating func appendEscaped(_ text: String, inAttribute: Bool) {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": output += "&amp;".utf8
                case "<": output += "&lt;".utf8
                case ">": output += "&gt;".utf8
                case "\"" where inAttribute: output += "&quot;".utf8
                case "\r": output += "&#13;".utf8
                case "\n" where inAttribute: output += "&#10;".utf8
                case "\t" where inAttribute: output += "&#9;".utf8
                case "\n", "\t": output.append(UInt8(scalar.value))
                default:
                    if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { failed = true }
                    UTF8.encode(scalar) { output.append($0) }
                }
            }
        }
    }
}
