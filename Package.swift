// swift-tools-version:6.1
// RongWire: reference codec and conformance kit for the RongCloud IM message protocol.

import PackageDescription

let package = Package(
    name: "RongWire",
    products: [
        .library(name: "RongCodec", targets: ["RongCodec"]),
        .executable(name: "rongwire", targets: ["rongwire"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // Pure content codec: standard library only, no I/O.
        .target(
            name: "RongCodec",
            path: "Sources/RongCodec"
        ),
        .executableTarget(
            name: "rongwire",
            dependencies: [
                "RongCodec",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/rongwire"
        ),
        .testTarget(
            name: "RongCodecTests",
            dependencies: [
                "RongCodec",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Tests/RongCodecTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
