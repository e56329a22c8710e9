/// A `FuzzValue` together with the log its programs write to: what the encoders are given.
struct FuzzEncodable: Encodable {
    let value: FuzzValue
    let log: FuzzLog

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder, log: log)
    }
}
