// swift-tools-version: 6.0
import PackageDescription

// The decoder's coverage-guided fuzz target, a package of its own so that a plain `swift build`
// of the root package never tries to link an executable whose `main` only libFuzzer provides.
// Built and run by `.ci/fuzz [SECONDS]`.
let package = Package(
    name: "URLEncodedFormFuzz",
    dependencies: [.package(name: "URLEncodedForm", path: "..")],
    targets: [
        // AddressSanitizer's malloc hooks, for the target's bound on memory.
        .target(name: "CFuzzMemory"),
        .executableTarget(
            name: "FormDecoderFuzz",
            dependencies: [.product(name: "URLEncodedForm", package: "URLEncodedForm"), "CFuzzMemory"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
