extension String {
    /// `self == other`, with the UTF-8 lengths compared first. `==` on two short strings that
    /// differ goes through Swift's general comparison, which costs more than the names binding
    /// compares on every call (parameter and header names) are long; most of those differ in
    /// length. Spellings that are canonically equivalent but differ in byte length count as
    /// different, as names read from a spec are compared everywhere else.
    @inline(__always)
    func hasSameText(as other: String) -> Bool {
        utf8.count == other.utf8.count && self == other
    }
}
