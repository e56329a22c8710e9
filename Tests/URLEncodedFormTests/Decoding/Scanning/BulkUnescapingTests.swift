import CPercentEscapes
import FormBenchCore
import Foundation
import Testing

/// `cpercent_unescape`, the scanner's 32-bytes-at-a-time unescaping of a value (64 at a time where
/// the processor has AVX-512, to the same result: both widths are tested where it does), against
/// a model that reads the same contract one byte at a time: blocks of 32 bytes, one after the other,
/// while 64 bytes are left from a block's start; each block read up to a `&` or a byte from 0x80
/// up (where it all ends) or an escape that is not valid (the same), an escape that begins in
/// its last bytes read whole (its digits from the next block); `%XX` is the byte it spells, `+` a
/// space, anything else itself. The model shares no mask or shuffle with the kernel, so the two
/// do not share a mistake.
///
/// Where the processor has no byte shuffle the kernel reads nothing, and the model is not asked.
///
/// Seeded and replayable as the other fuzzers: `FUZZ_CASES=n`, `FUZZ_SEED=0x…`, `FUZZ_BASE=…`.
struct BulkUnescapingTests {
    /// What the model reads: how many input bytes, and the bytes written.
    static func model(_ input: [UInt8]) -> (read: Int, written: [UInt8]) {
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var read = 0
        var written: [UInt8] = []
        var blockStart = 0
        while input.count - blockStart >= 64 {
            while read < blockStart + 32 {
                let byte = input[read]
                if byte == UInt8(ascii: "&") || byte >= 0x80 { return (read, written) }
                guard byte == UInt8(ascii: "%") else {
                    written.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                    read += 1
                    continue
                }
                guard let high = hex(input[read + 1]), let low = hex(input[read + 2]) else { return (read, written) }
                written.append(high << 4 | low)
                read += 3
            }
            blockStart += 32
        }
        return (read, written)
    }

    /// One case: up to 300 bytes of escapes (of any byte, either case), `+`, plain ASCII, `=`,
    /// and now and then what stops the kernel (`&`, a raw byte beyond ASCII, a broken escape).
    static func input(seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        let pieces: [[UInt8]] = [Array("a".utf8), Array("Z9".utf8), Array("+".utf8), Array("=".utf8)]
        let stops: [[UInt8]] = [Array("&".utf8), [0xE6], [0x80], Array("%G1".utf8), Array("%4".utf8), Array("%%".utf8)]
        var input: [UInt8] = []
        let length = Int.random(in: 0...300, using: &rng)
        while input.count < length {
            switch Int.random(in: 0..<60, using: &rng) {
            case 0..<36:
                let byte = UInt8.random(in: 0...255, using: &rng)
                let hex = String(byte, radix: 16, uppercase: Bool.random(using: &rng))
                input += Array(("%" + (hex.count == 1 ? "0" : "") + hex).utf8)
            case 36..<59: input += pieces.randomElement(using: &rng)!
            default: input += stops.randomElement(using: &rng)!
            }
        }
        return input
    }

