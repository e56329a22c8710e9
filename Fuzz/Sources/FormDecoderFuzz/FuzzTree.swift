import URLEncodedForm

/// `parameters(from:)`'s tree as a value that compares with `==`: `String` leaves, `[Any]`
/// arrays, `[String: Any]` hashes, as the README documents its shape; its `NSNull` elements
/// (Rack's `nil`), which `URLEncoding` writes as text, are `foreign`, not re-encoded.
indirect enum FuzzTree: Equatable, CustomStringConvertible {
    case leaf(String)
    case array([FuzzTree])
    case hash([String: FuzzTree])
    /// Anything else: never equal to a tree `parameters(from:)` may return.
    case foreign(String)

    init(_ any: Any) {
        switch any {
        case let string as String: self = .leaf(string)
        case let array as [Any]: self = .array(array.map(FuzzTree.init))
        case let hash as [String: Any]: self = .hash(hash.mapValues(FuzzTree.init))
        default: self = .foreign("\(type(of: any))")
        }
    }

    /// The tree as `URLEncoding`'s parameters.
    var parameters: Parameters {
        guard case .hash(let hash) = self else { return [:] }
        return hash.mapValues(\.sendable)
    }

    private var sendable: any Sendable {
        switch self {
        case .leaf(let string): return string
        case .array(let array): return array.map(\.sendable)
        case .hash(let hash): return hash.mapValues(\.sendable)
        case .foreign(let name): return name
        }
    }

    var description: String {
        switch self {
        case .leaf(let value): return value.debugDescription
        case .array(let array): return "[" + array.map(\.description).joined(separator: ", ") + "]"
        case .hash(let hash):
            return "{" + hash.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription): \($0.value)" }.joined(separator: ", ") + "}"
        case .foreign(let name): return "<\(name)>"
        }
    }

    /// Whether `URLEncoding`'s text for the tree (`key[sub]`, `key[]` per element) reads back as
    /// the tree. Not so, by the documented rules (README, "Decoding forms"), for:
    /// - an empty array or hash, which writes nothing;
    /// - a key that is empty or holds `[` or `]`: an empty segment is `[]` (append), and a name is
    ///   unescaped before it is split, so a bracket in a key reads as a path. A top-level empty key
    ///   of a plain value is fine (`=v` is the key `""`);
    /// - an array inside an array (`a[][]` has no element boundary), and an array inside an
    ///   array's hash (Rack's rule for a path after `[]` that holds another `[]`);
    /// - an array of hashes whose elements differ in shape: a new element starts only where the
    ///   last one already has the key path being written (`a[][x]=1&a[][y]=2` is one element),
    ///   and `URLEncoding` writes a hash's keys in its iteration order. Elements of one shape
    ///   (the same key paths, as a `Decodable` array of objects writes) always split right.
    static func isReEncodable(_ hash: [String: FuzzTree], top: Bool = true) -> Bool {
        hash.allSatisfy { key, value in
            if key.isEmpty { return top && value.isLeaf }
            if key.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) { return false }
            switch value {
            case .leaf: return true
            case .hash(let inner): return !inner.isEmpty && isReEncodable(inner, top: false)
            case .array(let elements):
                if elements.isEmpty { return false }
                if elements.allSatisfy(\.isLeaf) { return true }
                guard case .hash(let first)? = elements.first, let shape = FuzzTree.hash(first).shape else { return false }
                return elements.allSatisfy { element in
                    guard case .hash(let inner) = element else { return false }
                    return !inner.isEmpty && element.shape == shape && isReEncodable(inner, top: false)
                }
            case .foreign: return false
            }
        }
    }

    private var isLeaf: Bool {
        if case .leaf = self { return true }
        return false
    }

    /// The key paths without the values, or `nil` when the tree holds an array.
    private var shape: FuzzTree? {
        switch self {
        case .leaf: return .leaf("")
        case .hash(let hash):
            var shaped: [String: FuzzTree] = [:]
            for (key, value) in hash {
                guard let inner = value.shape else { return nil }
                shaped[key] = inner
            }
            return .hash(shaped)
        case .array, .foreign: return nil
        }
    }
}
