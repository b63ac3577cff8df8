// swift-tools-version:6.1
// libFuzzer targets for RongWire. Build and run with ./run.sh TARGET SECONDS (see README.md).

import PackageDescription

// The fuzz bodies (RongFuzzing) and the allocation meter (CRongAllocMeter) are not products of
// RongWire: Sources/RongFuzzing and Sources/CRongAllocMeter here are links to the main package's
// folders, compiled again as targets of this package. So one copy of the bodies serves both
// `swift test` (which replays FailCases/ through the main package's targets) and libFuzzer, and
// the bodies can use only what RongWire's products make public: what any user sees.
let dependencies: [Target.Dependency] = ["RongFuzzing"]

let package = Package(
    name: "RongWireFuzzing",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "RongWire", path: "../.."),
    ],
    targets: [
        .target(
            name: "RongFuzzing",
            dependencies: [
                .product(name: "RongCodec", package: "RongWire"),
                .product(name: "RongEnvelope", package: "RongWire"),
                .product(name: "RongConformance", package: "RongWire"),
                .product(name: "RongPeer", package: "RongWire"),
                .product(name: "RongNIM", package: "RongWire"),
                "CRongAllocMeter",
            ]
        ),
        .target(name: "CRongAllocMeter"),
        .executableTarget(name: "FuzzContent", dependencies: dependencies),
        .executableTarget(name: "FuzzEnvelope", dependencies: dependencies),
        .executableTarget(name: "FuzzMessage", dependencies: dependencies),
        .executableTarget(name: "FuzzVectorLoader", dependencies: dependencies),
        .executableTarget(name: "FuzzPeerLoader", dependencies: dependencies),
        .executableTarget(name: "FuzzControl", dependencies: dependencies),
        .executableTarget(name: "FuzzWire", dependencies: dependencies),
        .executableTarget(name: "FuzzOptions", dependencies: dependencies),
        .executableTarget(name: "FuzzNIM", dependencies: dependencies),
    ],
    swiftLanguageModes: [.v6]
)
