// What the runtime expression, condition, XPath and XML readers share: a position in an array of
// Unicode scalars, a literal taken when it is next, and white space passed over. Each reader keeps
// its own grammar and errors; only these steps were the same in all four.

/// A reader over Unicode scalars: the `scalars` it reads and the `position` it has reached.
protocol ScalarScanning {
    /// The text, as Unicode scalars.
    var scalars: [Unicode.Scalar] { get }
    /// The index of the next scalar to read.
    var position: Int { get set }
}

extension ScalarScanning {
    /// Takes `literal` when it comes next, and says whether it did; the position is unchanged when not.
    mutating func skip(_ literal: String) -> Bool {
        var index = position
        for scalar in literal.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        position = index
        return true
    }

    /// Passes over white space (space, tab, carriage return, line feed: XML's `S` and XPath's
    /// `ExprWhitespace`), and says whether there was any.
    @discardableResult
    mutating func skipSpaces() -> Bool {
        let start = position
        while position < scalars.count, [" ", "\t", "\r", "\n"].contains(scalars[position]) { position += 1 }
        return position > start
    }

    /// Passes over white space, then takes `literal` when it comes next (an operator or a symbol).
    mutating func skipToken(_ literal: String) -> Bool {
        skipSpaces()
        return skip(literal)
    }
}
