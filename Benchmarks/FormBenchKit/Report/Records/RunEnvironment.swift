import Foundation

/// Where and when a run happened: the stamp on every results file.
struct RunEnvironment: Codable, Sendable {
    /// `uname -srm`: kernel, release, architecture.
    let machine: String
    /// Processors available to the process.
    let cores: Int
    /// What `swift --version` prints.
    let toolchain: String
    /// `git rev-parse HEAD` in the working directory.
    let commit: String
    /// When the run started, ISO 8601 in UTC.
    let date: String

    /// The environment of this process; what cannot be found out reads `unknown`.
    static func current() -> RunEnvironment {
        RunEnvironment(machine: output(of: ["uname", "-srm"]) ?? "unknown",
                       cores: ProcessInfo.processInfo.activeProcessorCount,
                       toolchain: output(of: ["swift", "--version"]) ?? "unknown",
                       commit: output(of: ["git", "rev-parse", "HEAD"]) ?? "unknown",
                       date: ISO8601DateFormatter().string(from: Date()))
    }

    /// The first line of `toolchain`, for headings.
    var toolchainName: String {
        toolchain.split(separator: "\n").first.map(String.init) ?? toolchain
    }

    /// The trimmed standard output of a command found on `PATH`, or `nil` when it cannot be run
    /// or fails.
    private static func output(of command: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
