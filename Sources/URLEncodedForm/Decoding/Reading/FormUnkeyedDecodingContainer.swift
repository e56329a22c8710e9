/// An array read in order, from whichever of the three ways a form sends one: elements made
/// with `[]`; the values of a repeated plain key (`a=1&a=2`); or a hash whose keys are all
/// decimal indices, ordered by number with the gaps closed up (`a[0]`, `a[10]`, `a[2]` sent in
/// any order). An index never sizes anything: `a[4294967295]=x` is one element.
struct FormUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    private let decoder: FormValueDecoder
    private let depth: Int
    /// The elements, as nodes chained by `next` or as pairs chained by `nextValue(after:)`, or
    /// as the children of an index hash sorted by index.
    private enum Elements {
        case nodes(next: DecodedNodeID)
        case values(next: PairID)
        case sorted([DecodedNodeID])
        case single(PairID)
    }
    private var elements: Elements
    let count: Int?
    private(set) var currentIndex = 0

    /// What an error names as expected where no array stands.
    private static let expectation = "an array (`key[]=`, a repeated `key=`, or `key[0]=`…)"

    init(decoder: FormValueDecoder, focus: FormValueDecoder.Focus, depth: Int) throws {
        self.decoder = decoder
        self.depth = depth
        switch focus {
        case .absent:
            elements = .nodes(next: .none)
            count = 0
        case .value(let pair):
            elements = .single(pair)
            count = 1
        case .node(let index):
            let node = decoder.nodes[index]
            count = Int(node.count)
            switch node.kind {
            case .array: elements = .nodes(next: node.firstChild)
            case .leaf: elements = .values(next: node.firstValue)
            case .null:
                throw decoder.nullElement([Any].self, expected: Self.expectation, codingPath: decoder.path)
            case .hash:
                switch Self.indexOrder(of: node, in: decoder) {
                case .notIndices:
                    throw decoder.typeMismatch([Any].self, expected: Self.expectation, found: index)
                case .inOrder: elements = .nodes(next: node.firstChild)
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
        case sorted([DecodedNodeID])
    }

    /// The order of a hash's children by their keys, if all are decimal indices (`0`, or digits
    /// not starting with `0`). Indices of any length compare as numbers: by length, then by
    /// their digits.
    private static func indexOrder(of hash: DecodedNode, in decoder: FormValueDecoder) -> IndexOrder {
        // The build kept whether the keys came as `0`, `1`, … in order.
        if hash.indicesInOrder { return .inOrder }
        let nodes = decoder.nodes
        let bytes = decoder.form.bytes
        let count = Int(hash.count)
        var inOrder = true
        // Whether every index is below the count: distinct, they are then 0..<count, each the
        // place of its child (the usual case out of order: an encoder that sorts its keys as
        // text sends `10` before `2`).
        var isPermutation = true
        var previous = (child: DecodedNodeID.none, index: -1)
        // Each child at its index, from where the order broke (those before it placed then):
        // one pass over the keys, and nothing allocated for indices in order.
        var placed: [DecodedNodeID] = []
        var keys = PrefetchedKeys(of: hash, nodes: nodes, bytes: bytes)
        while let (child, key) = keys.next() {
            guard let index = DecodedTree.decimalIndex(key) else { return .notIndices }
            if inOrder && index <= previous.index {
                // Equal only where both are long indices: their digits tell.
                inOrder = index == Int.max && precedes(nodes[previous.child].key, nodes[child].key, bytes)
                if !inOrder && isPermutation { placed = placing(hash, upTo: child, count: count, nodes, bytes) }
            }
            if index >= count {
                isPermutation = false
            } else if !placed.isEmpty {
                placed[index] = child
            }
            previous = (child, index)
        }
        if inOrder { return .inOrder }
        if isPermutation { return .sorted(placed) }
        var children: [DecodedNodeID] = []
        children.reserveCapacity(count)
        var child = hash.firstChild
        while !child.isNone {
            children.append(child)
            child = nodes[child].next
        }
        children.sort { precedes(nodes[$0].key, nodes[$1].key, bytes) }
        return .sorted(children)
    }

    /// `count` places for `hash`'s children by index, those before `child` placed: their keys
    /// are indices below `count`, read already.
    private static func placing(_ hash: DecodedNode, upTo end: DecodedNodeID, count: Int,
                                _ nodes: UnsafeBufferPointer<DecodedNode>, _ bytes: FormBytes) -> [DecodedNodeID] {
        var placed = [DecodedNodeID](repeating: .none, count: count)
        var child = hash.firstChild
        while child != end {
            placed[DecodedTree.decimalIndex(bytes.bytes(nodes[child].key))!] = child
            child = nodes[child].next
        }
        return placed
    }

    /// A hash's children in order, with their keys, each key fetched into the caches
    /// `Prefetch.distance` children before its turn: in a large form an index hash's keys lie
    /// far apart among the values, out of the caches since the scan.
    private struct PrefetchedKeys {
        private let nodes: UnsafeBufferPointer<DecodedNode>
        private let bytes: FormBytes
        private var child: DecodedNodeID
        /// The child whose key is fetched next, or none.
        private var ahead: DecodedNodeID

        init(of hash: DecodedNode, nodes: UnsafeBufferPointer<DecodedNode>, bytes: FormBytes) {
            self.nodes = nodes
            self.bytes = bytes
            child = hash.firstChild
            ahead = hash.firstChild
            for _ in 0 ..< Prefetch.distance where !ahead.isNone { fetchAhead() }
        }

        private mutating func fetchAhead() {
            Prefetch.read(bytes.bytes(nodes[ahead].key).baseAddress)
            ahead = nodes[ahead].next
        }

        mutating func next() -> (child: DecodedNodeID, key: UnsafeBufferPointer<UInt8>)? {
            guard !child.isNone else { return nil }
            if !ahead.isNone { fetchAhead() }
            let current = child
            child = nodes[current].next
            return (current, bytes.bytes(nodes[current].key))
        }
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
            elements = .nodes(next: decoder.nodes[node].next)
            return .node(node)
        case .values(let pair):
            elements = .values(next: decoder.form.tree.pointee.nextValue(after: pair))
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

    /// The elements left, each read as a leaf of type `T`: an array of leaves read whole. The
    /// decoder is held in a local for the loop, where `decodeLeaf(_:)` called element by
    /// element retained and released it around each one.
    mutating func decodeRemainingLeaves<T: LeafValue>(_ type: T.Type) throws -> [T] {
        let decoder = decoder
        var elements: [T] = []
        // The elements the tree holds, not a number the input spelled.
        elements.reserveCapacity(count! - currentIndex)
        while !isAtEnd {
            let index = currentIndex
            elements.append(try decoder.decodeLeaf(type, at: try next(), depth: depth, key: FormIndexKey(index)))
        }
        return elements
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
        return try decoder.keyedContainer(keyedBy: type, at: try next(), depth: depth + 1)
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
