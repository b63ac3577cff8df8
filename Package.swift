// swift-tools-version:6.1
// RongWire: reference codec and conformance kit for the RongCloud IM message protocol.

import PackageDescription

let package = Package(
    name: "RongWire",
    products: [
        .library(name: "RongCodec", targets: ["RongCodec"]),
        .library(name: "RongEnvelope", targets: ["RongEnvelope"]),
        .library(name: "RongConformance", targets: ["RongConformance"]),
        .library(name: "RongFuzzing", targets: ["RongFuzzing"]),
        .library(name: "RongPeer", targets: ["RongPeer"]),
        .library(name: "RongNIM", targets: ["RongNIM"]),
        .executable(name: "rongwire", targets: ["rongwire"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    ],
    targets: [
        // Pure content codec: standard library only, no I/O.
        .target(
            name: "RongCodec",
            path: "Sources/RongCodec"
        ),
        // Envelope: RMTP packets, protobuf bodies (generated code in Generated/), whole messages.
        .target(
            name: "RongEnvelope",
            dependencies: [
                "RongCodec",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            path: "Sources/RongEnvelope"
        ),
        // NetEase Yunxin (NIM) messages and their mapping to and from RongCloud (spec/nim.md).
        .target(
            name: "RongNIM",
            dependencies: ["RongCodec"],
            path: "Sources/RongNIM"
        ),
        // Vector loading, the testee protocol, the runner and its reports.
        .target(
            name: "RongConformance",
            dependencies: [
                "RongCodec",
                "RongEnvelope",
                "RongNIM",
                .product(name: "Yams", package: "Yams"),
            ],
            path: "Sources/RongConformance"
        ),
        // Fuzz bodies: used by tools/fuzz (libFuzzer) and replayed by `swift test`.
        .target(
            name: "RongFuzzing",
            dependencies: ["RongCodec", "RongEnvelope", "RongConformance", "CRongAllocMeter"],
            path: "Sources/RongFuzzing"
        ),
        // The per-thread heap meter behind the fuzz bodies' limit invariant (C: sanitizer hooks).
        .target(
            name: "CRongAllocMeter",
            path: "Sources/CRongAllocMeter"
        ),
        // A glibc malloc interposer feeding that meter, linked only into the test binary.
        .target(
            name: "RongFuzzingMallocHooks",
            dependencies: ["CRongAllocMeter"],
            path: "Tests/RongFuzzingMallocHooks"
        ),
        // Mock peer: a loopback RMTP-over-WebSocket server with the service's semantics, its
        // client, scenarios and load generator.
        .target(
            name: "RongPeer",
            dependencies: [
                "RongCodec",
                "RongEnvelope",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            path: "Sources/RongPeer"
        ),
        .executableTarget(
            name: "rongwire",
            dependencies: [
                "RongCodec",
                "RongEnvelope",
                "RongConformance",
                "RongPeer",
                "RongNIM",
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
        // The public API alone (no @testable anywhere in the target): a custom content type.
        .testTarget(
            name: "RongCodecAPITests",
            dependencies: ["RongCodec"],
            path: "Tests/RongCodecAPITests"
        ),
        .testTarget(
            name: "RongEnvelopeTests",
            dependencies: [
                "RongCodec",
                "RongEnvelope",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            path: "Tests/RongEnvelopeTests"
        ),
        .testTarget(
            name: "RongFuzzingTests",
            dependencies: ["RongFuzzing", "RongCodec", "RongEnvelope", "RongConformance", "RongFuzzingMallocHooks"],
            path: "Tests/RongFuzzingTests"
        ),
        .testTarget(
            name: "RongConformanceTests",
            dependencies: ["RongConformance", "RongCodec", "RongEnvelope"],
            path: "Tests/RongConformanceTests"
        ),
        .testTarget(
            name: "RongNIMTests",
            dependencies: ["RongNIM", "RongCodec", "RongEnvelope"],
            path: "Tests/RongNIMTests"
        ),
        .testTarget(
            name: "RongPeerTests",
            dependencies: [
                "RongPeer", "RongCodec", "RongEnvelope", "RongConformance",
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            path: "Tests/RongPeerTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
