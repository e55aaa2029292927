// Reading a runtime expression by the Arazzo ABNF (1.1.0 § Runtime Expressions, which 1.0.1's
// grammar is a looser form of). Where an expression ends depends on where it is written: a
// whole value runs to the end of the text, an embedded `{$…}` to its `}`, and an operand of a
// `simple` condition to white space or an operator character (`( ) [ ] < > = ! & |`), since the
// ABNF's `name`, `token` and JSON pointer would otherwise take the rest of the condition.

import NetspecModel

/// Reads one runtime expression from `scalars` at `position`.
struct RuntimeExpressionParser: ScalarScanning {
    /// Where the expression is written, which says where it ends.
    enum Mode {
        /// The whole text.
        case whole
        /// Inside `{…}`: it ends at `}`.
        case embedded
        /// An operand of a `simple` condition: it ends at white space or an operator character.
        case operand
    }

    let scalars: [Unicode.Scalar]
    let mode: Mode
    var position: Int

    init(_ scalars: [Unicode.Scalar], at position: Int = 0, mode: Mode) {
        self.scalars = scalars
        self.mode = mode
        self.position = position
    }

    func error(_ message: String, at column: Int? = nil) -> ExpressionParseError {
        ExpressionParseError(column: (column ?? position) + 1, message: message)
    }

    var atEnd: Bool { position >= scalars.count || endsHere(scalars[position]) }

    /// Whether `scalar` ends the expression in this mode.
    func endsHere(_ scalar: Unicode.Scalar) -> Bool {
        switch mode {
        case .whole: false
        case .embedded: scalar == "}"
        case .operand: scalar.properties.isWhitespace || "()[]<>=!&|".unicodeScalars.contains(scalar)
        }
    }

