import Foundation
import FormBenchCore
import Testing
import URLEncodedForm

/// The samples `formbench --payload` reads: JSON keeping key order and number types, forms
/// read through the decoder's tree with their keys in the form's order and their leaf types
/// guessed, the errors that name the file, the value model's bytes and `[String: Any]`, its
/// replication, and the decoders reading it back guided by its shape.
@Suite("formbench samples")
struct SampleReaderTests {
    private func json(_ text: String) throws -> SampleValue {
        try SampleReader.json(Array(text.utf8), file: "sample.json")
    }

    @Test("a JSON sample keeps its key order and its leaf types")
    func jsonOrderAndTypes() throws {
        let sample = try json(#"{"b": 1, "a": 1.5, "c": [true, null, "x\u00e9"], "d": {"z": -0.25, "y": 12345678901}}"#)
        #expect(sample == .object([
            SampleMember(key: "b", value: .int(1)),
            SampleMember(key: "a", value: .double(1.5)),
            SampleMember(key: "c", value: .array([.bool(true), .null, .string("xé")])),
            SampleMember(key: "d", value: .object([SampleMember(key: "z", value: .double(-0.25)),
                                                   SampleMember(key: "y", value: .int(12_345_678_901))])),
        ]))
    }

    @Test("the value model writes the bytes a struct of its shape writes, in its key order when unsorted")
    func valueModelBytes() throws {
        struct Shape: Encodable {
            struct Inner: Encodable { let y: Int; let x: Bool }
            let z: String
            let a: Inner
            let n: String?
        }
        let sample = try json(#"{"z": "1 2", "a": {"y": 2, "x": false}, "n": null}"#)
        for encoder in [URLEncodedFormEncoder(), URLEncodedFormEncoder(alphabetizeKeyValuePairs: false),
                        URLEncodedFormEncoder(nilEncoding: .null)] {
            let expected: String = try encoder.encode(Shape(z: "1 2", a: .init(y: 2, x: false), n: nil))
            #expect(try encoder.encode(sample) as String == expected)
        }
        #expect(try URLEncodedFormEncoder(alphabetizeKeyValuePairs: false).encode(sample) as String == "z=1%202&a%5By%5D=2&a%5Bx%5D=0")
    }

    @Test("bad JSON samples fail with the file and the place", arguments: [
        (#"[1, 2]"#, "sample.json at byte 0: the root must be a JSON object"),
        (#"{"a": 1, "a": 2}"#, #"sample.json at byte 9: the key "a" appears twice"#),
        (#"{"a": 01.}"#, "sample.json at byte 6: '01.' is not a number JSON allows"),
        (#"{"a": "x"} x"#, "sample.json at byte 11: unexpected text after the document"),
        (#"{"a": tru}"#, "sample.json at byte 6: unexpected character"),
        ("", "sample.json at byte 0: empty document"),
    ])
    func badJSON(text: String, message: String) {
        #expect {
            _ = try json(text)
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test("a JSON sample nested deeper than the decoders' limit is refused")
    func tooDeep() throws {
        let depth = SampleReader.maximumDepth
        #expect(throws: SampleReadError.self) {
            _ = try json(String(repeating: #"{"a":"#, count: depth + 1) + "1" + String(repeating: "}", count: depth + 1))
        }
        _ = try json(String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth))
    }

    @Test("a form sample keeps the form's key order, reads indices as arrays and guesses numbers")
    func formSample() throws {
        let form = Array("z=1&b%5By%5D=x&b[a]=2.5&t[]=p&t[]=q&i[1]=s&i[0]=r&v=01&w=1.50".utf8)
        let tree = try URLEncodedFormDecoder().parameters(from: form)
        #expect(SampleReader.form(tree: tree, form: form) == .object([
            SampleMember(key: "z", value: .int(1)),
            SampleMember(key: "b", value: .object([SampleMember(key: "y", value: .string("x")),
                                                   SampleMember(key: "a", value: .double(2.5))])),
            SampleMember(key: "t", value: .array([.string("p"), .string("q")])),
            SampleMember(key: "i", value: .array([.string("r"), .string("s")])),
            SampleMember(key: "v", value: .string("01")),
            SampleMember(key: "w", value: .string("1.50")),
        ]))
    }

    @Test("parameters leave nulls out; replication repeats the root's arrays, or wraps the sample in records[]")
    func parametersAndReplication() throws {
        let sample = try json(#"{"id": 7, "items": [{"n": null, "q": 2}], "tag": "x"}"#)
        let parameters = try #require(sample.parameters)
        #expect(parameters["id"] as? Int == 7)
        #expect((parameters["items"] as? [any Sendable])?.count == 1)
        #expect(((parameters["items"] as? [any Sendable])?.first as? [String: any Sendable])?.keys.sorted() == ["q"])
        #expect(try json(#"{"id": 7, "items": [1, 2], "tag": "x"}"#).replicated(3)
            == json(#"{"id": 7, "items": [1, 2, 1, 2, 1, 2], "tag": "x"}"#))
        #expect(try json(#"{"a": 1}"#).replicated(2) == json(#"{"records": [{"a": 1}, {"a": 1}]}"#))
        #expect(sample.replicated(1) == sample)
    }

    @Test("the decoders read a sample back guided by its shape: the form decoder, JSONDecoder, the decode floor")
    func guidedDecoding() throws {
        let sample = try json(#"{"name": "Ann", "n": null, "items": [{"sku": "A#1", "q": 2, "p": 9.5}, {"sku": "B", "q": 0, "p": 1.0}], "vip": true, "tags": ["x", "y"]}"#)
        let guide = SampleGuide(sample)
        let form: [UInt8] = try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets).encode(sample)
        let fromForm = try guide.decode { try URLEncodedFormDecoder().decode(GuidedSample.self, from: form) }
        #expect(fromForm.value == sample)
        let fromJSON = try guide.decode { try JSONDecoder().decode(GuidedSample.self, from: JSONEncoder().encode(sample)) }
        #expect(fromJSON.value == sample)
        let shape = try DecodeFloorShape(of: sample)
        let floor = try guide.decode { try GuidedSample(from: DecodeFloorDecoder(shape: shape)) }
        #expect(try DecodeFloorShape(of: floor.value) == shape)
        #expect(floor.value != sample)
        // A form that holds other values reads as another value: the check can fail.
        let other = Array("name=Bo&items[0][sku]=A%231&items[0][q]=2&items[0][p]=9.5&items[1][sku]=B&items[1][q]=0&items[1][p]=1.0&vip=1&tags[0]=x&tags[1]=y".utf8)
        #expect(try guide.decode { try URLEncodedFormDecoder().decode(GuidedSample.self, from: other) }.value != sample)
        #expect(throws: DecodingError.self) { try URLEncodedFormDecoder().decode(GuidedSample.self, from: form) }
    }
}
