/// Runs `work` in `tasks` concurrent child tasks and returns every output, in no particular order.
func concurrently(tasks: Int, _ work: @escaping @Sendable (_ task: Int) throws -> [String]) async throws -> [String] {
    try await withThrowingTaskGroup(of: [String].self) { group in
        for task in 0..<tasks {
            group.addTask { try work(task) }
        }
        var outputs: [String] = []
        for try await batch in group {
            outputs += batch
        }
        return outputs
    }
}
