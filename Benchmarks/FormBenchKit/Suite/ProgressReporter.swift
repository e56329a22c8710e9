import Foundation

/// Tells what is being measured on standard error, one line per step, with the elapsed time
/// and a rough estimate of the time left (the mean time per step so far, times the steps left).
final class ProgressReporter {
    private let totalSteps: Int
    private var startedSteps = 0
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    init(totalSteps: Int) {
        self.totalSteps = totalSteps
        start = clock.now
    }

    /// Announces the next step.
    func step(_ description: String) {
        startedSteps += 1
        let elapsed = start.duration(to: clock.now).seconds
        let finished = startedSteps - 1
        let left = finished > 0 ? " · ~\(Self.clockTime(elapsed / Double(finished) * Double(totalSteps - finished))) left" : ""
        write("[\(startedSteps)/\(totalSteps) · \(Self.clockTime(elapsed))\(left)] \(description)")
    }

    /// Reports something about the current step, indented under it.
    func note(_ message: String) {
        write("    \(message)")
    }

    private func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// `m:ss`.
    private static func clockTime(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        let remainder = whole % 60
        return "\(whole / 60):\(remainder < 10 ? "0" : "")\(remainder)"
    }
}
