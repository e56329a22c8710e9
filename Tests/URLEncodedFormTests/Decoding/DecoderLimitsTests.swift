import Foundation
import Testing
import URLEncodedForm

/// Limits and input errors (README, "Decoding forms"): each limit exactly at and one past its
/// bound, each error's description, the wrapping in `DecodingError`, and a decoder that stays
/// usable after any error.
struct DecoderLimitsTests {
    @Test func inputLengthIsCheckedFirstExactlyAtTheLimit() throws {
        let limited = URLEncodedFormDecoder(limits: .init(maximumInputLength: 5))
        #expect(try limited.form("a=123") == .hash(["a": .value("123")]))
        #expect(inputError { _ = try limited.parameters(from: "a=1234") } == .inputTooLong(limit: 5))
        // Before anything else: the text is not a valid form either.
        #expect(inputError { _ = try limited.parameters(from: "%%%%%%") } == .inputTooLong(limit: 5))
        let unlimited = URLEncodedFormDecoder(limits: .init(maximumInputLength: nil))
        #expect((try? unlimited.parameters(from: "a=" + String(repeating: "x", count: 5_000_000))) != nil)
    }

    @Test func theDefaultLimitsAre64Deep10000PairsAnd4MiB() {
        let limits = URLEncodedFormDecoder.Limits.default
        #expect(limits.maximumDepth == 64 && limits.maximumParameterCount == 10_000 && limits.maximumInputLength == 4_194_304)
        #expect(URLEncodedFormDecoder().limits == limits)
        let decoder = URLEncodedFormDecoder()
        #expect(inputError { _ = try decoder.parameters(from: [UInt8](repeating: UInt8(ascii: "a"), count: 4_194_305)) }
                == .inputTooLong(limit: 4_194_304))
        let pairs = Array(repeating: "a", count: 10_001).joined(separator: "&")
        #expect(inputError { _ = try decoder.parameters(from: pairs) } == .tooManyParameters(limit: 10_000))
        #expect((try? decoder.parameters(from: String(pairs.dropLast(2)))) != nil)
    }

    @Test func inputErrorsComeAsDataCorruptedWithTheErrorUnderneath() {
        do {
            _ = try URLEncodedFormDecoder().decode([String: String].self, from: "a=%ZZ")
            Issue.record("no error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.isEmpty)
            #expect(context.underlyingError as? URLEncodedFormDecoder.Error == .invalidPercentEscape(offset: 2))
            #expect(context.debugDescription == URLEncodedFormDecoder.Error.invalidPercentEscape(offset: 2).description)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func eachErrorSaysWhichLimitOrByteAndHowToGoOn() {
        #expect(URLEncodedFormDecoder.Error.inputTooLong(limit: 9).description.contains("9 bytes (Limits.maximumInputLength)"))
        #expect(URLEncodedFormDecoder.Error.tooManyParameters(limit: 9).description.contains("Limits.maximumParameterCount"))
        #expect(URLEncodedFormDecoder.Error.tooDeep(key: "k", limit: 9).description.contains("\"k\""))
        #expect(URLEncodedFormDecoder.Error.tooDeep(key: "k", limit: 9).description.contains("Limits.maximumDepth"))
        #expect(URLEncodedFormDecoder.Error.invalidPercentEscape(offset: 3).description.contains("byte 3"))
        #expect(URLEncodedFormDecoder.Error.invalidUTF8(offset: 4).description.contains("byte 4"))
        #expect(URLEncodedFormDecoder.Error.conflictingKey("a").description.contains("\"a\""))
        for error in [URLEncodedFormDecoder.Error.inputTooLong(limit: 1), .tooManyParameters(limit: 1), .tooDeep(key: "", limit: 1)] {
            #expect(error.description.contains("raise"), "\(error)")
        }
    }

    @Test func theDecoderStaysUsableAfterAnyError() throws {
        let decoder = URLEncodedFormDecoder(limits: .init(maximumDepth: 1, maximumParameterCount: 2, maximumInputLength: 20))
        for bad in ["a=%", "a[b][c]=1", "a&b&c", String(repeating: "x", count: 21), "a=1&a[]=2", "a=%FF"] {
            #expect(inputError { _ = try decoder.parameters(from: bad) } != nil, "\(bad)")
            #expect(try decoder.form("a[b]=1&c=2") == .hash(["a": .hash(["b": .value("1")]), "c": .value("2")]))
        }
    }
}
