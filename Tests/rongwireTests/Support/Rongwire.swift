// Tests/rongwireTests/Support/Rongwire.swift - the rongwire executable this test target depends on

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import Foundation
#endif

/// The `rongwire` executable under test.
///
/// This target depends on the `rongwire` executable target, so `swift build --build-tests` (and
/// `swift test`) builds it, and SwiftPM puts every product of a build, the test bundle and the
/// executables alike, in one products folder (`swift build --show-bin-path`). The binary is
/// looked up there, next to the running test bundle, never by guessing `.build/…` paths.
/// `RONGWIRE_BIN` overrides it (to test an installed or release binary).
enum Rongwire {
    /// The path of the binary; throws, with where it looked, when there is none.
    static func path() throws -> String {
        if let env = getenv("RONGWIRE_BIN") { return String(cString: env) }
        let path = productsDirectory + "/rongwire"
        guard access(path, X_OK) == 0 else { throw MissingBinary(path: path) }
        return path
    }

    /// The binary quoted for a shell command line.
    static func command() throws -> String { "'" + (try path()) + "'" }

    /// The folder SwiftPM built this test bundle into.
    static let productsDirectory: String = {
        #if os(Linux)
        // `swift test` runs the test bundle itself (RongWirePackageTests.xctest) as the process.
        var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        let exe = n > 0 ? String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        return String(exe[..<(exe.lastIndex(of: "/") ?? exe.endIndex)])
        #else
        // The .xctest bundle is loaded by a runner (xctest or swiftpm-testing-helper) that lives
        // elsewhere; the bundle's folder is the products folder.
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().path
        }
        return Bundle.main.bundleURL.path
        #endif
    }()

    struct MissingBinary: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "no rongwire executable at \(path), next to the test bundle: build it with `swift build --build-tests` (this target depends on it), or set RONGWIRE_BIN"
        }
    }
}
