// swift-tools-version: 6.0
import PackageDescription

// What both example servers share, framework-free: the values their routes decode
// (`FormPayloads`) and the forms their tests send (`FormSamples`).
let package = Package(
    name: "FormPayloads",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FormPayloads", targets: ["FormPayloads"]),
        .library(name: "FormSamples", targets: ["FormSamples"]),
    ],
    targets: [
        .target(name: "FormPayloads"),
        .target(name: "FormSamples"),
    ],
    swiftLanguageModes: [.v6]
)
