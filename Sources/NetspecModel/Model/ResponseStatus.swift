/// What a document declares under a response status as written — a code (`200`), a range
/// (`2XX`) or `default` — and which statuses that covers: ``ResponseSchema``s and
/// ``DeclaredResponse``s are found by it alike.
package protocol DeclaredUnderStatus {
    /// The status as written: `200`, `2XX` or `default`.
    var status: String { get }
}

extension DeclaredUnderStatus {
    /// Whether the status as written covers `code` (`200`; `2XX`; `default` covers all).
    package func covers(_ code: Int) -> Bool {
        if status == "default" { return true }
        if let exact = Int(status) { return exact == code }
        let upper = status.uppercased()
        return upper.count == 3 && upper.hasSuffix("XX") && upper.first.flatMap { $0.wholeNumberValue } == code / 100
    }

    /// How exactly the status covers a code: an exact code (2) before a range (1) before `default` (0).
    var specificity: Int { status == "default" ? 0 : Int(status) == nil ? 1 : 2 }
}

extension Array where Element: DeclaredUnderStatus {
    /// The entries under the most specific status that covers `code` (`200` before `2XX` before
    /// `default`), in order; empty when none covers it.
    package func mostSpecific(covering code: Int) -> [Element] {
        let covering = filter { $0.covers(code) }
        guard let best = covering.map(\.specificity).max() else { return [] }
        return covering.filter { $0.specificity == best }
    }
}
