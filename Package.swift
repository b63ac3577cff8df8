// swift-tools-version:6.1
// RongWire: reference codec and conformance kit for the RongCloud IM message protocol.

import PackageDescription

let package = Package(
    name: "RongWire",
    // RongPeer uses Synchronization's Mutex and Atomic, which need these releases; Linux has no
    // minimum.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    // RongSupport, the fuzz bodies (RongFuzzing) and the allocation meter are not products: they
    // are this package's own plumbing. tools/fuzz compiles the fuzz bodies itself (see there).
    products: [
        .library(name: "RongCodec", targets: ["RongCodec"]),
        .library(name: "RongEnvelope", targets: ["RongEnvelope"]),
        .library(name: "RongConformance", targets: ["RongConformance"]),
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
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // peer-load's latency percentiles.
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        // `swift package generate-documentation` (DocC catalogs in Sources/<Target>/<Target>.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Pure content codec: standard library only, no I/O.
        .target(
            name: "RongCodec",
            path: "Sources/RongCodec"
        ),
        // Envelope: RMTP packets, protobuf bodies (generated code in Bodies/Generated/), whole messages.
        .target(
            name: "RongEnvelope",
            dependencies: [
                "RongCodec",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            path: "Sources/RongEnvelope"
        ),
        // Support shared by the loaders and the CLI, at `package` access (no product): the one
        // strict YAML reader, load errors with file/line/column, bounded file reading, directory
        // walking, base64, SplitMix64, requirement ids. (Hex is RongEnvelope's public `Hex`.)
        .target(
            name: "RongSupport",
            dependencies: [
                "RongCodec",
                "RongEnvelope",
                .product(name: "Yams", package: "Yams"),
            ],
            path: "Sources/RongSupport"
        ),
        // NetEase Yunxin (NIM) messages in RongWire's and NetEase's JSON forms, their mapping to and
        // from RongCloud (spec/nim.md), and the JSON Lines batch runner of `rongwire nim` (files
        // through RongSupport's FileIO).
        .target(
            name: "RongNIM",
            dependencies: ["RongCodec", "RongSupport"],
            path: "Sources/RongNIM"
        ),
        // Vector loading, the testee protocol, the runner and its reports.
        .target(
            name: "RongConformance",
            dependencies: [
                "RongCodec",
                "RongEnvelope",
                "RongSupport",
                "RongNIM",
                .product(name: "Yams", package: "Yams"),
            ],
            path: "Sources/RongConformance"
        ),
        // Fuzz bodies: replayed by `swift test`, and compiled by tools/fuzz (libFuzzer) from the
        // same folder. They use only the public API of the products, which is all tools/fuzz sees.
        .target(
            name: "RongFuzzing",
            dependencies: ["RongCodec", "RongEnvelope", "RongConformance", "RongPeer", "RongNIM", "CRongAllocMeter"],
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
                "RongSupport",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
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
                "RongSupport",
                "RongNIM",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/rongwire"
        ),
        .testTarget(
            name: "RongSupportTests",
            dependencies: ["RongSupport", "RongCodec", "RongEnvelope", .product(name: "Yams", package: "Yams")],
            path: "Tests/RongSupportTests"
        ),
        // Helpers shared by the test targets, no product: `expectCodecError` (public, on RongCodec's
        // public API), temporary folders, the package root and a shell (`package` access).
        .target(
            name: "RongTestSupport",
            dependencies: ["RongCodec", "RongSupport"],
            path: "Tests/RongTestSupport"
        ),
        .testTarget(
            name: "RongCodecTests",
            dependencies: [
                "RongCodec",
                "RongTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Tests/RongCodecTests"
        ),
        // The public API alone (no @testable anywhere in the target): a custom content type.
        .testTarget(
            name: "RongCodecAPITests",
            dependencies: ["RongCodec", "RongConformance", "RongTestSupport"],
            path: "Tests/RongCodecAPITests"
        ),
        .testTarget(
            name: "RongEnvelopeTests",
            dependencies: [
                "RongCodec",
                "RongEnvelope",
                "RongSupport",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            path: "Tests/RongEnvelopeTests"
        ),
        .testTarget(
            name: "RongFuzzingTests",
            dependencies: ["RongFuzzing", "RongCodec", "RongEnvelope", "RongConformance", "RongPeer", "RongSupport", "RongNIM", "RongFuzzingMallocHooks"],
            path: "Tests/RongFuzzingTests"
        ),
        .testTarget(
            name: "RongConformanceTests",
            dependencies: ["RongConformance", "RongCodec", "RongEnvelope", "RongSupport", "RongTestSupport"],
            path: "Tests/RongConformanceTests"
        ),
        // The command line end to end, and the runner against real testee processes. Depending on
        // the executable target makes SwiftPM build `rongwire` into the products folder of the
        // test bundle, where the tests find it.
        .testTarget(
            name: "rongwireTests",
            dependencies: ["rongwire", "RongConformance", "RongCodec", "RongSupport", "RongTestSupport"],
            path: "Tests/rongwireTests"
        ),
        .testTarget(
            name: "RongNIMTests",
            dependencies: ["RongNIM", "RongCodec", "RongEnvelope", "RongSupport", "RongTestSupport"],
            path: "Tests/RongNIMTests"
        ),
        .testTarget(
            name: "RongPeerTests",
            dependencies: [
                "RongPeer", "RongCodec", "RongEnvelope", "RongConformance", "RongSupport", "RongTestSupport",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/RongPeerTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
