import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import URLEncodedForm
import URLEncodedFormReference

/// Top-level keys that Swift's `<` cannot order (README, "Alamofire's quirks"): on Linux,
/// `"e\u{301}" < "\u{E9}a"` and `"\u{E9}a" < "e\u{301}"` are both false while the strings differ,
/// so Alamofire's `keys.sorted(by: <)` leaves them in the order of the dictionary it sorts —
/// the `[String: Any]` its parameters convert to, not the caller's — whose layout Swift seeds
/// from the new storage's address. The optimized module is called right after the reference
/// port, as a check against Alamofire calls them, so that its conversion lands where the
/// port's did. Run without `SWIFT_DETERMINISTIC_HASHING`, as `swift test` is, the layouts also
/// change from process to process; sorting the caller's dictionary instead fails here with some
/// thirty differences a run.
struct UnorderableKeyOrderTests {
    private static let pair = ("e\u{301}", "\u{E9}a")

    @Test func theStandardLibraryCannotOrderThePair() {
        let (a, b) = Self.pair
        #expect(!(a < b) && !(b < a) && a != b)
    }

    /// The reference port's query of `parameters`, through a GET request.
    private static func referenceQuery(_ parameters: Parameters) throws -> String {
        var request = URLRequest(url: URL(string: "https://example.com/")!)
        request.httpMethod = "GET"
        let encoded = try URLEncodedFormReference.URLEncoding.default.encode(request, with: parameters)
        return encoded.url?.query ?? ""
    }

    @Test func bothModulesOrderThePairAlikeInEveryLayout() throws {
        let (a, b) = Self.pair
        for extra in 0 ..< 48 {
            var parameters: Parameters = [a: "x", b: "y"]
            for index in 0 ..< extra { parameters["k\(index)"] = index }
            let reference = try Self.referenceQuery(parameters)
            let optimized: String = try URLEncodedForm.URLEncoding.default.encode(parameters)
            #expect(optimized == reference, "\(extra) more keys:\n  \(optimized)\n  \(reference)")
        }
    }

    @Test func relativesOfThePairOrderAlikeToo() throws {
        // Precomposed and combining spellings, and letters after them, as the fuzz makes them.
        let keys = ["e\u{301}", "\u{E9}a", "\u{E9}", "e\u{301}b", "a\u{308}", "\u{E4}z", "o\u{302}\u{323}", "\u{1ED9}x", "n\u{303}", "\u{F1}"]
        for extra in 0 ..< 24 {
            var parameters: Parameters = [:]
            for (index, key) in keys.enumerated() { parameters[key] = index }
            for index in 0 ..< extra { parameters["k\(index)"] = index }
            let reference = try Self.referenceQuery(parameters)
            let optimized: String = try URLEncodedForm.URLEncoding.default.encode(parameters)
            #expect(optimized == reference, "\(extra) more keys:\n  \(optimized)\n  \(reference)")
        }
    }
}
