import Foundation
import Testing
import URLEncodedForm

/// The optimized encoder's API beyond Alamofire's (README, "Usage"; DocC, "Getting Started"): byte outputs, appending into a
/// caller's buffer, `Sendable`, a settable `allowedCharacters`, errors that carry the coding path.
struct OptimizedEncoderAPITests {
    private static let value = ["name": "Jane Doe", "city": "São Paulo"]
    private static let expected = "city=S%C3%A3o%20Paulo&name=Jane%20Doe"

    /// Values that make an encoder with a date closure throwing for negative intervals throw,
    /// one per kind of failure: a non-keyed root, a closure error after a pair was already
    /// stored, an `EncodingError` from a single-value container, a negative index.
    private static let failingValues: [any Encodable & Sendable] = [
        "root",
        VectorNode.object([("a", .text("1")), ("d", .leaf(.date(Date(timeIntervalSinceReferenceDate: -1))))]),
        ["a": TwoValuesInOneContainer()],
        VectorNode.object([("a", .indexed([(0, .text("x")), (-1, .text("y"))]))]),
    ]

    private static func encoderWithThrowingDates() -> URLEncodedFormEncoder {
        URLEncodedFormEncoder(dateEncoding: .custom { date in
            guard date.timeIntervalSinceReferenceDate >= 0 else { throw ClosureError() }
            return "ok"
        })
    }

    @Test func bytesOutputIsTheUTF8OfTheStringOutput() throws {
        let encoder = URLEncodedFormEncoder()
        let bytes: [UInt8] = try encoder.encode(Self.value)
        let string: String = try encoder.encode(Self.value)
        #expect(string == Self.expected)
        #expect(bytes == Array(string.utf8))
    }

    @Test func dataOutputIsTheUTF8OfTheStringOutput() throws {
        let encoder = URLEncodedFormEncoder()
        let data: Data = try encoder.encode(Self.value)
        let string: String = try encoder.encode(Self.value)
        #expect(string == Self.expected)
        #expect(data == Data(string.utf8))
    }

    @Test func encodeIntoAppendsAfterTheBuffersContent() throws {
        let encoder = URLEncodedFormEncoder()
        var buffer = Array("prefix&".utf8)
        try encoder.encode(Self.value, into: &buffer)
        #expect(buffer == Array(("prefix&" + Self.expected).utf8))
        try encoder.encode(["z": 1], into: &buffer)
        #expect(buffer == Array(("prefix&" + Self.expected + "z=1").utf8))
    }

    @Test func everyOutputPutsTheRootsSortedLevelsInOrder() throws {
        // The root's arrays are sorted as the text is copied out (each level's last element
        // is not its first in order, so a separator moves); every output must do it alike.
        let value = ["c": ["z", "y"], "a": ["3", "1", "2"], "b": ["x"]]
        let expected = "a%5B%5D=1&a%5B%5D=2&a%5B%5D=3&b%5B%5D=x&c%5B%5D=y&c%5B%5D=z"
        let encoder = URLEncodedFormEncoder()
        let string: String = try encoder.encode(value)
        let bytes: [UInt8] = try encoder.encode(value)
        let data: Data = try encoder.encode(value)
        var buffer = Array("prefix&".utf8)
        try encoder.encode(value, into: &buffer)
        #expect(string == expected)
        #expect(bytes == Array(expected.utf8))
        #expect(data == Data(expected.utf8))
        #expect(buffer == Array(("prefix&" + expected).utf8))
    }

