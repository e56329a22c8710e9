/// Stores each value an encoding writes at its place in the tree, with Alamofire's semantics
/// and without Alamofire's cost.
///
/// Alamofire walks the whole coding path from the root for every value. The outcome of that
/// walk only changes when a node on the way loses its content: an object or array turned into
/// something else, or overwritten by a leaf. Between such events the tree only grows, so the
/// node a path led to is still the node it leads to. Each coding path therefore caches its node
/// together with the `epoch` it was found in, and every content-losing change bumps the epoch;
/// a stale path is walked again from its nearest valid ancestor, exactly as Alamofire would.
///
/// Two rarities make a path uncacheable. An index past the end of its array appends an
/// element elsewhere than at that index, and the next walk appends again. A key that matches
/// an existing key by canonical equivalence but not byte for byte changes that key's spelling
/// on every walk; the first time one appears, the builder switches to `exactMode` and walks
/// every path from the root from then on.
///
/// Nothing is stored deeper than `maximumDepth` keys, so the tree, and the writer's walk down
/// it, are never deeper than that either.
struct TreeBuilder: ~Copyable {
    var tree = FormTree()
    /// The most components a path may have where a value is stored or asked to encode itself:
    /// the encoder's `maximumDepth`, set by the session that works in this builder. Paths made
    /// afterwards know whether their stores must check it; the root's is made anew.
    var maximumDepth = URLEncodedFormEncoder.defaultMaximumDepth {
        didSet {
            assert(paths.count == 1, "the depth limit changed during an encoding")
            paths[0] = Self.rootPath(maximumDepth: maximumDepth)
        }
    }
    /// Whether a key with an `intValue` is written as its text (`IntegerKeyEncoding.keys`)
    /// rather than as an array index: set by the session that works in this builder.
    var writesIntegerKeysAsText = false
    private var paths = TreeBuilder.rootPaths()
    private var epoch = 1
    private var exactMode = false
    /// The `count` of each unkeyed container, by slot; copies of a container share its slot.
    private var unkeyedCounts = UncheckedArray<Int>()
    /// The path of each keyed container, by slot: a container handed out again
    /// (`ContainerShelf`) is moved to its new path.
    private var keyedPaths = UncheckedArray<PathID>()
    /// Whether each single-value container has stored its value, by slot.
    private var singleValueStored: [Bool] = []
    /// The uncached paths of the walk in progress, deepest first; kept to spare an allocation.
    private var walk = UncheckedArray<PathID>()

    /// The path table of a new encoding: the root's empty path alone.
    private static func rootPaths() -> UncheckedArray<CodingPathEntry> {
        var paths = UncheckedArray<CodingPathEntry>()
        paths.append(rootPath(maximumDepth: URLEncodedFormEncoder.defaultMaximumDepth))
        return paths
    }

    private static func rootPath(maximumDepth: Int) -> CodingPathEntry {
        CodingPathEntry(parent: .root, depth: 0, component: .element(0), hasNegativeIndex: false, checksStores: maximumDepth < 1)
    }

    /// Back to an empty tree, keeping the memory of every buffer.
    mutating func removeAll() {
        tree.removeAll()
        paths.truncate(to: 1)
        epoch = 1
        exactMode = false
        unkeyedCounts.truncate(to: 0)
        keyedPaths.truncate(to: 0)
        singleValueStored.removeAll(keepingCapacity: true)
    }

    var capacityInBytes: Int {
        tree.capacityInBytes + paths.capacityInBytes + unkeyedCounts.capacityInBytes + keyedPaths.capacityInBytes
            + walk.capacityInBytes
            + singleValueStored.capacity
    }

    // MARK: Keys and paths

    /// The path `parent` extended by `component`.
    mutating func path(_ parent: PathID, appending component: PathComponent) -> PathID {
        let depth = paths[parent].depth + 1
        let hasNegativeIndex = step(of: component).isNegativeIndex || paths[parent].hasNegativeIndex
        paths.append(CodingPathEntry(parent: parent, depth: depth, component: component, hasNegativeIndex: hasNegativeIndex,
                                     checksStores: hasNegativeIndex || Int(depth) >= maximumDepth))
        return PathID(index: Int32(paths.count - 1))
    }

