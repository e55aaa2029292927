/// A problem in a service spec, reported compiler-style with the file, line and column where it is.
///
/// ```
/// specs/users.yaml:12:7: error: endpoint 'getUser': parameter 'id': unknown location 'qurey' (did you mean 'query'?)
/// ```
/// When a spec has several problems, the first is described by this value's fields and the
/// rest are in ``additionalErrors``; ``description`` prints them all, one per line.
public struct SpecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The spec's file name as given to the loader (`<spec>` for in-memory specs without a name).
    public var file: String
    /// The 1-based line of the problem.
    public var line: Int
    /// The 1-based column of the problem.
    public var column: Int
    /// What is wrong, with the endpoint and parameter it concerns, e.g.
    /// `endpoint 'getUser': parameter 'id': unknown location 'qurey' (did you mean 'query'?)`.
    public var message: String
    /// Further problems found in the same spec, in source order.
    public var additionalErrors: [SpecError]
    /// Why a document given by URL could not be fetched, when that is the problem (not the
    /// document): the CLI exits as for a call that failed so (`Spec+URL.swift`).
    package var fetchFailure: FetchFailure?
    /// For a read of one endpoint (`only`, `netspec call`'s): the names of the endpoints read,
    /// those with a problem too; all of the document's when none had that name, and the whole
    /// document was read instead, so that the caller can say the name is unknown and suggest one
    /// (``Spec/load(path:only:cache:overlays:strictOverlays:)``); `nil` for a whole read.
    package var endpointNames: [String]?

    /// How the fetch of a document by URL failed.
    package enum FetchFailure: Sendable, Hashable {
        /// It timed out.
        case timeout
        /// The connection or TLS failed, or the answer was cut short.
        case transport
        /// The server answered with this status (not 2xx).
        case status(Int)
    }

    /// Creates a spec error.
    public init(file: String, line: Int, column: Int, message: String, additionalErrors: [SpecError] = []) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.additionalErrors = additionalErrors
    }

    /// This error followed by its ``additionalErrors``, each without further additional errors.
    public var allErrors: [SpecError] {
        var first = self
        first.additionalErrors = []
        return [first] + additionalErrors
    }

    /// The first problem as `file:line:column: error: message` (`file: error: message` when the
    /// problem has no position, such as a file that cannot be read).
    public var diagnostic: String {
        line > 0 ? "\(file):\(line):\(column): error: \(message)" : "\(file): error: \(message)"
    }

    /// Every problem as `file:line:column: error: message`, one per line.
    public var description: String {
        allErrors.map(\.diagnostic).joined(separator: "\n")
    }
}

extension SpecError {
    /// Creates an error at a mark.
    package init(file: String, mark: Mark, message: String) {
        self.init(file: file, line: mark.line, column: mark.column, message: message)
    }

    /// Combines errors into one, sorted by position (stable for equal positions), each said once
    /// (a `$ref` that refers to itself is met by every reader that follows it).
    package static func combining(_ errors: [SpecError]) -> SpecError? {
        var seen = Set<String>()
        let sorted = errors.enumerated().sorted { lhs, rhs in
            (lhs.element.line, lhs.element.column, lhs.offset) < (rhs.element.line, rhs.element.column, rhs.offset)
        }.map(\.element).filter { seen.insert($0.diagnostic).inserted }
        guard var first = sorted.first else { return nil }
        first.additionalErrors = Array(sorted.dropFirst())
        return first
    }
}
