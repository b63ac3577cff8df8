// Tests/RongTestSupport/PackageRoot.swift - the repository root, for tests that read vectors/, spec/ and tools/

import RongSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The package root (the folder holding Package.swift), found upwards from the calling source
/// file's path; "." when there is none.
package func packageRoot(_ file: String = #filePath) -> String {
    var parts = file.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    while !parts.isEmpty {
        parts.removeLast()
        let dir = parts.joined(separator: "/")
        if access(dir + "/Package.swift", F_OK) == 0 { return dir }
    }
    return "."
}

/// The text of a file under the package root (`README.md`, `spec/peer.md`); nil when it cannot
/// be read.
package func packageFile(_ path: String, _ file: String = #filePath) -> String? {
    (try? FileIO.read(path: packageRoot(file) + "/" + path, limit: 1 << 26)).map { String(decoding: $0, as: UTF8.self) }
}
