internal import NIOConcurrencyHelpers

/// Values recorded by handler tasks (or callbacks), read by the test.
public final class Recorder<Value: Sendable>: Sendable {
    private let values = NIOLockedValueBox<[Value]>([])

    /// An empty recorder.
    public init() {}

    /// Appends `value`.
    public func record(_ value: Value) {
        values.withLockedValue { $0.append(value) }
    }

    /// Everything recorded so far, in order.
    public var all: [Value] {
        values.withLockedValue { $0 }
    }
}
