// MARK: - Mark

/// A position in a source document. Lines and columns start at 1.
///
/// Columns count Unicode scalars (characters as libyaml counts them), not bytes, so a
/// mark lines up with what an editor shows for the line. A leading UTF-8 byte order mark
/// is not counted.
///
/// Marks order by line, then by column, and print the way compilers do: `12:7`.
///
/// A node's record stores a mark's line and column in 8 bytes (every parsed node carries one);
/// lines and columns beyond `Int32.max` are clamped. A node an overlay added to a document also
/// names the overlay's file (``file``), so a problem found in it points there.
package struct Mark: Sendable, Hashable, Comparable, CustomStringConvertible {
    private var storedLine: Int32
    private var storedColumn: Int32
    /// The file the position is in when it is not the document being read: the overlay that
    /// added the node (see ``Overlay``); `nil` for the document itself.
    package var file: String?

    /// The 1-based line number.
    package var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    /// The 1-based column number, in Unicode scalars.
    package var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    /// Creates a mark from a 1-based line and column.
    package init(line: Int, column: Int, file: String? = nil) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
        self.file = file
    }

    /// The mark as `line:column`, for example `12:7`.
    package var description: String { "\(line):\(column)" }

    /// Orders marks by line, then by column.
    package static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }
}

// MARK: - Well-known marks

extension Mark {
    /// The first character of a document, `1:1`.
    package static let start = Mark(line: 1, column: 1)
}
