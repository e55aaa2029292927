public import NetspecModel

/// A value as written in a workflow document, with where it is written (1-based line and column),
/// so that every error about it — at load or while running — can say file:line:column.
public struct Located<Value: Sendable>: Sendable {
    /// The value.
    public let value: Value
    /// The 1-based line where it is written.
    public let line: Int
    /// The 1-based column where it is written.
    public let column: Int

    /// A value at a place.
    public init(_ value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }

    /// A value at a mark of the YAML tree.
    package init(_ value: Value, at mark: Mark) {
        self.init(value, line: mark.line, column: mark.column)
    }

    /// Where the value is written, as a mark of the YAML tree.
    package var mark: Mark { Mark(line: line, column: column) }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}

/// A value of a workflow document that may hold runtime expressions: a parameter's or a
/// replacement's `value`, a `requestBody` `payload`, an output, a `correlationId`.
///
/// It is kept as written: the JSON value, and every string inside it that is or embeds a runtime
/// expression (`$inputs.petId`, `"Bearer {$steps.login.outputs.token}"`) with its own place, which
/// is what the checks at load and the runner evaluate. Arazzo 1.1's Selector Object
/// (`{context, selector, type}`) is read into ``selector``.
public struct ArazzoValue: Sendable {
    /// The value as JSON (YAML read by the core schema).
    public let json: JSONValue
    /// Where the value starts.
    public let line: Int
    /// Where the value starts.
    public let column: Int
    /// The Selector Object this value is (Arazzo 1.1), if it is one.
    public let selector: Selector?
    /// Every string inside the value that starts with `$` or embeds `{$…}`, with its place, in
    /// document order.
    public let expressions: [Located<String>]

    package init(json: JSONValue, at mark: Mark, selector: Selector? = nil, expressions: [Located<String>]) {
        self.json = json
        self.line = mark.line
        self.column = mark.column
        self.selector = selector
        self.expressions = expressions
    }

    /// Where the value starts, as a mark of the YAML tree.
    package var mark: Mark { Mark(line: line, column: column) }
}

/// Arazzo 1.1's Selector Object: a `selector` (JSONPath, XPath or JSON Pointer, as `type` says)
/// applied to the value a runtime expression (`context`) gives.
public struct Selector: Sendable {
    /// The runtime expression whose value is selected from (`$response.body`).
    public let context: Located<String>
    /// The selection: a JSONPath query, an XPath expression or a JSON Pointer.
    public let selector: Located<String>
    /// `jsonpath`, `xpath` or `jsonpointer`.
    public let type: String
    /// The version the type's object form names (`rfc9535`, `xpath-30`), if any.
    public let version: String?
}
