extension JSONPath {
    /// One step of a path: a member's name or an element's index.
    public enum PathComponent: Sendable, Hashable {
        /// A member of an object, by its name.
        case name(String)
        /// An element of an array, by its index from 0.
        case index(Int)
    }
}
