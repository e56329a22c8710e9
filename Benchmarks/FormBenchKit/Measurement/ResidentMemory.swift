import Foundation

/// The process's resident memory, as the kernel reports it.
enum ResidentMemory {
    /// The most resident memory the process has used so far, in bytes (`getrusage`'s
    /// `ru_maxrss`); it never goes down.
    static func peakBytes() -> Int {
        var usage = rusage()
        // Linux reports kibibytes, Darwin bytes.
        #if os(Linux)
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return usage.ru_maxrss * 1024
        #else
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return usage.ru_maxrss
        #endif
    }
}
