import CMallocCounter
import FormBenchCore
import Foundation
import Testing
import URLEncodedForm

#if DEBUG
private let isOptimizedBuild = false
#else
private let isOptimizedBuild = true
#endif

/// How the hostile-input suite bounds what an input costs, beside the outcome each test asserts.
///
/// Time is never asserted in seconds: it is the ratio of the hostile input's decoding to a benign
/// form's of the same length (`benignForm(length:)`), both measured in the same run, best of a
/// few. A quadratic path or an allocation sized by a number in the input shows as a ratio in the
/// hundreds or more at these sizes; a linear one stays within a small constant of the benign
/// form, which already holds a pair every 21 bytes. Allocations are counted on this thread, and
/// the peak of live bytes is taken over the decoding: both against a constant, or against the
/// benign form's.
///
/// Costs are only measured where they mean something: an optimized build with the malloc counter
/// (CI's release step, `swift test -c release --filter HostileInputTests`, which runs nothing
/// else beside this serialized suite). Debug and sanitizer builds check the outcomes, on inputs
/// `HostileSize.scale` times smaller.
enum HostileCost {
    static var isMeasured: Bool { isOptimizedBuild && cmc_is_active() != 0 }

    /// A bound on allocations: a constant, or the benign form's count times a factor plus a constant.
    enum AllocationBound {
        case atMost(UInt64)
        case benignTimes(UInt64, plus: UInt64)
    }

    struct Measurement: CustomStringConvertible {
        var seconds: Double
        var allocations: UInt64
        var peakBytes: Int64
        var description: String {
            "\(String(format: "%.2f", seconds * 1_000)) ms, \(allocations) allocations, peak \(peakBytes / 1024) KiB"
        }
    }

    /// One decoding's allocations and peak of live bytes, then the best time of `runs`.
    static func measure(runs: Int = 3, _ body: () -> Void) -> Measurement {
        cmc_reset_peak()
        let live = cmc_live_bytes()
        let before = cmc_thread_allocations()
        body()
        let allocations = cmc_thread_allocations() - before
        let peak = cmc_peak_bytes() - live
        var best = Double.infinity
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return Measurement(seconds: best, allocations: allocations, peakBytes: peak)
    }

    /// Checks `decode` of `input` against `parameters(from:)` of a benign form as long: at most
    /// `timeRatio` times its time, `allocations`, and a peak of live bytes of at most
    /// `peakPerByte` times the input's length plus 1 MiB.
    static func expectBounded(_ input: [UInt8], timeRatio: Double, allocations: AllocationBound, peakPerByte: Int64 = 64,
                              sourceLocation: SourceLocation = #_sourceLocation, _ decode: ([UInt8]) -> Void) {
        guard isMeasured else { return }
        let benign = benignForm(length: input.count)
        let benignDecoder = URLEncodedFormDecoder(limits: .init(maximumParameterCount: .max, maximumInputLength: nil))
        let benignCost = measure { _ = try! benignDecoder.parameters(from: benign) }
        let cost = measure { decode(input) }
        let ratio = cost.seconds / benignCost.seconds
        let allocationLimit: UInt64
        switch allocations {
        case .atMost(let limit): allocationLimit = limit
        case .benignTimes(let factor, let plus): allocationLimit = benignCost.allocations * factor + plus
        }
        let peakLimit = peakPerByte * Int64(input.count) + (1 << 20)
        let report = "\(input.count) bytes: \(cost) against the benign form's \(benignCost), ×\(String(format: "%.2f", ratio)) its time"
        if ProcessInfo.processInfo.environment["HOSTILE_COSTS"] != nil { print(report) }
        #expect(ratio <= timeRatio, "time: \(report)", sourceLocation: sourceLocation)
        #expect(cost.allocations <= allocationLimit, "allocations over \(allocationLimit): \(report)", sourceLocation: sourceLocation)
        #expect(cost.peakBytes <= peakLimit, "peak over \(peakLimit) bytes: \(report)", sourceLocation: sourceLocation)
    }

    /// Checks that decoding the input `form(10 * count)` makes takes at most `tenfold` times as
    /// long as decoding `form(count)`'s, each the best of a few runs: an absolute bound on growth,
    /// where `expectBounded` divides by a benign form that shares paths with the hostile ones (its
    /// root is a wide hash of keys out of byte order), so that a path slow for both would pass it.
    /// Linear work grows ×10, and up to about ×20 where the larger working set leaves a cache
    /// (measured: ×14–21 on an AMD EPYC with L2 1 MiB); quadratic work ×100. The bound the tests
    /// give, ×32, lies halfway between the two on a log scale. `count` is chosen so that both
    /// inputs stay within a few MB.
    static func expectTenfoldGrowth(atMost tenfold: Double, from count: Int, sourceLocation: SourceLocation = #_sourceLocation,
                                    form: (Int) -> [UInt8], _ decode: ([UInt8]) -> Void) {
        guard isMeasured else { return }
        let (small, large) = (form(count), form(10 * count))
        let growth = bestThreadTime(runs: 7) { decode(large) } / bestThreadTime(runs: 7) { decode(small) }
        let report = "\(small.count) → \(large.count) bytes: ×\(String(format: "%.2f", growth)) the time"
        if ProcessInfo.processInfo.environment["HOSTILE_COSTS"] != nil { print("growth: \(report)") }
        #expect(growth <= tenfold, "growth over ×\(tenfold): \(report)", sourceLocation: sourceLocation)
    }

    /// The least CPU time this thread spent in `body` over `runs` runs, after one to warm up:
    /// time the thread waited for a processor (a busy machine) is not counted.
    private static func bestThreadTime(runs: Int, _ body: () -> Void) -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        body()
        var best = Double.infinity
        for _ in 0..<runs {
            let start = now()
            body()
            best = min(best, now() - start)
        }
        return best
    }

    /// The allocations of decoding `value` again as a `T` through the decode floor (a `Decoder`
    /// answering with constants): what `Decodable` itself costs, whatever the decoder.
    static func floorAllocations<T: Codable>(_ type: T.Type, of value: T) throws -> UInt64 {
        let shape = try DecodeFloorShape(of: value)
        let before = cmc_thread_allocations()
        _ = try T(from: DecodeFloorDecoder(shape: shape))
        return cmc_thread_allocations() - before
    }

    /// A flat form of distinct fields with short escaped values (`field17=value+17%21&…`), cut to
    /// exactly `length` bytes: what a server decodes every day.
    static func benignForm(length: Int) -> [UInt8] {
        var form: [UInt8] = []
        form.reserveCapacity(length + 32)
        var index = 0
        while form.count < length {
            if !form.isEmpty { form.append(UInt8(ascii: "&")) }
            form += Array("field\(index)=value+\(index)%21".utf8)
            index += 1
        }
        // Cut inside the last pair's name or value: whatever is left is still a valid pair,
        // unless the cut splits its `%21`.
        form.removeLast(form.count - length)
        while let percent = form.suffix(2).firstIndex(of: UInt8(ascii: "%")) { form[percent] = UInt8(ascii: "x") }
        return form
    }
}

/// The hostile inputs' sizes: as the issue names them in an optimized build, `scale` times
/// smaller in debug and sanitizer builds (which are tens of times slower and check outcomes only).
enum HostileSize {
    static let scale = isOptimizedBuild && cmc_is_active() != 0 ? 1 : 100

    /// `count` in an optimized build, `count / scale` otherwise.
    static func of(_ count: Int) -> Int { count / scale }
}
