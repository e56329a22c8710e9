import FormBenchCore
import Foundation
import Testing
import URLEncodedForm

/// Typed decoding (README, "Decoding forms"): the `Decodable` type decides how each node is
/// read — keyed, unkeyed from any of the three array syntaxes, dictionaries, single values and
/// their duplicates, absent containers, every leaf type and strategy, nil, and the errors'
/// coding paths.
struct TypedDecodingTests {
    private let decoder = URLEncodedFormDecoder()

    private struct Tags: Decodable, Equatable { let tags: [String] }

    @Test func unknownKeysAreIgnored() throws {
        struct Name: Decodable, Equatable { let name: String }
        #expect(try decoder.decode(Name.self, from: "x=1&name=n&y[z]=2") == Name(name: "n"))
    }

    @Test func borrowedBytesReadAsTheSameFormInAnArrayDoesAndTheResultOutlivesThem() throws {
        struct Order: Decodable, Equatable { let name: String; let tags: [String]; let note: String }
        let form = "name=J%C3%BCrgen+M&tags%5B%5D=a&tags%5B%5D=b&note=" + String(repeating: "long%20text ", count: 8)
        let expected = try decoder.decode(Order.self, from: Array(form.utf8))
        // Memory that is freed (and overwritten) as soon as the call returns: a result that
        // referred into it would read the overwrite.
        let fromBorrowed: Order = try {
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: form.utf8.count, alignment: 1)
            defer { memory.initializeMemory(as: UInt8.self, repeating: 0x21); memory.deallocate() }
            memory.copyBytes(from: form.utf8)
            return try decoder.decode(Order.self, from: UnsafeRawBufferPointer(memory))
        }()
        #expect(fromBorrowed == expected)
        #expect(expected.name == "Jürgen M" && expected.tags == ["a", "b"])
        let tree = try Array("a[b]=1&a[c][]=2".utf8).withUnsafeBytes { try decoder.parameters(from: $0) }
        let hash = try #require(tree["a"] as? [String: any Sendable])
        #expect(hash["b"] as? String == "1" && (hash["c"] as? [any Sendable])?.first as? String == "2")
        #expect(throws: DecodingError.self) {
            try Array("a=%zz".utf8).withUnsafeBytes { try decoder.decode([String: String].self, from: $0) }
        }
    }

    @Test func arraysReadFromEveryOneOfTheirSyntaxes() throws {
        #expect(try decoder.decode(Tags.self, from: "tags[]=a&tags[]=b") == Tags(tags: ["a", "b"]))
        #expect(try decoder.decode(Tags.self, from: "tags=a&tags=b") == Tags(tags: ["a", "b"]))
        #expect(try decoder.decode(Tags.self, from: "tags=a") == Tags(tags: ["a"]))
        #expect(try decoder.decode(Tags.self, from: "tags[1]=b&tags[0]=a") == Tags(tags: ["a", "b"]))
    }

    @Test func indicesAreOrderedByNumberWithGapsClosed() throws {
        let text = (0..<12).map { "tags[\($0)]=v\($0)" }.sorted().joined(separator: "&")
        #expect(try decoder.decode(Tags.self, from: text) == Tags(tags: (0..<12).map { "v\($0)" }))
        #expect(try decoder.decode(Tags.self, from: "tags[10]=c&tags[2]=b&tags[0]=a") == Tags(tags: ["a", "b", "c"]))
        #expect(try decoder.decode(Tags.self, from: "tags[4294967295]=x") == Tags(tags: ["x"]))
        #expect(try decoder.decode(Tags.self, from: "tags[18446744073709551616]=y&tags[9]=x") == Tags(tags: ["x", "y"]))
    }

    @Test func keysThatAreNotDecimalIndicesMakeAHashThatIsNoArray() {
        for text in ["tags[01]=a", "tags[-1]=a", "tags[1e3]=a", "tags[+1]=a", "tags[x]=a"] {
            #expect(throws: DecodingError.self, "\(text)") { try decoder.decode(Tags.self, from: text) }
        }
    }

    @Test func arraysOfObjectsReadFromIndicesAndFromBrackets() throws {
        struct Item: Decodable, Equatable { let id: Int; let name: String }
        struct Order: Decodable, Equatable { let items: [Item] }
        let expected = Order(items: [Item(id: 1, name: "a"), Item(id: 2, name: "b")])
        #expect(try decoder.decode(Order.self, from: "items[1][id]=2&items[0][name]=a&items[0][id]=1&items[1][name]=b") == expected)
        #expect(try decoder.decode(Order.self, from: "items[][id]=1&items[][name]=a&items[][id]=2&items[][name]=b") == expected)
    }

    @Test func dictionariesReadHashes() throws {
        struct Maps: Decodable, Equatable { let names: [String: String]; let counts: [Int: Int] }
        #expect(try decoder.decode(Maps.self, from: "names[x]=1&names[y]=2&counts[3]=4&counts[10]=5")
                == Maps(names: ["x": "1", "y": "2"], counts: [3: 4, 10: 5]))
        #expect(try decoder.decode([String: String].self, from: "a=1&b=2") == ["a": "1", "b": "2"])
    }

    @Test func aRepeatedKeyReadAsOneValueFollowsTheDuplicateKeyPolicy() throws {
        struct One: Decodable, Equatable { let a: Int }
        do {
            _ = try decoder.decode(One.self, from: "a=1&a=2&a=3")
            Issue.record("no error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["a"])
            #expect(context.debugDescription.contains("`a`") && context.debugDescription.contains("3"), "\(context.debugDescription)")
        }
        #expect(try URLEncodedFormDecoder(duplicateKeys: .first).decode(One.self, from: "a=1&a=2&a=3") == One(a: 1))
        #expect(try URLEncodedFormDecoder(duplicateKeys: .last).decode(One.self, from: "a=1&a=2&a=3") == One(a: 3))
    }

    @Test func absentArraysAndObjectsReadEmptyAndAbsentValuesAreMissing() throws {
        struct Inner: Decodable, Equatable { let x: Int? }
        struct Form: Decodable, Equatable { let tags: [String]; let inner: Inner; let map: [String: Int]; let note: String? }
        #expect(try decoder.decode(Form.self, from: "") == Form(tags: [], inner: Inner(x: nil), map: [:], note: nil))
        struct Required: Decodable { let name: String }
        do {
            _ = try decoder.decode(Required.self, from: "other=1")
            Issue.record("no error")
        } catch let DecodingError.keyNotFound(key, context) {
            #expect(key.stringValue == "name")
            #expect(context.codingPath.isEmpty)
        }
    }

    @Test func integersTakeASignAndDigitsOnlyAndOverflowIsAnError() throws {
        struct Ints: Decodable, Equatable { let a: Int8; let b: UInt16; let c: Int64; let d: UInt; let e: Int32 }
        #expect(try decoder.decode(Ints.self, from: "a=-128&b=%2B65535&c=9223372036854775807&d=0&e=-0")
                == Ints(a: -128, b: 65535, c: .max, d: 0, e: 0))
        for text in ["a=128", "a=1.0", "a=", "a=-", "a=1e2", "a=%201", "a=0x1"] {
            struct A: Decodable { let a: Int8 }
            #expect(throws: DecodingError.self, "\(text)") { try decoder.decode(A.self, from: text) }
        }
        struct U: Decodable { let u: UInt8 }
        #expect(throws: DecodingError.self) { try decoder.decode(U.self, from: "u=-1") }
    }

    @Test func floatingPointReadsWhatSwiftWrites() throws {
        struct D: Decodable { let v: Double }
        for (text, value) in [("1e-05", 1e-05), ("inf", .infinity), ("-inf", -.infinity), ("0.1", 0.1), ("-0.0", -0.0)] {
            let decoded = try decoder.decode(D.self, from: "v=\(text)").v
            #expect(decoded == value && decoded.sign == value.sign, "\(text)")
        }
        #expect(try decoder.decode(D.self, from: "v=nan").v.isNaN)
        struct F: Decodable { let v: Float }
        #expect(try decoder.decode(F.self, from: "v=1.5").v == 1.5)
        #expect(throws: DecodingError.self) { try decoder.decode(D.self, from: "v=1.5x") }
    }

    /// Short decimals are read without the C library (an exact division); whatever their
    /// digits, signs, leading zeros and fraction lengths, the result is bit for bit what
    /// `Double(String)` reads, and so are the texts just past the short way's bounds.
    @Test func decimalTextsReadExactlyAsDoubleOfStringReadsThem() throws {
        struct D: Decodable { let v: [Double] }
        var random = SplitMix64(seed: 0xD0B1E)
        var texts = ["0", "-0", "+0", "0.0", "-0.0", "00.50", "1.", ".5", "-.5", "5e3", "0.1", "0.3",
                     "999999999999999", "9999999999999999", "0.000000000000001", "1.0000000000000000",
                     "123456789012345.6", "9007199254740993", "4.35", "2.675", "1.005", "8.875e-1"]
        for _ in 0..<3_000 {
            let integer = String((0..<Int(random.next() % 12)).map { _ in Character(String(random.next() % 10)) })
            let fraction = String((0..<Int(random.next() % 12)).map { _ in Character(String(random.next() % 10)) })
            let sign = ["", "-", "+"][Int(random.next() % 3)]
            texts.append(sign + integer + (random.next() % 4 == 0 ? "" : ".") + fraction)
        }
        let readable = texts.filter { Double($0) != nil }
        let form = readable.enumerated().map { "v[\($0.offset)]=\($0.element.replacingOccurrences(of: "+", with: "%2B"))" }
        let decoded = try decoder.decode(D.self, from: form.joined(separator: "&")).v
        #expect(decoded.map(\.bitPattern) == readable.map { Double($0)!.bitPattern })
        for text in texts where Double(text) == nil {
            #expect(throws: DecodingError.self, "\(text)") { try decoder.decode(D.self, from: "v[0]=\(text)") }
        }
    }

    @Test func decimalURLAndUUIDReadTheirText() throws {
        struct Values: Decodable, Equatable { let d: Decimal; let u: URL; let id: UUID }
        let values = try decoder.decode(Values.self, from: "d=12.50&u=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1&id=E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(values == Values(d: Decimal(string: "12.50")!, u: URL(string: "https://example.com/a?b=1")!,
                                 id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!))
        struct D: Decodable { let d: Decimal }
        #expect(throws: DecodingError.self) { try decoder.decode(D.self, from: "d=12a") }
    }

    @Test func aURLReadsFromItsTextAndFromEveryShapeTheEncoderWritesForIt() throws {
        struct Link: Codable, Equatable { let link: URL; let more: [URL] }
        let link = Link(link: URL(string: "https://example.com/a?b=1&c=%20d")!,
                        more: [URL(string: "https://x.org/1")!, URL(string: "ftp://x.org/2")!])
        // What a browser sends.
        #expect(try decoder.decode(Link.self, from: "link=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1%26c%3D%2520d&more=https://x.org/1&more=ftp://x.org/2")
            == link)
        // URL's own Encodable keys its text by an Int key, which the encoder writes as an array's
        // one element, or (IntegerKeyEncoding.keys) by its name.
        let shapes: [(URLEncodedFormEncoder.ArrayEncoding, URLEncodedFormEncoder.IntegerKeyEncoding, String)] = [
            (.brackets, .arrayIndices, "link%5B%5D=https"), (.indexInBrackets, .arrayIndices, "link%5B0%5D=https"),
            (.noBrackets, .arrayIndices, "link=https"), (.indexInBrackets, .keys, "link%5Brelative%5D=https"),
        ]
        for (arrays, integerKeys, start) in shapes {
            let text: String = try URLEncodedFormEncoder(sortsArrayElements: false, arrayEncoding: arrays, integerKeyEncoding: integerKeys)
                .encode(link)
            #expect(text.contains(start), "\(text)")
            #expect(try decoder.decode(Link.self, from: text) == link, "\(arrays), \(integerKeys): \(text)")
        }
        // A relative URL keeps its base only where keys are written by name.
        struct Relative: Codable, Equatable { let link: URL }
        let relative = Relative(link: URL(string: "path/x?q=1", relativeTo: URL(string: "https://example.com/base/")!)!)
        let text: String = try URLEncodedFormEncoder(integerKeyEncoding: .keys).encode(relative)
        #expect(text == "link%5Bbase%5D%5Brelative%5D=https%3A//example.com/base/&link%5Brelative%5D=path/x?q%3D1")
        let read = try decoder.decode(Relative.self, from: text)
        #expect(read.link.absoluteString == "https://example.com/base/path/x?q=1" && read.link.relativeString == "path/x?q=1")
        // Anything else is no URL.
        #expect(throws: DecodingError.self) { try decoder.decode(Relative.self, from: "link[]=https://a&link[]=https://b") }
        #expect(throws: DecodingError.self) { try decoder.decode(Relative.self, from: "link[x]=https://a") }
        #expect(throws: DecodingError.self) { try decoder.decode(Relative.self, from: "link=") }
    }

    @Test func boolsReadByTheirDecoding() throws {
        struct B: Decodable { let b: Bool }
        func read(_ text: String, _ decoding: URLEncodedFormDecoder.BoolDecoding) -> Bool? {
            (try? URLEncodedFormDecoder(boolDecoding: decoding).decode(B.self, from: "b=\(text)"))?.b
        }
        #expect(["true", "1", "on", "false", "0", "yes", "TRUE"].map { read($0, .lenient) } == [true, true, true, false, false, nil, nil])
        #expect(["1", "0", "true", "on"].map { read($0, .numeric) } == [true, false, nil, nil])
        #expect(["true", "false", "1", "on"].map { read($0, .literal) } == [true, false, nil, nil])
    }

    @Test func datesReadAsEachDateEncodingWritesThem() throws {
        struct When: Codable, Equatable { let at: Date }
        let value = When(at: Date(timeIntervalSince1970: 1_700_000_000.5))
        let pairs: [(URLEncodedFormEncoder.DateEncoding, URLEncodedFormDecoder.DateDecoding)] = [
            (.deferredToDate, .deferredToDate), (.secondsSince1970, .secondsSince1970), (.millisecondsSince1970, .millisecondsSince1970),
        ]
        for (encoding, decoding) in pairs {
            let text: String = try URLEncodedFormEncoder(dateEncoding: encoding).encode(value)
            #expect(try URLEncodedFormDecoder(dateDecoding: decoding).decode(When.self, from: text) == value, "\(text)")
        }
        let whole = When(at: Date(timeIntervalSince1970: 1_700_000_000))
        let iso: String = try URLEncodedFormEncoder(dateEncoding: .iso8601).encode(whole)
        #expect(iso == "at=2023-11-14T22%3A13%3A20Z")
        #expect(try URLEncodedFormDecoder(dateDecoding: .iso8601).decode(When.self, from: iso) == whole)
        #expect(try URLEncodedFormDecoder(dateDecoding: .iso8601).decode(When.self, from: "at=1970-01-01T00:00:00.5Z").at
                == Date(timeIntervalSince1970: 0.5))
        #expect(throws: DecodingError.self) { try URLEncodedFormDecoder(dateDecoding: .iso8601).decode(When.self, from: "at=2023-13-14T22:13:20Z") }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        #expect(try URLEncodedFormDecoder(dateDecoding: .formatted(formatter)).decode(When.self, from: "at=1970-01-02").at
                == Date(timeIntervalSince1970: 86_400))
        let custom = URLEncodedFormDecoder(dateDecoding: .custom { Date(timeIntervalSince1970: Double($0.count)) })
        #expect(try custom.decode(When.self, from: "at=abc").at == Date(timeIntervalSince1970: 3))
    }

    @Test func dataReadsAsEachDataEncodingWritesIt() throws {
        struct Blob: Codable, Equatable { let data: Data }
        let value = Blob(data: Data([0, 1, 2, 250, 251]))
        for (encoding, decoding) in [(URLEncodedFormEncoder.DataEncoding.base64, URLEncodedFormDecoder.DataDecoding.base64),
                                     (.deferredToData, .deferredToData)] {
            let text: String = try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, dataEncoding: encoding).encode(value)
            #expect(try URLEncodedFormDecoder(dataDecoding: decoding).decode(Blob.self, from: text) == value, "\(text)")
        }
        #expect(try decoder.decode(Blob.self, from: "data=AAEC%2Bvs").data == value.data)
        let custom = URLEncodedFormDecoder(dataDecoding: .custom { Data($0.utf8) })
        #expect(try custom.decode(Blob.self, from: "data=hi").data == Data("hi".utf8))
    }

    @Test func nilFollowsTheNilDecoding() throws {
        struct N: Decodable, Equatable { let a: String?; let b: String? }
        #expect(try decoder.decode(N.self, from: "a=&b=null") == N(a: "", b: "null"))
        #expect(try URLEncodedFormDecoder(nilDecoding: .dropValue).decode(N.self, from: "a=&b=null") == N(a: nil, b: "null"))
        #expect(try URLEncodedFormDecoder(nilDecoding: .null).decode(N.self, from: "a=&b=null") == N(a: "", b: nil))
        #expect(try decoder.decode(N.self, from: "") == N(a: nil, b: nil))
        struct Elements: Decodable, Equatable { let e: [Int?] }
        #expect(try URLEncodedFormDecoder(nilDecoding: .dropValue).decode(Elements.self, from: "e[]=1&e[]=&e[]=3") == Elements(e: [1, nil, 3]))
    }

    @Test func errorsCarryTheFullCodingPathAndTheTextFound() throws {
        struct Item: Decodable { let qty: Int }
        struct Order: Decodable { let items: [Item] }
        do {
            _ = try decoder.decode(Order.self, from: "items[0][qty]=1&items[1][qty]=12a")
            Issue.record("no error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["items", "1", "qty"])
            #expect(context.codingPath[1].intValue == 1)
            #expect(context.debugDescription == "Expected an Int, found `12a`.")
        }
        struct Name: Decodable { let name: String }
        do {
            _ = try decoder.decode(Name.self, from: "name[first]=a")
            Issue.record("no error")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["name"])
            #expect(context.debugDescription.contains("hash"), "\(context.debugDescription)")
        }
    }

    /// A dictionary's keys are kept in the path by their text (and integer value), not boxed in
    /// their own type: the path reads the same.
    @Test func aDictionaryKeyInAnErrorsPathHasItsTextAndItsIntegerValue() throws {
        struct Item: Decodable { let qty: Int }
        struct ByNumber: Decodable { let items: [Int: Item] }
        struct ByName: Decodable { let items: [String: [String: Item]] }
        for (form, type, path, integer) in [
            ("items[7][qty]=x", ByNumber.self as any Decodable.Type, ["items", "7", "qty"], 7 as Int?),
            ("items[a][-3][qty]=x", ByName.self, ["items", "a", "-3", "qty"], nil),
        ] {
            do {
                _ = try decoder.decode(type, from: form)
                Issue.record("no error for \(form)")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(context.codingPath.map(\.stringValue) == path)
                #expect(context.codingPath[1].intValue == integer)
                #expect(context.codingPath.last?.intValue == nil)
            }
        }
        // A String key that reads as a number has that integer value, as `Dictionary` made it.
        do {
            _ = try decoder.decode(ByName.self, from: "items[a][-3][qty]=x")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath[2].intValue == -3)
        }
    }

    /// An element read through `Decoder.singleValueContainer()`, as `Array.init(from:)` reads
    /// an element whose type the decoder does not recognize.
    private struct Element<Value: Decodable & Equatable>: Decodable, Equatable {
        let value: Value
        init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Value.self) }
    }

    /// What a decoding of `T` gave: the value, or the error's kind, coding path and description.
    private func outcome<T: Decodable>(_ type: T.Type, _ form: String, _ decoder: URLEncodedFormDecoder) -> Result<T, DescribedError> {
        Result { try decoder.decode(type, from: form) }.mapError(DescribedError.init)
    }

    private struct DescribedError: Error, Equatable {
        let text: String
        init(_ error: any Error) {
            switch error as? DecodingError {
            case .dataCorrupted(let context)?: text = "dataCorrupted \(context.codingPath.map(\.stringValue)) \(context.debugDescription)"
            case .typeMismatch(_, let context)?: text = "typeMismatch \(context.codingPath.map(\.stringValue)) \(context.debugDescription)"
            case .keyNotFound(let key, let context)?: text = "keyNotFound \(key.stringValue) \(context.codingPath.map(\.stringValue))"
            case .valueNotFound(_, let context)?: text = "valueNotFound \(context.codingPath.map(\.stringValue))"
            default: text = "\(error)"
            }
        }
    }

    /// `[String]`, `[Int]`, `[Double]` and `[Bool]` are read without `Array.init(from:)`; they
    /// must read what it reads, values and errors alike, from every array syntax.
    @Test func arraysOfCommonLeavesReadAsArrayInitFromReadsThem() throws {
        struct Lists: Decodable, Equatable { let s: [String]?; let i: [Int]?; let d: [Double]?; let b: [Bool]? }
        struct Boxed: Decodable, Equatable {
            let s: [Element<String>]?; let i: [Element<Int>]?; let d: [Element<Double>]?; let b: [Element<Bool>]?
        }
        let forms = [
            "s[]=a&s[]=b&i[]=1&i[]=-2&d[]=1.5&d[]=1e3&b[]=true&b[]=0",
            "s=a&s=b&i=1&i=2&d=0.1&b=on",
            "s[1]=b&s[0]=a&i[10]=10&i[2]=2&d[0]=-0.0&b[0]=1",
            "s[0]=x&s[1][k]=y", "i[]=1&i[]=x", "i[0]=1&i[1]=99999999999999999999", "d=abc", "b[]=yes",
            "i[a]=1", "s[x]=1&s[0]=2", "s=", "i[]=", "d[0]=1&d[0]=2", "",
        ]
        for options in [URLEncodedFormDecoder(), URLEncodedFormDecoder(duplicateKeys: .last),
                        URLEncodedFormDecoder(boolDecoding: .literal, nilDecoding: .dropValue)] {
            for form in forms {
                let direct = outcome(Lists.self, form, options).map { "\($0)" }
                let boxed = outcome(Boxed.self, form, options).map {
                    "\(Lists(s: $0.s?.map(\.value), i: $0.i?.map(\.value), d: $0.d?.map(\.value), b: $0.b?.map(\.value)))"
                }
                #expect(direct == boxed, "\(form)")
            }
        }
        // And at the top level, where the path is empty.
        #expect(outcome([Int].self, "a=1", decoder).map { $0 } == outcome([Element<Int>].self, "a=1", decoder).map { $0.map(\.value) })
    }

    /// Optional fields read as the protocol's default `decodeIfPresent` reads them (`contains`,
    /// then `decodeNil(forKey:)`, then `decode`), which the decoder replaces with one lookup.
    @Test func optionalFieldsReadAsContainsThenDecodeNilThenDecodeRead() throws {
        struct Inner: Decodable, Equatable { let x: Int }
        struct Synthesized: Decodable, Equatable {
            let s: String?; let i: Int?; let b: Bool?; let d: Double?; let u: UInt8?; let a: [Int]?; let n: Inner?
        }
        struct ByHand: Decodable, Equatable {
            let s: String?; let i: Int?; let b: Bool?; let d: Double?; let u: UInt8?; let a: [Int]?; let n: Inner?
            enum CodingKeys: String, CodingKey { case s, i, b, d, u, a, n }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                func read<T: Decodable>(_ key: CodingKeys) throws -> T? {
                    guard container.contains(key), !(try container.decodeNil(forKey: key)) else { return nil }
                    return try container.decode(T.self, forKey: key)
                }
                (s, i, b, d, u, a, n) = (try read(.s), try read(.i), try read(.b), try read(.d), try read(.u), try read(.a), try read(.n))
            }
        }
        let forms = [
            "", "s=x&i=1&b=on&d=2.5&u=255&a[]=1&n[x]=3", "s=&i=&b=&d=&u=&a[]=&n=", "s=null&i=null&n=null",
            "i=x", "u=256", "s[k]=1", "i=1&i=2", "n[x]=y", "a[a]=1", "s=a&s=b", "n=1",
        ]
        for options in [URLEncodedFormDecoder(), URLEncodedFormDecoder(nilDecoding: .dropValue),
                        URLEncodedFormDecoder(nilDecoding: .null), URLEncodedFormDecoder(duplicateKeys: .first)] {
            for form in forms {
                let synthesized = outcome(Synthesized.self, form, options).map { "\($0)" }
                let byHand = outcome(ByHand.self, form, options).map { "\($0)".replacingOccurrences(of: "ByHand", with: "Synthesized") }
                #expect(synthesized == byHand, "\(form) \(options.nilDecoding)")
            }
        }
    }

    /// `[String: String]` is read without `Dictionary.init(from:)`; it must read what it reads,
    /// values, keys and errors alike, under every key decoding (two keys converted to one).
    @Test func aStringDictionaryReadsAsDictionaryInitFromReadsIt() throws {
        struct Direct: Decodable { let d: [String: String]?; let e: [String: String]? }
        struct Boxed: Decodable { let d: [String: Element<String>]?; let e: [String: Element<String>]? }
        let forms = [
            "d[a]=1&d[b]=&d[c+d]=%C3%A9&e[x_y]=1&e[xY]=2&e[x-y]=3", "d[007]=x&d[-3]=y&d[]=z", "d[a][b]=1", "d[a]=1&d[a]=2",
            "d=1", "d[]=1&d[]=2", "d[0]=1&d[1]=2", "e[k]=1&e[k][]=2", "", "d[a]=1&d[b][c]=2", "d[Ame\u{301}lie]=1&d[Am%C3%A9lie]=2",
        ]
        let decodings: [URLEncodedFormDecoder.KeyDecoding] = [.useDefaultKeys, .convertFromSnakeCase, .convertFromKebabCase, .custom { _ in "same" }]
        for keyDecoding in decodings {
            for duplicates in [URLEncodedFormDecoder.DuplicateKeyPolicy.error, .last] {
                let decoder = URLEncodedFormDecoder(keyDecoding: keyDecoding, duplicateKeys: duplicates)
                for form in forms {
                    let direct = outcome(Direct.self, form, decoder).map { [$0.d, $0.e].map { $0?.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } } }
                    let boxed = outcome(Boxed.self, form, decoder).map { [$0.d, $0.e].map { $0?.mapValues(\.value).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } } }
                    #expect(direct == boxed, "\(form)")
                }
            }
        }
        // An error's path has the key's text and the integer it reads as.
        for (form, integer) in [("d[007][x]=1", 7 as Int?), ("d[a][x]=1", nil)] {
            guard case .failure(let error) = Result(catching: { try decoder.decode(Direct.self, from: form) }),
                  case DecodingError.typeMismatch(_, let context)? = error as? DecodingError else {
                Issue.record("no type mismatch for \(form)")
                continue
            }
            #expect(context.codingPath.last?.intValue == integer, "\(form)")
        }
    }
}
