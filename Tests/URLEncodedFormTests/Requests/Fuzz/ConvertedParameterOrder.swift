/// Whether the order Alamofire's `query(_:)` sorts `Parameters` in is reproducible in this
/// process: the order of keys Swift's `<` cannot order (`"e\u{301}"`, `"\u{E9}a"`), which is the
/// order of the `[String: Any]` copy of the parameters that `query(_:)` is handed.
///
/// Swift seeds a dictionary's layout by its storage's address, so that copy, made anew by each
/// call, iterates in an order of its own each time — in Alamofire, in the reference port and in
/// the optimized module alike — unless `SWIFT_DETERMINISTIC_HASHING` seeds every dictionary by
/// its size alone: then the copy's order follows from the dictionary it copies, and two modules
/// that take Alamofire's route agree exactly. Tests compare the order of such keys between
/// modules only then; without it they check that it changes with the copy.
enum ConvertedParameterOrder {
    static let isReproducible: Bool = {
        // Two dictionaries alike, both alive (so at two addresses), iterate alike only when
        // seeds do not come from addresses: of 64 keys, by chance practically never.
        let first = Dictionary(uniqueKeysWithValues: (0 ..< 64).map { ("k\($0)", $0) })
        let second = Dictionary(uniqueKeysWithValues: (0 ..< 64).map { ("k\($0)", $0) })
        return Array(first.keys) == Array(second.keys)
    }()
}
