extension URLEncodedFormDecoder {
    func decode<T: Decodable>(_ type: T.Type, fromBytes bytes: UnsafeBufferPointer<UInt8>) throws -> T {
        fatalError("URLEncodedFormDecoder: the core is being written")
    }

    func parameters(fromBytes bytes: UnsafeBufferPointer<UInt8>) throws -> Parameters {
        fatalError("URLEncodedFormDecoder: the core is being written")
    }
}
