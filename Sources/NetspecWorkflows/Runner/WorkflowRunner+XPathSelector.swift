// Arazzo 1.1's Selector Object of `type: xpath` used as a value: the XPath subset of criteria
// (XPath.swift) evaluated over the context, an XML document written as text (a response body
// with an XML media type is kept as text), as the jsonpath Selector selects over JSON. A node-set
// gives its nodes' string values (XPath 1.0 § 5: an attribute's value, an element's text, a text
// node's text) — one node its string, several an array of them — and a function's number,
// boolean or string result is that JSON value. What cannot be selected is an error at the
// value's file:line:column, as the jsonpath Selector's is.

import NetspecModel

extension WorkflowRunner {
    /// The value an `xpath` Selector Object selects in `base`.
    static func selectXML(_ selector: Selector, in base: JSONValue) throws -> JSONValue {
        let query = selector.selector.value, context = selector.context.value
        guard case let .string(text) = base else {
            throw SelectionError(message: "an xpath selector selects in an XML document, and \(context) is JSON (\(base.kindName))")
        }
        let xpath: XPath
        do { xpath = try XPath(query) } catch { throw SelectionError(message: "the XPath '\(query)' is not in the XPath subset Netspec runs: \(error)") }
        let tree: XMLTree
        do { tree = try XMLTree(parsing: text) } catch { throw SelectionError(message: "\(context) is not XML: \(error)") }
        switch xpath.evaluate(on: tree) {
        case let .nodes(nodes):
            guard !nodes.isEmpty else { throw SelectionError(message: "the XPath '\(query)' selects nothing in \(context)") }
            let values = nodes.map { JSONValue.string(tree.stringValue($0)) }
            return values.count == 1 ? values[0] : .array(values)
        case let .boolean(value):
            return .bool(value)
        case let .string(value):
            return .string(value)
        case let .number(value):
            guard value.isFinite else { throw SelectionError(message: "the XPath '\(query)' gives \(XPath.string(value)) in \(context), which JSON cannot hold") }
            if let integer = Int(exactly: value) { return .int(integer) }
            return .double(value)
        }
    }
}
