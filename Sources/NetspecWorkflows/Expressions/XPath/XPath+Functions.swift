// The functions of the XPath subset (XPath 1.0 § 4): node-set, string, boolean and number
// functions as the subset lists them in XPath.swift.

extension XPathEvaluator {
    func call(_ function: XPath.Function, _ arguments: [XPath.Expression], _ focus: XPath.Focus) -> XPath.Value {
        let values = arguments.map { evaluate($0, focus) }
        /// The first argument as a string, or the context node's string-value without one.
        let text = { values.first.map(string) ?? tree.stringValue(focus.node) }
        switch function {
        case .last: return .number(Double(focus.size))
        case .position: return .number(Double(focus.position))
        case .count: return .number(Double(nodes(values[0]).count))
        case .sum: return .number(nodes(values[0]).reduce(0) { $0 + Self.number(tree.stringValue($1)) })
        case .string: return .string(text())
        case .concat: return .string(values.map(string).joined())
        case .contains: return .boolean(Self.contains(string(values[0]), string(values[1])))
        case .startsWith: return .boolean(string(values[0]).unicodeScalars.starts(with: string(values[1]).unicodeScalars))
        case .stringLength: return .number(Double(text().unicodeScalars.count))
        case .normalizeSpace:
            return .string(text().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " "))
        case .not: return .boolean(!values[0].isTrue)
        case .true: return .boolean(true)
        case .false: return .boolean(false)
        case .boolean: return .boolean(values[0].isTrue)
        case .number: return .number(values.first.map(number) ?? Self.number(tree.stringValue(focus.node)))
        case .name, .localName:
            let node = values.isEmpty ? focus.node : nodes(values[0]).first
            guard let node else { return .string("") }
            let qualified = tree.nodes[node].name
            return .string(function == .name ? qualified : String(qualified.split(separator: ":").last ?? ""))
        }
    }

    /// Whether `text` contains `part`, by Unicode scalars (XPath compares code points).
    private static func contains(_ text: String, _ part: String) -> Bool {
        let haystack = Array(text.unicodeScalars)
        let needle = Array(part.unicodeScalars)
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
