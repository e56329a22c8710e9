import Foundation

/// The one `Decoder` of a decoding: it stands on a node of the tree (`focus`), and moves to a
/// child and back around each nested `init(from:)` instead of making a decoder per level. Its
/// containers are small structs that refer to it. The nesting of `Decodable` calls follows the
/// tree, whose depth the limits bound.
final class FormValueDecoder: Decoder, SingleValueDecodingContainer {
    /// Where the decoder stands.
    enum Focus {
        /// A node of the tree.
        case node(DecodedNodeID)
        /// One of the values sent for a repeated key: an element of an array sent as `a=1&a=2`.
        case value(PairID)
        /// A key that was not sent: empty as a container, missing as a single value.
        case absent
    }

    let form: ParsedForm
    let options: DecodingOptions

    /// What a decoding changes as it goes. Behind a pointer held in a `let`, so that reaching
    /// it costs no dynamic exclusivity check (a class's `var`s each cost one per access); kept
    /// with its memory by the `DecodingSession` between decodings.
    struct State {
        var focus: Focus = .node(.root)
        /// The coding path, as a stack that containers cut back to their own depth before they
        /// push.
        var path: [any CodingKey] = []
        /// For each hash, the child after the one found last: `Decodable` types ask for keys in
        /// the order they declare them, which is often the order they were sent in. Made on
        /// the first lookup the remembered ones do not answer.
        var lookupHints: [DecodedNodeID] = []
        /// The child each of the first `rememberedLookupCount` lookups found (or none), the
        /// last decoding's kept for the next: a server decodes one type from forms of one shape
        /// over and over, where the nth lookup finds the same node as the last time — though
        /// the form's order is not the type's (encoders sort the keys; types declare them as
        /// they please), where `lookupHints` miss. Kept across decodings, checked before use.
        var rememberedLookups: [DecodedNodeID] = []
        /// How many lookups this decoding has made.
        var lookupCount = 0
        /// The wide hashes the build left out of its table (their keys ascend: it never had to
        /// search them), put in a table here on the first lookup the hint misses, and that table.
        var indexedWideHashes: Set<DecodedNodeID> = []
        var wideChildren = ChildTable()
        /// For each hash read under a `KeyDecoding` other than the default, its keys converted.
        var convertedKeys: [DecodedNodeID: [String: DecodedNodeID]] = [:]
        /// What each keyed container reads, by slot.
        var keyedPlaces: [KeyedPlace] = []

        /// The memory the arrays that grow with the form hold.
        var capacityInBytes: Int {
            (lookupHints.capacity + rememberedLookups.capacity) * MemoryLayout<DecodedNodeID>.stride
                + keyedPlaces.capacity * MemoryLayout<KeyedPlace>.stride
        }

        /// Forgets a decoding: back at the root, with no path and no tables, the arrays'
        /// memory kept, and the lookups remembered for the next decoding.
        mutating func removeAll() {
            focus = .node(.root)
            path.removeAll(keepingCapacity: true)
            lookupHints.removeAll(keepingCapacity: true)
            keyedPlaces.removeAll(keepingCapacity: true)
            lookupCount = 0
            indexedWideHashes = []
            wideChildren = ChildTable()
            convertedKeys = [:]
        }
    }

    /// What a keyed container reads: its hash (none for an absent key), and how many keys of
    /// the decoder's path are its own.
    struct KeyedPlace {
        var node: DecodedNodeID
        var depth: Int
    }

    /// The session whose state this is: held, so that the state lives as long as the decoder,
    /// and so that the session is not reused while a decoder of it is still referenced.
    private let session: DecodingSession
    /// The session's shelf of keyed containers (`ContainerShelf`), which the decoding empties
    /// when it ends; `nil` for a super decoder, whose session no decoding ends.
    private let keyedContainers: ContainerShelf?
    private let state: UnsafeMutablePointer<State>
    /// Whether the form is long enough for `prefetchGrandchildren(of:)` to pay.
    private let prefetchesGrandchildren: Bool

