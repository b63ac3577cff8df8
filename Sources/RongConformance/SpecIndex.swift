// Sources/RongConformance/SpecIndex.swift - requirement ids defined in spec/*.md

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The requirement ids a written spec defines: every `**AREA-...-NNN**` in `spec/*.md`
/// (`**CONTENT-TXT-001**`, `**ENV-HDR-002**`, `**FLAG-003**`).
public enum SpecIndex {
    /// The ids defined in the Markdown files of `directory`, or nil if it does not exist.
    public static func requirements(inDirectory directory: String) -> Set<String>? {
        guard let d = opendir(directory) else { return nil }
        var files: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) } }
            if name.hasSuffix(".md") { files.append(directory + "/" + name) }
        }
        closedir(d)
        var ids: Set<String> = []
        for f in files {
            guard let fp = fopen(f, "rb") else { continue }
            var bytes: [UInt8] = []
            var buf = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buf.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, fp) }
                if n <= 0 { break }
                bytes += buf[0..<n]
            }
            fclose(fp)
            ids.formUnion(requirements(inMarkdown: String(decoding: bytes, as: UTF8.self)))
        }
        return ids
    }

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
            if isRequirementId(candidate) {
                ids.insert(String(candidate))
                rest = rest[close.upperBound...]
            }
        }
        return ids
    }

    /// `AREA(-PART)*-NNN` in capitals and digits.
    static func isRequirementId(_ s: Substring) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 2, let last = parts.last, last.count == 3, last.allSatisfy(\.isASCII), last.allSatisfy(\.isNumber) else {
            return false
        }
        guard let first = parts.first, let c = first.first, c.isUppercase else { return false }
        return parts.dropLast().allSatisfy { p in !p.isEmpty && p.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) } }
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
