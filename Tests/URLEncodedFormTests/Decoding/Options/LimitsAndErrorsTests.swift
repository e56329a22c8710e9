import Foundation
import Testing
import URLEncodedForm

/// The input-level errors: each case's description (which limit or byte, and the limit to
/// raise), `inputTooLong` and `tooManyParameters` exactly at and one past their limits (and
/// `nil` for no length limit), the `DecodingError.dataCorrupted` that wraps every one of them
/// with an empty coding path, the decoder staying usable after an error and across threads,
/// and `Error`'s equality.
struct LimitsAndErrorsTests {
    typealias FormError = URLEncodedFormDecoder.Error

    // MARK: Descriptions

    @Test func limitErrorsNameTheLimitAndTheOptionThatRaisesIt() {
        let tooLong = FormError.inputTooLong(limit: 1234).description
        #expect(tooLong.contains("1234") && tooLong.contains("maximumInputLength"), "\(tooLong)")
        let tooMany = FormError.tooManyParameters(limit: 777).description
        #expect(tooMany.contains("777") && tooMany.contains("maximumParameterCount"), "\(tooMany)")
        let tooDeep = FormError.tooDeep(key: "user", limit: 9).description
        #expect(tooDeep.contains("user") && tooDeep.contains("9") && tooDeep.contains("maximumDepth"), "\(tooDeep)")
        for error in [FormError.inputTooLong(limit: 1), .tooManyParameters(limit: 1), .tooDeep(key: "", limit: 1)] {
            #expect(error.description.contains("raise"), "\(error)")
        }
        // At parameters(from:)'s own cap, the text names it too, and what to do instead.
        let cap = FormError.tooDeep(key: "a", limit: URLEncodedFormDecoder.Limits.maximumParametersDepth).description
        #expect(cap.contains("maximumParametersDepth") && cap.contains("decode it into a type"), "\(cap)")
    }

    @Test func inputErrorsNameTheByteOrTheKey() {
        let escape = FormError.invalidPercentEscape(offset: 4321).description
        #expect(escape.contains("4321"), "\(escape)")
        let utf8 = FormError.invalidUTF8(offset: 8765).description
        #expect(utf8.contains("8765"), "\(utf8)")
        let conflict = FormError.conflictingKey("shipping").description
        #expect(conflict.contains("shipping"), "\(conflict)")
    }

    // MARK: Input length

    func length(_ limit: Int?) -> URLEncodedFormDecoder {
        URLEncodedFormDecoder(limits: .init(maximumInputLength: limit))
    }

    /// `a=` and as many `x` as make `count` bytes.
    func input(ofLength count: Int) -> String {
        "a=" + String(repeating: "x", count: count - 2)
    }

    @Test func inputAtTheLengthLimitIsReadAndOneBytePastItThrows() throws {
        let decoder = length(10)
        #expect(try decoder.decode([String: String].self, from: input(ofLength: 10)) == ["a": "xxxxxxxx"])
        let query = input(ofLength: 11)
        let bytes = Array(query.utf8)
        #expect(inputError { _ = try decoder.decode([String: String].self, from: query) } == .inputTooLong(limit: 10))
        #expect(inputError { _ = try decoder.decode([String: String].self, from: bytes) } == .inputTooLong(limit: 10))
        #expect(inputError { _ = try decoder.decode([String: String].self, from: Data(bytes)) } == .inputTooLong(limit: 10))
        #expect(inputError { _ = try decoder.parameters(from: query) } == .inputTooLong(limit: 10))
        #expect(inputError { _ = try decoder.parameters(from: bytes) } == .inputTooLong(limit: 10))
        // Before anything else: this text is not a valid form either.
        #expect(inputError { _ = try decoder.parameters(from: String(repeating: "%", count: 11)) } == .inputTooLong(limit: 10))
    }

