import NIOConcurrencyHelpers

/// One request's place on an event loop chosen by a ``LoopBalancer``, given back when the last
/// reference to the lease goes: for a whole response once it has been read, for a stream when
/// its body (and every iterator over it) has been dropped.
final class LoopLease: Sendable {
    /// The index of the loop.
    let loop: Int
    private let balancer: NIOLockedValueBox<LoopBalancer>

    /// Takes the least busy loop of `balancer`.
    init(balancer: NIOLockedValueBox<LoopBalancer>) {
        self.balancer = balancer
        loop = balancer.withLockedValue { $0.acquire() }
    }

    deinit {
        balancer.withLockedValue { $0.release(loop) }
    }
}
