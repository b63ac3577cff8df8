// Tests/RongTestSupport/TempDir.swift - temporary folders for tests

import RongSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary folder of its own for one test, removed when the value is released: tests that
/// each make one share nothing and can run in parallel.
package final class TempDir {
    /// The folder's absolute path.
    package let path: String

    /// A new empty folder under /tmp.
    package init() throws {
        var template = Array("/tmp/rongwire-test-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw TempDirError()
        }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes `text` to the file `name` in the folder.
    package func write(_ name: String, _ text: String) throws {
        try FileIO.write(Array(text.utf8), toFile: path + "/" + name)
    }

    /// The text of the file `name` in the folder; nil when it cannot be read.
    package func read(_ name: String) -> String? {
        (try? FileIO.read(path: path + "/" + name, limit: 1 << 30)).map { String(decoding: $0, as: UTF8.self) }
    }

    deinit { _ = system("rm -rf '\(path)'") }
}

/// mkdtemp failed.
package struct TempDirError: Error {}