    /// The kernel's reading of `input` in blocks of at most `width` bytes, into memory as long
    /// as the input (its contract).
    static func kernel(_ input: [UInt8], width: Int = 64) -> (read: Int, written: [UInt8]) {
        var output = [UInt8](repeating: 0, count: input.count)
        var count = 0
        let read = input.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                cpercent_unescape(input.baseAddress, input.count, output.baseAddress, &count, width)
            }
        }
        return (read, Array(output[..<count]))
    }

    /// Whether the kernel runs here: it reads the first 32 of 64 plain bytes (or is there no
    /// byte shuffle).
    static let kernelRuns = kernel(Array(String(repeating: "abcdefghijklmnop", count: 4).utf8)).read == 32

    /// The widths the kernel reads here: 32, and 64 where the processor has AVX-512.
    static let widths = cpercent_widest_block() >= 64 ? [32, 64] : [32]

    @Test(arguments: widths) func theKernelReadsAsTheModel(width: Int) {
        guard Self.kernelRuns else { return }
        FuzzConfiguration(defaultCases: 20_000).expectNoDifference { seed in
            let input = Self.input(seed: seed)
            let (expected, actual) = (Self.model(input), Self.kernel(input, width: width))
            guard expected != actual else { return nil }
            return "FUZZ_SEED=0x\(String(seed, radix: 16)) (width \(width)): \(String(decoding: input.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self))\n"
                + "  expected: \(expected)\n  actual:   \(actual)"
        }
    }

    /// The cases reach every way the kernel stops, and read on across blocks.
    @Test func theCasesReachEveryStop() {
        let outcomes = FuzzConfiguration(defaultCases: 20_000, environment: [:]).seeds.map { seed in
            let input = Self.input(seed: seed)
            return (input: input, read: Self.model(input).read)
        }
        let stoppedAt = outcomes.filter { $0.input.count - $0.read >= 64 }.map { $0.input[$0.read] }
        #expect(stoppedAt.filter { $0 == UInt8(ascii: "&") }.count > 500, "\(stoppedAt.filter { $0 == UInt8(ascii: "&") }.count)")
        #expect(stoppedAt.filter { $0 >= 0x80 }.count > 1_000, "\(stoppedAt.filter { $0 >= 0x80 }.count)")
        #expect(stoppedAt.filter { $0 == UInt8(ascii: "%") }.count > 1_000, "\(stoppedAt.filter { $0 == UInt8(ascii: "%") }.count)")
        #expect(outcomes.filter { $0.read >= 96 }.count > 1_000, "\(outcomes.filter { $0.read >= 96 }.count)")
        // Past two blocks of 64, where the wide kernel carries escapes from one to the next.
        #expect(outcomes.filter { $0.read >= 192 }.count > 500, "\(outcomes.filter { $0.read >= 192 }.count)")
    }

    /// `cpercent_check_utf8` against the standard library's check: `count` less an unfinished
    /// last character (a lead byte among the last three whose character would go past the
    /// end, and what follows it), or -1 when what is before that is not UTF-8.
    static func expectedCheck(_ bytes: [UInt8]) -> Int {
        var unfinished = 0
        for back in 1...min(3, max(1, bytes.count)) where back <= bytes.count {
            let byte = bytes[bytes.count - back]
            guard byte & 0xC0 == 0x80 else {
                let length = switch byte { case 0xF0..<0xF8: 4; case 0xE0..<0xF0: 3; case 0xC0..<0xE0: 2; default: 1 }
                unfinished = length > back ? back : 0
                break
            }
        }
        return String(validating: bytes[..<(bytes.count - unfinished)], as: UTF8.self) == nil ? -1 : bytes.count - unfinished
    }

    /// Up to 130 bytes of characters of every length (the edges of each), and now and then a
    /// byte UTF-8 never uses, a lone continuation, a surrogate, an overlong form, a scalar past
    /// U+10FFFF, or a character cut short.
    static func utf8Input(seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        let characters: [Unicode.Scalar] = ["a", "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{6771}", "\u{D7FF}", "\u{E000}",
                                            "\u{FFFF}", "\u{10000}", "\u{1F680}", "\u{10FFFF}"]
        let invalid: [[UInt8]] = [[0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xED, 0xA0, 0x80],
                                  [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
                                  [0xF4, 0x90, 0x80, 0x80], [0xE6], [0xE6, 0x9D], [0xF0, 0x9F, 0x9A], [0xC3]]
        var bytes: [UInt8] = []
        let length = Int.random(in: 0...130, using: &rng)
        let clean = Bool.random(using: &rng)
        while bytes.count < length {
            if !clean && Int.random(in: 0..<12, using: &rng) == 0 {
                bytes += invalid.randomElement(using: &rng)!
            } else {
                bytes += Array(String(Character(characters.randomElement(using: &rng)!)).utf8)
            }
        }
        if Int.random(in: 0..<4, using: &rng) == 0 {
            // Cut within the last character, as a value's bulk can end.
            bytes.removeLast(Int.random(in: 0...min(3, bytes.count), using: &rng))
        }
        return bytes
    }

    @Test func theUTF8CheckAgreesWithTheStandardLibrary() {
        guard Self.kernelRuns else { return }
        FuzzConfiguration(defaultCases: 20_000).expectNoDifference { seed in
            let bytes = Self.utf8Input(seed: seed)
            var beyondASCII: Int32 = 0
            // Bytes past the end that may be read and must not count: none, or up to 40 of
            // any value (the last block is read in place when 32 are readable).
            var padding = SplitMix64(seed: ~seed)
            let readable = bytes + (0..<Int.random(in: 0...40, using: &padding)).map { _ in UInt8.random(in: 0...255, using: &padding) }
            let actual = readable.withUnsafeBufferPointer { cpercent_check_utf8($0.baseAddress, bytes.count, $0.count, &beyondASCII) }
            let expected = Self.expectedCheck(bytes)
            let wholeBeyondASCII = expected >= 0 && bytes[..<expected].contains { $0 >= 0x80 }
            guard actual != expected || (expected >= 0 && (beyondASCII != 0) != wholeBeyondASCII) else { return nil }
            return "FUZZ_SEED=0x\(String(seed, radix: 16)): \(bytes.map { String(format: "%02X", $0) }.joined(separator: " "))\n"
                + "  expected: \(expected)\n  actual:   \(actual), beyond ASCII \(beyondASCII)"
        }
    }

    /// A byte UTF-8 never uses (0xF8 to 0xFF) ends no character, and is an error as the last
    /// byte too, wherever the end falls in a block: the check reads the byte past the end as a NUL.
    @Test func aByteUTF8NeverUsesIsAnErrorAsTheLastByte() {
        guard Self.kernelRuns else { return }
        for length in 1...100 {
            for last: UInt8 in [0xF8, 0xFF] {
                let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length - 1) + [last]
                var beyondASCII: Int32 = 0
                let answer = bytes.withUnsafeBufferPointer { cpercent_check_utf8($0.baseAddress, $0.count, $0.count, &beyondASCII) }
                #expect(answer == -1, "\(length) bytes ending in \(String(last, radix: 16)): \(answer)")
            }
        }
    }

    /// The UTF-8 cases are valid, invalid and cut short, often enough to tell.
    @Test func theUTF8CasesReachEachAnswer() {
        let inputs = FuzzConfiguration(defaultCases: 20_000, environment: [:]).seeds.map { Self.utf8Input(seed: $0) }
        let answers = inputs.map { (bytes: $0, answer: Self.expectedCheck($0)) }
        #expect(answers.filter { $0.answer < 0 }.count > 3_000)
        #expect(answers.filter { $0.answer >= 0 && $0.answer < $0.bytes.count }.count > 1_000)
        #expect(answers.filter { $0.answer >= 64 && $0.answer == $0.bytes.count }.count > 3_000)
    }

    /// On x86-64, where every processor this package is measured on has AVX2, the kernel runs.
    @Test func theKernelRunsOnX86() {
        #if arch(x86_64)
        #expect(Self.kernelRuns)
        #endif
    }
}
