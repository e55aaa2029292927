import NetspecModel

/// Where a string with runtime expressions is written, which says how its expressions are found.
package enum ExpressionForm: Sendable {
    /// A value (`value`, `payload`, a replacement's `value`): the whole string is an expression
    /// when it starts with `$`, else each embedded `{$…}` is one.
    case value
    /// An expression and nothing else (`outputs`, a selector's `context`).
    case expression
    /// A criterion's `context`: an expression, with the `.name`, `[0]` and `['name']`
    /// de-references a `simple` condition's operands may have (``Criterion`` reads it so).
    case context
    /// A `simple` criterion's `condition`: each `$…` operand (up to a space, an operator or a
    /// parenthesis, its de-references included) is an expression.
    case condition
    /// A `regex`, `jsonpath` or `xpath` criterion's `condition`: each embedded `{$…}` is an
    /// expression, even when the string starts with `$` (a JSONPath query does).
    case embedded
}

/// The runtime expressions found in a string, and what is wrong with them.
package struct ExpressionScan: Sendable {
    /// Each expression, at the place of the string that holds it.
    package var expressions: [Located<String>] = []
    /// Each problem, at the place of the string that holds it.
    package var problems: [Located<String>] = []
}

/// The roots a runtime expression starts with (Arazzo's ABNF), those that take a `.…` tail and
/// those that stand alone; 1.1 adds `$message.` for AsyncAPI steps.
private let rootsWithTail = ["request", "response", "inputs", "outputs", "steps", "workflows", "sourceDescriptions", "components"]
private let bareRoots = ["url", "method", "statusCode", "self"]

/// Checks the runtime expressions of a string: that each starts with `$` and a known root, has a
/// tail where its root needs one, and that embedded `{$…}` are closed (the messages a user most
/// often needs, with near names); then that each parses by Arazzo's ABNF (`RuntimeExpression`) —
/// an operand of a `simple` condition and a criterion's `context` by the condition's own parser,
/// which takes `.name`, `[0]` and `['name']` after the expression — and that a `simple`
/// condition parses as a whole (`Condition`). `$message.…` (1.1's AsyncAPI steps, which load
/// but do not run) gets only the first checks. An operand's expression is found without its
/// de-references (`$steps.s.outputs.list` of `$steps.s.outputs.list[0].id`).
///
/// - Parameters:
///   - text: The string, with its place.
///   - form: How its expressions are found.
///   - allowsMessage: Whether `$message.…` (Arazzo 1.1's AsyncAPI steps) is a root.
package func checkExpressions(_ text: Located<String>, form: ExpressionForm, allowsMessage: Bool) -> ExpressionScan {
    var scan = ExpressionScan()
    for written in expressionTexts(text.value, form: form, scan: &scan, at: text) {
        let (expression, problem) = form == .condition || form == .context
            ? operandCheck(written, allowsMessage: allowsMessage)
            : (written, rootProblem(written, allowsMessage: allowsMessage) ?? grammarProblem(written))
        scan.expressions.append(Located(expression, line: text.line, column: text.column))
        if let problem {
            scan.problems.append(Located(problem, line: text.line, column: text.column))
        }
    }
    if form == .condition, scan.problems.isEmpty, !text.value.contains("$message") {
        do { _ = try Condition(text.value) } catch {
            scan.problems.append(Located("condition '\(text.value)': \(error)", line: text.line, column: text.column))
        }
    }
    return scan
}

/// What the ABNF parser finds wrong with an expression whose root is right, or `nil`.
private func grammarProblem(_ expression: String) -> String? {
    if expression.hasPrefix("$message") { return nil }
    do {
        _ = try RuntimeExpression(expression)
        return nil
    } catch {
        return "runtime expression '\(expression)': \(error)"
    }
}

/// An operand of a `simple` condition, or a criterion's `context`, read as the condition reads
/// it (``ConditionParser``): the expression without its de-references, and what is wrong.
private func operandCheck(_ written: String, allowsMessage: Bool) -> (expression: String, problem: String?) {
    if written.hasPrefix("$message") { return (written, rootProblem(written, allowsMessage: allowsMessage)) }
    var parser = ConditionParser(Array(written.unicodeScalars))
    do {
        let expression = try parser.parseContext().expression.text
        return (expression, rootProblem(expression, allowsMessage: allowsMessage))
    } catch {
        return (written, rootProblem(written, allowsMessage: allowsMessage) ?? "runtime expression '\(written)': \(error)")
    }
}

/// The expressions of a string by its form; an unclosed `{$` is a problem.
private func expressionTexts(_ value: String, form: ExpressionForm, scan: inout ExpressionScan, at text: Located<String>) -> [String] {
    switch form {
    case .expression, .context:
        return [value]
    case .value where value.hasPrefix("$"):
        return [value]
    case .value, .embedded:
        var found: [String] = []
        var rest = Substring(value)
        while let open = rest.firstRange(of: "{$") {
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                scan.problems.append(Located("'\(value)' has a '{$' that is not closed by '}'", line: text.line, column: text.column))
                break
            }
            found.append(String(rest[rest.index(after: open.lowerBound)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    case .condition:
        let stops: Set<Character> = [" ", "\t", "\n", "=", "!", "<", ">", "&", "|", "(", ")", "'", "\""]
        var found: [String] = []
        var index = value.startIndex
        var quoted = false
        while index < value.endIndex {
            let character = value[index]
            if character == "'" { quoted.toggle() }
            if character == "$", !quoted {
                // Up to a stop; a `[…]` de-reference whole, its `'quoted'` name included.
                var end = index
                while end < value.endIndex, !stops.contains(value[end]) {
                    end = value[end] == "[" ? closingBracket(in: value, from: end) : value.index(after: end)
                }
                found.append(String(value[index..<end]))
                index = end
                continue
            }
            index = value.index(after: index)
        }
        return found
    }
}

/// Just past the `]` that closes the `[` at `open` (a `]` in a `'quoted'` name does not), or the end.
private func closingBracket(in value: String, from open: String.Index) -> String.Index {
    var index = value.index(after: open)
    var quoted = false
    while index < value.endIndex {
        let character = value[index]
        index = value.index(after: index)
        if character == "'" { quoted.toggle() } else if character == "]", !quoted { return index }
    }
    return index
}

/// What is wrong with one expression's root, or `nil`.
private func rootProblem(_ expression: String, allowsMessage: Bool) -> String? {
    guard expression.hasPrefix("$") else {
        return "'\(expression)' is not a runtime expression: it starts with '$' ($inputs.…, $steps.…, $response.body…)"
    }
    let body = expression.dropFirst()
    let root = body.prefix { $0 != "." && $0 != "#" }
    let tails = allowsMessage ? rootsWithTail + ["message"] : rootsWithTail
    if bareRoots.contains(String(root)) {
        return root.count == body.count ? nil : "runtime expression '\(expression)': '$\(root)' takes nothing after it"
    }
    if tails.contains(String(root)) {
        let tail = body.dropFirst(root.count)
        if root == "response" || root == "request" || root == "message", tail.hasPrefix(".body") || tail.hasPrefix(".payload") { return nil }
        return tail.count > 1 && tail.hasPrefix(".") ? nil : "runtime expression '\(expression)': '$\(root)' needs a name after it ('$\(root).NAME')"
    }
    let known = (bareRoots + tails).map { "$" + $0 }
    let hint = Suggestions.hint(for: "$" + root, in: known)
    return "runtime expression '\(expression)': unknown root '$\(root)'" + (hint.isEmpty ? " (expected one of \(known.joined(separator: ", ")))" : hint)
}
