// Tests/RongConformanceTests/Support/TempDir.swift - temp folders, the package root, the rongwire binary

import RongSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary folder removed when the value is released.
final class TempDir {
    let path: String

    init() throws {
        var template = Array("/tmp/rongwire-test-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw TempDirError()
        }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func write(_ name: String, _ text: String) throws {
        try FileIO.write(Array(text.utf8), toFile: path + "/" + name)
    }

    func read(_ name: String) -> String? {
        (try? FileIO.read(path: path + "/" + name, limit: 1 << 30)).map { String(decoding: $0, as: UTF8.self) }
    }

    deinit { _ = system("rm -rf '\(path)'") }
}

struct TempDirError: Error {}

/// The package root (the folder holding Package.swift), from this source file's path.
func packageRoot(_ file: String = #filePath) -> String {
    var parts = file.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    while !parts.isEmpty {
        parts.removeLast()
        let dir = parts.joined(separator: "/")
        if access(dir + "/Package.swift", F_OK) == 0 { return dir }
    }
    return "."
}

/// The `rongwire` executable built with the tests: $RONGWIRE_BIN, or next to the test bundle.
func rongwireBinary() -> String? {
    if let env = getenv("RONGWIRE_BIN") { return String(cString: env) }
    let root = packageRoot()
    for candidate in [".build/debug/rongwire", ".build/release/rongwire", ".build/x86_64-unknown-linux-gnu/debug/rongwire", ".build/aarch64-unknown-linux-gnu/debug/rongwire"] {
        let p = root + "/" + candidate
        if access(p, X_OK) == 0 { return p }
    }
    return nil
}
