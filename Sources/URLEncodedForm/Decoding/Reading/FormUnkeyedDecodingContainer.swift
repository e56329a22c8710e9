/// An array read in order, from whichever of the three ways a form sends one: elements made
/// with `[]`; the values of a repeated plain key (`a=1&a=2`); or a hash whose keys are all
/// decimal indices, ordered by number with the gaps closed up (`a[0]`, `a[10]`, `a[2]` sent in
/// any order). An index never sizes anything: `a[4294967295]=x` is one element.
struct FormUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    private let decoder: FormValueDecoder
    private let depth: Int
    /// The elements, as nodes chained by `next` or as pairs chained by `nextValue`, or as the
    /// children of an index hash sorted by index.
    private enum Elements {
        case nodes(next: Int32)
        case values(next: Int32)
        case sorted([Int32])
        case single(Int32)
    }
    private var elements: Elements
    let count: Int?
    private(set) var currentIndex = 0

    init(decoder: FormValueDecoder, focus: FormValueDecoder.Focus, depth: Int) throws {
        self.decoder = decoder
        self.depth = depth
        switch focus {
        case .absent:
            elements = .nodes(next: -1)
            count = 0
        case .value(let pair):
            elements = .single(pair)
            count = 1
        case .node(let index):
            let node = decoder.nodes[Int(index)]
            count = Int(node.count)
            switch node.kind {
            case .array: elements = .nodes(next: node.first)
            case .leaf: elements = .values(next: node.first)
            case .hash:
                switch Self.indexOrder(of: node, in: decoder) {
                case .notIndices:
                    throw decoder.typeMismatch([Any].self, expected: "an array (`key[]=`, a repeated `key=`, or `key[0]=`…)", found: index)
                case .inOrder: elements = .nodes(next: node.first)
                case .sorted(let children): elements = .sorted(children)
                }
            }
        }
    }

    /// How a hash's children read as an array.
    private enum IndexOrder {
        /// Some key is not a decimal index: the hash is no array.
        case notIndices
        /// The indices came in order: the children are read as they are, nothing allocated.
        case inOrder
        /// The children ordered by index.
        case sorted([Int32])
    }

    /// The order of a hash's children by their keys, if all are decimal indices (`0`, or digits
    /// not starting with `0`). Indices of any length compare as numbers: by length, then by
    /// their digits.
    private static func indexOrder(of hash: DecodedNode, in decoder: FormValueDecoder) -> IndexOrder {
        let nodes = decoder.nodes
        let bytes = decoder.form.bytes
        let count = Int(hash.count)
        var inOrder = true
        // Whether every index is below the count: distinct, they are then 0..<count, each the
        // place of its child (the usual case out of order: an encoder that sorts its keys as
        // text sends `10` before `2`).
        var isPermutation = true
        var previous: Int32 = -1
        var child = hash.first
        while child >= 0 {
            let key = bytes.bytes(nodes[Int(child)].key)
            guard !key.isEmpty, key.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }),
                  key.count == 1 || key[0] != UInt8(ascii: "0") else { return .notIndices }
            if previous >= 0 && !precedes(nodes[Int(previous)].key, nodes[Int(child)].key, bytes) { inOrder = false }
            if isPermutation { isPermutation = (smallIndex(key) ?? count) < count }
            previous = child
            child = nodes[Int(child)].next
        }
        if inOrder { return .inOrder }
        if isPermutation {
            var children = [Int32](repeating: -1, count: count)
            child = hash.first
            while child >= 0 {
                children[smallIndex(bytes.bytes(nodes[Int(child)].key))!] = child
                child = nodes[Int(child)].next
            }
            return .sorted(children)
        }
        var children: [Int32] = []
        children.reserveCapacity(count)
        child = hash.first
        while child >= 0 {
            children.append(child)
            child = nodes[Int(child)].next
        }
        children.sort { precedes(nodes[Int($0)].key, nodes[Int($1)].key, bytes) }
        return .sorted(children)
    }

    /// The value of decimal digits, if there are at most 18 (no overflow).
    private static func smallIndex(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        guard digits.count <= 18 else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 &- UInt8(ascii: "0")) }
    }

    private static func precedes(_ left: TextRange, _ right: TextRange, _ bytes: FormBytes) -> Bool {
        if left.count != right.count { return left.count < right.count }
        return bytes.bytes(left).lexicographicallyPrecedes(bytes.bytes(right))
    }

    var codingPath: [any CodingKey] { Array(decoder.path.prefix(depth)) }
    var isAtEnd: Bool { currentIndex >= count! }

    /// The element at `currentIndex`; moves past it.
    private mutating func next() throws -> FormValueDecoder.Focus {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, DecodingError.Context(
                codingPath: codingPath + [FormIndexKey(currentIndex)], debugDescription: "The array has no more elements."))
        }
        defer { currentIndex += 1 }
        switch elements {
        case .nodes(let node):
            elements = .nodes(next: decoder.nodes[Int(node)].next)
            return .node(node)
        case .values(let pair):
            elements = .values(next: decoder.form.tree.nextValue[Int(pair)])
            return .value(pair)
        case .sorted(let children):
            return .node(children[currentIndex])
        case .single(let pair):
            return .value(pair)
        }
    }

    /// The element at `currentIndex` without moving.
    private func peek() -> FormValueDecoder.Focus {
        switch elements {
        case .nodes(let node): return .node(node)
        case .values(let pair): return .value(pair)
        case .sorted(let children): return .node(children[currentIndex])
        case .single(let pair): return .value(pair)
        }
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.isNil(at: peek()) else { return false }
        _ = try next()
        return true
    }

    /// The next element, read as a leaf of type `T`.
    mutating func decodeLeaf<T: LeafValue>(_ type: T.Type) throws -> T {
        let index = currentIndex
        return try decoder.decodeLeaf(type, at: try next(), depth: depth, key: FormIndexKey(index))
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeLeaf(type) }
    mutating func decode(_ type: String.Type) throws -> String { try decodeLeaf(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeLeaf(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeLeaf(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeLeaf(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeLeaf(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeLeaf(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeLeaf(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeLeaf(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeLeaf(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeLeaf(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeLeaf(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeLeaf(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeLeaf(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let index = currentIndex
        return try decoder.decode(type, at: try next(), depth: depth, key: FormIndexKey(index))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        decoder.push(FormIndexKey(currentIndex), depth: depth)
        return KeyedDecodingContainer(try FormKeyedDecodingContainer<NestedKey>(decoder: decoder, focus: try next(), depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        decoder.push(FormIndexKey(currentIndex), depth: depth)
        return try FormUnkeyedDecodingContainer(decoder: decoder, focus: try next(), depth: depth + 1)
    }

    mutating func superDecoder() throws -> any Decoder {
        let index = currentIndex
        return decoder.superDecoder(at: try next(), depth: depth, key: FormIndexKey(index))
    }
}
