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

/// The JSON object that `TestHandlers.echo` returns.
struct Echo: Decodable {
    var method: String
    var target: String
    var path: String
    var query: String?
    var version: String
    var headers: [[String]]
    var bodyLength: Int
    var crc32: String
    var bodyBase64: String?
    var bodyText: String?
    var bodyStreamed: Bool

    init(_ response: RawResponse) throws {
        self = try JSONDecoder().decode(Echo.self, from: Data(response.body))
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
