extension URLEncodedFormEncoder {
    /// How a keyed container writes a key that has an `intValue`. Not in Alamofire.
    ///
    /// Swift gives an `intValue` to every key of an `[Int: V]`, to the keys of a `[String: V]`
    /// that read as integers (`"0"`, `"007"`, `"+5"`), and to `CodingKeys` backed by `Int`.
    public enum IntegerKeyEncoding: Sendable, Equatable {
        /// Alamofire's behaviour, the default: such a key is an array index, whatever container
        /// it came from. Such keys under one parent become one array, renumbered `0…n−1` in
        /// ``ArrayEncoding/indexInBrackets``; mixed with keys that have no `intValue`, the array
        /// is replaced by the object (or the object by the array), and entries are lost:
        /// `["0": "a", "code": "-"]` writes only `code=-`. A negative one throws.
        case arrayIndices
        /// Every key of a keyed container is written as its `stringValue`: `[Int: V]` and
        /// `[String: V]` keep every entry (`d[0]=a&d[code]=-`), and read back through
        /// ``URLEncodedFormDecoder`` as they were. Unkeyed containers (arrays) still follow
        /// ``ArrayEncoding``.
        case keys
    }
}
