// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "VaporFormServer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "URLEncodedForm", path: "../.."),
        .package(path: "../FormPayloads"),
        .package(url: "https://github.com/vapor/vapor.git", exact: "4.122.3"),
    ],
    targets: [
        .target(name: "FormRoutes", dependencies: [
            .product(name: "URLEncodedForm", package: "URLEncodedForm"),
            .product(name: "FormPayloads", package: "FormPayloads"),
            .product(name: "Vapor", package: "vapor"),
        ]),
        .executableTarget(name: "VaporFormServer", dependencies: ["FormRoutes"]),
        .testTarget(name: "VaporFormServerTests", dependencies: [
            "FormRoutes",
            .product(name: "FormPayloads", package: "FormPayloads"),
            .product(name: "FormSamples", package: "FormPayloads"),
            .product(name: "VaporTesting", package: "vapor"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
