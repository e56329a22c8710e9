// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HummingbirdFormServer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "URLEncodedForm", path: "../.."),
        .package(path: "../FormPayloads"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
    ],
    targets: [
        .target(name: "FormRoutes", dependencies: [
            .product(name: "URLEncodedForm", package: "URLEncodedForm"),
            .product(name: "FormPayloads", package: "FormPayloads"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
        ]),
        .executableTarget(name: "HummingbirdFormServer", dependencies: ["FormRoutes"]),
        .testTarget(name: "HummingbirdFormServerTests", dependencies: [
            "FormRoutes",
            .product(name: "FormPayloads", package: "FormPayloads"),
            .product(name: "FormSamples", package: "FormPayloads"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
