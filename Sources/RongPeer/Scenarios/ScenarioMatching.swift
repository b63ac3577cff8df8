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
        o["channel"] = m.channelId.map { .string($0) } ?? .null
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
                if let parts = TextFields(inner, separator: ".").exactly(2), let l = labels[String(parts[0])] {
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
/// matching anything present. An array at a member path in `unordered` (member names joined by
/// `.`, arrays on the way not counted: `state.stateItem`) matches as a set: each expected element
/// a different actual one, in any order. Returns nil on a match, else where and how they differ.
func match(_ expected: JSONValue, _ actual: JSONValue?, path: String, unordered: Set<String> = [], member: String = "") -> String? {
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
            let inner = member.isEmpty ? m.key : member + "." + m.key
            if let d = match(m.value, a[m.key], path: "\(path).\(m.key)", unordered: unordered, member: inner) { return d }
        }
        return nil
    case .array(let e):
        guard case .array(let a)? = actual else { return "\(path): expected an array, found \(text(actual))" }
        guard a.count == e.count else { return "\(path): expected \(e.count) element(s), found \(a.count): \(text(actual))" }
        if unordered.contains(member) {
            return matchAsSet(e, a, path: path) { x, y in match(x, y, path: path, unordered: unordered, member: member) == nil }
        }
        for (i, x) in e.enumerated() {
            if let d = match(x, a[i], path: "\(path)[\(i)]", unordered: unordered, member: member) { return d }
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

/// Whether each of `expected` matches a different element of `actual` (as many of each), in any
/// order: a bipartite matching by augmenting paths, so a loose matcher (`{}`) never takes the
/// only element a stricter one matches. Nil on a match, else what is left unmatched.
func matchAsSet<T>(_ expected: [JSONValue], _ actual: [T], path: String, _ matches: (JSONValue, T) -> Bool) -> String? {
    let fits: [[Int]] = expected.map { e in actual.indices.filter { matches(e, actual[$0]) } }
    if let i = fits.firstIndex(where: \.isEmpty) {
        return "\(path): nothing matches \(expected[i].compactText()) in any order"
    }
    var owner = [Int?](repeating: nil, count: actual.count)
    func assign(_ i: Int, _ seen: inout [Bool]) -> Bool {
        for j in fits[i] where !seen[j] {
            seen[j] = true
            if owner[j] == nil || assign(owner[j]!, &seen) {
                owner[j] = i
                return true
            }
        }
        return false
    }
    for i in expected.indices {
        var seen = [Bool](repeating: false, count: actual.count)
        if !assign(i, &seen) {
            return "\(path): \(expected[i].compactText()) matches only elements that other expected ones need (matched as a set)"
        }
    }
    return nil
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
