// Arazzo 1.1's XPath replacement targets: a `requestBody` replacement whose `targetSelectorType`
// is `xpath` selects nodes of an XML payload with the XPath subset (XPath.swift) and replaces
// their text with the value — an element's content (one without child elements), an
// attribute's value, a text node. The payload is rewritten in place, span by span, so what the
// target does not select (the declaration, comments, namespaces, spacing) is sent as written,
// and the value is escaped for where it goes (XMLEscaping: `&`, `<`, `>`; in an attribute also
// its quote).

import NetspecModel

extension XMLTree {
    /// `text` with the text of every node `target` selects replaced by `value`.
    ///
    /// - Throws: ``XMLReplacementError`` when the payload is not XML, the target gives no nodes
    ///   or selects one that has no text of its own to replace, or the value cannot be XML.
    static func replacing(in text: String, target: XPath, with value: String) throws(XMLReplacementError) -> String {
        let scalars = Array(text.unicodeScalars)
        let tree: XMLTree
        do { tree = try XMLTree(scalars: scalars) } catch { throw XMLReplacementError(message: "the payload is not XML: \(error)") }
        guard case let .nodes(selected) = target.evaluate(on: tree) else {
            throw XMLReplacementError(message: "the XPath '\(target.text)' gives a value, not nodes: a target is a location path (/order/line, //item/@qty)")
        }
        guard !selected.isEmpty else { throw XMLReplacementError(message: "the XPath '\(target.text)' selects nothing in the payload to replace") }
        var found: [(span: Range<Int>, text: String)] = []
        for index in selected { found.append(try tree.edit(of: index, setting: value, in: scalars, target: target)) }
        // In the text's order (an element's attributes come before its content); a text node
        // inside an element whose content is replaced too is covered by the element's edit.
        var edits: [(span: Range<Int>, text: String)] = []
        for edit in found.sorted(by: { $0.span.lowerBound < $1.span.lowerBound }) {
            if let last = edits.last, !last.span.isEmpty, edit.span.upperBound <= last.span.upperBound { continue }
            edits.append(edit)
        }
        var output = String.UnicodeScalarView()
        var position = 0
        for edit in edits {
            output.append(contentsOf: scalars[position..<edit.span.lowerBound])
            output.append(contentsOf: edit.text.unicodeScalars)
            position = edit.span.upperBound
        }
        output.append(contentsOf: scalars[position...])
        return String(output)
    }

    /// What replaces node `index`'s span so that its text is `value`.
    private func edit(of index: Int, setting value: String, in scalars: [Unicode.Scalar], target: XPath) throws(XMLReplacementError) -> (span: Range<Int>, text: String) {
        let node = nodes[index]
        switch node.kind {
        case .document:
            throw XMLReplacementError(message: "the XPath '\(target.text)' selects the document node: a target selects elements, attributes or text nodes")
        case .element:
            if let child = node.children.first(where: { nodes[$0].kind == .element }) {
                throw XMLReplacementError(
                    message: "the XPath '\(target.text)' selects the element '\(node.name)', which holds the element '\(nodes[child].name)': a replacement sets the text of an element without child elements, of an attribute or of a text node")
            }
            let escaped = try Self.escaped(value, inAttribute: false)
            return (node.span, node.isEmptyTag ? ">\(escaped)</\(node.name)>" : escaped)
        case .attribute:
            var escaped = try Self.escaped(value, inAttribute: true)
            // XMLEscaping writes `"` as a reference; a value quoted with `'` needs `'` as one too.
            if scalars[node.span.lowerBound - 1] == "'" { escaped = escaped.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "&apos;") }
            return (node.span, escaped)
        case .text:
            return (node.span, try Self.escaped(value, inAttribute: false))
        }
    }

    private static func escaped(_ value: String, inAttribute: Bool) throws(XMLReplacementError) -> String {
        var output: [UInt8] = []
        guard XMLEscaping.append(value, inAttribute: inAttribute, to: &output) else {
            throw XMLReplacementError(message: "the value holds a character XML 1.0 cannot hold (a control character, U+FFFE or U+FFFF)")
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Why an XPath replacement cannot be made.
struct XMLReplacementError: Error, Sendable, CustomStringConvertible {
    let message: String
    var description: String { message }
}