    @Test func lengthCountsBytesNotCharacters() throws {
        // "a=é" is three characters and four bytes.
        #expect(inputError { _ = try length(3).parameters(from: "a=\u{E9}") } == .inputTooLong(limit: 3))
        #expect(try length(4).form("a=\u{E9}") == .hash(["a": .value("\u{E9}")]))
        #expect(try length(0).form("") == .hash([:]))
        #expect(inputError { _ = try length(0).parameters(from: "&") } == .inputTooLong(limit: 0))
    }

    @Test func defaultLengthLimitIsFourMebibytesAndNilHasNone() throws {
        let limit = 4 * 1024 * 1024
        #expect(URLEncodedFormDecoder.Limits.default.maximumInputLength == limit)
        let atLimit = input(ofLength: limit)
        let pastLimit = input(ofLength: limit + 1)
        #expect(try URLEncodedFormDecoder().decode([String: String].self, from: atLimit)["a"]?.utf8.count == limit - 2)
        #expect(inputError { _ = try URLEncodedFormDecoder().parameters(from: pastLimit) } == .inputTooLong(limit: limit))
        #expect(try length(nil).decode([String: String].self, from: pastLimit)["a"]?.utf8.count == limit - 1)
    }

    // MARK: Parameter count

    @Test func parametersAtTheCountLimitAreReadAndOnePastThrows() throws {
        let decoder = URLEncodedFormDecoder(limits: .init(maximumParameterCount: 3))
        #expect(try decoder.form("a=1&b&c=") == .hash(["a": .value("1"), "b": .value(""), "c": .value("")]))
        #expect(inputError { _ = try decoder.parameters(from: "a=1&b&c=&d") } == .tooManyParameters(limit: 3))
        #expect(inputError { _ = try decoder.decode([String: String].self, from: "a=1&b&c=&d") } == .tooManyParameters(limit: 3))
    }

    struct Many: Decodable {
        let a: [String]
    }

    @Test func defaultCountLimitIsTenThousand() throws {
        #expect(URLEncodedFormDecoder.Limits.default.maximumParameterCount == 10_000)
        let atLimit = Array(repeating: "a[]=1", count: 10_000).joined(separator: "&")
        #expect(try URLEncodedFormDecoder().decode(Many.self, from: atLimit).a.count == 10_000)
        let pastLimit = atLimit + "&a[]=1"
        #expect(inputError { _ = try URLEncodedFormDecoder().decode(Many.self, from: pastLimit) } == .tooManyParameters(limit: 10_000))
        let raised = URLEncodedFormDecoder(limits: .init(maximumParameterCount: 10_001))
        #expect(try raised.decode(Many.self, from: pastLimit).a.count == 10_001)
    }

    @Test func defaultDepthLimitIs64() {
        #expect(URLEncodedFormDecoder.Limits.default.maximumDepth == 64)
    }

    // MARK: The wrapping DecodingError

    /// Inputs that fail at the input level under default options but for the limits given.
    static let failures: [(query: String, limits: URLEncodedFormDecoder.Limits, error: URLEncodedFormDecoder.Error)] = [
        ("a=12345", .init(maximumInputLength: 5), .inputTooLong(limit: 5)),
        ("a&b", .init(maximumParameterCount: 1), .tooManyParameters(limit: 1)),
        ("k[a][b]=1", .init(maximumDepth: 1), .tooDeep(key: "k", limit: 1)),
        ("a=%2", .default, .invalidPercentEscape(offset: 2)),
        ("a=%FF", .default, .invalidUTF8(offset: 2)),
    ]

    @Test(arguments: failures)
    func everyInputErrorIsDataCorruptedWithItAsTheUnderlyingError(_ vector: (query: String, limits: URLEncodedFormDecoder.Limits, error: URLEncodedFormDecoder.Error)) {
        let decoder = URLEncodedFormDecoder(limits: vector.limits)
        for run in [{ _ = try decoder.decode([String: String].self, from: vector.query) },
                    { _ = try decoder.parameters(from: vector.query) }] {
            do {
                try run()
                Issue.record("\(vector.query): no error")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(context.codingPath.isEmpty)
                #expect(context.underlyingError as? FormError == vector.error)
                #expect(context.debugDescription == vector.error.description)
            } catch {
                Issue.record("\(vector.query): \(error)")
            }
        }
    }