    @Test func aResultOfHugePagesHoldsTheWholeTextInEveryOutput() throws {
        // Over 32 MiB, results are advised to the kernel as huge pages before the text is
        // copied in, in pieces (the root sorts its two keys). Each value is a distinct run of
        // letters, so the expected text is the values in order, built without the encoder.
        let values = (0..<36).reversed().map { index in
            String(UnicodeScalar(UInt8(ascii: "A") + UInt8(index % 26))) + String(index)
                + String(repeating: "xyzw", count: 1 << 18)
        }
        let value = ["b": values, "a": ["0"]]
        let expected = "a%5B%5D=0&" + values.sorted().map { "b%5B%5D=" + $0 }.joined(separator: "&")
        #expect(expected.utf8.count > 36 << 20)

        let encoder = URLEncodedFormEncoder()
        let string: String = try encoder.encode(value)
        #expect(string == expected)
        let bytes: [UInt8] = try encoder.encode(value)
        #expect(bytes == Array(expected.utf8))
        let data: Data = try encoder.encode(value)
        #expect(data == Data(expected.utf8))
    }

    @Test func encodeIntoLeavesTheBufferUnchangedWhenEncodingThrows() {
        let encoder = Self.encoderWithThrowingDates()
        for value in Self.failingValues {
            var buffer = Array("keep".utf8)
            #expect(throws: (any Error).self) { try encoder.encode(value, into: &buffer) }
            #expect(buffer == Array("keep".utf8), "buffer changed by failing \(value)")
        }
    }

    @Test func encoderIsSendable() async throws {
        // Compile-time check: `URLEncodedFormEncoder` must satisfy `Sendable`.
        func shareable<T: Sendable>(_ value: T) -> T { value }
        let encoder = shareable(URLEncodedFormEncoder())
        let output = try await Task.detached { try encoder.encode(["a": 1]) as String }.value
        #expect(output == "a=1")
    }

    @Test func allowedCharactersDefaultToAFURLQueryAllowed() {
        #expect(URLEncodedFormEncoder().allowedCharacters == .afURLQueryAllowed)
    }

    @Test func allowedCharactersCanBeSetBetweenEncodings() throws {
        let encoder = URLEncodedFormEncoder()
        #expect(try encoder.encode(["k": "a;b"]) as String == "k=a%3Bb")
        encoder.allowedCharacters = .urlQueryAllowed
        #expect(encoder.allowedCharacters == .urlQueryAllowed)
        #expect(try encoder.encode(["k": "a;b"]) as String == "k=a;b")
    }

    @Test func settingAllowedCharactersKeepsTheSpaceEncoding() throws {
        let encoder = URLEncodedFormEncoder(spaceEncoding: .plusReplaced)
        encoder.allowedCharacters = CharacterSet(charactersIn: "ab")
        #expect(try encoder.encode(["ab": "a b c"]) as String == "ab=a+b+%63")
    }

    @Test func invalidRootObjectIsTheModulesOwnError() {
        let error = #expect(throws: URLEncodedFormEncoder.Error.self) {
            let _: [UInt8] = try URLEncodedFormEncoder().encode("x")
        }
        guard case let .invalidRootObject(root)? = error else {
            Issue.record("expected invalidRootObject, got \(String(describing: error))")
            return
        }
        #expect(root == #"string("x")"#)
    }

    @Test func encodingErrorFromTheBufferAPICarriesTheCodingPath() {
        var buffer: [UInt8] = []
        let error = #expect(throws: EncodingError.self) {
            try URLEncodedFormEncoder().encode(["outer": [["inner": TwoValuesInOneContainer()]]], into: &buffer)
        }
        guard case let .invalidValue(_, context)? = error else {
            Issue.record("expected EncodingError.invalidValue, got \(String(describing: error))")
            return
        }
        // Array positions are compared by their intValue, names by their stringValue.
        #expect(context.codingPath.map { $0.intValue.map { "#\($0)" } ?? $0.stringValue } == ["outer", "#0", "inner"])
    }

    @Test func encoderIsUsableAfterEveryKindOfError() throws {
        let encoder = Self.encoderWithThrowingDates()
        for value in Self.failingValues {
            #expect(throws: (any Error).self) { let _: [UInt8] = try encoder.encode(value) }
            let bytes: [UInt8] = try encoder.encode(["b": Date(timeIntervalSinceReferenceDate: 1)])
            #expect(bytes == Array("b=ok".utf8))
        }
    }
}
