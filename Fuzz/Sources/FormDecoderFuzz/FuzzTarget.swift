import CFuzzMemory
import Foundation
import URLEncodedForm

/// The decoder's libFuzzer entry point: every input is form text, read by several decoders
/// (default options; `.whatwg` with `.last`; `.dots` with `.first`; default options under small
/// limits) into the untyped tree and into a few `Decodable` shapes. A property that fails
/// prints the input's description and traps, which libFuzzer reports as a crash and saves.
///
/// Checked for every input:
/// - nothing crashes, overflows or hangs (libFuzzer's `-timeout`), and only `DecodingError`s are
///   thrown, input-level ones with a `URLEncodedFormDecoder.Error` underneath;
/// - memory: the bytes allocated and the peak of live bytes stay within a constant times the
///   input's length plus a constant (AddressSanitizer's malloc hooks; see `MemoryBound`);
/// - the tree of `parameters(from:)`, re-encoded by `URLEncoding`, reads back as the same tree
///   (where the tree is one a form can carry: see `FuzzTree.isReEncodable`);
/// - a typed decode that succeeds re-encodes (`URLEncodedFormEncoder`, `.indexInBrackets`) and
///   decodes to the same value;
/// - limits never truncate: under small limits the decoder either fails with the limit the input
///   breaks (counted here independently) or returns what the default decoder returns;
/// - the `String`, `[UInt8]` and `Data` entry points agree.
///
/// The decoders are kept from one input to the next, as a server keeps one, and so is the memory
/// each keeps between decodings: an input's first decoding by `standard` follows the last
/// input's, its later ones this input's, so the agreements above (entry points, limits) also
/// compare a decoding in memory another form left with one in memory the same form left.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    MemoryBound.measure(inputLength: size) {
        FuzzCase(bytes: bytes).run()
    }
    return 0
}

/// Reports a broken property: libFuzzer saves the input as a crash.
func fuzzFailure(_ message: String, input: [UInt8], file: StaticString = #fileID, line: UInt = #line) -> Never {
    let shown = input.count <= 2_000 ? String(decoding: input, as: UTF8.self).debugDescription : "\(input.count) bytes"
    FileHandle.standardError.write(Data("\n== property failed (\(file):\(line)): \(message)\n   input: \(shown)\n".utf8))
    fatalError(message, file: file, line: line)
}

/// The decoders every input meets.
enum Decoders {
    /// What the fuzz's re-decodings use: default options, no limit a re-encoded form could meet.
    static let unlimited = Limits(maximumDepth: 1 << 20, maximumParameterCount: 1 << 30, maximumInputLength: nil)
    typealias Limits = URLEncodedFormDecoder.Limits

    static let standard = URLEncodedFormDecoder()
    static let whatwg = URLEncodedFormDecoder(duplicateKeys: .last, invalidInput: .whatwg)
    static let dots = URLEncodedFormDecoder(keyPathDecoding: .dots, duplicateKeys: .first, invalidInput: .whatwg)
    /// Default options under limits small enough for short inputs to meet.
    static let smallLimits = Limits(maximumDepth: 3, maximumParameterCount: 12, maximumInputLength: 1_024)
    static let small = URLEncodedFormDecoder(limits: smallLimits)

    static let standardAgain = URLEncodedFormDecoder(limits: unlimited)
    static let whatwgAgain = URLEncodedFormDecoder(duplicateKeys: .last, invalidInput: .whatwg, limits: unlimited)
    static let dotsAgain = URLEncodedFormDecoder(keyPathDecoding: .dots, duplicateKeys: .first, invalidInput: .whatwg,
                                                 limits: unlimited)

    static let indexEncoder = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets)
    static let dotsEncoder = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, keyPathEncoding: .dots)
}

/// One input through every check.
struct FuzzCase {
    let bytes: [UInt8]

    func run() {
        let standard = tree(Decoders.standard)
        let whatwg = tree(Decoders.whatwg)
        _ = tree(Decoders.dots)
        if let standard { reEncode(standard, with: Decoders.standardAgain) }
        if let whatwg { reEncode(whatwg, with: Decoders.whatwgAgain) }
        LimitsOracle(bytes: bytes).check(small: outcome(Decoders.small), standard: outcome(Decoders.standard), input: bytes)
        entryPointsAgree(standard)
        ShapeRoundTrips(bytes: bytes).run()
    }

    /// The input-level error under a `DecodingError`, or a failure for anything else thrown.
    func inputError(_ error: any Error) -> URLEncodedFormDecoder.Error {
        guard case DecodingError.dataCorrupted(let context) = error,
              let inputError = context.underlyingError as? URLEncodedFormDecoder.Error else {
            fuzzFailure("parameters(from:) threw \(error), not an input-level error", input: bytes)
        }
        if !context.codingPath.isEmpty { fuzzFailure("an input-level error with a coding path: \(context)", input: bytes) }
        return inputError
    }

    func outcome(_ decoder: URLEncodedFormDecoder) -> Result<FuzzTree, URLEncodedFormDecoder.Error> {
        do {
            return .success(FuzzTree(try decoder.parameters(from: bytes)))
        } catch {
            return .failure(inputError(error))
        }
    }

    func tree(_ decoder: URLEncodedFormDecoder) -> FuzzTree? {
        try? outcome(decoder).get()
    }

    /// `parameters(from:)` of the tree re-encoded by `URLEncoding` is the tree.
    func reEncode(_ tree: FuzzTree, with decoder: URLEncodedFormDecoder) {
        guard case .hash(let hash) = tree, FuzzTree.isReEncodable(hash) else { return }
        let parameters = tree.parameters
        let text: String
        do {
            text = try URLEncoding.default.encode(parameters)
        } catch {
            fuzzFailure("URLEncoding cannot encode the tree \(tree): \(error)", input: bytes)
        }
        do {
            let again = FuzzTree(try decoder.parameters(from: text))
            if again != tree { fuzzFailure("re-encoded as \(text), read back \(again), not \(tree)", input: bytes) }
        } catch {
            fuzzFailure("re-encoded as \(text), which throws \(error); the tree was \(tree)", input: bytes)
        }
    }

    /// The `String`, `[UInt8]` and `Data` entry points read valid UTF-8 alike.
    func entryPointsAgree(_ standard: FuzzTree?) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        let fromString = try? FuzzTree(Decoders.standard.parameters(from: text))
        if fromString != standard { fuzzFailure("parameters(from: String) \(String(describing: fromString)) ≠ bytes \(String(describing: standard))", input: bytes) }
        let typedBytes = try? Decoders.standard.decode([String: String].self, from: bytes)
        let typedString = try? Decoders.standard.decode([String: String].self, from: text)
        let typedData = try? Decoders.standard.decode([String: String].self, from: Data(bytes))
        if typedBytes != typedString || typedBytes != typedData {
            fuzzFailure("decode from bytes \(String(describing: typedBytes)), String \(String(describing: typedString)), Data \(String(describing: typedData))", input: bytes)
        }
    }
}
