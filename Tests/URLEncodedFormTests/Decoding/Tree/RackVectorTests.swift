import Foundation
import Testing
import URLEncodedForm

/// `parameters(from:)` against real Rack: every form of the recorded fixture
/// (`Fixtures/rack-2.2-parse-nested-query.json`, written by `Tests/RackVectors/record-rack-vectors.rb`
/// from Rack 2.2.22's `parse_nested_query`) reads as Rack read it, through the `String` and the
/// byte entry points, hashes compared as unordered and arrays in order. A form Rack rejected with
/// a `ParameterTypeError` (a nested value under a leaf, an array where a hash is, a hash where an
/// array is) throws `.conflictingKey` naming the key Rack named, and the one deeper than Rack's
/// depth limit throws `.tooDeep`. The "quirks" group (`[]` directly followed by `[]`: arrays of
/// arrays, and Rack's `nil` elements, which our view spells `NSNull`) reads as Rack read it too.
struct RackVectorTests {
    /// One recorded form and what Rack made of it.
    struct Vector: Sendable {
        enum Outcome: Sendable {
            /// Rack's params.
            case params(Form)
            case rejected(errorClass: String, message: String)
        }

        let group: String
        let form: String
        let outcome: Outcome
    }

    static let vectors: [Vector] = {
        do {
            return try load()
        } catch {
            // Surfaces as failing counts below, with the reason printed, not as a crash.
            print("could not load the Rack vectors: \(error)")
            return []
        }
    }()

    struct FixtureError: Error, CustomStringConvertible {
        let description: String
    }

    private static func load() throws -> [Vector] {
        guard let url = Bundle.module.url(forResource: "rack-2.2-parse-nested-query", withExtension: "json", subdirectory: "Fixtures") else {
            throw FixtureError(description: "fixture rack-2.2-parse-nested-query.json missing from the test bundle")
        }
        let root = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: url))
        guard let entries = root.object?["vectors"]?.array else { throw FixtureError(description: "no vectors array") }
        return try entries.map { entry in
            guard let object = entry.object, let group = object["group"]?.string, let form = object["form"]?.string else {
                throw FixtureError(description: "bad vector \(entry)")
            }
            if let params = object["params"] {
                return Vector(group: group, form: form, outcome: .params(try Form(rack: params)))
            }
            guard let errorClass = object["error"]?.string, let message = object["message"]?.string else {
                throw FixtureError(description: "\(form): neither params nor an error")
            }
            return Vector(group: group, form: form, outcome: .rejected(errorClass: errorClass, message: message))
        }
    }

    static func vectors(in group: String) -> [Vector] { vectors.filter { $0.group == group } }

    @Test func theFixtureHoldsHandPickedGeneratedAndRejectedFormsAndTheQuirks() {
        #expect(Self.vectors(in: "hand-picked").count >= 100)
        #expect(Self.vectors(in: "generated").count >= 300)
        #expect(Self.vectors(in: "quirks").count >= 10)
        let rejected = Self.vectors.filter { if case .rejected = $0.outcome { true } else { false } }
        #expect(rejected.count >= 50)
        #expect(Set(Self.vectors.map(\.group)) == ["hand-picked", "generated", "quirks"])
    }

    @Test(arguments: ["hand-picked", "generated", "quirks"])
    func everyFormReadsAsRackReadsIt(group: String) {
        let decoder = URLEncodedFormDecoder()
        for vector in Self.vectors(in: group) {
            guard case let .params(expected) = vector.outcome else { continue }
            for (entry, read) in Self.entryPoints(of: decoder) {
                do {
                    let ours = Form(try read(vector.form))
                    #expect(ours == expected, "\(entry) \(vector.form)\n  Rack: \(expected)\n  ours: \(ours)")
                } catch {
                    Issue.record("\(entry) \(vector.form)\n  Rack: \(expected)\n  ours: threw \(error)")
                }
            }
        }
    }

    @Test(arguments: ["hand-picked", "generated"])
    func everyFormRackRejectsThrowsTheErrorThatNamesTheSameKey(group: String) {
        let decoder = URLEncodedFormDecoder()
        for vector in Self.vectors(in: group) {
            guard case let .rejected(errorClass, message) = vector.outcome else { continue }
            for (entry, read) in Self.entryPoints(of: decoder) {
                let error = inputError { _ = try read(vector.form) }
                switch errorClass {
                case "ParameterTypeError":
                    // Rack's message: "expected Array (got String) for param `a'".
                    let key = message.split(separator: "`", maxSplits: 1).last.map { String($0.dropLast()) }
                    #expect(error == .conflictingKey(key ?? message), "\(entry) \(vector.form)\n  Rack: \(message)\n  ours: \(String(describing: error))")
                case "QueryLimitError":
                    guard error?.code == .tooDeep else {
                        Issue.record("\(entry) \(vector.form)\n  Rack: too deep\n  ours: \(String(describing: error))")
                        continue
                    }
                default:
                    Issue.record("\(vector.form): Rack raised \(errorClass), which no form of this group should")
                }
            }
        }
    }

    /// `parameters(from:)` through a `String` and through its UTF-8 bytes.
    private static func entryPoints(of decoder: URLEncodedFormDecoder) -> [(String, (String) throws -> Parameters)] {
        [("String", { try decoder.parameters(from: $0) }), ("[UInt8]", { try decoder.parameters(from: Array($0.utf8)) })]
    }
}

extension Form {
    /// Rack's params as JSON: objects are hashes, arrays arrays, strings leaves, `null` Rack's
    /// `nil`.
    init(rack json: JSONValue) throws {
        switch json {
        case .string(let string): self = .value(string)
        case .array(let array): self = .array(try array.map(Form.init(rack:)))
        case .object(let object): self = .hash(try object.mapValues(Form.init(rack:)))
        case .null: self = .null
        case .integer, .number, .bool: throw RackVectorTests.FixtureError(description: "\(json) in Rack's params")
        }
    }
}
