import CPercentEscapes
import FormBenchCore
import Foundation
import Testing

/// `cpercent_scan_name`, which reads a pair's name in one block of 32 bytes where the name is
/// ASCII as sent and unescaped, against a model that reads the same contract one byte at a
/// time: with 32 bytes readable, the name ends at the first `=` or `&` among them (else no
/// answer); no answer either where a byte before it is from 0x80 up, or a `%` before it is not
/// followed, before the end, by two hexadecimal digits of which the first is 0 to 7; else the
/// name's length, whether it holds a `%` or a `+`, and how many leading bytes it shares with the
/// previous name (no more than either is long). The model shares no mask with the kernel, so
/// the two do not share a mistake.
///
/// Seeded and replayable as the other fuzzers: `FUZZ_CASES=n`, `FUZZ_SEED=0x…`, `FUZZ_BASE=…`.
struct BlockNameScanningTests {
    /// The answer: the name's length, whether it is escaped, and what it shares with the
    /// previous name.
    struct Answer: Equatable {
        var length: Int
        var escaped: Bool
        var shared: Int
    }

    /// One case: the bytes from the name on, and the previous name's bytes (32 of them at least,
    /// all readable) and length.
    struct Case {
        var bytes: [UInt8]
        var previous: [UInt8]
        var previousLength: Int
    }

