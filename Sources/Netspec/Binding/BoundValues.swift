/// Every parameter's value for one call, by parameter index in declaration order (`nil`: left
/// out), in slots that live on the stack only while the request is built: no array is allocated
/// per call. A `BoundValues` must not outlive the ``withSlots(count:_:)`` call that made it.
struct BoundValues {
    private let slots: UnsafeMutableBufferPointer<BoundValue?>

    /// Runs `body` with `count` empty slots, freed (and their values released) when it returns.
    /// `user` is handed to `body` rather than captured by it, since a captured struct is copied.
    @inline(__always)
    static func withSlots<User, Result>(
        count: Int, for user: User, _ body: (User, BoundValues) throws(ArgumentError) -> Result
    ) throws(ArgumentError) -> Result {
        try withUnsafeTemporaryAllocation(of: BoundValue?.self, capacity: count) { (slots) throws(ArgumentError) -> Result in
            slots.initialize(repeating: nil)
            // Each value is taken out and dropped here, where its type is known: `deinitialize()`
            // would go through the runtime's generic array destroy.
            defer { for index in slots.indices { _ = slots.moveElement(from: index) } }
            return try body(user, BoundValues(slots: slots))
        }
    }

    /// The value of the parameter at an index.
    subscript(index: Int) -> BoundValue? {
        get { slots[index] }
        nonmutating set { slots[index] = newValue }
    }
}
