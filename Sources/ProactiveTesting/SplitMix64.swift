/// A small, fast, deterministic random number generator (Steele, Lea and Flood's SplitMix64),
/// for tests whose random inputs must be the same on every run, so that a failure can be
/// replayed from its seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state: the seed, then advanced by every number drawn.
    public var state: UInt64

    /// A generator that draws the same numbers for the same seed.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
