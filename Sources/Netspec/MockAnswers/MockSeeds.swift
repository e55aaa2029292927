import Synchronization

/// The seeds of dynamic mock answers (values drawn from the document's schemas), one per answer:
/// the n-th answer drawn (counting from 0) gets `base + n`, so answers vary from one request to
/// the next, and a run with the same base replays them.
///
/// A provider keeps one for `netspec call --mock --dynamic` (``Provider/Options/Mocks/seed``), the
/// mock server one for its requests (`netspec mock --dynamic --seed N`).
package final class MockSeeds: Sendable {
    /// The first answer's seed: the one given, else a random one for this process.
    package let base: UInt64
    private let drawn = Atomic<UInt64>(0)

    /// Seeds from `base`, or from a random base when it is `nil`.
    package init(base: UInt64?) {
        self.base = base ?? UInt64.random(in: .min ... .max)
    }

    /// The next answer's seed: `base`, then `base + 1`, … (wrapping around).
    package func next() -> UInt64 {
        base &+ drawn.add(1, ordering: .relaxed).oldValue
    }
}
