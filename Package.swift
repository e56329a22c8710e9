// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "URLEncodedForm",
    // Linux needs no declaration. On Apple platforms the optimized module uses `Mutex` and
    // `Atomic` (the Synchronization module) and `UInt128`, which arrived in these releases.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "URLEncodedForm", targets: ["URLEncodedForm"]),
        .library(name: "URLEncodedFormRequests", targets: ["URLEncodedFormRequests"]),
        .library(name: "URLEncodedFormReference", targets: ["URLEncodedFormReference"]),
        .executable(name: "formbench", targets: ["FormBench"]),
        // formbench as a library: a package's own benchmark executable registers its real types.
        .library(name: "FormBenchKit", targets: ["FormBenchKit"]),
        // FormBenchKit's allocation counts, asked for: linking it replaces malloc process-wide.
        .library(name: "FormBenchAllocationCounting", targets: ["FormBenchAllocationCounting"]),
    ],
    targets: [
        // The production encoder: single-pass tree builder and byte-level escaping; and the
        // `[String: Any]` parameters of `URLEncoding`, with the query and body rules on `URL`s
        // and bytes. Foundation only: never FoundationNetworking, which links libcurl on Linux.
        .target(name: "URLEncodedForm", dependencies: ["CNumberFormat", "CPrefetch", "CPercentEscapes"]),
        // C's `%.*g`, for AFNetworking's spelling of numbers: called without `withVaList`.
        .target(name: "CNumberFormat"),
        // The processor's prefetch, for the decoder's passes over names scattered through a
        // large form.
        .target(name: "CPrefetch"),
        // The processor's byte shuffle, which Swift cannot name, for the decoder's escaped
        // values: unescaped, and their UTF-8 checked, 32 bytes at a time.
        .target(name: "CPercentEscapes"),
        // The `URLRequest` API of Alamofire's parameter encoding, built on the core.
        .target(name: "URLEncodedFormRequests", dependencies: ["URLEncodedForm"]),
        // A faithful port of Alamofire 5.12's encoder and parameter encoding, slow on purpose;
        // the yardstick.
        .target(name: "URLEncodedFormReference"),
        // Counts heap allocations by interposing malloc on Linux; inert under sanitizers. Whatever
        // links it has every allocation counted, so only formbench, the tests and a benchmark that
        // asks (through FormBenchAllocationCounting) do.
        .target(name: "CMallocCounter"),
        // The benchmark's pure parts, shared with the tests: statistics, growth and the regression
        // gate, the walk-floor encoder, the seeded generator, the samples' reader and value model.
        .target(name: "FormBenchCore", path: "Benchmarks/FormBenchCore"),
        // formbench itself: payloads, contenders, suites, reports and the command line, with the
        // public `FormBenchSuite` through which the built-in payloads and a user's are registered.
        // No malloc interposer: a user's benchmark that links it counts allocations only if asked.
        // A cache line's round trip between two processors, for the parallel throughput.
        .target(name: "CCoreToCore", path: "Benchmarks/CCoreToCore"),
        .target(
            name: "FormBenchKit",
            dependencies: ["URLEncodedForm", "URLEncodedFormRequests", "URLEncodedFormReference", "FormBenchCore", "CCoreToCore"],
            path: "Benchmarks/FormBenchKit"
        ),
        // `MallocCounter`, CMallocCounter as FormBenchKit's `AllocationCounter`.
        .target(
            name: "FormBenchAllocationCounting",
            dependencies: ["FormBenchKit", "CMallocCounter"],
            path: "Benchmarks/FormBenchAllocationCounting"
        ),
        // The `formbench` command: `FormBenchSuite(countingAllocationsWith: MallocCounter()).run()`.
        .executableTarget(name: "FormBench", dependencies: ["FormBenchKit", "FormBenchAllocationCounting"],
                          path: "Benchmarks/FormBench"),
        .testTarget(
            name: "URLEncodedFormTests",
            dependencies: ["URLEncodedForm", "URLEncodedFormRequests", "URLEncodedFormReference", "FormBenchCore",
                           "FormBenchKit", "FormBenchAllocationCounting", "CMallocCounter", "CPercentEscapes"],
            resources: [.copy("Fixtures")],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
