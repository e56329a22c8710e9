/// A speed-up read round by round: the parallel throughput measures its thread counts in turns
/// (1 thread, then 2, then 1 again), and each round's rate is compared with the baseline's rate
/// in the same round, seconds apart, rather than the whole rows with each other, which a shared
/// machine's changing state (minutes long) would compare across two states.
public enum RoundSpeedUp {
    /// One round: the operations finished in `seconds`.
    public typealias Round = (operations: Int, seconds: Double)

    /// Each round's operations a second over the baseline's in the same round, in order; empty
    /// when the two have different numbers of rounds, or a round has no time or the baseline
    /// finished nothing in one.
    public static func quotients(of rounds: [Round], over baseline: [Round]) -> [Double] {
        guard rounds.count == baseline.count else { return [] }
        var quotients: [Double] = []
        for (round, base) in zip(rounds, baseline) {
            guard round.seconds > 0, base.seconds > 0, base.operations > 0 else { return [] }
            quotients.append((Double(round.operations) / round.seconds) / (Double(base.operations) / base.seconds))
        }
        return quotients
    }
}
