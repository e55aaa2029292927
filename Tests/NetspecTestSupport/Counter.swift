internal import Synchronization

/// An integer shared between handler tasks and the test.
public final class Counter: Sendable {
    private let atomic: Atomic<Int>

    /// A counter starting at `value`.
    public init(_ value: Int = 0) {
        atomic = Atomic(value)
    }

    /// The current value.
    public var value: Int {
        atomic.load(ordering: .relaxed)
    }

    /// Replaces the value.
    public func set(_ value: Int) {
        atomic.store(value, ordering: .relaxed)
    }

    /// Adds `amount` to the value.
    public func add(_ amount: Int) {
        atomic.add(amount, ordering: .relaxed)
    }
}
