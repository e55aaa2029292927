// A small XML 1.0 reader, for `xpath` criteria over XML bodies. Written here because the model has
// no XML reader (XMLLayout in NetspecModel only writes XML for the mock), and Foundation's
// XMLParser lives in FoundationXML, which links libxml2 into the CLI's static binary for one
// feature. It reads what responses hold: the declaration, elements, attributes ('…' or "…"),
// text, CDATA sections, comments and processing instructions (skipped), the five predefined
// entities and character references. A DOCTYPE is skipped with its internal subset; the entities
// it declares are not expanded (one used is an error), so no document can grow by expansion.
// Names are kept as written, prefix included: namespace URIs are not resolved.

/// A parsed XML document: its nodes in document order, the document node first.
struct XMLTree: Sendable {
    enum Kind: Sendable { case document, element, attribute, text }

    struct Node: Sendable {
        let kind: Kind
        /// An element's or attribute's name as written (`pet:name`); empty for text and the document.
        let name: String
        /// A text node's or attribute's value.
        var value: String
        let parent: Int?
        var children: [Int] = []
        var attributes: [Int] = []
        /// Where the node's text is written, in the document's scalars, for a replacement to
        /// rewrite (XMLTree+Replacing.swift): an element's content between its tags (for `<a/>`,
        /// the `/>`), an attribute's value inside its quotes, a text node's characters (a CDATA
        /// section with its markup).
        var span: Range<Int> = 0..<0
        /// Whether an element is written as an empty-element tag, `<a/>`.
        var isEmptyTag = false
    }

    private(set) var nodes: [Node]

    /// Reads `text` as an XML document.
    ///
    /// - Throws: ``XMLSyntaxError`` with the line and column.
    init(parsing text: String) throws(XMLSyntaxError) {
        try self.init(scalars: Array(text.unicodeScalars))
    }

    /// Reads a document given as its Unicode scalars (which the nodes' spans index).
    init(scalars: [Unicode.Scalar]) throws(XMLSyntaxError) {
        var reader = XMLReader(scalars)
        nodes = [Node(kind: .document, name: "", value: "", parent: nil)]
        try reader.readDocument(into: &nodes)
    }

    /// The string-value of a node (XPath 1.0 § 5): the text of every descendant text node, in
    /// order, for the document and elements; the value for text and attributes.
    func stringValue(_ index: Int) -> String {
        let node = nodes[index]
        switch node.kind {
        case .text, .attribute: return node.value
        case .document, .element:
            var output = ""
            appendText(of: index, to: &output)
            return output
        }
    }

    private func appendText(of index: Int, to output: inout String) {
        for child in nodes[index].children {
            if nodes[child].kind == .text { output += nodes[child].value } else { appendText(of: child, to: &output) }
        }
    }
}

/// Why a text is not an XML document this reader reads, and where.
struct XMLSyntaxError: Error, Sendable, CustomStringConvertible {
    let line: Int
    let column: Int
    let message: String
    var description: String { "line \(line), column \(column): \(message)" }
}

