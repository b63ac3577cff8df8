// Sources/RongConformance/Runner/ConformReport+Writers.swift - a report as text, JSON and JUnit XML

import RongCodec

extension ConformReport {
    /// The human report: a table per area, the failures, the requirement coverage, and a last
    /// line `N passed, N failed, N skipped`.
    public func text(verbose: Bool = false) -> String {
        var lines: [String] = []
        let areas = Dictionary(grouping: cases, by: \.area)
        let columns: [CaseStatus] = [.pass, .fail, .expectedFailure, .unexpectedPass, .skipped, .crash, .timeout]
        let width = max(20, (areas.keys.map(\.count).max() ?? 0) + 2)
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
        func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
        lines.append("conformance of \(testee)")
        lines.append(pad("AREA", width) + columns.map { lpad($0.rawValue, 8) }.joined())
        for area in areas.keys.sorted() {
            let rs = areas[area]!
            lines.append(pad(area, width) + columns.map { s in lpad(String(rs.filter { $0.status == s }.count), 8) }.joined())
        }
        let problems = cases.filter { $0.status.isUnexpected || (verbose && $0.status != .pass) }
        if !problems.isEmpty { lines.append("") }
        for r in problems {
            lines.append("\(r.status.rawValue) \(r.id) (\(r.file):\(r.line)): \(r.detail)")
        }
        if verbose {
            for r in cases where !r.notes.isEmpty { lines.append("NOTE \(r.id): \(r.notes.joined(separator: "; "))") }
        } else {
            let codeNotes = cases.filter { $0.notes.contains { $0.hasPrefix("rejected with") } }.count
            let either = cases.filter { $0.notes.contains { $0.hasPrefix("implementation-defined") } }.count
            if codeNotes + either > 0 {
                lines.append("notes: \(either) implementation-defined outcomes, \(codeNotes) rejections with a different error code (--verbose lists them)")
            }
        }
        for s in staleEntries { lines.append("STALE failure list entry \(s)") }
        for s in unexplainedEntries { lines.append("UNEXPLAINED failure list entry \(s)") }
        for e in corpusErrors { lines.append("CORPUS \(e)") }
        for p in testeeProblems { lines.append("FAIL \(p)") }
        if notRun > 0 { lines.append("\(notRun) selected vectors did not run: the testee is not usable") }
        lines.append("")
        if let coverage, !cases.isEmpty {
            let missing = coverage.missing
            var line = "requirements: \(coverage.covered) of \(coverage.total) covered by the vectors run"
            if !missing.isEmpty { line += "; not covered: " + missing.prefix(12).joined(separator: ", ") + (missing.count > 12 ? ", … (\(missing.count) in all)" : "") }
            lines.append(line)
        }
        let xfail = count(.expectedFailure)
        if xfail > 0 { lines.append("\(xfail) expected failures (from the failure list) are not counted below") }
        let crashed = count(.crash), timedOut = count(.timeout), xpass = count(.unexpectedPass)
        var parts: [String] = []
        if crashed + timedOut + xpass > 0 { parts.append("\(crashed) crashed, \(timedOut) timed out, \(xpass) unexpected passes") }
        if !staleEntries.isEmpty { parts.append("\(staleEntries.count) stale failure-list entries") }
        if !unexplainedEntries.isEmpty { parts.append("\(unexplainedEntries.count) failure-list entries without a reason") }
        if !corpusErrors.isEmpty { parts.append("\(corpusErrors.count) corpus errors") }
        if !testeeProblems.isEmpty { parts.append("\(testeeProblems.count) testee problems") }
        if !parts.isEmpty { lines.append("failed includes " + parts.joined(separator: ", ")) }
        lines.append("\(passed) passed, \(failed) failed, \(count(.skipped)) skipped")
        return lines.joined(separator: "\n")
    }

