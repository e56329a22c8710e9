import Foundation
import Testing
import URLEncodedForm

/// `parameters(from:)` against real Rack: every form of the recorded fixture
/// (`Fixtures/rack-2.2-parse-nested-query.json`, made by `Tests/RackVectors/record-rack-vectors.rb`
/// from Rack 2.2.22's `parse_nested_query`: hand-picked forms and 400 seeded random ones) reads
/// as Rack read it, hashes compared as unordered and arrays in order, and every form Rack
/// rejected with a `ParameterTypeError` throws `.conflictingKey`.
struct RackVectorTests {
    private struct Vector {
        let form: String
        let expected: Form?
        let rackError: String?
    }

    private static let vectors: [Vector] = {
        guard let url = Bundle.module.url(forResource: "rack-2.2-parse-nested-query", withExtension: "json", subdirectory: "Fixtures"),
              let data = try? Data(contentsOf: url),
              let root = try? JSONDecoder().decode(JSONValue.self, from: data),
              let vectors = root.object?["vectors"]?.array else { return [] }
        return vectors.compactMap { vector in
            guard let object = vector.object, let form = object["form"]?.string else { return nil }
            return Vector(form: form, expected: object["params"].map(form(of:)), rackError: object["error"]?.string)
        }
    }()

    private static func form(of json: JSONValue) -> Form {
        switch json {
        case .object(let object): return .hash(object.mapValues(form(of:)))
        case .array(let array): return .array(array.map(form(of:)))
        case .string(let string): return .value(string)
        default: return .value("<\(json)>")
        }
    }

    @Test func theFixtureHoldsHundredsOfFormsAndTheErrorsRackRaised() {
        #expect(Self.vectors.count >= 400)
        #expect(Self.vectors.filter { $0.rackError != nil }.count >= 20)
    }

    @Test func everyFormReadsAsRackReadsIt() throws {
        let decoder = URLEncodedFormDecoder()
        for vector in Self.vectors {
            if let expected = vector.expected {
                let ours = try decoder.form(vector.form)
                #expect(ours == expected, "\(vector.form)\n  Rack: \(expected)\n  ours: \(ours)")
                #expect(Form(try decoder.parameters(from: Array(vector.form.utf8))) == expected, "\(vector.form) as bytes")
            } else {
                #expect(vector.rackError == "ParameterTypeError", "\(vector.form): \(vector.rackError ?? "")")
                let error = inputError { _ = try decoder.parameters(from: vector.form) }
                guard case .conflictingKey? = error else {
                    Issue.record("\(vector.form): Rack raised \(vector.rackError ?? ""), ours \(String(describing: error))")
                    continue
                }
            }
        }
    }
}
