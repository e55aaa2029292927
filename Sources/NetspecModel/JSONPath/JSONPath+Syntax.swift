/// The syntax tree of a JSONPath query (RFC 9535 §2.3–2.5), as `JSONPathParser` reads it and
/// `JSONPathEvaluator` applies it. Only well-typed trees are made: a function's arguments and
/// result are checked against §2.4's type system when the query is parsed.
extension JSONPath {
    /// A segment: selectors applied to each input node's children, or to the node and all its
    /// descendants (`..`).
    struct Segment: Sendable, Hashable {
        var isDescendant: Bool
        var selectors: [Selector]
    }

    /// One selector of a segment (§2.3).
    enum Selector: Sendable, Hashable {
        /// `'name'`, `.name`: an object's member of that name.
        case name(String)
        /// `*`: every child.
        case wildcard
        /// `3`, `-1`: an array's element, negative from the end.
        case index(Int)
        /// `start:end:step`, each optional.
        case slice(start: Int?, end: Int?, step: Int?)
        /// `?expression`: the children for which the expression is true.
        case filter(LogicalExpression)
    }

    /// A query inside a filter: relative to the current node (`@`) or absolute (`$`).
    struct Query: Sendable, Hashable {
        var isAbsolute: Bool
        var segments: [Segment]

        /// Only child segments of one name or index selector: at most one node (§2.3.5.1).
        var isSingular: Bool {
            segments.allSatisfy { segment in
                guard !segment.isDescendant, segment.selectors.count == 1 else { return false }
                switch segment.selectors[0] {
                case .name, .index: return true
                default: return false
                }
            }
        }
    }

    /// An expression of LogicalType (§2.4.1): what a filter tests.
    indirect enum LogicalExpression: Sendable, Hashable {
        case or([LogicalExpression])
        case and([LogicalExpression])
        case not(LogicalExpression)
        case comparison(Comparable, ComparisonOperator, Comparable)
        /// A query as a test: true when it selects at least one node.
        case exists(Query)
        /// A function whose result is LogicalType, or NodesType tested for being non-empty.
        case function(FunctionCall)
    }

    /// A side of a comparison (§2.3.5.1): a literal, a singular query or a function of ValueType.
    enum Comparable: Sendable, Hashable {
        case literal(JSONValue)
        case query(Query)
        case function(FunctionCall)
    }

    enum ComparisonOperator: String, Sendable, Hashable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    /// A call of one of the function extensions (§2.4.4–2.4.8) with arguments of the types it takes.
    struct FunctionCall: Sendable, Hashable {
        var function: Function
        var arguments: [Argument]
    }

    /// A function argument as its parameter's type declares it.
    enum Argument: Sendable, Hashable {
        /// ValueType: a literal, a singular query's value, or a ValueType function's result.
        case value(Comparable)
        /// NodesType: the nodes a query selects.
        case nodes(Query)
        /// LogicalType.
        case logical(LogicalExpression)
    }

    /// The declared types of §2.4.1.
    enum FunctionType: Sendable, Hashable {
        case value, logical, nodes
    }

    /// The function extensions the RFC defines.
    enum Function: String, Sendable, Hashable, CaseIterable {
        case length, count, match, search, value

        var parameters: [FunctionType] {
            switch self {
            case .length: [.value]
            case .count, .value: [.nodes]
            case .match, .search: [.value, .value]
            }
        }

        var result: FunctionType {
            switch self {
            case .length, .count, .value: .value
            case .match, .search: .logical
            }
        }
    }
}
