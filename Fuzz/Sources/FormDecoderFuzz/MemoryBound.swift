import CFuzzMemory
import Foundation

/// Memory within a constant of the input: over all the work one input makes, the bytes allocated
/// (summed, so a quadratic copy shows even when each copy is freed) and the peak of live bytes
/// stay under `perByte` times the input's length plus `base`. The constants are an order of
/// magnitude over what the committed corpus needs (print the worst ratios with
/// `FUZZ_MEMORY_STATS=1`); a quadratic path or an allocation sized by a number in the input
/// breaks them by far more on an input of a few kilobytes.
enum MemoryBound {
    static let allocatedPerByte: UInt64 = 4_000
    static let allocatedBase: UInt64 = 4 << 20
    static let peakPerByte: Int64 = 1_000
    static let peakBase: Int64 = 2 << 20

    nonisolated(unsafe) private static var worstAllocated = 0.0
    nonisolated(unsafe) private static var worstPeak = 0.0
    private static let printsStats = ProcessInfo.processInfo.environment["FUZZ_MEMORY_STATS"] != nil

    static func measure(inputLength: Int, _ body: () -> Void) {
        cfm_start()
        body()
        cfm_stop()
        guard cfm_is_active() != 0 else { return }
        let allocated = cfm_allocated_bytes()
        let peak = cfm_peak_bytes()
        if allocated > allocatedPerByte * UInt64(inputLength) + allocatedBase || peak > peakPerByte * Int64(inputLength) + peakBase {
            FileHandle.standardError.write(Data("\n== property failed: \(allocated) bytes allocated (\(cfm_allocations()) blocks), peak \(peak) live, for \(inputLength) bytes of input\n".utf8))
            fatalError("memory beyond a constant of the input")
        }
        if printsStats {
            let length = Double(max(inputLength, 1))
            let allocatedRatio = Double(allocated) / length
            let peakRatio = Double(peak) / length
            if inputLength >= 64, allocatedRatio > worstAllocated || peakRatio > worstPeak {
                worstAllocated = max(worstAllocated, allocatedRatio)
                worstPeak = max(worstPeak, peakRatio)
                print("memory: \(inputLength) bytes in, \(allocated) allocated (×\(Int(allocatedRatio))), peak \(peak) (×\(Int(peakRatio)))")
            }
        }
    }
}
