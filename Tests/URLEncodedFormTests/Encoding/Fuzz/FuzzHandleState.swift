/// What user code can observe of a handle: its coding path and, for an unkeyed container, its count.
struct FuzzHandleState: Equatable, CustomStringConvertible {
    let path: [FuzzKey]
    let count: Int?

    init(_ codingPath: [any CodingKey], count: Int?) {
        path = codingPath.map(FuzzKey.init(observing:))
        self.count = count
    }

    var description: String {
        "[" + path.map(\.description).joined(separator: ", ") + "]" + (count.map { " count \($0)" } ?? "")
    }
}
