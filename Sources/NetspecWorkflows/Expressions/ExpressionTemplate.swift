// A value a workflow writes where runtime expressions may stand: a whole expression
// (`$inputs.petId`, keeping the value's type) or a string with expressions embedded in `{…}`
// (`Bearer {$steps.login.outputs.token}`, always a string). Only `{$` opens an embedded
// expression: any other brace is text, so JSON written in a string, or a regex's `\d{2}`, needs
// no escaping (the 1.1 ABNF's `literal-char` excludes braces; no document escapes them).

package import NetspecModel

/// A string that may be, or may embed, runtime expressions.
///
/// ```swift
/// let header = try ExpressionTemplate("Bearer {$steps.login.outputs.token}")
/// let value = try header.evaluate(in: context)      // .string("Bearer eyJ…")
/// ```
package struct ExpressionTemplate: Sendable, Hashable, CustomStringConvertible {
    /// A piece of the template.
    package enum Part: Sendable, Hashable {
        /// Text, as written.
        case text(String)
        /// `{$…}`: an embedded expression.
        case embedded(RuntimeExpression)
    }

    /// The template as written.
    package let text: String
    /// The whole value is this expression (the text starts with `$`).
    package let expression: RuntimeExpression?
    /// Otherwise its pieces, in order.
    package let parts: [Part]

    /// Reads `text`: one runtime expression when it starts with `$`, else text with `{$…}` expressions.
    ///
    /// - Throws: ``ExpressionParseError`` with the column in `text`.
    package init(_ text: String) throws(ExpressionParseError) {
        self.text = text
        if text.unicodeScalars.first == "$" {
            expression = try RuntimeExpression(text)
            parts = []
            return
        }
        expression = nil
        parts = try Self.parts(of: Array(text.unicodeScalars))
    }

    /// Reads `text` as text with `{$…}` expressions, even when it starts with `$`: a JSONPath
    /// query or a regex condition with embedded expressions.
    package init(embeddedIn text: String) throws(ExpressionParseError) {
        self.text = text
        expression = nil
        parts = try Self.parts(of: Array(text.unicodeScalars))
    }

    /// Whether the template is text alone, with no expression.
    package var isText: Bool { expressions.isEmpty }

    /// Every runtime expression in the template, in order.
    package var expressions: [RuntimeExpression] {
        if let expression { return [expression] }
        return parts.compactMap { if case let .embedded(expression) = $0 { expression } else { nil } }
    }

    package var description: String { text }

    /// The value: a whole expression's value with its type, else the string with each embedded
    /// expression's value written in (see ``embeddedText(_:)``).
    package func evaluate(in context: ExpressionContext) throws(ExpressionError) -> JSONValue {
        if let expression { return try expression.evaluate(in: context) }
        return .string(try render(in: context))
    }

    /// The text with each embedded expression's value written in; a whole expression's value as text.
    package func render(in context: ExpressionContext) throws(ExpressionError) -> String {
        if let expression { return Self.embeddedText(try expression.evaluate(in: context)) }
        var output = ""
        for part in parts {
            switch part {
            case let .text(text): output += text
            case let .embedded(expression): output += Self.embeddedText(try expression.evaluate(in: context))
            }
        }
        return output
    }

    /// A value written into a string (1.1 § Runtime Expressions): a string as it is, a number,
    /// boolean or `null` as its JSON text, an object or array as compact JSON.
    package static func embeddedText(_ value: JSONValue) -> String {
        if case let .string(string) = value { return string }
        return value.description
    }

    /// The pieces of `scalars`: text, and `{$…}` expressions each up to its `}`.
    static func parts(of scalars: [Unicode.Scalar]) throws(ExpressionParseError) -> [Part] {
        var parts: [Part] = []
        var text = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "{", index + 1 < scalars.count, scalars[index + 1] == "$" else {
                text.append(scalars[index])
                index += 1
                continue
            }
            if !text.isEmpty { parts.append(.text(String(text))) }
            text = String.UnicodeScalarView()
            var parser = RuntimeExpressionParser(scalars, at: index + 1, mode: .embedded)
            let expression = try parser.parseExpression()
            guard parser.position < scalars.count, scalars[parser.position] == "}" else {
                if parser.position < scalars.count {
                    throw parser.error("unexpected '\(scalars[parser.position])' after the embedded expression '\(expression.text)'; expected '}'")
                }
                throw ExpressionParseError(column: index + 1, message: "the embedded expression '{\(expression.text)' is not closed by '}'")
            }
            parts.append(.embedded(expression))
            index = parser.position + 1
        }
        if !text.isEmpty { parts.append(.text(String(text))) }
        return parts
    }
}
