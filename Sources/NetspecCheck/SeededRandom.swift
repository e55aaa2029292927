/// SplitMix64 (Steele, Lea and Flood, 2014): a small generator whose whole state is one word, so
/// a seed replays a run on any platform (the standard library's generator is not seedable).
struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed of an operation's cases: the run's seed mixed with the operation's name, so that
    /// adding or leaving out an operation does not change another's requests.
    static func seed(_ seed: UInt64, for name: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        var random = SeededRandom(seed: seed ^ hash)
        return random.next()
    }
}
