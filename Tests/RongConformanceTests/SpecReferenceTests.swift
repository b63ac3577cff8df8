// Tests/RongConformanceTests/SpecReferenceTests.swift - every requirement id the code cites exists

import Foundation
import RongConformance
import Testing

@Suite("Spec references")
struct SpecReferenceTests {
    /// Ids that appear only as test data for the spec and vector parsers.
    static let fixtureIds: Set<String> = ["ENV-HDR-010", "OTHER-001", "X-001"]

    @Test("every requirement id cited in Sources/ and Tests/ is defined in spec/, and every family (CONTENT-LBS-*) has ids")
    func citedIdsExist() throws {
        let root = packageRoot()
        let defined = try #require(SpecIndex.requirements(inDirectory: root + "/spec"))
        let id = try Regex(#"\b(?:CONTENT|ENV|FLAG|PEER|NIM)(?:-[A-Z0-9]+)*-(?:[0-9]{3}|\*)"#)
        var dangling: [String] = []
        var files = 0
        for dir in ["Sources", "Tests"] {
            let base = URL(fileURLWithPath: root + "/" + dir)
            let walk = try #require(FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil))
            for case let url as URL in walk where url.pathExtension == "swift" {
                files += 1
                let text = try String(contentsOf: url, encoding: .utf8)
                for match in text.matches(of: id) {
                    let cited = String(text[match.range])
                    if Self.fixtureIds.contains(cited) { continue }
                    let known = cited.hasSuffix("-*")
                        ? defined.contains { $0.hasPrefix(cited.dropLast()) }
                        : defined.contains(cited)
                    if !known { dangling.append("\(url.lastPathComponent): \(cited)") }
                }
            }
        }
        #expect(files > 100)
        #expect(dangling.isEmpty, "\(dangling)")
    }
}