    /// A decoder at the root of `form`, in `session`'s state (empty: a new session's, or one
    /// the last decoding emptied).
    init(form: ParsedForm, options: DecodingOptions, session: DecodingSession) {
        self.form = form
        self.options = options
        self.session = session
        state = session.decoderState
        prefetchesGrandchildren = form.bytes.input.count >= Self.prefetchedFormLength
        keyedContainers = session.keyedContainers
    }

    /// A decoder of its own at `focus` (`superDecoder(at:depth:key:)`), which shelves no container.
    private init(superDecoderOf decoder: FormValueDecoder, at focus: Focus, path: [any CodingKey]) {
        form = decoder.form
        options = decoder.options
        session = DecodingSession()
        state = session.decoderState
        prefetchesGrandchildren = decoder.prefetchesGrandchildren
        keyedContainers = nil
        state.pointee.path = path
        state.pointee.focus = focus
    }

    var focus: Focus { state.pointee.focus }
    var path: [any CodingKey] { state.pointee.path }
    var codingPath: [any CodingKey] { state.pointee.path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var nodes: UnsafeBufferPointer<DecodedNode> { form.nodes }

    // MARK: Moving

    /// Decodes a `T` standing at `focus`, with `key` at the end of the path after the first
    /// `depth` keys; restores the decoder afterwards.
    func decode<T: Decodable>(_ type: T.Type, at focus: Focus, depth: Int, key: some CodingKey) throws -> T {
        let saved = state.pointee.focus
        push(key, depth: depth)
        state.pointee.focus = focus
        defer {
            state.pointee.focus = saved
            state.pointee.path.removeLast()
        }
        return try decodeHere(type)
    }

    /// Decodes a leaf standing at `focus`, a child `key` of a container `depth` keys deep. The
    /// decoder does not move: the path is made only for an error.
    ///
    /// For keys of a type known where it is called (an array's index, a dictionary's key), so
    /// that each call site, naming `T` and `K`, gets its own specialization, and the key
    /// becomes an `any CodingKey` only for an error. (A keyed container, generic over a `Key`
    /// known only at run time, calls `leaf(_:at:errorPath:)` itself.)
    func decodeLeaf<T: LeafValue, K: CodingKey>(_ type: T.Type, at focus: Focus, depth: Int, key: K) throws -> T {
        try leaf(type, at: focus) { Array(state.pointee.path.prefix(depth)) + [key] }
    }

    /// A decoder of its own standing at `focus`, for `superDecoder()`: it shares the form and
    /// nothing else (its state is a session's of its own, which no pool keeps).
    func superDecoder(at focus: Focus, depth: Int, key: any CodingKey) -> FormValueDecoder {
        FormValueDecoder(superDecoderOf: self, at: focus, path: Array(path.prefix(depth)) + [key])
    }

    /// Appends `key` to the first `depth` keys of the path: where a nested container's path
    /// ends.
    func push(_ key: some CodingKey, depth: Int) {
        if state.pointee.path.count > depth { state.pointee.path.removeSubrange(depth...) }
        state.pointee.path.append(TextCodingKey.inline(key))
    }

    /// Decodes a `T` where the decoder stands: the leaves with strategies first, then the
    /// type's own `init(from:)`.
    func decodeHere<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == Date.self, let date = try decodeDate() { return date as! T }
        if T.self == Data.self, let data = try decodeData() { return data as! T }
        if T.self == URL.self { return try decodeURL() as! T }
        if T.self == Decimal.self {
            let text = try decodeLeaf(String.self)
            guard let decimal = SpecialLeaf.decimal(text) else { throw corrupted("Expected a Decimal, found `\(text)`.") }
            return decimal as! T
        }
        // Arrays of the common leaves, which records hold (tags, checkbox groups): the standard
        // library's `Array.init(from:)` runs unspecialized and fetches the array's metadata at
        // run time on every array it makes.
        if T.self == [String].self { return unsafeBitCast(try decodeLeafArray(of: String.self), to: T.self) }
        if T.self == [Int].self { return unsafeBitCast(try decodeLeafArray(of: Int.self), to: T.self) }
        if T.self == [Double].self { return unsafeBitCast(try decodeLeafArray(of: Double.self), to: T.self) }
        if T.self == [Bool].self { return unsafeBitCast(try decodeLeafArray(of: Bool.self), to: T.self) }
        if T.self == [String: String].self { return unsafeBitCast(try decodeStringDictionary(), to: T.self) }
        return try T(from: self)
    }

