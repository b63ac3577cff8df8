// tools/benchmarks/Sources/bench-fixtures/main.swift - writes the envelope fixtures for c/pbc-bench
//
//   bench-fixtures DIR   → DIR/publish-up.bin, DIR/publish-down.bin, DIR/pull-200.bin

import BenchFixtures
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: bench-fixtures DIR\n".utf8))
    exit(2)
}
let dir = URL(fileURLWithPath: arguments[1], isDirectory: true)
do {
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let files: [(String, [UInt8])] = [
        ("publish-up.bin", try EnvelopeFixtures.publishUp()),
        ("publish-down.bin", try EnvelopeFixtures.publishDown()),
        ("pull-200.bin", try EnvelopeFixtures.pull200()),
    ]
    for (name, bytes) in files {
        try Data(bytes).write(to: dir.appendingPathComponent(name))
    }
} catch {
    FileHandle.standardError.write(Data("bench-fixtures: \(error)\n".utf8))
    exit(1)
}