    /// The machine-readable report (`--json-report`), which ``init(json:)`` reads back.
    public func jsonReport() -> JSONValue {
        var summary = JSONObject()
        summary["total"] = .number(JSONNumber(cases.count))
        summary["passed"] = .number(JSONNumber(passed))
        summary["failed"] = .number(JSONNumber(failed))
        summary["skipped"] = .number(JSONNumber(count(.skipped)))
        summary["expectedFailures"] = .number(JSONNumber(count(.expectedFailure)))
        summary["unexpectedPasses"] = .number(JSONNumber(count(.unexpectedPass)))
        summary["crashed"] = .number(JSONNumber(count(.crash)))
        summary["timedOut"] = .number(JSONNumber(count(.timeout)))
        summary["staleFailureListEntries"] = .number(JSONNumber(staleEntries.count))
        summary["unexplainedFailureListEntries"] = .number(JSONNumber(unexplainedEntries.count))
        summary["corpusErrors"] = .number(JSONNumber(corpusErrors.count))
        summary["testeeProblems"] = .number(JSONNumber(testeeProblems.count))
        summary["notRun"] = .number(JSONNumber(notRun))
        summary["success"] = .bool(isSuccess)
        var o = JSONObject()
        o["testee"] = .string(testee)
        o["summary"] = .object(summary)
        if let coverage {
            var r = JSONObject()
            r["total"] = .number(JSONNumber(coverage.total))
            r["covered"] = .number(JSONNumber(coverage.covered))
            r["missing"] = .array(coverage.missing.map { .string($0) })
            o["requirements"] = .object(r)
        }
        o["staleFailureListEntries"] = .array(staleEntries.map { .string($0) })
        o["unexplainedFailureListEntries"] = .array(unexplainedEntries.map { .string($0) })
        o["corpusErrors"] = .array(corpusErrors.map { .string($0) })
        o["testeeProblems"] = .array(testeeProblems.map { .string($0) })
        o["cases"] = .array(cases.map { r in
            var c = JSONObject()
            c["id"] = .string(r.id)
            c["area"] = .string(r.area)
            c["file"] = .string(r.file)
            c["line"] = .number(JSONNumber(r.line))
            c["level"] = .string(r.level)
            c["kind"] = .string(r.kind)
            c["status"] = .string(r.status.rawValue)
            c["duration"] = .number(JSONNumber((r.duration * 1e6).rounded() / 1e6))
            c["detail"] = .string(r.detail)
            c["notes"] = .array(r.notes.map { .string($0) })
            return .object(c)
        })
        return .object(o)
    }

    /// JUnit XML (`--junit`): one test suite per area, one test case per vector, and a suite
    /// `rongwire conform` with a failing test case for each problem outside the cases (stale or
    /// unexplained failure-list entries, corpus errors, testee problems), so that a CI system
    /// reading only this file fails exactly when the run does.
    public func junitXML() -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let areas = Dictionary(grouping: cases, by: \.area)
        let skipped = cases.filter { $0.status == .skipped || $0.status == .expectedFailure }.count
        let total = cases.reduce(0) { $0 + $1.duration }
        out += "<testsuites name=\"rongwire conform\" tests=\"\(cases.count + otherProblems)\" failures=\"\(failed)\" skipped=\"\(skipped)\" time=\"\(decimal(total))\">\n"
        for area in areas.keys.sorted() {
            let rs = areas[area]!
            let time = rs.reduce(0) { $0 + $1.duration }
            out += "  <testsuite name=\"\(xml(area))\" tests=\"\(rs.count)\" failures=\"\(rs.filter { $0.status.isUnexpected }.count)\" skipped=\"\(rs.filter { $0.status == .skipped || $0.status == .expectedFailure }.count)\" time=\"\(decimal(time))\">\n"
            for r in rs {
                out += "    <testcase classname=\"\(xml(area))\" name=\"\(xml(r.id))\" file=\"\(xml(r.file))\" line=\"\(r.line)\" time=\"\(decimal(r.duration))\""
                switch r.status {
                case .pass:
                    out += "/>\n"
                case .skipped, .expectedFailure:
                    out += ">\n      <skipped message=\"\(xml(r.status.rawValue + ": " + r.detail))\"/>\n    </testcase>\n"
                default:
                    let first = r.detail.split(separator: "\n").first.map(String.init) ?? r.status.rawValue
                    out += ">\n      <failure type=\"\(r.status.rawValue)\" message=\"\(xml(first))\">\(xml(r.detail))</failure>\n    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        let problems: [(type: String, name: String, text: String)] =
            staleEntries.map { ("STALE", "failure list: " + ($0.split(separator: ":").first.map(String.init) ?? $0), $0) }
            + unexplainedEntries.map { ("UNEXPLAINED", "failure list: " + ($0.split(separator: ":").first.map(String.init) ?? $0), $0) }
            + corpusErrors.map { ("CORPUS", "corpus: " + $0.prefix(80), $0) }
            + testeeProblems.map { ("TESTEE", "testee: " + $0.prefix(80), $0) }
        if !problems.isEmpty {
            out += "  <testsuite name=\"rongwire conform\" tests=\"\(problems.count)\" failures=\"\(problems.count)\" skipped=\"0\" time=\"0.000000\">\n"
            for p in problems {
                out += "    <testcase classname=\"rongwire conform\" name=\"\(xml(p.name))\" time=\"0.000000\">\n"
                out += "      <failure type=\"\(p.type)\" message=\"\(xml(p.text))\">\(xml(p.text))</failure>\n    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}

/// Seconds as a plain decimal with six places (`0.000020`): `xs:decimal`, which strict JUnit
/// readers require (Swift's `\(Double)` can write `2.025e-05`).
func decimal(_ seconds: Double) -> String {
    let micros = Int64((max(0, seconds) * 1e6).rounded())
    let fraction = String(micros % 1_000_000)
    return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
}

/// XML text escaping (attributes and content); control characters XML cannot hold are dropped.
func xml(_ s: String) -> String {
    var out = ""
    for u in s.unicodeScalars {
        switch u {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "\n": out += "&#10;"
        default:
            if u.value < 0x20 && u != "\t" { continue }
            out.unicodeScalars.append(u)
        }
    }
    return out
}
