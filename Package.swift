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
        .library(name: "RongCapture", targets: ["RongCapture"]),
        .library(name: "RongProxy", targets: ["RongProxy"]),
        .executable(name: "rongwire", targets: ["rongwire"]),
        // The C library (Sources/CRongWire/include/rongwire.h): libRongWireC.so and
        // libRongWireCStatic.a here; tools/release/build.sh ships them as librongwire.so and
        // librongwire.a with the Swift runtime inside.
        .library(name: "RongWireC", type: .dynamic, targets: ["RongWireC"]),
        .library(name: "RongWireCStatic", type: .static, targets: ["RongWireC"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // TLS for the recording proxy's upstream (`wss://`, `https://` navigators): RongProxy only.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
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
        // strict YAML reader (its errors are RongCodec's public `LoadError`), bounded file
        // reading, directory walking, base64, SplitMix64, requirement ids. (Hex is RongCodec's
        // public `Hex`.) It depends on RongCodec alone.
        .target(
            name: "RongSupport",
            dependencies: [
                "RongCodec",
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
            dependencies: ["RongCodec", "RongEnvelope", "RongConformance", "RongPeer", "RongNIM", "RongCapture", "CRongAllocMeter"],
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
        // Captured traffic without I/O: frames and connections as a proxy log or a browser's HAR
        // holds them, their decoded timeline (JSON lines, text), the navigation rewrite, and
        // captures turned into frame-decode vectors.
        .target(
            name: "RongCapture",
            dependencies: ["RongCodec", "RongEnvelope", "RongSupport"],
            path: "Sources/RongCapture"
        ),
        // The recording proxy (`rongwire proxy`): navigation, the WebSocket relay to a ws:// or
        // wss:// upstream, the bounded log. Reuses the peer's server pieces (handshake checks,
        // frame header check, connection limit, the client's upgrade) at `package` access.
        .target(
            name: "RongProxy",
            dependencies: [
                "RongCapture",
                "RongCodec",
                "RongEnvelope",
                "RongSupport",
                "RongPeer",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/RongProxy"
        ),
        // The C interface: the header (and the two entry points that need no Swift) ...
        .target(
            name: "CRongWire",
            path: "Sources/CRongWire"
        ),
        // ... and the @_cdecl functions over the codec, the envelope and the NIM converter.
        .target(
            name: "RongWireC",
            dependencies: ["CRongWire", "RongCodec", "RongEnvelope", "RongConformance", "RongNIM"],
            path: "Sources/RongWireC"
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
                "RongCapture",
                "RongProxy",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/rongwire"
        ),
        .testTarget(
            name: "RongSupportTests",
            dependencies: ["RongSupport", "RongCodec", .product(name: "Yams", package: "Yams")],
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
                "RongTestSupport",
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
        // librongwire's entry points called as C calls them (the header's declarations).
        .testTarget(
            name: "RongWireCTests",
            dependencies: ["RongWireC", "CRongWire", "RongCodec", "RongConformance", "RongTestSupport"],
            path: "Tests/RongWireCTests"
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
        // The proxy and captures end to end on loopback: the client and peer-load through the
        // proxy to the peer (bytes compared at both hops by TCP taps), ws:// and wss://
        // (Fixtures/: a test CA and a localhost certificate), the log, HAR and vectors.
        .testTarget(
            name: "RongProxyTests",
            dependencies: [
                "RongProxy", "RongCapture", "RongPeer", "RongCodec", "RongEnvelope", "RongConformance", "RongSupport",
                "RongTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Tests/RongProxyTests",
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
