/// Decides whether a contender is measured at the next payload size, by projecting the time that
/// measurement would take from the growth seen at smaller sizes.
///
/// The projection extrapolates the last measured time with the last growth exponent, taken as at
/// least 1 (no encoder gets cheaper per leaf as N grows; a noisy sub-linear step would
/// underestimate). With one point it assumes linear growth; with none it cannot project, and
/// the size is measured.
public struct BudgetPolicy: Equatable, Sendable {
    /// The most time one contender may spend at one size, in seconds.
    public let budgetSeconds: Double
    /// How many encodes a measurement needs at least (warm-up included).
    public let encodesPerMeasurement: Int

    /// Whether to measure, and the projected time of the measurement.
    public enum Decision: Equatable, Sendable {
        /// Measure; `projectedSeconds` is `nil` when there was nothing to project from.
        case measure(projectedSeconds: Double?)
        /// Do not measure: the projection exceeds the budget.
        case skip(projectedSeconds: Double)
    }

    public init(budgetSeconds: Double, encodesPerMeasurement: Int) {
        self.budgetSeconds = budgetSeconds
        self.encodesPerMeasurement = encodesPerMeasurement
    }

    /// The decision for `size` given the measurements so far, in increasing size.
    public func decision(for size: Int, after history: [TimedSize]) -> Decision {
        guard let last = history.last else { return .measure(projectedSeconds: nil) }
        let measured = history.count >= 2 ? GrowthExponent(from: history[history.count - 2], to: last) : nil
        let growth = GrowthExponent(max(measured?.value ?? 1, 1))
        let perEncode = growth.extrapolate(from: last, to: size)
        let projected = perEncode * Double(encodesPerMeasurement)
        return projected > budgetSeconds ? .skip(projectedSeconds: projected) : .measure(projectedSeconds: projected)
    }
}
