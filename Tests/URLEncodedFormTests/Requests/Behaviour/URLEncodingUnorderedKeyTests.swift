import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import URLEncodedForm

extension RequestsBehaviour {
    /// Top-level keys Swift's `<` cannot order — `"e\u{301}"` and `"\u{E9}a"`: neither is less,
    /// yet they differ — come out as Alamofire's `query(_:)` puts them: in the order
    /// `keys.sorted(by: <)` leaves them in the `[String: Any]` that `query(_:)` is handed, a copy
    /// of the caller's `Parameters`, whatever the caller's own dictionary's layout (its insertion
    /// order, its spare capacity).
    ///
    /// Swift seeds each copy's layout by its address, or by its size alone under
    /// `SWIFT_DETERMINISTIC_HASHING` (`ConvertedParameterOrder`). With that variable each
    /// layout's expectation is Alamofire's own two lines run on the same parameters; without it,
    /// the pairs are checked, and that the order changes from one copy to the next, as
    /// Alamofire's does, where a module that sorted the caller's dictionary would keep one.
    struct URLEncodingUnorderedKeyTests {
        /// The pair, a relative of it, and 0 to 5 ASCII keys, inserted pair first or last, in a
        /// dictionary of its own size or with spare capacity.
        static let layouts: [[String: any Sendable]] = (0 ... 5).flatMap { others in
            [false, true].flatMap { pairFirst in
                [0, 48].map { spareCapacity in
                    var parameters: [String: any Sendable] = [:]
                    parameters.reserveCapacity(spareCapacity)
                    let pair: [(String, any Sendable)] = [("e\u{301}", "x"), ("\u{E9}a", "y"), ("\u{E9}b", "z")]
                    let ascii: [(String, any Sendable)] = (0 ..< others).map { ("k\($0)", $0) }
                    for (key, value) in pairFirst ? pair + ascii : ascii + pair {
                        parameters[key] = value
                    }
                    return parameters
                }
            }
        }

        /// Alamofire's `query(_:)`, its keys escaped by hand (the ASCII keys and values here need
        /// no escaping): the parameters converted by the call, their keys sorted with `<`.
        private static func alamofireQuery(_ parameters: [String: Any]) -> String {
            parameters.keys.sorted(by: <).map { key in "\(escaped(key))=\(parameters[key]!)" }.joined(separator: "&")
        }

        private static func escaped(_ key: String) -> String {
            key.utf8.map { $0 < 0x80 ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
        }

        private static func pairs(_ query: String) -> [Substring] {
            query.split(separator: "&").sorted()
        }

        @Test(arguments: RequestContender.allCases)
        func unorderedKeysComeOutInTheOrderOfAlamofiresCopy(contender: RequestContender) throws {
            for parameters in Self.layouts {
                let expected = Self.alamofireQuery(parameters)
                let outcome = contender.urlEncoding(BehaviourRequest.make("POST"), parameters)
                guard case let .request(request) = outcome, case let .utf8(body)? = request.body else {
                    Issue.record("\(outcome)")
                    continue
                }
                if ConvertedParameterOrder.isReproducible {
                    #expect(body.utf8.elementsEqual(expected.utf8), "layout \(Array(parameters.keys))")
                } else {
                    #expect(Self.pairs(body) == Self.pairs(expected))
                }
            }
        }

        @Test func theCoreEncodingWritesTheOrderOfAlamofiresCopy() throws {
            for parameters in Self.layouts {
                let expected = Self.alamofireQuery(parameters)
                let query: String = try URLEncodedForm.URLEncoding.default.encode(parameters)
                if ConvertedParameterOrder.isReproducible {
                    #expect(query.utf8.elementsEqual(expected.utf8), "layout \(Array(parameters.keys))")
                } else {
                    #expect(Self.pairs(query) == Self.pairs(expected))
                }
            }
        }

        /// Encodes the issue's parameters (the pair and five ASCII keys) until the pair has come
        /// out both ways round, at most 64 times, holding on to a dictionary of the copy's size
        /// after each, so that the next copy is made elsewhere: by chance alone, the same order
        /// 64 times is practically impossible (each copy puts "e\u{301}" first about as often as
        /// not).
        @Test(.enabled(if: !ConvertedParameterOrder.isReproducible))
        func withoutDeterministicHashingTheOrderFollowsEachNewCopy() throws {
            var parameters: [String: any Sendable] = ["e\u{301}": "x", "\u{E9}a": "y"]
            for index in 0 ..< 5 {
                parameters["k\(index)"] = index
            }
            let encoders: [(String, ([String: any Sendable]) throws -> String)] = RequestContender.allCases.map { contender in
                (contender.rawValue, { parameters in
                    guard case let .request(request) = contender.urlEncoding(BehaviourRequest.make("POST"), parameters),
                          case let .utf8(body)? = request.body else { return "" }
                    return body
                })
            } + [("core URLEncoding", { try URLEncodedForm.URLEncoding.default.encode($0) })]
            for (name, encode) in encoders {
                var decomposedFirst: Set<Bool> = []
                var held: [[String: Any]] = []
                for _ in 0 ..< 64 where decomposedFirst.count < 2 {
                    let query = try encode(parameters)
                    let decomposed = try #require(query.range(of: "e%CC%81")), precomposed = try #require(query.range(of: "%C3%A9a"))
                    decomposedFirst.insert(decomposed.lowerBound < precomposed.lowerBound)
                    held.append([String: Any](minimumCapacity: parameters.count))
                }
                #expect(decomposedFirst.count == 2, "\(name) put the pair one way round in \(held.count) copies")
            }
        }

        /// The layouts tell the copy's order from the caller's: in some, sorting the caller's
        /// dictionary itself puts the pair the other way round, as a module that skipped the copy
        /// would (so the tests above can fail).
        @Test(.enabled(if: ConvertedParameterOrder.isReproducible))
        func someLayoutsSortOtherwiseThanTheirCopy() {
            let differing = Self.layouts.filter { parameters in
                let own = parameters.keys.sorted(by: <)
                let copy = { (parameters: [String: Any]) in parameters.keys.sorted(by: <) }(parameters)
                return !own.elementsEqual(copy) { $0.utf8.elementsEqual($1.utf8) }
            }
            #expect(!differing.isEmpty)
        }
    }
}
