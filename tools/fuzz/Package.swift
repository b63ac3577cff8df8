// swift-tools-version:6.1
// libFuzzer targets for RongWire. Build and run with ./run.sh TARGET SECONDS (see README.md).

import PackageDescription

let package = Package(
    name: "RongWireFuzzing",
    dependencies: [
        .package(name: "RongWire", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "FuzzContent",
            dependencies: [.product(name: "RongFuzzing", package: "RongWire")]
        ),
        .executableTarget(
            name: "FuzzEnvelope",
            dependencies: [.product(name: "RongFuzzing", package: "RongWire")]
        ),
        .executableTarget(
            name: "FuzzMessage",
            dependencies: [.product(name: "RongFuzzing", package: "RongWire")]
        ),
        .executableTarget(
            name: "FuzzVectorLoader",
            dependencies: [.product(name: "RongFuzzing", package: "RongWire")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
