// `pattern` and `patternProperties` (and Arazzo's `regex` criteria in NetspecWorkflows): ECMA-262
// regular expressions, read once per schema into a syntax tree (SchemaPattern+Tree.swift). A
// pattern without back-references runs on our linear matcher (SchemaPattern+Matcher.swift),
// lookaround included; one with back-references on our backtracking matcher, which stops after
// a budget of steps (SchemaPattern+Backtracker.swift); `\p{…}` asks Swift's `Regex` about one
// code point at a time (SchemaPattern+Regex.swift). The generator walks the tree
// (SchemaGenerator+Strings.swift).

/// A compiled `pattern`: an ECMA-262 regular expression searched for anywhere in a string.
package struct SchemaPattern: Sendable {
    /// The pattern as written.
    let source: String
    /// The syntax tree the generator walks, when the pattern has no lookaround or back-reference.
    let tree: RegexTree?
    /// The program our linear matcher runs.
    let program: RegexProgram?
    /// The program of the backtracking matcher, for patterns with back-references (or too large
    /// for the linear one's memo).
    let backtracker: RegexBacktracker?

    /// Reads `source`; throws a message saying what is wrong and where.
    package init(_ source: String) throws(RegexSyntaxError) {
        self.source = source
        let node: RegexNode
        do {
            node = try RegexParser.parse(Array(source.unicodeScalars))
        } catch {
            throw RegexSyntaxError(message: "'\(source)' is not a regular expression this engine can run (\(error.message))")
        }
        // A program past `RegexProgram.largest` goes to the backtracking matcher (the linear one's
        // memo is the program's size times the text's length, in bits).
        if !node.hasBackreference, node.programSize(limit: RegexProgram.largest) <= RegexProgram.largest {
            self.tree = node.subsetTree
            self.program = RegexProgram(node)
            self.backtracker = nil
        } else {
            self.tree = nil
            self.program = nil
            self.backtracker = RegexBacktracker(node)
        }
    }

    /// Whether the pattern matches somewhere in `text`. A search that runs past the backtracking
    /// matcher's budget counts as no match (``mismatch(_:)`` tells the two apart).
    package func matches(_ text: String) -> Bool {
        if let program { return program.search(text) }
        return backtrackerMatches(text)
    }

    @inline(never)
    private func backtrackerMatches(_ text: String) -> Bool {
        backtracker?.search(text) == .match
    }

    /// Why `text` is not a match: "must match …", or that the search ran past the backtracking
    /// matcher's budget of steps (a pattern that backtracks exponentially on this value).
    package func mismatch(_ text: String) -> String {
        if let backtracker, backtracker.search(text) == .exceeded {
            return "cannot be checked against \(source): the pattern needs more than \(RegexBacktracker.budget.formatted) steps on this value (it backtracks exponentially)"
        }
        return "must match " + source
    }

    /// The result of a search, telling "no match" from "gave up".
    package enum Outcome: Sendable, Equatable {
        case match
        case noMatch
        /// The backtracking matcher ran past its budget of steps.
        case exceeded
    }

    /// Searches `text`: ``matches(_:)`` that tells a search that gave up from one that found nothing.
    package func search(_ text: String) -> Outcome {
        if let program { return program.search(text) ? .match : .noMatch }
        return backtracker?.search(text) ?? .noMatch
    }
}

extension Int {
    /// 1000000 as 1,000,000.
    fileprivate var formatted: String {
        var digits = Array(String(self))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }
}

/// A pattern our reader does not accept.
package struct RegexSyntaxError: Error {
    package var message: String
}

extension RegexNode {
    /// `^`, `$`, `\b`, `\B`: nothing may repeat them.
    var isAssertion: Bool {
        switch self {
        case .start, .end, .wordBoundary: return true
        default: return false
        }
    }
}
