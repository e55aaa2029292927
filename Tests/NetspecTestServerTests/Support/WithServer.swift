import Foundation
import NetspecTestServer
import Synchronization
import Testing

/// Polls `condition` every few milliseconds until it holds or `timeout` passes.
func eventually(
    timeout: Duration = .seconds(5), _ condition: () -> Bool
) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try await Task.sleep(for: .milliseconds(5))
    }
    return true
}

/// What `TestHandlers.echo` answers.
typealias Echo = EchoReport

extension EchoReport {
    /// Decodes a raw response's body.
    init(_ response: RawResponse) throws {
        try self.init(json: response.body)
    }
}


/// An integer shared between a handler task and the test.
final class Counter: Sendable {
    private let atomic: Atomic<Int>

    init(_ value: Int = 0) {
        atomic = Atomic(value)
    }

    var value: Int {
        get { atomic.load(ordering: .relaxed) }
    }

    func set(_ value: Int) {
        atomic.store(value, ordering: .relaxed)
    }

    func add(_ amount: Int) {
        atomic.add(amount, ordering: .relaxed)
    }
}
