/// A coding path, by the index of its last component in the builder's paths.
struct PathID: UncheckedArrayID, Equatable {
    typealias Element = CodingPathEntry

    let index: Int32

    /// The empty path of the root value.
    static let root = PathID(index: 0)
}

/// One component of a coding path, linked to the path it extends.
///
/// Containers and nested encoders hold a `PathID` rather than a `[CodingKey]`: the array is
/// only built when user code reads `codingPath`. Each entry also caches the tree node its path
/// leads to, valid while `cachedEpoch` equals the builder's epoch (see `TreeBuilder`).
struct CodingPathEntry {
    // In this order the fields take 40 bytes, as they did before `depth`.
    let parent: PathID
    /// How many components the path has: 0 for the root's.
    let depth: Int32
    let component: PathComponent
    /// Some component of this path, this one included, is a negative index.
    let hasNegativeIndex: Bool
    /// A value stored below this path may throw: the path has a negative index, or a child of
    /// it would be deeper than the builder's `maximumDepth`. One test on the store path.
    let checksStores: Bool
    var cachedNode = NodeID.none
    var cachedEpoch = 0
}

/// A coding path component as user code sees it.
enum PathComponent {
    /// A `CodingKey`: its `stringValue` and, if it has one, its `intValue`, which makes it an
    /// array index unless the encoder writes such keys as text (`TreeBuilder.step(of:)`).
    case key(KeyID, intValue: Int?)
    /// An unkeyed container's element; its `stringValue` is the index in decimal.
    case element(Int)
}

/// One step down the tree: into an object by key, or into an array by index.
enum TreeStep {
    case key(KeyID)
    case index(Int)

    var isNegativeIndex: Bool {
        if case let .index(index) = self {
            return index < 0
        }
        return false
    }
}

/// The `CodingKey` this module reports in coding paths: the encoder's, and `URLEncoding`'s depth errors'.
struct FormCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    init(stringValue: String, intValue: Int?) {
        self.stringValue = stringValue
        self.intValue = intValue
    }
}