/// Reads the document's scalars into nodes.
private struct XMLReader: ScalarScanning {
    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    func error(_ message: String) -> XMLSyntaxError {
        var line = 1
        var column = 1
        for scalar in scalars[0..<min(position, scalars.count)] {
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return XMLSyntaxError(line: line, column: column, message: message)
    }

    mutating func readDocument(into nodes: inout [XMLTree.Node]) throws(XMLSyntaxError) {
        var open: [Int] = [0]
        while position < scalars.count {
            let start = position
            if scalars[position] != "<" {
                let text = try readText()
                guard open.count > 1 else {
                    guard text.unicodeScalars.allSatisfy(\.properties.isWhitespace) else { position = start; throw error("text outside the root element") }
                    continue
                }
                append(XMLTree.Node(kind: .text, name: "", value: text, parent: open.last, span: start..<position), to: &nodes)
            } else if skip("<!--") {
                try skip(past: "-->", what: "comment")
            } else if skip("<![CDATA[") {
                guard open.count > 1 else { throw error("a CDATA section outside the root element") }
                let start = position
                try skip(past: "]]>", what: "CDATA section")
                let text = String(String.UnicodeScalarView(scalars[start..<position - 3]))
                append(XMLTree.Node(kind: .text, name: "", value: text, parent: open.last, span: start - 9..<position), to: &nodes)
            } else if skip("<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if skip("<!DOCTYPE") {
                try skipDoctype()
            } else if skip("</") {
                let name = try readName()
                skipSpaces()
                guard skip(">") else { throw error("expected '>' to end the closing tag '</\(name)'") }
                guard open.count > 1, nodes[open[open.count - 1]].name == name else {
                    position = start
                    throw error(open.count > 1 ? "'</\(name)>' closes '<\(nodes[open[open.count - 1]].name)>'" : "'</\(name)>' closes no element")
                }
                nodes[open[open.count - 1]].span = nodes[open[open.count - 1]].span.lowerBound..<start
                open.removeLast()
            } else {
                if open.count == 1, nodes[0].children.contains(where: { nodes[$0].kind == .element }) { throw error("a second root element") }
                position += 1
                if let element = try readElement(into: &nodes, parent: open[open.count - 1]) { open.append(element) }
            }
        }
        if open.count > 1 { throw error("'<\(nodes[open[open.count - 1]].name)>' is not closed") }
        guard nodes[0].children.contains(where: { nodes[$0].kind == .element }) else { throw error("no root element") }
    }

    /// An element's start tag after `<`; the element's index when it stays open (it is not `<…/>`).
    private mutating func readElement(into nodes: inout [XMLTree.Node], parent: Int) throws(XMLSyntaxError) -> Int? {
        let name = try readName()
        let element = nodes.count
        append(XMLTree.Node(kind: .element, name: name, value: "", parent: parent), to: &nodes)
        while true {
            let spaced = skipSpaces()
            if skip("/>") {
                nodes[element].span = position - 2..<position
                nodes[element].isEmptyTag = true
                return nil
            }
            if skip(">") {
                nodes[element].span = position..<position
                return element
            }
            guard spaced else { throw error("expected white space, '>' or '/>' in the tag '<\(name)'") }
            let attribute = try readName()
            skipSpaces()
            guard skip("=") else { throw error("expected '=' after the attribute '\(attribute)'") }
            skipSpaces()
            guard position < scalars.count, scalars[position] == "\"" || scalars[position] == "'" else { throw error("expected a quoted value for the attribute '\(attribute)'") }
            let quote = scalars[position]
            position += 1
            let valueStart = position
            let value = try readText(until: quote)
            let span = valueStart..<position
            guard skip(String(quote)) else { throw error("the value of the attribute '\(attribute)' is not closed") }
            if nodes[element].attributes.contains(where: { nodes[$0].name == attribute }) { throw error("the attribute '\(attribute)' is repeated") }
            nodes[element].attributes.append(nodes.count)
            nodes.append(XMLTree.Node(kind: .attribute, name: attribute, value: value, parent: element, span: span))
        }
    }

    private func append(_ node: XMLTree.Node, to nodes: inout [XMLTree.Node]) {
        if let parent = node.parent { nodes[parent].children.append(nodes.count) }
        nodes.append(node)
    }

    /// Text up to `<` (or `end`), with entity and character references replaced.
    private mutating func readText(until end: Unicode.Scalar = "<") throws(XMLSyntaxError) -> String {
        var text = String.UnicodeScalarView()
        while position < scalars.count, scalars[position] != end, scalars[position] != "<" {
            guard scalars[position] == "&" else {
                text.append(scalars[position])
                position += 1
                continue
            }
            text.append(try readReference())
        }
        return String(text)
    }

    private mutating func readReference() throws(XMLSyntaxError) -> Unicode.Scalar {
        let start = position
        guard let semicolon = scalars[position...].prefix(12).firstIndex(of: ";") else { throw error("'&' starts no reference; write '&amp;'") }
        let name = String(String.UnicodeScalarView(scalars[(start + 1)..<semicolon]))
        position = semicolon + 1
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let digits = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
            if let digits, let scalar = Unicode.Scalar(digits) { return scalar }
            position = start
            throw error("unknown reference '&\(name);' (declared entities are not expanded)")
        }
    }

    private mutating func readName() throws(XMLSyntaxError) -> String {
        let start = position
        while position < scalars.count, Self.isNameCharacter(scalars[position]) { position += 1 }
        guard position > start, !("0"..."9").contains(scalars[start]), scalars[start] != "-", scalars[start] != "." else { position = start; throw error("expected a name") }
        return String(String.UnicodeScalarView(scalars[start..<position]))
    }

    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "_" || scalar == "-" || scalar == "." || scalar == ":" || scalar.value > 0x7F
    }

    private mutating func skipDoctype() throws(XMLSyntaxError) {
        var depth = 0
        while position < scalars.count {
            let scalar = scalars[position]
            position += 1
            if scalar == "[" { depth += 1 } else if scalar == "]" { depth -= 1 } else if scalar == ">", depth == 0 { return }
        }
        throw error("the DOCTYPE is not closed")
    }

    private mutating func skip(past end: String, what: String) throws(XMLSyntaxError) {
        while position < scalars.count {
            if skip(end) { return }
            position += 1
        }
        throw error("the \(what) is not closed by '\(end)'")
    }
}
