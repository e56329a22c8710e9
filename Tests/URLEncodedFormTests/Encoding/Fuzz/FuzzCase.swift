import FormBenchCore
/// One generated case — options and a value — as a pure function of its seed.
struct FuzzCase: CustomStringConvertible {
    let seed: UInt64
    let options: FuzzOptions
    let value: FuzzValue

    init(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        self.seed = seed
        options = FuzzOptions.random(using: &rng)
        value = FuzzValue.randomRoot(using: &rng)
    }

    /// The seed as `FUZZ_SEED` takes it.
    var seedText: String { Self.text(forSeed: seed) }

    static func text(forSeed seed: UInt64) -> String {
        "0x" + String(seed, radix: 16, uppercase: true)
    }

    var description: String {
        "seed \(seedText)\noptions \(options)\nvalue \(value)"
    }
}
