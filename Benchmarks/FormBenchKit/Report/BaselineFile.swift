import Foundation
import FormBenchCore

/// The part of a results file the gate reads: `--compare` accepts any `latest.json` or
/// `baseline.json`, and ignores everything but the schema version, the run's mode and input
/// mode, its processor and the gate metrics.
struct BaselineFile: Decodable {
    let schemaVersion: Int
    let configuration: Mode
    let environment: Environment
    let gateMetrics: [GateMetric]

    /// Where the baseline ran: its time ratios are judged only on the same processor.
    struct Environment: Decodable {
        /// Absent in files from before processors were recorded: never taken for this one.
        let processor: ProcessorIdentity?
    }

    /// Whether the baseline's run was a `--quick` one: time ratios shift with the sampling (a
    /// slow contender's time, above all, depends on what ran before it), so the gate only
    /// compares runs of the same mode. And whether it read distinct inputs or one repeated,
    /// which decides whether its time ratios are judged (`TimeRatioMismatch`).
    struct Mode: Decodable {
        let quick: Bool
        /// Absent in files from before the input mode was recorded, which repeated one input.
        let inputMode: InputMode?

        /// The inputs the baseline read.
        var inputs: InputMode {
            inputMode ?? .repeated
        }
    }

    /// Why a baseline cannot be used.
    struct Unusable: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads and checks the file at `path`.
    static func load(_ path: String) throws(Unusable) -> BaselineFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw Unusable(description: "cannot read baseline \(path): \(error.localizedDescription)")
        }
        let file: BaselineFile
        do {
            file = try JSONDecoder().decode(BaselineFile.self, from: data)
        } catch {
            throw Unusable(description: "\(path) is not a formbench results file: \(error)")
        }
        guard file.schemaVersion == ResultsDocument.currentSchemaVersion else {
            throw Unusable(description: "\(path) has schema version \(file.schemaVersion), this formbench writes "
                + "\(ResultsDocument.currentSchemaVersion): refresh the baseline with --write-baseline")
        }
        return file
    }
}