    @Test func keyConflictIsDataCorruptedWithConflictingKeyUnderneath() {
        let error = inputError { _ = try URLEncodedFormDecoder().decode([String: [String]].self, from: "a=1&a[]=2") }
        guard error?.code == .conflictingKey else {
            Issue.record("expected conflictingKey, got \(String(describing: error))")
            return
        }
    }

    @Test func nothingPartialIsReturnedWhenALaterPartFails() {
        // The first pairs are fine; the error comes last and still fails the whole decoding.
        let decoder = URLEncodedFormDecoder(limits: .init(maximumParameterCount: 2))
        #expect(inputError { _ = try decoder.decode([String: String].self, from: "a=1&b=2&c=3") } == .tooManyParameters(limit: 2))
        #expect(inputError { _ = try URLEncodedFormDecoder().parameters(from: "a=1&b=2&c=%") } == .invalidPercentEscape(offset: 10))
    }

    // MARK: After an error, across threads

    @Test func decoderIsUsableAfterAnyError() throws {
        let decoder = URLEncodedFormDecoder(limits: .init(maximumDepth: 1, maximumParameterCount: 3, maximumInputLength: 20))
        for bad in ["a=%", "a=%FF", "a&b&c&d", "a[b][c]=1", "a=123456789012345678901", "a=1&a[]=2"] {
            #expect(inputError { _ = try decoder.parameters(from: bad) } != nil, "\(bad)")
            #expect(try decoder.decode([String: String].self, from: "a=1&b=2") == ["a": "1", "b": "2"], "after \(bad)")
        }
        #expect(decodingError { _ = try decoder.decode(Single<Int>.self, from: "v=x") } != nil)
        #expect(try decoder.decode(Single<Int>.self, from: "v=5").v == 5)
    }

    @Test func oneDecoderIsSharedBetweenThreads() async throws {
        let decoder = URLEncodedFormDecoder(limits: .init(maximumParameterCount: 4))
        let outputs = try await concurrently(tasks: 8) { task in
            (0..<200).map { round in
                let query = round % 3 == 0 ? "a&b&c&d&e" : "n=\(task)&r=\(round)"
                do {
                    let pairs = try decoder.decode([String: String].self, from: query)
                    return pairs == ["n": "\(task)", "r": "\(round)"] ? "ok" : "wrong \(pairs)"
                } catch let DecodingError.dataCorrupted(context) where context.underlyingError as? FormError == .tooManyParameters(limit: 4) {
                    return round % 3 == 0 ? "ok" : "unexpected limit"
                } catch {
                    return "\(error)"
                }
            }
        }
        #expect(outputs.count == 1_600)
        #expect(outputs.allSatisfy { $0 == "ok" }, "\(outputs.filter { $0 != "ok" }.prefix(3))")
    }

    // MARK: Equality

    @Test func errorIsEquatableByCaseAndPayload() {
        #expect(FormError.tooDeep(key: "a", limit: 1) == .tooDeep(key: "a", limit: 1))
        #expect(FormError.tooDeep(key: "a", limit: 1) != .tooDeep(key: "a", limit: 2))
        #expect(FormError.tooDeep(key: "a", limit: 1) != .tooDeep(key: "b", limit: 1))
        #expect(FormError.inputTooLong(limit: 1) != .tooManyParameters(limit: 1))
        #expect(FormError.invalidUTF8(offset: 3) != .invalidPercentEscape(offset: 3))
        #expect(FormError.invalidUTF8(offset: 3) == .invalidUTF8(offset: 3))
        #expect(FormError.conflictingKey("a") != .conflictingKey("b"))
    }
}
