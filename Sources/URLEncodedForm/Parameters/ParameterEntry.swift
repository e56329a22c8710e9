/// One entry of a container a `ParameterWriter` is walking: a dictionary's key and value, or an
/// array's element. The walk keeps the entries of the containers it is in on one stack, each
/// container's after its parent's, in an `UncheckedArray`: an `Array` checks uniqueness and
/// bounds at every entry read, moved out or dropped (what that cost: Benchmarks/README.md).
struct ParameterEntry {
    /// The dictionary key; `nil` for an array element.
    let key: String?
    /// The value; moved out (leaving `()`) when the walk reaches it.
    var value: Any
}

extension UncheckedArray where Element == ParameterEntry {
    /// Moves the value of entry `index` out, leaving `()`: the walk reads each value once.
    mutating func takeValue(at index: Int) -> Any {
        assert(index < count, "entry \(index) of \(count)")
        var value: Any = ()
        swap(&value, &self[index].value)
        return value
    }
}
