// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "URLEncodedForm",
    products: [
        .library(name: "URLEncodedForm", targets: ["URLEncodedForm"]),
        .library(name: "URLEncodedFormReference", targets: ["URLEncodedFormReference"]),
        .executable(name: "formbench", targets: ["FormBench"]),
    ],
    targets: [
        // The production encoder: single-pass tree builder and byte-level escaping.
        .target(name: "URLEncodedForm"),
        // A faithful port of Alamofire 5.12's encoder, slow on purpose; the yardstick.
        .target(name: "URLEncodedFormReference"),
        .executableTarget(
            name: "FormBench",
            dependencies: ["URLEncodedForm", "URLEncodedFormReference"],
            path: "Benchmarks/FormBench"
        ),
        .testTarget(
            name: "URLEncodedFormTests",
            dependencies: ["URLEncodedForm", "URLEncodedFormReference"],
            resources: [.copy("Fixtures")],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
