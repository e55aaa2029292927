import NetspecModel

/// A run's cases are drawn from the model's SplitMix64 (the mock's generator too), so a seed
/// replays a run on any platform.
typealias SeededRandom = SplitMix64

extension SplitMix64 {
    init(seed: UInt64) { self.init(seed) }

    /// The seed of an operation's cases: the run's seed mixed with the operation's name, so that
    /// adding or leaving out an operation does not change another's requests.
    static func seed(_ seed: UInt64, for name: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        var random = SplitMix64(seed ^ hash)
        return random.next()
    }
}