    /// The coding path user code sees.
    func codingPath(_ path: PathID) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var current = path
        while current != .root {
            let entry = paths[current]
            keys.append(codingKey(for: entry.component))
            current = entry.parent
        }
        return keys.reversed()
    }

    /// The coding key user code sees for `component`.
    private func codingKey(for component: PathComponent) -> FormCodingKey {
        switch component {
        case let .key(key, intValue):
            FormCodingKey(stringValue: tree.keys.string(of: key), intValue: intValue)
        case let .element(index):
            FormCodingKey(intValue: index)
        }
    }

    // MARK: Container state

    mutating func newUnkeyedSlot() -> Int {
        unkeyedCounts.append(0)
    }

    func unkeyedCount(_ slot: Int) -> Int {
        unkeyedCounts[slot]
    }

    /// Returns the slot's count, then counts one more.
    mutating func takeUnkeyedIndex(_ slot: Int) -> Int {
        defer { unkeyedCounts[slot] += 1 }
        return unkeyedCounts[slot]
    }

    /// A slot for a new keyed container's path.
    mutating func newKeyedSlot(at path: PathID) -> Int {
        keyedPaths.append(path)
    }

    func keyedPath(_ slot: Int) -> PathID {
        keyedPaths[slot]
    }

    /// Moves the keyed container of `slot` to `path`.
    mutating func moveKeyedSlot(_ slot: Int, to path: PathID) {
        keyedPaths[slot] = path
    }

    mutating func newSingleValueSlot() -> Int {
        singleValueStored.append(false)
        return singleValueStored.count - 1
    }

    /// Marks the slot's value as stored, throwing if one already was. (Generic so that `value`
    /// is only boxed into an `Any` for the error.) The error carries the value as an `Any?`, as
    /// Alamofire's does (it passes the value on as one): `Optional("x")`, whose type, printed in
    /// the error's description, is `Optional<Any>`.
    mutating func claimSingleValue<T>(_ slot: Int, at path: PathID, value: T) throws {
        guard !singleValueStored[slot] else {
            let context = EncodingError.Context(
                codingPath: codingPath(path),
                debugDescription: "Attempt to encode value through single value container when previously value already encoded.")
            throw EncodingError.invalidValue(Optional<Any>.some(value) as Any, context)
        }
        singleValueStored[slot] = true
    }

    /// The tree step `component` takes: a component with an `intValue` is an array index,
    /// whatever container it came from, unless integer keys are written as text.
    @inline(__always)
    private func step(of component: PathComponent) -> TreeStep {
        switch component {
        case let .key(key, intValue?): return writesIntegerKeysAsText ? .key(key) : .index(intValue)
        case let .key(key, nil): return .key(key)
        case let .element(index): return .index(index)
        }
    }

    // MARK: Stores

    /// Stores the leaf `valueRange` (of `tree.values`) at `component` below the container at
    /// `container`. (The component, not only its step: an error's coding path shows its key.)
    ///
    /// - Throws: `EncodingError.invalidValue` when the leaf would be deeper than `maximumDepth`,
    ///   or where Alamofire traps on a negative index.
    mutating func store(_ valueRange: Range<Int>, at component: PathComponent, in container: PathID) throws {
        let step = self.step(of: component)
        if paths[container].checksStores || step.isNegativeIndex {
            try checkStore(at: component, in: container)
        }
        storeLeaf(valueRange, at: step, in: resolve(container))
    }

    /// The object `container` leads to, when its one child is the last one stored there: a key
    /// that differs (by `String`'s `==`) from that child's is then absent from it. `nil` where
    /// that is not known at once: another kind of node, more children, stores that are checked,
    /// or a path that is not cached, which the next store walks again and which may then lead
    /// elsewhere (past an array's end Alamofire's walk appends; in exact mode every walk is
    /// made anew).
    mutating func objectHoldingOneChild(at container: PathID) -> NodeID? {
        guard !exactMode && !paths[container].checksStores, let node = knownNode(of: container),
              tree[node].kind == .object && tree[node].childCount == 1 else { return nil }
        return node
    }

    /// Stores a leaf under `key` in `object`, which the caller knows has no child with that key
    /// (`objectHoldingOneChild(at:)`).
    mutating func storeAbsentLeaf(_ valueRange: Range<Int>, key: KeyID, in object: NodeID) {
        var leaf = FormNode(valueRange: valueRange)
        leaf.key = key
        tree.appendAbsentChild(leaf, to: object)
    }

    /// Whether `path` is deeper than `maximumDepth`: a value there is not asked to encode itself.
    ///
    /// `mutating` although it changes nothing: called through the session's pointer, a
    /// non-mutating method gets a copy of the whole builder (a `memcpy` per nested value).
    @inline(__always)
    mutating func exceedsMaximumDepth(_ path: PathID) -> Bool {
        Int(paths[path].depth) > maximumDepth
    }

    /// Throws `EncodingError.invalidValue`, with the depth as its value, for a value at `path`,
    /// which `exceedsMaximumDepth`.
    mutating func throwDepthError(at path: PathID) throws -> Never {
        throw depthError(Int(paths[path].depth), at: codingPath(path))
    }

    /// The checks of a store whose path `checksStores`: the depth limit, then a negative index.
    @inline(never)
    private mutating func checkStore(at component: PathComponent, in container: PathID) throws {
        let depth = Int(paths[container].depth) + 1
        if depth > maximumDepth {
            throw depthError(depth, at: codingPath(container) + [codingKey(for: component)])
        }
        try checkNegativeIndices(container, then: component)
    }

    @inline(never)
    private func depthError(_ depth: Int, at codingPath: [any CodingKey]) -> EncodingError {
        let context = EncodingError.Context(
            codingPath: codingPath,
            debugDescription: "The value is nested \(depth) keys deep, deeper than the encoder's maximumDepth of \(maximumDepth).")
        return EncodingError.invalidValue(depth, context)
    }

    /// Stores the leaf `valueRange` at `path` itself, as a single-value container does.
    mutating func store(_ valueRange: Range<Int>, at path: PathID) throws {
        guard path != .root else {
            replaceWithLeaf(NodeID.root, valueRange: valueRange)
            return
        }
        let entry = paths[path]
        try store(valueRange, at: entry.component, in: entry.parent)
    }

    // Inlined into `store(_:at:in:)`, its one caller, where every leaf passes.
    @inline(__always)
    private mutating func storeLeaf(_ valueRange: Range<Int>, at step: TreeStep, in parent: NodeID) {
        let leaf = descend(from: parent, by: step, making: FormNode(valueRange: valueRange))
        if !leaf.isNew {
            replaceWithLeaf(leaf.node, valueRange: valueRange)
        }
    }

    /// Overwrites `node` with a leaf; a container's content is lost, so every cached path is
    /// suspect.
    private mutating func replaceWithLeaf(_ node: NodeID, valueRange: Range<Int>) {
        switch tree[node].kind {
        case .object, .array:
            tree.reset(node, to: .string)
            epoch += 1
        case .pending, .string:
            tree.settle(node, as: .string)
        }
        tree.setValueRange(of: node, to: valueRange)
    }

    /// The node `path` leads to, created as Alamofire's walk would create it.
    ///
    /// The walk starts from the nearest ancestor whose cached node is still valid and caches
    /// each node it reaches while every step so far was stable (would lead to the same node
    /// again). It loops rather than recurses: paths can be as deep as the value.
    @inline(__always)
    private mutating func resolve(_ path: PathID) -> NodeID {
        knownNode(of: path) ?? walk(to: path)
    }

    /// The node `path` leads to when that is known without a walk: the root's, or the node
    /// cached for `path` while no container has been overwritten since (never in exact mode,
    /// where every walk is made anew).
    @inline(__always)
    private mutating func knownNode(of path: PathID) -> NodeID? {
        if path == .root { return .root }
        let entry = paths[path]
        return !exactMode && entry.cachedEpoch == epoch ? entry.cachedNode : nil
    }

    /// `resolve(_:)` when `path`'s node is not known (so `path` is not the root).
    private mutating func walk(to path: PathID) -> NodeID {
        // Most often the path is a new container's, one step below a known one.
        if let parent = knownNode(of: paths[path].parent) {
            return step(to: path, from: parent, stable: true).node
        }
        walk.truncate(to: 0)
        var start = path
        var node = NodeID.root
        while start != .root {
            if let known = knownNode(of: start) {
                node = known
                break
            }
            walk.append(start)
            start = paths[start].parent
        }
        var stable = true
        for position in (0..<walk.count).reversed() {
            (node, stable) = step(to: walk[position], from: node, stable: stable)
        }
        return node
    }

    /// The node of `path`, one step below `parent`, the node of its parent path, and whether
    /// every step so far was stable (would lead to the same node again), in which case the
    /// node is cached.
    @inline(__always)
    private mutating func step(to path: PathID, from parent: NodeID, stable: Bool) -> (node: NodeID, stable: Bool) {
        let child = descend(from: parent, by: step(of: paths[path].component), making: FormNode(kind: .pending))
        let stable = stable && child.stable
        if stable && !exactMode {
            paths[path].cachedNode = child.node
            paths[path].cachedEpoch = epoch
        }
        return (child.node, stable)
    }

    // Inlined into the walk, which takes one step per new container, and into each leaf's store.
    /// One step down: the child at `step`, or `newChild` (given the step's key) appended when
    /// there is none. `stable` tells whether the same step will lead to the same child next
    /// time; `isNew` whether the child is `newChild`.
    @inline(__always)
    private mutating func descend(from parent: NodeID, by step: TreeStep, making newChild: FormNode)
        -> (node: NodeID, stable: Bool, isNew: Bool) {
        switch step {
        case let .key(key):
            settle(parent, as: .object)
            if let existing = findChild(of: parent, key: key) {
                return (existing, true, false)
            }
            var child = newChild
            child.key = key
            return (tree.appendChild(child, to: parent), true, true)
        case let .index(index):
            settle(parent, as: .array)
            let count = Int(tree[parent].childCount)
            // A negative index gets here only when the leaf's array was just created: it appends.
            if index >= 0 && index < count {
                return (tree.element(index, of: parent), true, false)
            }
            // Past the end Alamofire appends, so the element lands at `count`, not `index`.
            return (tree.appendElement(newChild, to: parent), index == count, true)
        }
    }

    /// Gives `node` the kind the next step needs; a node of another kind is replaced, losing
    /// its content.
    @inline(__always)
    private mutating func settle(_ node: NodeID, as kind: FormNode.Kind) {
        let current = tree[node].kind
        if current == kind {
            return
        }
        if current == .pending {
            tree.settle(node, as: kind)
        } else {
            tree.reset(node, to: kind)
            epoch += 1
        }
    }

    /// The object child with `key`. A match spelled differently takes the new spelling, as
    /// Alamofire's walk does, and from then on every walk is exact.
    @inline(__always)
    private mutating func findChild(of parent: NodeID, key: KeyID) -> NodeID? {
        guard let child = tree.child(of: parent, key: key) else { return nil }
        if tree[child].key != key {
            tree.respell(child, of: parent, as: key)
            exactMode = true
        }
        return child
    }

    // MARK: Negative indices

    /// Throws where Alamofire would trap on a negative index: one before the last step always
    /// does; the last step does when the walk arrives at an array (including one it creates).
    private mutating func checkNegativeIndices(_ container: PathID, then component: PathComponent) throws {
        if paths[container].hasNegativeIndex {
            let outermost = outermostNegativeIndex(of: container)
            throw negativeIndexError(outermost.index, at: codingPath(outermost.path))
        }
        if case let .index(index) = step(of: component), index < 0, walkArrivesAtArray(container) {
            throw negativeIndexError(index, at: codingPath(container) + [codingKey(for: component)])
        }
    }

    /// The outermost negative index of `path`, which has one, and the path that ends with it.
    private func outermostNegativeIndex(of path: PathID) -> (index: Int, path: PathID) {
        var current = path
        var outermost = (index: -1, path: path)
        while current != .root {
            let entry = paths[current]
            if case let .index(index) = step(of: entry.component), index < 0 {
                outermost = (index, current)
            }
            current = entry.parent
        }
        return outermost
    }

    private func negativeIndexError(_ index: Int, at codingPath: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(index, EncodingError.Context(codingPath: codingPath,
                                                                debugDescription: "Negative array index \(index) in coding path."))
    }

    /// Whether Alamofire's walk along `path` ends at an array, without changing anything. The
    /// walk makes a missing child an array after an index step and an object after a key step.
    private mutating func walkArrivesAtArray(_ path: PathID) -> Bool {
        var steps: [TreeStep] = []
        var current = path
        while current != .root {
            steps.append(step(of: paths[current].component))
            current = paths[current].parent
        }
        var node: NodeID? = NodeID.root
        var createdKind = FormNode.Kind.object
        for step in steps.reversed() {
            switch step {
            case let .key(key):
                if let existing = node, tree[existing].kind == .object {
                    node = tree.child(of: existing, key: key)
                } else {
                    node = nil
                }
                createdKind = .object
            case let .index(index):
                if let existing = node, tree[existing].kind == .array, index < Int(tree[existing].childCount) {
                    node = tree.element(index, of: existing)
                } else {
                    node = nil
                }
                createdKind = .array
            }
        }
        return (node.map { tree[$0].kind } ?? createdKind) == .array
    }
}
