import Foundation

/// How time grows with size between two measurements, as the exponent `k` of `t ∝ Nᵏ`:
/// `log(t₂/t₁) / log(N₂/N₁)`. About 1 is linear, 2 quadratic.
public struct GrowthExponent: Equatable, Sendable {
    /// The exponent `k`.
    public let value: Double

    /// A known exponent.
    public init(_ value: Double) {
        self.value = value
    }

    /// The exponent between `earlier` and `later`; `nil` when the sizes are equal or a time is not
    /// positive, where it is undefined.
    public init?(from earlier: TimedSize, to later: TimedSize) {
        guard earlier.size > 0, later.size > 0, earlier.size != later.size,
              earlier.seconds > 0, later.seconds > 0 else { return nil }
        value = log(later.seconds / earlier.seconds) / log(Double(later.size) / Double(earlier.size))
    }

    /// The time at `size` if growth goes on from `point` at this exponent.
    public func extrapolate(from point: TimedSize, to size: Int) -> Double {
        point.seconds * pow(Double(size) / Double(point.size), value)
    }
}
