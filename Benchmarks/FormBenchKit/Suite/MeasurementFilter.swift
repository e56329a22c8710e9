/// Which measurements a run makes, from `--filter`.
///
/// Every measurement has an id naming its section, contender, payload and (for option
/// strategies and thread counts) variant: `scaling/reference/catalog`,
/// `strategies/optimized/catalog/sorting off`, `parallel/optimized/catalog/2 threads`. A
/// measurement runs when any filter is a substring of its id (ignoring case), or when there are
/// no filters.
struct MeasurementFilter: Sendable {
    /// The substrings; empty selects everything.
    let substrings: [String]

    /// Whether the measurement with `id` runs.
    func includes(_ id: String) -> Bool {
        substrings.isEmpty || substrings.contains { id.lowercased().contains($0.lowercased()) }
    }
}
