import Foundation
// Temporary: replaced by the real engine (Builder/, Escaping/, Serialization/).
struct EscapeTable: Sendable { init(allowedCharacters: CharacterSet, spaceEncoding: URLEncodedFormEncoder.SpaceEncoding) {} }
struct EncodingOptions { init(encoder: URLEncodedFormEncoder, escapeTable: EscapeTable) {} }
final class EncodingSession { let options: EncodingOptions; let tree = 0; init(options: EncodingOptions) { self.options = options } }
struct PathID { static let root = PathID() }
struct FormValueEncoder: Encoder {
    init(session: EncodingSession, path: PathID) {}
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { fatalError("engine pending") }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("engine pending") }
    func singleValueContainer() -> any SingleValueEncodingContainer { fatalError("engine pending") }
}
enum FormWriter { static func write(_ tree: Int, options: EncodingOptions, into: inout [UInt8]) throws { throw CancellationError() } }
