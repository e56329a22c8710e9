import Foundation
import FormBenchCore
import URLEncodedForm

/// Turns the files of `--payload` into payloads: each sample becomes two, its value model
/// (`SampleValue`, encoded as the struct of its shape would be, and read back by the decoders)
/// and the same data as the `[String: Any]` `URLEncoding` takes (`<name>-parameters`).
enum SampleLoader {
    /// The decoder forms are read with: the suite's limits, which let large samples through.
    private static let decoder = URLEncodedFormDecoder(limits: DecodingInput.limits)

    /// The sources of the samples at `paths` (`-` is standard input, read as a form), named
    /// after their files; `taken` are the names already in use.
    static func sources(_ paths: [String], taken: Set<String>) throws(SampleReadError) -> [PayloadSource] {
        var names = taken
        var sources: [PayloadSource] = []
        for path in paths {
            let (sample, format) = try read(path)
            var name = baseName(path)
            var suffix = 2
            while names.contains(name) || names.contains("\(name)-parameters") {
                name = "\(baseName(path))-\(suffix)"
                suffix += 1
            }
            names.formUnion([name, "\(name)-parameters"])
            sources += self.sources(of: sample, named: name, file: path, format: format)
        }
        return sources
    }

    /// The two sources of one sample.
    static func sources(of sample: SampleValue, named name: String, file: String, format: Format) -> [PayloadSource] {
        let kind = PayloadKind(rawValue: name)
        let parametersKind = PayloadKind(rawValue: "\(name)-parameters")
        let replication = sample.replicationSummary
        var value = PayloadSource(kind: kind, summary: "\(format.rawValue) sample \(file) as a value of its shape (\(replication))",
                                  origin: .sample(file: file), sizesAreLeaves: false, producesParameters: false,
                                  make: { copies, variant in .encodable(sample.replicated(copies).variant(variant)) }, hasVariants: true)
        value.decodingInput = { payload in
            guard case let .encodable(replicated as SampleValue) = payload else {
                throw UnsupportedPayload(contender: "the decoders", kind: kind)
            }
            return try DecodingInput(sample: replicated, kind: kind)
        }
        value.strategySize = { _ in 1 }
        value.parametersCounterpart = parametersKind
        value.approximations = approximations(format: format)
        let parameters = sample.parameters ?? [:]
        var dictionary = PayloadSource(kind: parametersKind,
                                       summary: "\(format.rawValue) sample \(file) as [String: Any] through URLEncoding (\(replication))",
                                       origin: .sample(file: file), sizesAreLeaves: false, producesParameters: true,
                                       make: { copies, variant in .parameters(sample.replicated(copies).variant(variant).parameters ?? parameters) },
                                       hasVariants: true)
        dictionary.approximations = ["null values are left out of the dictionary, as a caller leaves out a missing value"]
        return [value, dictionary]
    }

    /// What a sample's figures approximate, for the report.
    static func approximations(format: Format) -> [String] {
        var notes = [
            "encoding: the sample is a value model (an enum walked member by member, keys made from strings); your struct's synthesized Codable, with its CodingKeys enum, walks differently, so the walk floor, the encoders' times and their ratio to the floor approximate yours; the bytes, their size and the reference-against-optimized ratio hold for any type that writes them",
            "types: Date, Data, URL, enums and nested optionals of your types appear in a sample as strings and numbers, so dateEncoding and dataEncoding act on nothing here (register your real types with FormBenchKit to measure them)",
            "decoding: the decoders read the form back into a value guided by the sample's shape, asking what your struct's init(from:) would ask; a real type's decode costs about as much, but not exactly",
            "inputs: unless --repeated-input, the sample's variants are read in turn besides it (strings shuffled among those of their key, or their characters shuffled; numbers of as many digits or decimals; Booleans flipped at random): values of your traffic's shape, not values of your traffic",
        ]
        if format == .form {
            notes.append("form sample: leaf types are guessed (a number that writes back unchanged is an Int or a Double, anything else a String) and keys keep the order the form first names them in; the form is re-encoded with the encoder's options, so its bytes may differ from the sample's")
        }
        return notes
    }

    /// The kinds of sample file.
    enum Format: String {
        case json = "JSON"
        case form
    }

    /// The sample in the file at `path`, and its format.
    private static func read(_ path: String) throws(SampleReadError) -> (SampleValue, Format) {
        let format: Format
        switch path == "-" ? "form" : URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "json": format = .json
        case "form", "txt": format = .form
        default: throw SampleReadError(file: path, "a sample is a JSON document (.json) or a form body (.form, .txt, or - for standard input)")
        }
        let bytes: [UInt8]
        if path == "-" {
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else {
            do {
                bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                throw SampleReadError(file: path, "cannot read: \(error.localizedDescription)")
            }
        }
        switch format {
        case .json:
            return (try SampleReader.json(bytes, file: path), .json)
        case .form:
            // A body read from a file usually ends with a newline, which is no part of the form.
            var form = bytes
            while let last = form.last, last == 0x0A || last == 0x0D { form.removeLast() }
            let tree: Parameters
            do {
                tree = try decoder.parameters(from: form)
            } catch {
                throw SampleReadError(file: path, "not a form the decoder reads: \(error)")
            }
            guard !tree.isEmpty else { throw SampleReadError(file: path, "the form holds no pairs") }
            return (SampleReader.form(tree: tree, form: form), .form)
        }
    }

    /// The payload name a file gives: its name without extension, in the characters names allow.
    private static func baseName(_ path: String) -> String {
        guard path != "-" else { return "stdin" }
        let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._")
        let name = String(base.map { allowed.contains($0) ? $0 : "-" })
        return name.isEmpty ? "sample" : name
    }
}
