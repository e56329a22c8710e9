/// Which measurements a run makes, from `--filter`.
///
/// Every measurement has an id naming its section, contender, payload and (for option
/// strategies and thread counts) variant: `scaling/reference/catalog`,
/// `strategies/optimized/catalog/sorting off`; the parallel throughput's also name the size,
/// `parallel/optimized/catalog/N=100/2 threads` (the shared encoder) and
/// `parallel/decoder/webhook/N=20/1 threads` (the shared decoder). A measurement runs when any
/// filter is a substring of its id (ignoring case), or when there are no filters: `N=100/`
/// selects the size 100 alone, where `N=100` also matches `N=1000` and `N=10000`.
struct MeasurementFilter: Sendable {
    /// The substrings; empty selects everything.
    let substrings: [String]

    /// Whether the measurement with `id` runs.
    func includes(_ id: String) -> Bool {
        substrings.isEmpty || substrings.contains { id.lowercased().contains($0.lowercased()) }
    }
}
