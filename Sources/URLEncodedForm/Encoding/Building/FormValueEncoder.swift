/// The `Encoder` handed to `Encodable` values: a session and a coding path. It is small enough
/// to travel inside an `any Encoder` without an allocation.
struct FormValueEncoder: Encoder {
    let session: EncodingSession
    let path: PathID

    var codingPath: [any CodingKey] { session.builder.pointee.codingPath(path) }

    // This encoder does not support userInfo.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        session.keyedContainer(keyedBy: type, at: path)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        FormUnkeyedContainer(session: session, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        FormSingleValueContainer(session: session, path: path)
    }
}
