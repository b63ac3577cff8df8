// swift-tools-version:6.1
// RongWire benchmarks: the codec's speed and allocations against baselines measured in the
// same run. A package of its own so the main package does not depend on the benchmark tooling.
//
//   tools/benchmarks/run.sh            # everything, one table (see tools/benchmarks/README.md)
//   tools/benchmarks/run.sh --check    # malloc counts against Thresholds/, as CI runs it

import PackageDescription

let package = Package(
    name: "RongWireBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "RongWire", path: "../.."),
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The code generated from spec/rongcloud.proto at `public` visibility (RongEnvelope keeps
        // its copy at `package`), written and checked by tools/generate-protos.sh: the body type
        // of the envelope rows and of their SwiftProtobuf baseline.
        .target(
            name: "BenchProtos",
            dependencies: [.product(name: "SwiftProtobuf", package: "swift-protobuf")],
            path: "Sources/BenchProtos"
        ),
        // The inputs: the content corpus and the envelope fixtures built from it, shared by the
        // benchmarks and the fixture writer the C benchmark reads.
        .target(
            name: "BenchFixtures",
            dependencies: [
                .product(name: "RongCodec", package: "RongWire"),
                .product(name: "RongEnvelope", package: "RongWire"),
            ],
            path: "Sources/BenchFixtures"
        ),
        // Writes the envelope fixtures as files for c/pbc-bench.
        .executableTarget(
            name: "bench-fixtures",
            dependencies: ["BenchFixtures"],
            path: "Sources/bench-fixtures"
        ),
        // One op N times, for instruction counts under valgrind (instructions.sh).
        .executableTarget(
            name: "bench-instructions",
            dependencies: [
                "BenchFixtures",
                "BenchProtos",
                .product(name: "RongCodec", package: "RongWire"),
                .product(name: "RongEnvelope", package: "RongWire"),
                // The C interface, linked in (CInterfaceCases.swift calls it as C does).
                .product(name: "RongWireCStatic", package: "RongWire"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            path: "Sources/bench-instructions"
        ),
        .executableTarget(
            name: "RongWireBenchmarks",
            dependencies: [
                "BenchFixtures",
                "BenchProtos",
                .product(name: "RongCodec", package: "RongWire"),
                .product(name: "RongEnvelope", package: "RongWire"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RongWireBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