    /// A URL from its text, as browsers send it, or from what the encoder writes for one. URL's
    /// own `Encodable` writes its text under the key `relative` (and a relative URL's base under
    /// `base`), keys that have an `intValue`: the encoder (as Alamofire's) writes the text as an
    /// array's one element (`link[]=…` under `.brackets`, `link[0]=…` under `.indexInBrackets`),
    /// or, under `IntegerKeyEncoding.keys`, as `link[relative]=…`, which URL's own
    /// `init(from:)` reads.
    private func decodeURL() throws -> URL {
        if case .node(let index) = focus {
            switch nodes[index].kind {
            case .hash where child(of: index, for: URLTextKey.relative) != nil:
                return try URL(from: self)
            case .array, .hash:
                let elements = try decodeLeafArray(of: String.self)
                guard elements.count == 1 else {
                    throw DecodingError.typeMismatch(URL.self, DecodingError.Context(codingPath: path, debugDescription:
                        "Expected a URL: its text, or an array of its text alone (as URL's Encodable writes it), "
                        + "found an array of \(elements.count) elements."))
                }
                return try url(elements[0])
            case .leaf, .null:
                break
            }
        }
        return try url(try decodeLeaf(String.self))
    }

    /// The key of URL's text in what its own `Encodable` writes.
    private enum URLTextKey: String, CodingKey { case relative }

