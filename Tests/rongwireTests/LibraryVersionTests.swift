// Tests/rongwireTests/LibraryVersionTests.swift - librongwire's version is the command line's

import RongTestSupport
import Testing

@Suite("librongwire version")
struct LibraryVersionTests {
    /// `RONGWIRE_VERSION` in the header (which `rongwire_version()` returns and the pkg-config
    /// file and the Python package repeat; tools/release/build.sh checks those two) is
    /// `rongwire --version`: one release, one version.
    @Test func headerVersionIsTheCommandLines() throws {
        let r = shell("\(try Rongwire.command()) --version")
        let header = try #require(packageFile("Sources/CRongWire/include/rongwire.h"))
        let line = header.split(separator: "\n").first { $0.hasPrefix("#define RONGWIRE_VERSION \"") }
        #expect(r.status == 0)
        #expect(line == "#define RONGWIRE_VERSION \"\(r.output)\"")
        let python = try #require(packageFile("bindings/python/rongwire/__init__.py"))
        #expect(python.contains("\n__version__ = \"\(r.output)\"\n"))
    }
}
