import Foundation

/// The processor a run measured on, as Linux describes it: what decides whether two runs' time
/// ratios can be compared.
///
/// A time ratio cancels the machine's clock speed, not its microarchitecture: two contenders
/// whose work differs (one bound by the caches, one by the branch predictor) divide differently on
/// another processor. Machines of one kind come with more than one processor model, and on
/// unchanged code the decoder's ratio to the decode floor on 1,000 strings measured ×6.76 on one
/// and ×10.3 on another (Benchmarks/README, *The gate*). So the gate judges time ratios only
/// against a baseline recorded on an identical processor: same vendor, model name, family, model,
/// stepping and cache sizes.
public struct ProcessorIdentity: Codable, Equatable, Sendable, CustomStringConvertible {
    /// `vendor_id`, e.g. `AuthenticAMD`, `GenuineIntel`.
    public let vendor: String
    /// `model name`, e.g. `AMD EPYC` (a virtual machine may show less than the part's name).
    public let modelName: String
    /// `cpu family`, `model` and `stepping`, which tell apart parts a virtual machine names alike.
    public let family: String
    public let model: String
    public let stepping: String
    /// The caches of one processor, level, kind and size, e.g. `L1d 48K`, `L2 1024K`.
    public let caches: [String]

    public init(vendor: String, modelName: String, family: String, model: String, stepping: String, caches: [String]) {
        self.vendor = vendor
        self.modelName = modelName
        self.family = family
        self.model = model
        self.stepping = stepping
        self.caches = caches
    }

    /// A cache of one processor, as `/sys/devices/system/cpu/cpu0/cache/index*` lists it.
    public struct Cache: Equatable, Sendable {
        /// `level`: 1, 2, 3.
        public let level: String
        /// `type`: `Data`, `Instruction`, `Unified`.
        public let type: String
        /// `size`, e.g. `1024K`.
        public let size: String

        public init(level: String, type: String, size: String) {
            self.level = level
            self.type = type
            self.size = size
        }
    }

    /// The identity described by the text of `/proc/cpuinfo` (its first processor's lines) and
    /// the caches of `/sys`; a field the text lacks reads `unknown`.
    public init(cpuinfo: String, caches: [Cache]) {
        var fields: [String: String] = [:]
        for line in cpuinfo.split(separator: "\n", omittingEmptySubsequences: false) {
            // The first processor ends at the first blank line.
            if line.allSatisfy(\.isWhitespace) {
                if !fields.isEmpty { break } else { continue }
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if fields[name] == nil { fields[name] = value }
        }
        func field(_ name: String) -> String { fields[name].flatMap { $0.isEmpty ? nil : $0 } ?? "unknown" }
        let kinds = ["Data": "d", "Instruction": "i", "Unified": ""]
        self.init(vendor: field("vendor_id"), modelName: field("model name"), family: field("cpu family"),
                  model: field("model"), stepping: field("stepping"),
                  caches: caches.map { "L\($0.level)\(kinds[$0.type] ?? $0.type) \($0.size)" }.sorted())
    }

    /// The size of the L2 cache in bytes (of one core: the first processor's, as `/sys` lists
    /// it), or `nil` when it is not known.
    public var l2CacheBytes: Int? {
        guard let size = caches.first(where: { $0.hasPrefix("L2 ") })?.dropFirst(3), let unit = size.last else { return nil }
        let multipliers: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        if let multiplier = multipliers[unit] {
            return Int(size.dropLast()).map { $0 * multiplier }
        }
        return Int(size)
    }

    /// E.g. `AMD EPYC (AuthenticAMD family 26 model 2 stepping 1; L1d 48K, L1i 32K, L2 1024K, L3 32768K)`.
    public var description: String {
        let caches = caches.isEmpty ? "caches unknown" : caches.joined(separator: ", ")
        return "\(modelName) (\(vendor) family \(family) model \(model) stepping \(stepping); \(caches))"
    }
}