    /// The model's answer, or `nil`.
    static func model(_ test: Case) -> Answer? {
        let bytes = test.bytes
        guard bytes.count >= 32,
              let length = bytes[..<32].firstIndex(where: { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "&") })
        else { return nil }
        var escaped = false
        var index = 0
        while index < length {
            let byte = bytes[index]
            if byte >= 0x80 { return nil }
            if byte == UInt8(ascii: "+") { escaped = true }
            if byte == UInt8(ascii: "%") {
                guard index + 2 < length, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index + 1]),
                      Character(Unicode.Scalar(bytes[index + 2])).isHexDigit else { return nil }
                escaped = true
                // The digits are read as digits: a `%` among them would have made it no escape.
                index += 3
                continue
            }
            index += 1
        }
        let longest = min(length, test.previousLength)
        let shared = zip(bytes[..<longest], test.previous[..<longest]).prefix { $0 == $1 }.count
        return Answer(length: length, escaped: escaped, shared: shared)
    }

    /// The kernel's answer, all of the case's bytes readable. `cpercent_scan_name` reads the
    /// processor's features that `cpercent_widest_block()` looks up, as the scanner does before
    /// it: asked first, as the scanner asks (run alone, `theKernelRunsOnX86` found none).
    static func kernel(_ test: Case) -> Answer? {
        guard cpercent_widest_block() >= 32 else { return nil }
        var escaped: Int32 = -1
        var shared = -1
        let length = test.bytes.withUnsafeBufferPointer { bytes in
            test.previous.withUnsafeBufferPointer { previous in
                cpercent_scan_name(bytes.baseAddress, bytes.count, previous.baseAddress, test.previousLength, &escaped, &shared)
            }
        }
        return length < 0 ? nil : Answer(length: length, escaped: escaped != 0, shared: shared)
    }

    /// One case: a name of up to 40 bytes of plain ASCII, escapes of ASCII (either case) and
    /// beyond, `+`, and now and then a raw byte beyond ASCII or a broken escape; then a `=` or
    /// `&` (or not), then up to 40 bytes of anything. The previous name: the same bytes with one
    /// changed (or none), or others, of any length up to 40.
    static func input(seed: UInt64) -> Case {
        var rng = SplitMix64(seed: seed)
        let pieces: [[UInt8]] = [Array("texts".utf8), Array("a".utf8), Array("7".utf8), Array("+".utf8), Array("%5B".utf8),
                                 Array("%5d".utf8), Array("%2B".utf8), Array("%7F".utf8), Array("%00".utf8)]
        let beyond: [[UInt8]] = [Array("%80".utf8), Array("%E6".utf8), Array("%c3".utf8), [0xC3, 0xA9], [0x80],
                                 Array("%G1".utf8), Array("%4".utf8), Array("%%41".utf8), Array("%".utf8), Array("%5".utf8)]
        var bytes: [UInt8] = []
        let length = Int.random(in: 0...40, using: &rng)
        while bytes.count < length {
            bytes += Int.random(in: 0..<20, using: &rng) == 0 ? beyond.randomElement(using: &rng)! : pieces.randomElement(using: &rng)!
        }
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: bytes += Array("&".utf8)
        case 1: break
        default: bytes += Array("=".utf8)
        }
        bytes += (0..<Int.random(in: 0...40, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        var previous = Bool.random(using: &rng) ? bytes : (0..<40).map { _ in pieces.randomElement(using: &rng)![0] }
        if !previous.isEmpty && Bool.random(using: &rng) {
            previous[Int.random(in: 0..<min(previous.count, 34), using: &rng)] ^= 1
        }
        previous += [UInt8](repeating: UInt8(ascii: "="), count: max(0, 32 - previous.count))
        return Case(bytes: bytes, previous: previous, previousLength: Int.random(in: 0...40, using: &rng))
    }

    @Test func theKernelReadsAsTheModel() {
        guard cpercent_widest_block() >= 32 else { return }
        FuzzConfiguration(defaultCases: 20_000).expectNoDifference { seed in
            let test = Self.input(seed: seed)
            let (expected, actual) = (Self.model(test), Self.kernel(test))
            guard expected != actual else { return nil }
            return "FUZZ_SEED=0x\(String(seed, radix: 16)): \(test.bytes.map { String(format: "%02X", $0) }.joined(separator: " "))\n"
                + "  expected: \(String(describing: expected))\n  actual:   \(String(describing: actual))"
        }
    }

    /// The cases reach every answer: names read, escaped and not, up to the block's last byte,
    /// sharing nothing, some or all of the shorter name, and each way of giving none.
    @Test func theCasesReachEveryAnswer() {
        let cases = FuzzConfiguration(defaultCases: 20_000, environment: [:]).seeds.map { seed in
            let test = Self.input(seed: seed)
            return (bytes: test.bytes, answer: Self.model(test))
        }
        let read = cases.compactMap(\.answer)
        #expect(read.filter(\.escaped).count > 2_000)
        #expect(read.filter { !$0.escaped && $0.length > 0 }.count > 100)
        #expect(read.filter { $0.length >= 29 }.count > 100)
        #expect(read.filter { $0.shared == 0 }.count > 500)
        #expect(read.filter { $0.shared > 0 && $0.shared < $0.length }.count > 500)
        #expect(read.filter { $0.shared == $0.length && $0.length > 0 }.count > 500)
        let unanswered = cases.filter { $0.answer == nil && $0.bytes.count >= 32 }.map(\.bytes)
        let ended = unanswered.filter { $0[..<32].contains(UInt8(ascii: "=")) || $0[..<32].contains(UInt8(ascii: "&")) }
        #expect(ended.count > 1_000, "names refused for what they hold")
        #expect(unanswered.count - ended.count > 1_000, "names past the block")
        #expect(cases.filter { $0.bytes.count < 32 }.count > 1_000, "fewer than 32 bytes readable")
    }

    /// On x86-64, where every processor this package is measured on has AVX2, names are read in
    /// blocks: an escaped one is answered.
    @Test func theKernelRunsOnX86() {
        #if arch(x86_64)
        let name = Array("texts%5B12%5D=%E6%9D%B1&texts%5B13%5D=x".utf8)
        let next = Array(name[24...]) + Array(name[..<24])
        #expect(Self.kernel(Case(bytes: next, previous: name, previousLength: 13)) == Answer(length: 13, escaped: true, shared: 9))
        let other = Array("items%5B12%5D=%E6%9D%B1&texts%5B13%5D=x".utf8)
        #expect(Self.kernel(Case(bytes: next, previous: other, previousLength: 13)) == Answer(length: 13, escaped: true, shared: 0))
        #endif
    }
}