    mutating func parseExpression() throws(ExpressionParseError) -> RuntimeExpression {
        let start = position
        guard position < scalars.count, scalars[position] == "$" else { throw error("expected a runtime expression starting with '$'") }
        position += 1
        let word = take { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
        let reference = try parseReference(word, at: start)
        return RuntimeExpression(text: String(String.UnicodeScalarView(scalars[start..<position])), reference: reference)
    }

    private mutating func parseReference(_ word: String, at start: Int) throws(ExpressionParseError) -> RuntimeExpression.Reference {
        switch word {
        case "url": return .url
        case "method": return .method
        case "statusCode": return .statusCode
        case "self": return .self
        case "request": try expect(".", after: "'$request'"); return .request(try parseMessagePart("$request."))
        case "response": try expect(".", after: "'$response'"); return .response(try parseMessagePart("$response."))
        case "inputs":
            try expect(".", after: "'$inputs'")
            return .inputs(name: try identifier(after: "$inputs."), pointer: try optionalPointer())
        case "outputs":
            try expect(".", after: "'$outputs'")
            return .outputs(name: try identifier(after: "$outputs."), pointer: try optionalPointer())
        case "steps": return try parseSteps()
        case "workflows": return try parseWorkflows()
        case "sourceDescriptions":
            try expect(".", after: "'$sourceDescriptions'")
            let name = try identifier(after: "$sourceDescriptions.", strict: true)
            try expect(".", after: "the source description name '\(name)'")
            let reference = takeName()
            guard !reference.isEmpty else { throw error("expected a field or operation of source description '\(name)', such as 'url'") }
            return .sourceDescription(name: name, reference: reference)
        case "components": return try parseComponents()
        case "message": throw error("'$message' expressions are for AsyncAPI operations, which Netspec does not run", at: start)
        default:
            let known = "$url, $method, $statusCode, $request., $response., $inputs., $outputs., $steps., $workflows., $sourceDescriptions., $components. or $self"
            throw error(word.isEmpty ? "expected a name after '$': \(known)" : "unknown runtime expression '$\(word)': expected \(known)", at: start)
        }
    }

    private mutating func parseMessagePart(_ prefix: String) throws(ExpressionParseError) -> RuntimeExpression.MessagePart {
        let word = take { ("a"..."z").contains($0) }
        switch word {
        case "header":
            try expect(".", after: "'\(prefix)header'")
            let inCondition = mode == .operand
            let token = take { Self.isTokenCharacter($0) && !(inCondition && "!&|".unicodeScalars.contains($0)) }
            guard !token.isEmpty else { throw error("expected a header name (an RFC 9110 token) after '\(prefix)header.'") }
            return .header(token)
        case "query", "path":
            try expect(".", after: "'\(prefix)\(word)'")
            let name = takeName()
            guard !name.isEmpty else { throw error("expected a parameter name after '\(prefix)\(word).'") }
            return word == "query" ? .query(name) : .path(name)
        case "body": return .body(pointer: try optionalPointer())
        default:
            throw error("expected 'header.', 'query.', 'path.' or 'body' after '\(prefix)'", at: position - word.unicodeScalars.count)
        }
    }

    private mutating func parseSteps() throws(ExpressionParseError) -> RuntimeExpression.Reference {
        try expect(".", after: "'$steps'")
        let step = try identifier(after: "$steps.", strict: true)
        guard skip(".outputs.") else {
            throw error("expected '.outputs.' after the step id '\(step)'")
        }
        let name = try identifier(after: "$steps.\(step).outputs.")
        return .stepOutput(step: step, name: name, pointer: try optionalPointer())
    }

    private mutating func parseWorkflows() throws(ExpressionParseError) -> RuntimeExpression.Reference {
        try expect(".", after: "'$workflows'")
        let id = try identifier(after: "$workflows.", strict: true)
        let field: RuntimeExpression.WorkflowField
        if skip(".inputs.") { field = .inputs } else if skip(".outputs.") { field = .outputs } else {
            throw error("expected '.inputs.' or '.outputs.' after the workflow id '\(id)'")
        }
        let name = try identifier(after: "$workflows.\(id).\(field.rawValue).")
        return .workflow(id: id, field: field, name: name, pointer: try optionalPointer())
    }

    private mutating func parseComponents() throws(ExpressionParseError) -> RuntimeExpression.Reference {
        try expect(".", after: "'$components'")
        let start = position
        let word = take { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
        guard let kind = RuntimeExpression.ComponentKind(rawValue: word) else {
            throw error("expected 'inputs', 'parameters', 'successActions' or 'failureActions' after '$components.'", at: start)
        }
        try expect(".", after: "'$components.\(word)'")
        return .component(kind: kind, name: try identifier(after: "$components.\(word)."))
    }

    // MARK: - Pieces

    /// `identifier` (letters, digits, `.`, `-`, `_`), or `identifier-strict` (no dots).
    private mutating func identifier(after prefix: String, strict: Bool = false) throws(ExpressionParseError) -> String {
        let name = take { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || (!strict && $0 == ".") }
        guard !name.isEmpty else {
            let allowed = strict ? "letters, digits, '-' and '_'" : "letters, digits, '.', '-' and '_'"
            throw error("expected a name (\(allowed)) after '\(prefix)'")
        }
        return name
    }

    /// `["#" json-pointer]`: the tokens, unescaped, or `nil` without `#`.
    private mutating func optionalPointer() throws(ExpressionParseError) -> [String]? {
        guard position < scalars.count, scalars[position] == "#" else { return nil }
        position += 1
        var tokens: [String] = []
        while !atEnd {
            guard scalars[position] == "/" else { throw error("expected '/' to start a JSON pointer token") }
            position += 1
            var token = String.UnicodeScalarView()
            while !atEnd, scalars[position] != "/" {
                let scalar = scalars[position]
                if scalar == "{" || scalar == "}" { throw error("'\(scalar)' cannot be written in a JSON pointer") }
                if scalar == "~" {
                    guard position + 1 < scalars.count, scalars[position + 1] == "0" || scalars[position + 1] == "1" else {
                        throw error("'~' in a JSON pointer must be followed by '0' (for '~') or '1' (for '/')")
                    }
                    token.append(scalars[position + 1] == "0" ? "~" : "/")
                    position += 2
                } else {
                    token.append(scalar)
                    position += 1
                }
            }
            tokens.append(String(token))
        }
        return tokens
    }

    /// The ABNF's `name`: every character up to where the expression ends (see ``Mode``).
    private mutating func takeName() -> String { take { _ in true } }

    /// The scalars at `position` while `accept` holds and the expression does not end.
    private mutating func take(_ accept: (Unicode.Scalar) -> Bool) -> String {
        var view = String.UnicodeScalarView()
        while !atEnd, accept(scalars[position]) {
            view.append(scalars[position])
            position += 1
        }
        return String(view)
    }

    private mutating func expect(_ literal: String, after what: String? = nil) throws(ExpressionParseError) {
        guard skip(literal) else {
            let found = position < scalars.count ? "'\(scalars[position])'" : "the end"
            throw error("expected '\(literal)'\(what.map { " after \($0)" } ?? "") but found \(found)")
        }
    }

    /// RFC 9110 `tchar`.
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && HTTPToken.isCharacter(UInt8(scalar.value))
    }
}
