/// Applies a parsed JSONPath query to a value (RFC 9535 §2.3): each segment's selectors to each
/// node the previous segment gave, in order. Filters and functions are in
/// `JSONPathEvaluator+Filter.swift`.
struct JSONPathEvaluator {
    typealias Segment = JSONPath.Segment
    typealias Selector = JSONPath.Selector

    /// A node of the result: a value and, when paths are tracked, where it is.
    struct Node {
        var value: JSONValue
        var path: JSONPath.PathLink?
    }

    /// The argument of the query (`$`).
    let root: JSONValue
    /// Whether the top-level query's nodes carry their paths (queries inside filters never do).
    let tracksPaths: Bool
    /// `match` and `search` patterns, compiled once per evaluation; `nil` for one that is not a
    /// valid I-Regexp.
    var patterns: [String: SchemaPattern?] = [:]

    init(root: JSONValue, tracksPaths: Bool) {
        self.root = root
        self.tracksPaths = tracksPaths
    }

    /// The nodes `segments` select from `start`.
    mutating func evaluate(_ segments: [Segment], from start: Node, tracking: Bool? = nil) -> [Node] {
        let tracking = tracking ?? tracksPaths
        var nodes = [start]
        for segment in segments {
            var next: [Node] = []
            for node in nodes {
                if segment.isDescendant {
                    descend(from: node, applying: segment.selectors, tracking: tracking, into: &next)
                } else {
                    for selector in segment.selectors { apply(selector, to: node, tracking: tracking, into: &next) }
                }
            }
            nodes = next
            if nodes.isEmpty { break }
        }
        return nodes
    }

    /// Whether `segments` select any node from `start`: every segment but the last as
    /// ``evaluate(_:from:tracking:)`` runs it, the last one's child selectors stopping at the
    /// first node found (a last descendant segment is evaluated whole).
    mutating func selectsAny(_ segments: [Segment], from start: Node) -> Bool {
        guard let last = segments.last, !last.isDescendant else { return !evaluate(segments, from: start, tracking: false).isEmpty }
        return selectsAny(segments, at: 0, in: start.value)
    }

    /// Whether `segments[index...]` select any node from `value`, depth first: a segment of one
    /// name or index goes to its child with no array of nodes made (issue 54's step cost: the
    /// arrays were 3 of a step's mallocs), any other is applied as ``evaluate(_:from:tracking:)`` does.
    private mutating func selectsAny(_ segments: [Segment], at index: Int, in value: JSONValue) -> Bool {
        let segment = segments[index]
        if index == segments.count - 1 {
            for selector in segment.selectors where hasChild(selected: selector, in: value) { return true }
            return false
        }
        if !segment.isDescendant, segment.selectors.count == 1 {
            switch (segment.selectors[0], value) {
            case let (.name(name), .object(object)):
                guard let child = object[name] else { return false }
                return selectsAny(segments, at: index + 1, in: child)
            case let (.index(position), .array(items)):
                let position = position >= 0 ? position : items.count + position
                guard items.indices.contains(position) else { return false }
                return selectsAny(segments, at: index + 1, in: items[position])
            case (.name, _), (.index, _): return false
            default: break
            }
        }
        var children: [Node] = []
        let node = Node(value: value, path: nil)
        if segment.isDescendant {
            descend(from: node, applying: segment.selectors, tracking: false, into: &children)
        } else {
            for selector in segment.selectors { apply(selector, to: node, tracking: false, into: &children) }
        }
        for child in children where selectsAny(segments, at: index + 1, in: child.value) { return true }
        return false
    }

    /// Whether one selector selects any child of `value` (§2.3.1–2.3.5), as `apply` would.
    private mutating func hasChild(selected selector: Selector, in value: JSONValue) -> Bool {
        switch (selector, value) {
        case let (.name(name), .object(object)): object[name] != nil
        case let (.wildcard, .array(items)): !items.isEmpty
        case let (.wildcard, .object(object)): !object.isEmpty
        case let (.index(index), .array(items)): items.indices.contains(index >= 0 ? index : items.count + index)
        case let (.slice(start, end, step), .array(items)): Self.slice(count: items.count, start: start, end: end, step: step ?? 1).contains { _ in true }
        case let (.filter(expression), .array(items)): items.contains { test(expression, current: $0) }
        case let (.filter(expression), .object(object)): object.contains { test(expression, current: $0.value) }
        default: false
        }
    }

    /// `..`: the selectors applied to the node, then to each of its descendants in document order.
    private mutating func descend(from node: Node, applying selectors: [Selector], tracking: Bool, into result: inout [Node]) {
        for selector in selectors { apply(selector, to: node, tracking: tracking, into: &result) }
        switch node.value {
        case let .array(items):
            for (index, item) in items.enumerated() {
                descend(from: child(of: node, .index(index), item, tracking), applying: selectors, tracking: tracking, into: &result)
            }
        case let .object(object):
            for member in object {
                descend(from: child(of: node, .name(member.key), member.value, tracking), applying: selectors, tracking: tracking, into: &result)
            }
        default:
            break
        }
    }

    /// One selector applied to one node (§2.3.1–2.3.5).
    private mutating func apply(_ selector: Selector, to node: Node, tracking: Bool, into result: inout [Node]) {
        switch (selector, node.value) {
        case let (.name(name), .object(object)):
            if let value = object[name] { result.append(child(of: node, .name(name), value, tracking)) }
        case let (.wildcard, .array(items)):
            for (index, item) in items.enumerated() { result.append(child(of: node, .index(index), item, tracking)) }
        case let (.wildcard, .object(object)):
            for member in object { result.append(child(of: node, .name(member.key), member.value, tracking)) }
        case let (.index(index), .array(items)):
            let position = index >= 0 ? index : items.count + index
            if items.indices.contains(position) { result.append(child(of: node, .index(position), items[position], tracking)) }
        case let (.slice(start, end, step), .array(items)):
            for position in Self.slice(count: items.count, start: start, end: end, step: step ?? 1) {
                result.append(child(of: node, .index(position), items[position], tracking))
            }
        case let (.filter(expression), .array(items)):
            for (index, item) in items.enumerated() where test(expression, current: item) {
                result.append(child(of: node, .index(index), item, tracking))
            }
        case let (.filter(expression), .object(object)):
            for member in object where test(expression, current: member.value) {
                result.append(child(of: node, .name(member.key), member.value, tracking))
            }
        default:
            // A name of an array, an index of an object, anything of a primitive: nothing.
            break
        }
    }

    private func child(of node: Node, _ component: JSONPath.PathComponent, _ value: JSONValue, _ tracking: Bool) -> Node {
        Node(value: value, path: tracking ? JSONPath.PathLink(parent: node.path, component: component) : nil)
    }

    /// The indexes a slice selects in an array of `count` elements, in order (§2.3.4.2.2).
    static func slice(count: Int, start: Int?, end: Int?, step: Int) -> StrideTo<Int> {
        func normalized(_ index: Int) -> Int { index >= 0 ? index : count + index }
        if step > 0 {
            let lower = min(max(normalized(start ?? 0), 0), count)
            let upper = min(max(normalized(end ?? count), 0), count)
            return stride(from: lower, to: upper, by: step)
        }
        if step == 0 { return stride(from: 0, to: 0, by: 1) }
        let upper = min(max(normalized(start ?? count - 1), -1), count - 1)
        let lower = min(max(end.map(normalized) ?? -1, -1), count - 1)
        return stride(from: upper, to: lower, by: step)
    }
}