    private func url(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw corrupted("Expected a URL, found `\(text)`.") }
        return url
    }

    /// What `[String: String](from: self)` reads: the standard library's version asks for every
    /// key's value by the key (a lookup, and the generic path), where the children are at hand,
    /// in the order `allKeys` lists them.
    private func decodeStringDictionary() throws -> [String: String] {
        let hash = try hash(at: focus)
        guard !hash.isNone else { return [:] }
        var dictionary: [String: String] = [:]
        // The children the tree holds, not a number the input spelled.
        dictionary.reserveCapacity(Int(nodes[hash].count))
        let depth = path.count
        var keysAreConverted = true
        if case .useDefaultKeys = options.keyDecoding { keysAreConverted = false }
        var child = nodes[hash].firstChild
        while !child.isNone {
            let key = convertKey(form.bytes.string(nodes[child].key))
            // A converted key reads the first child converted to it, as a lookup by it would.
            let source = keysAreConverted ? convertedChild(of: hash, key) ?? child : child
            dictionary[key] = try decodeLeaf(String.self, at: .node(source), depth: depth, key: DictionaryTextKey(stringValue: key))
            child = nodes[child].next
        }
        return dictionary
    }

    /// From this input length on, a keyed container asks for the texts one level below it
    /// (`prefetchGrandchildren(of:)`): a form larger than the last-level cache is read from
    /// memory, where a smaller one would only pay for the requests (Benchmarks/README,
    /// "Decode growth").
    static let prefetchedFormLength = 32 << 20

    /// Asks for the key and first value of the last child of each of the first
    /// `Prefetch.distance` child hashes of `hash`, a level before the type reads them. A type
    /// reads a nested object after its own leaves, so the request has a level's work to come
    /// in: in a large form whose names repeat their path (deep objects), a value lies a name's
    /// length from the last one read, out of the caches since the scan, and each level waited
    /// for one.
    func prefetchGrandchildren(of hash: DecodedNodeID) {
        guard prefetchesGrandchildren && !hash.isNone else { return }
        var child = nodes[hash].firstChild
        var budget = Prefetch.distance
        while !child.isNone && budget > 0 {
            if nodes[child].kind == .hash && !nodes[child].lastChild.isNone { prefetchText(of: nodes[child].lastChild) }
            child = nodes[child].next
            budget -= 1
        }
    }

    /// Asks for the key of `node` and, for a leaf, its first value.
    @inline(__always)
    private func prefetchText(of node: DecodedNodeID) {
        Prefetch.read(form.bytes.bytes(nodes[node].key).baseAddress)
        if nodes[node].kind == .leaf {
            Prefetch.read(form.value(of: nodes[node].firstValue).baseAddress)
        }
    }

    /// What `[Element](from: self)` reads, element by element through the same container.
    private func decodeLeafArray<Element: LeafValue>(of type: Element.Type) throws -> [Element] {
        var container = try FormUnkeyedDecodingContainer(decoder: self, focus: focus, depth: path.count)
        return try container.decodeRemainingLeaves(type)
    }

    private func decodeDate() throws -> Date? {
        switch options.dateDecoding {
        case .deferredToDate:
            return nil
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decodeLeaf(Double.self))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try decodeLeaf(Double.self) / 1000)
        case .iso8601:
            let pair = try singleValue(Date.self, at: focus) { path }
            let text = form.value(of: pair)
            guard let date = SpecialLeaf.iso8601Date(text) else {
                throw corrupted("Expected an ISO 8601 date, found `\(String(decoding: text, as: UTF8.self))`.")
            }
            return date
        case .formatted(let formatter):
            let text = try decodeLeaf(String.self)
            guard let date = formatter.date(from: text) else {
                throw corrupted("Expected a date in the format \"\(formatter.dateFormat ?? "")\", found `\(text)`.")
            }
            return date
        case .custom(let read):
            return try read(try decodeLeaf(String.self))
        }
    }

    private func decodeData() throws -> Data? {
        switch options.dataDecoding {
        case .deferredToData:
            return nil
        case .base64:
            let text = try decodeLeaf(String.self)
            guard let data = SpecialLeaf.base64Data(text) else { throw corrupted("Expected Base64, found `\(text)`.") }
            return data
        case .custom(let read):
            return try read(try decodeLeaf(String.self))
        }
    }

    // MARK: Leaves

    /// The pair whose value a single value at `focus` reads; `errorPath` is the coding path
    /// there, made only for an error.
    func singleValue(_ type: Any.Type, at focus: Focus, errorPath: () -> [any CodingKey]) throws -> PairID {
        switch focus {
        case .value(let pair):
            return pair
        case .node(let index):
            let node = nodes[index]
            if node.kind == .leaf && node.count == 1 { return node.firstValue }
            if node.kind == .null { throw nullElement(type, expected: expectation(type), codingPath: errorPath()) }
            guard node.kind == .leaf else {
                throw DecodingError.typeMismatch(type, DecodingError.Context(
                    codingPath: errorPath(), debugDescription: "Expected \(expectation(type)), found \(describe(node))."))
            }
            switch options.duplicateKeys {
            case .first: return node.firstValue
            case .last: return node.lastValue
            case .error:
                let path = errorPath()
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: path, debugDescription:
                    "Expected one value for the key `\(path.last?.stringValue ?? "")`, found \(node.count); "
                    + "DuplicateKeyPolicy .first or .last reads one of them, an array reads them all."))
            }
        case .absent:
            let path = errorPath()
            let key = path.last ?? FormIndexKey(0)
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: Array(path.dropLast()), debugDescription: "No value for the key `\(key.stringValue)`."))
        }
    }

    /// The `T` a single value at `focus` spells.
    func leaf<T: LeafValue>(_ type: T.Type, at focus: Focus, errorPath: () -> [any CodingKey]) throws -> T {
        let pair = try singleValue(type, at: focus, errorPath: errorPath)
        if T.self == String.self { return unsafeBitCast(form.string(ofValue: pair), to: T.self) }
        let text = form.value(of: pair)
        guard let value = T.parse(text, options: options) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: errorPath(), debugDescription:
                "Expected \(T.expectation), found `\(String(decoding: text, as: UTF8.self))`."))
        }
        return value
    }

    /// The `T` a single value where the decoder stands spells.
    func decodeLeaf<T: LeafValue>(_ type: T.Type) throws -> T {
        try leaf(type, at: focus) { path }
    }

    /// Whether `focus` reads as `nil` under the `NilDecoding`.
    func isNil(at focus: Focus) -> Bool {
        let pair: PairID
        switch focus {
        case .absent: return true
        case .value(let value): pair = value
        case .node(let index):
            let node = nodes[index]
            if node.kind == .null { return true }
            guard node.kind == .leaf, node.count == 1 else { return false }
            pair = node.firstValue
        }
        switch options.nilDecoding {
        case .dropKey: return false
        case .dropValue: return form.pairs[pair].valueIsEmpty
        case .null: return form.value(of: pair).elementsEqual("null".utf8)
        }
    }

    func corrupted(_ description: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: description))
    }

    /// What reading a null element as anything but `nil` throws: `valueNotFound`, as
    /// `JSONDecoder` throws for a `null`.
    func nullElement(_ type: Any.Type, expected: String, codingPath: [any CodingKey]) -> DecodingError {
        .valueNotFound(type, DecodingError.Context(codingPath: codingPath, debugDescription: "Expected \(expected), found \(Self.nullElementDescription)."))
    }

    private static let nullElementDescription = "a null element (`[]` followed by two `[]`s or more)"

    func typeMismatch(_ type: Any.Type, expected: String, found node: DecodedNodeID) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(
            codingPath: path, debugDescription: "Expected \(expected), found \(describe(nodes[node]))."))
    }

    private func expectation(_ type: Any.Type) -> String {
        (type as? LeafValue.Type)?.expectation ?? "a single value of type \(type)"
    }

    private func describe(_ node: DecodedNode) -> String {
        switch node.kind {
        case .hash: return "a hash of \(node.count) keys (`key[…]=`)"
        case .array: return "an array of \(node.count) elements (`key[]=`)"
        case .leaf: return node.count == 1 ? "a value" : "\(node.count) values"
        case .null: return Self.nullElementDescription
        }
    }

    // MARK: Keys

    /// What an error names as expected where no hash stands.
    private static let hashExpectation = "a hash (`key[…]=` pairs)"

    /// The hash at `focus`, or none where nothing was sent (an empty hash to a keyed container).
    ///
    /// - Throws: `DecodingError.typeMismatch` where a value or an array stands.
    func hash(at focus: Focus) throws -> DecodedNodeID {
        switch focus {
        case .absent:
            return .none
        case .node(let index) where nodes[index].kind == .hash:
            return index
        case .node(let index) where nodes[index].kind == .null:
            throw nullElement([String: Any].self, expected: Self.hashExpectation, codingPath: path)
        case .node(let index):
            throw typeMismatch([String: Any].self, expected: Self.hashExpectation, found: index)
        case .value:
            throw DecodingError.typeMismatch([String: Any].self, DecodingError.Context(
                codingPath: path, debugDescription: "Expected \(Self.hashExpectation), found a value."))
        }
    }

    /// The child of the hash `node` that `key` names.
    func child(of node: DecodedNodeID, for key: some CodingKey) -> DecodedNodeID? {
        guard case .useDefaultKeys = options.keyDecoding else { return convertedChild(of: node, key.stringValue) }
        let name = key.stringValue
        if let found = name.utf8.withContiguousStorageIfAvailable({ child(of: node, named: $0) }) { return found }
        var copy = name
        return copy.withUTF8 { child(of: node, named: $0) }
    }

    /// How many of a decoding's lookups are remembered for the next: a flat form's fields, or
    /// the first records of a list (whose hashes are narrow, cheap to search).
    private static let rememberedLookupCount = 256

    private func child(of node: DecodedNodeID, named name: UnsafeBufferPointer<UInt8>) -> DecodedNodeID? {
        let ordinal = state.pointee.lookupCount
        guard ordinal < Self.rememberedLookupCount else { return search(node, for: name) }
        state.pointee.lookupCount = ordinal + 1
        let rememberedCount = state.pointee.rememberedLookups.count
        if ordinal < rememberedCount {
            // The node this lookup found in the last decoding, if it is the child asked for
            // here. A hash replaced by a value keeps its node, now a leaf, as its children's
            // parent, and a leaf never becomes a hash again: no lookup is made under it.
            let remembered = state.pointee.rememberedLookups[ordinal]
            if !remembered.isNone && Int(remembered.index) < nodes.count && nodes[remembered].isChild(of: node, keyed: name, in: form.bytes) {
                return remembered
            }
        }
        let found = search(node, for: name)
        if ordinal < rememberedCount {
            state.pointee.rememberedLookups[ordinal] = found ?? .none
        } else {
            state.pointee.rememberedLookups.append(found ?? .none)
        }
        return found
    }

    /// The child `name` of `node`, found from the hint, then by a search.
    private func search(_ node: DecodedNodeID, for name: UnsafeBufferPointer<UInt8>) -> DecodedNodeID? {
        if state.pointee.lookupHints.isEmpty {
            let nodes = nodes
            state.pointee.lookupHints.reserveCapacity(nodes.count)
            for index in 0..<nodes.count { state.pointee.lookupHints.append(nodes[index].firstChild) }
        }
        let hint = state.pointee.lookupHints[Int(node.index)]
        if !hint.isNone {
            let candidate = nodes[hint]
            if form.bytes.equal(candidate.key, name) {
                state.pointee.lookupHints[Int(node.index)] = candidate.next
                return hint
            }
        }
        if let found = nodes[node].count < DecodedTree.indexedWidth || nodes[node].isIndexed
            ? form.tree.pointee.child(name, of: node) : wideChild(name, of: node) {
            state.pointee.lookupHints[Int(node.index)] = nodes[found].next
            return found
        }
        // A key Swift's `String` equality finds equal but spelled with other bytes (canonical
        // equivalence): only non-ASCII keys can be.
        guard name.contains(where: { $0 >= 0x80 }) else { return nil }
        let wanted = String(decoding: name, as: UTF8.self)
        var child = nodes[node].firstChild
        while !child.isNone {
            if form.bytes.string(nodes[child].key) == wanted { return child }
            child = nodes[child].next
        }
        return nil
    }

    /// The child `name` of a wide hash the build did not index: looked up in the decoder's own
    /// table, which gets the hash's children on the first lookup, so that a type reading a wide
    /// form by its keys finds each without a search through the children.
    @inline(never)
    private func wideChild(_ name: UnsafeBufferPointer<UInt8>, of node: DecodedNodeID) -> DecodedNodeID? {
        if state.pointee.indexedWideHashes.insert(node).inserted {
            state.pointee.wideChildren.insertChildren(of: node, in: nodes, bytes: form.bytes)
        }
        return state.pointee.wideChildren.find(name, of: node, in: nodes, bytes: form.bytes)
    }

    private func convertedChild(of node: DecodedNodeID, _ name: String) -> DecodedNodeID? {
        if let keys = state.pointee.convertedKeys[node] { return keys[name] }
        var keys: [String: DecodedNodeID] = [:]
        var child = nodes[node].firstChild
        while !child.isNone {
            let converted = convertKey(form.bytes.string(nodes[child].key))
            if keys[converted] == nil { keys[converted] = child }
            child = nodes[child].next
        }
        state.pointee.convertedKeys[node] = keys
        return keys[name]
    }

    /// A hash key as the `CodingKey`s see it.
    func convertKey(_ key: String) -> String {
        switch options.keyDecoding {
        case .useDefaultKeys: return key
        case .convertFromSnakeCase: return KeyConversion.camelCase(key, separator: "_")
        case .convertFromKebabCase: return KeyConversion.camelCase(key, separator: "-")
        case .custom(let convert): return convert(key)
        }
    }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try keyedContainer(keyedBy: type, at: focus, depth: path.count)
    }

    // MARK: Keyed containers

    /// A container keyed by `type` over the hash at `focus`, whose first `depth` keys of the
    /// path are its own: the shelved one of that key type, moved there, when nothing else holds
    /// it (`ContainerShelf`), or a new one (always at the root, and in a super decoder).
    ///
    /// - Throws: `DecodingError.typeMismatch` when `focus` is no hash.
    @inline(__always)
    func keyedContainer<Key: CodingKey>(keyedBy type: Key.Type, at focus: Focus, depth: Int) throws -> KeyedDecodingContainer<Key> {
        let node = try hash(at: focus)
        prefetchGrandchildren(of: node)
        let place = KeyedPlace(node: node, depth: depth)
        guard depth > 0, let keyedContainers else {
            return KeyedDecodingContainer(FormKeyedDecodingContainer<Key>(decoder: self, place: place))
        }
        let entry = keyedContainers.entry(for: type)
        guard ContainerShelf.holdsFreeBox(entry, of: type) else {
            return makeKeyedContainer(keyedBy: type, place, shelf: entry)
        }
        state.pointee.keyedPlaces[entry.pointee.slot] = place
        return PrivateLayouts.container(boxedIn: entry.pointee.box.unsafelyUnwrapped, as: KeyedDecodingContainer<Key>.self)
    }

    @inline(never)
    private func makeKeyedContainer<Key: CodingKey>(keyedBy type: Key.Type, _ place: KeyedPlace,
                                                    shelf entry: UnsafeMutablePointer<ContainerShelf.Entry>) -> KeyedDecodingContainer<Key> {
        guard keyedContainers.unsafelyUnwrapped.shelves(type, at: entry) else {
            return KeyedDecodingContainer(FormKeyedDecodingContainer<Key>(decoder: self, place: place))
        }
        let slot = newKeyedSlot(place)
        let container = KeyedDecodingContainer(FormKeyedDecodingContainer<Key>(decoder: self, slot: slot))
        ContainerShelf.shelve(PrivateLayouts.box(of: container), slot: slot, of: type, at: entry)
        return container
    }

    private func newKeyedSlot(_ place: KeyedPlace) -> Int {
        state.pointee.keyedPlaces.append(place)
        return state.pointee.keyedPlaces.count - 1
    }

    /// What the keyed container of `slot` reads.
    @inline(__always)
    func keyedPlace(_ slot: Int) -> KeyedPlace {
        state.pointee.keyedPlaces[slot]
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try FormUnkeyedDecodingContainer(decoder: self, focus: focus, depth: path.count)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool { isNil(at: focus) }
    func decode(_ type: Bool.Type) throws -> Bool { try decodeLeaf(type) }
    func decode(_ type: String.Type) throws -> String { try decodeLeaf(type) }
    func decode(_ type: Double.Type) throws -> Double { try decodeLeaf(type) }
    func decode(_ type: Float.Type) throws -> Float { try decodeLeaf(type) }
    func decode(_ type: Int.Type) throws -> Int { try decodeLeaf(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeLeaf(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeLeaf(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeLeaf(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeLeaf(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeLeaf(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeLeaf(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeLeaf(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeLeaf(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeLeaf(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeHere(type) }
}

/// A key as the decoder's path keeps it when the key's own type is too large to sit inline in
/// `any CodingKey` (three words): a dictionary's key, `_DictionaryCodingKey` (a `String` and an
/// `Int?`), would take a heap box on every push, once per entry of a `[String: V]`. Kept as its
/// text, and whether that text is its integer value.
struct TextCodingKey: CodingKey {
    let stringValue: String
    private let isInteger: Bool
    var intValue: Int? { isInteger ? Int(stringValue) : nil }

    init(stringValue: String) {
        self.stringValue = stringValue
        isInteger = false
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        isInteger = true
    }

    /// `key` itself when it fits inline (a type's `CodingKeys` enum does), else the same key
    /// as a `TextCodingKey`; a key whose integer value is not its text keeps its own type.
    static func inline<Key: CodingKey>(_ key: Key) -> any CodingKey {
        guard MemoryLayout<Key>.size > 3 * MemoryLayout<Int>.size else { return key }
        guard let integer = key.intValue else { return TextCodingKey(stringValue: key.stringValue) }
        return String(integer) == key.stringValue ? TextCodingKey(intValue: integer) : key
    }
}

/// A `[String: V]`'s key in a coding path, as the standard library's dictionary key has it: its
/// text, and the integer that text reads as (`"007"` is 7). Two words: it sits inline in
/// `any CodingKey`.
struct DictionaryTextKey: CodingKey {
    let stringValue: String
    var intValue: Int? { Int(stringValue) }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

/// An array element's place in a coding path: its text is made only if someone reads it.
struct FormIndexKey: CodingKey {
    let index: Int
    var intValue: Int? { index }
    var stringValue: String { String(index) }

    init(_ index: Int) { self.index = index }
    init(intValue: Int) { self.index = intValue }
    init?(stringValue: String) { return nil }
}
