import FormBenchCore
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
    /// The processor the run measured on; absent in files from before it was recorded. Time
    /// ratios are compared only between runs on one processor.
    let processor: ProcessorIdentity?

    /// The environment of this process; what cannot be found out reads `unknown`.
    static func current() -> RunEnvironment {
        RunEnvironment(machine: output(of: ["uname", "-srm"]) ?? "unknown",
                       cores: ProcessInfo.processInfo.activeProcessorCount,
                       toolchain: output(of: ["swift", "--version"]) ?? "unknown",
                       commit: output(of: ["git", "rev-parse", "HEAD"]) ?? "unknown",
                       date: ISO8601DateFormatter().string(from: Date()),
                       processor: currentProcessor())
    }

    /// This machine's processor, from `/proc/cpuinfo` and the caches `/sys` lists for the first
    /// processor; `nil` where neither can be read (not Linux).
    static func currentProcessor() -> ProcessorIdentity? {
        guard let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        let directory = "/sys/devices/system/cpu/cpu0/cache"
        let indices = (try? FileManager.default.contentsOfDirectory(atPath: directory))?
            .filter { $0.hasPrefix("index") }.sorted() ?? []
        let caches = indices.compactMap { index -> ProcessorIdentity.Cache? in
            func read(_ name: String) -> String? {
                (try? String(contentsOfFile: "\(directory)/\(index)/\(name)", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard let level = read("level"), let type = read("type"), let size = read("size") else { return nil }
            return ProcessorIdentity.Cache(level: level, type: type, size: size)
        }
        return ProcessorIdentity(cpuinfo: cpuinfo, caches: caches)
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
