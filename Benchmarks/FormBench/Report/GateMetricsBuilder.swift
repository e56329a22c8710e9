import FormBenchCore

/// Picks the figures the regression gate judges out of a run's scaling records: for each
/// payload size the optimized encoder ran at, its allocations per encode, and its time divided
/// by the walk floor's and by the reference's in the same run.
///
/// The ratios are the paired ones (`ScalingRecord.cpuTimeRatios`): medians of ratios of samples
/// taken back to back, which a busy shared machine disturbs far less than it does absolute times.
enum GateMetricsBuilder {
    /// The contenders whose times the optimized encoder's is divided by.
    private static let denominators = [WalkFloorContender.name, ReferenceContender.name]

    static func metrics(from records: [ScalingRecord]) -> [GateMetric] {
        records.filter { $0.status == .measured && $0.contender == OptimizedContender.name }.flatMap { optimized in
            let cell = "\(optimized.payload.rawValue) N=\(optimized.leaves)"
            let allocations = optimized.allocationsPerEncode.map {
                GateMetric(id: "\(cell): optimized allocations per encode", kind: .allocations, value: $0)
            }
            let ratios = denominators.compactMap { name in
                optimized.cpuTimeRatios?[name].map { GateMetric(id: "\(cell): optimized ÷ \(name) CPU time", kind: .timeRatio, value: $0) }
            }
            return [allocations].compactMap { $0 } + ratios
        }
    }
}
