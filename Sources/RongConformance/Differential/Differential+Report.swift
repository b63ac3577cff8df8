// Sources/RongConformance/Differential/Differential+Report.swift - the report file and the printed summary of a run

import RongEnvelope
import RongCodec
import RongSupport

extension Differential {
    // MARK: Reports

    /// The report file: the run's parameters, counts, and every disagreement with its input and
    /// both answers.
    public func report(_ s: Summary, count: Int, jsonCount: Int, referenceName: String, otherName: String) -> JSONValue {
        var o = JSONObject()
        o["seed"] = .string(String(seed))
        o["corpusHash"] = .string(corpusHash)
        o["strictCodes"] = .bool(strictCodes)
        o["count"] = .number(JSONNumber(count))
        o["jsonCount"] = .number(JSONNumber(jsonCount))
        o["seedCorpus"] = .number(JSONNumber(seeds.count))
        o["valueCorpus"] = .number(JSONNumber(valueSeeds.count))
        o["reference"] = .string(referenceName)
        o["other"] = .string(otherName)
        o["acceptedByBoth"] = .number(JSONNumber(s.acceptedByBoth))
        o["rejectedByBoth"] = .number(JSONNumber(s.rejectedByBoth))
        o["differentErrorCodes"] = .number(JSONNumber(s.differentErrorCodes))
        o["differentErrorCodesOneFault"] = .number(JSONNumber(s.differentErrorCodesOneFault))
        o["errorCodePairs"] = .object(
            JSONObject(
                s.errorCodePairs.sorted { $0.key < $1.key }.map { pair in
                    .init(
                        key: pair.key,
                        value: [
                            "count": .number(JSONNumber(pair.value)),
                            "examples": .array((s.errorCodeExamples[pair.key] ?? []).map { .string($0.text) }),
                        ])
                }))
        var byCategory = JSONObject()
        for c in Category.allCases { byCategory[c.rawValue] = .number(JSONNumber(s.count(c))) }
        o["disagreementsByCategory"] = .object(byCategory)
        o["disagreements"] = .array(
            s.disagreements.map { d in
                var e = JSONObject()
                e["index"] = .number(JSONNumber(d.input.index))
                e["kind"] = .string(d.input.kind.rawValue)
                e["category"] = .string(d.category.rawValue)
                e["detail"] = .string(d.detail)
                e["mutation"] = .string(d.input.mutation)
                if let id = d.input.seedId { e["seedVector"] = .string(id) }
                e["from"] = .string(d.input.from)
                if let q = d.input.queryTopic { e["queryTopic"] = .string(q.text) }
                if d.input.protocolVersion != .v3 { e["protocolVer"] = .number(JSONNumber(Int(d.input.protocolVersion.rawValue))) }
                if let v = d.input.value { e["value"] = v } else { e["hex"] = .string(Hex.encode(d.input.bytes)) }
                if let f = d.input.faults { e["faults"] = .number(JSONNumber(f)) }
                e["reference"] = d.reference?.json ?? .null
                e["other"] = d.other?.json ?? .null
                return .object(e)
            })
        return .object(o)
    }

    /// The human summary printed at the end of a run.
    public func text(_ s: Summary, show: Int) -> String {
        var lines: [String] = []
        let rate = s.seconds > 0 ? Int(Double(s.inputs) / s.seconds) : 0
        lines.append(
            "differential, seed \(seed), corpus \(corpusHash): \(s.inputs) inputs in \(String(format1: s.seconds)) s, \(rate)/s: "
                + "\(s.inputsByKind["frame-decode", default: 0]) frame-decode (\(seeds.count) corpus packets, the rest generated), "
                + "\(s.inputsByKind["frame-encode", default: 0]) frame-encode (\(valueSeeds.isEmpty ? 0 : valueSeeds.count) corpus values, the rest generated)")
        lines.append(
            "by mutation: " + s.inputsByMutation.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        lines.append(
            "accepted by both: \(s.acceptedByBoth)   rejected by both: \(s.rejectedByBoth) (\(s.differentErrorCodes) with different error codes, "
                + "\(s.differentErrorCodesOneFault) of them with one fault)")
        for (pair, n) in s.errorCodePairs.sorted(by: { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }).prefix(8) {
            lines.append("  error codes (reference / other) \(pair): \(n)")
        }
        lines.append(
            "disagreements: \(s.disagreements.count) ("
                + Category.allCases.map { "\($0.rawValue) \(s.count($0))" }.joined(separator: ", ") + ")")
        for d in s.disagreements.prefix(show) {
            lines.append("")
            lines.append("#\(d.input.index) \(d.input.kind) [\(d.category.rawValue)] \(d.detail) — \(d.input.mutation)\(d.input.seedId.map { " of \($0)" } ?? ""), from \(d.input.from)\(d.input.queryTopic.map { ", queryTopic \($0)" } ?? "")\(d.input.protocolVersion == .v3 ? "" : ", protocol \(d.input.protocolVersion)")")
            lines.append("  input     \(Self.clip(d.input.text))")
            lines.append("  reference \(Self.clip(Self.show(d.reference)))")
            lines.append("  other     \(Self.clip(Self.show(d.other)))")
        }
        if s.disagreements.count > show {
            lines.append("")
            lines.append("(\(s.disagreements.count - show) more; --report FILE lists them all)")
        }
        return lines.joined(separator: "\n")
    }

    static func show(_ r: TesteeResponse?) -> String {
        guard let r else { return "(no answer)" }
        return r.json.compactText()
    }

    static func clip(_ s: String) -> String { s.count > 300 ? String(s.prefix(300)) + "…" : s }
}

extension String {
    /// One decimal place, without Foundation.
    init(format1 x: Double) {
        let tenths = Int((x * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}
