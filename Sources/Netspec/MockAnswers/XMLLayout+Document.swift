// Writing a JSON value as the XML document an XMLLayout (the model's, read from the document's
// `xml` objects) describes: the rules are in XMLLayout's documentation.

import NetspecModel

extension XMLLayout {
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
            if node.placement != .element, !value.isContainer, !value.isNull {
                // OpenAPI 3.2's `nodeType: text`, `cdata` or `none`: in the parent's element.
                if node.placement == .cdata { appendCDATA(value.text) } else { appendEscaped(value.text, inAttribute: false) }
                return
            }
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
            collect(object, node: node, attributes: &attributes, children: &children)
            element(name, node: node, scope: scope, attributes: attributes) { writer, scope in
                for child in children { writer.member(child.value, key: child.key, node: child.node, scope: scope) }
            }
        }

        /// An object's members as the attributes and children of its element; those of a member
        /// whose `nodeType` is `none` (OpenAPI 3.2) as if they were the object's own.
        func collect(
            _ object: JSONObject, node: Node, attributes: inout [(name: String, value: JSONValue, node: Node)],
            children: inout [(key: String, value: JSONValue, node: Node)]
        ) {
            for (key, member) in object {
                let child = self.node(node.properties[key] ?? node.additionalProperties)
                if child.placement == .none, case let .object(inner) = member {
                    collect(inner, node: child, attributes: &attributes, children: &children)
                } else if child.isAttribute, !member.isContainer {
                    if !member.isNull { attributes.append((child.name ?? key, member, child)) }
                } else {
                    children.append((key, member, child))
                }
            }
        }

        /// `<![CDATA[text]]>`, a `]]>` in the text split over two sections; a character XML 1.0
        /// cannot hold fails the document.
        mutating func appendCDATA(_ text: String) {
            output += "<![CDATA[".utf8
            for scalar in text.replacing("]]>", with: "]]]]><![CDATA[>").unicodeScalars {
                if scalar.value < 0x20, scalar != "\n", scalar != "\t", scalar != "\r" { failed = true }
                if scalar.value == 0xFFFE || scalar.value == 0xFFFF { failed = true }
                UTF8.encode(scalar) { output.append($0) }
            }
            output += "]]>".utf8
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

        /// Text with XML's escapes (``XMLEscaping``); a character XML 1.0 cannot hold fails the document.
        mutating func appendEscaped(_ text: String, inAttribute: Bool) {
            if !XMLEscaping.append(text, inAttribute: inAttribute, to: &output) { failed = true }
        }
    }
}
