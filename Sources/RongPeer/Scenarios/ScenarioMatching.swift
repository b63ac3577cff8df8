// Sources/RongPeer/Scenarios/ScenarioMatching.swift - what scenarios compare: message views, label substitution, the containment match

import RongCodec
import RongEnvelope
import RongSupport

extension ScenarioExecution {
    func describe(_ values: [JSONValue]) -> String {
        values.map { $0.compactText() }.joined(separator: ", ")
    }

    /// The JSON view of a received message that `receives` and history matchers compare with.
    static func view(_ m: InboundMessage, content: JSONValue, via: String) -> JSONValue {
        var o = JSONObject()
        o["from"] = .string(m.senderUserId)
        o["type"] = .string(m.conversationType.name)
        o["target"] = .string(m.targetId)
        o["objectName"] = .string(m.objectName)
        o["content"] = content
        o["uid"] = m.messageUId.map { .string($0) } ?? .null
        o["direction"] = .string(m.direction.rawValue)
        o["flag"] = .string(m.persistence.name)
        o["via"] = .string(via)
        o["sentTime"] = .number(JSONNumber(m.sentTime))
        o["mentioned"] = .bool(m.isMentioned)
        o["retrieved"] = .bool(m.isRetrieved)
        o["silent"] = .bool(m.isSilent)
        if let e = m.expansion {
            o["expansion"] = .object(JSONObject(e.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .string($0.value)) }))
        } else {
            o["expansion"] = .null
        }
        return .object(o)
    }

    /// Replaces `${label.uid}` and `${label.time}` in strings and keys, and `${peer}` by the
    /// peer's `HOST:PORT`.
    func resolve(_ v: JSONValue) -> JSONValue {
        switch v {
        case .string(let s):
            if s.hasPrefix("${"), s.hasSuffix("}"), !s.dropFirst(2).contains("$") {
                let inner = s.dropFirst(2).dropLast()
                let parts = inner.split(separator: ".")
                if parts.count == 2, let l = labels[String(parts[0])] {
                    if parts[1] == "uid" { return .string(l.uid) }
                    if parts[1] == "time" { return .number(JSONNumber(l.time)) }
                }
            }
            return .string(substitute(s))
        case .array(let a): return .array(a.map(resolve))
        case .object(let o): return .object(JSONObject(o.members.map { .init(key: substitute($0.key), value: resolve($0.value)) }))
        default: return v
        }
    }

    func substitute(_ s: String) -> String {
        guard s.contains("${") else { return s }
        var out = s.replacingAll("${peer}", with: "\(host):\(port)")
        for (name, l) in labels {
            out = out.replacingAll("${\(name).uid}", with: l.uid).replacingAll("${\(name).time}", with: String(l.time))
        }
        return out
    }
}

/// Whether `actual` contains `expected`: objects by their members (extra members in `actual`
/// are fine), arrays element by element with equal length, `null` matching absent, `"*"`
/// matching anything present. Returns nil on a match, else where and how they differ.
func match(_ expected: JSONValue, _ actual: JSONValue?, path: String) -> String? {
    func text(_ v: JSONValue?) -> String {
        guard let v else { return "absent" }
        return v.compactText()
    }
    switch expected {
    case .null:
        if actual == nil || actual == .null { return nil }
        return "\(path): expected absent or null, found \(text(actual))"
    case .string("*"):
        return actual == nil ? "\(path): expected a value, found none" : nil
    case .object(let o):
        guard case .object(let a)? = actual else { return "\(path): expected an object, found \(text(actual))" }
        for m in o {
            if let d = match(m.value, a[m.key], path: JSONPath.member(path, m.key)) { return d }
        }
        return nil
    case .array(let e):
        guard case .array(let a)? = actual else { return "\(path): expected an array, found \(text(actual))" }
        guard a.count == e.count else { return "\(path): expected \(e.count) element(s), found \(a.count): \(text(actual))" }
        for (i, x) in e.enumerated() {
            if let d = match(x, a[i], path: JSONPath.element(path, i)) { return d }
        }
        return nil
    case .number(let n):
        guard case .number(let m)? = actual, m.doubleValue == n.doubleValue, m.int64Value == n.int64Value else {
            return "\(path): expected \(text(expected)), found \(text(actual))"
        }
        return nil
    default:
        return expected == actual ? nil : "\(path): expected \(text(expected)), found \(text(actual))"
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.range(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
