// Sources/RongConformance/Vectors/SpecIndex.swift - requirement ids defined in spec/*.md

import RongSupport

/// The requirement ids a written spec defines: every `**AREA-...-NNN**` in `spec/*.md`
/// (`**CONTENT-TXT-001**`, `**ENV-HDR-002**`, `**FLAG-003**`).
public enum SpecIndex {
    /// The ids defined in the Markdown files of `directory`, or nil if it does not exist.
    public static func requirements(inDirectory directory: String) -> Set<String>? {
        guard let names = FileIO.names(in: directory) else { return nil }
        var ids: Set<String> = []
        for name in names where name.hasSuffix(".md") {
            // A spec file is text of a few hundred KiB; an unreadable one defines nothing.
            guard let bytes = try? FileIO.read(path: directory + "/" + name, limit: maxSpecFileBytes) else { continue }
            ids.formUnion(requirements(inMarkdown: String(decoding: bytes, as: UTF8.self)))
        }
        return ids
    }

    /// The most read of one spec file (16 MiB).
    static let maxSpecFileBytes = 16 << 20

    /// Requirement areas checked by the mock peer's behaviour scenarios (`rongwire scenario`,
    /// spec/scenarios.md) rather than by vectors.
    public static let scenarioAreas: Set<String> = ["PEER"]

    /// Whether an id belongs to a scenario area (`PEER-CONN-001`).
    public static func isScenarioRequirement(_ id: String) -> Bool {
        id.split(separator: "-").first.map { scenarioAreas.contains(String($0)) } ?? false
    }

    /// The ids of `directory` that vectors must cover: all but the scenario areas.
    public static func vectorRequirements(inDirectory directory: String) -> Set<String>? {
        requirements(inDirectory: directory)?.filter { !isScenarioRequirement($0) }
    }

    /// The ids written in bold in `text`.
    public static func requirements(inMarkdown text: String) -> Set<String> {
        var ids: Set<String> = []
        var rest = Substring(text)
        while let open = rest.range(of: "**") {
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "**") else { break }
            let candidate = rest[..<close.lowerBound]
            if RequirementID.isWellFormed(candidate) {
                ids.insert(String(candidate))
                rest = rest[close.upperBound...]
            }
        }
        return ids
    }
}

extension Substring {
    func range(of needle: String) -> Range<Substring.Index>? {
        guard !needle.isEmpty else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(needle) { return i..<index(i, offsetBy: needle.count) }
            i = index(after: i)
        }
        return nil
    }
}
