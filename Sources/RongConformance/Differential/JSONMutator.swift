// Sources/RongConformance/Differential/JSONMutator.swift - generated frame-encode inputs: corpus packet JSON values with 1-3 faults

import RongEnvelope
import RongCodec
import RongSupport

/// Makes one generated packet JSON value: 1-3 edits of a corpus value at random places, each
/// one a thing a writer of the JSON form could get wrong (a member missing, extra, null, of
/// another JSON type, out of range, or an enum or type name respelled).
struct JSONMutator {
    enum Step: Hashable {
        case key(String)
        case index(Int)
    }

    /// Names the form uses, so a replaced string is often a valid one in the wrong place.
    static let names = [
        "PUBLISH", "QUERY", "QUERYACK", "PUBACK", "CONNACK", "CONNECT", "DISCONNECT", "PINGREQ", "SYMMETRIC",
        "UpStreamMessage", "DownStreamMessage", "NotifyMsg", "SyncRequestMsg", "RelationsInput", "PushExtra",
        "PERSON", "GROUP", "ULTRAGROUP", "group", Topic.ppMsgP.text, Topic.s_msg.text, "", "RCloud",
    ]

    func make(index: Int, _ seeds: [Differential.ValueSeed], _ rng: inout SplitMix64) -> Differential.Input {
        let s = rng.pick(seeds)
        var value = s.value
        let edits = rng.int(in: 1...3)
        for _ in 0..<edits { mutate(&value, &rng) }
        var from = s.from
        // The other direction changes which layout applies: a fault of its own.
        var faults = (s.valid ? 0 : 1) + edits
        if rng.int(in: 0..<10) == 0 {
            from = from == "client" ? "server" : "client"
            faults += 1
        }
        // So does the other protocol version for a CONNACK (counted as a fault even when the
        // value reads alike in both, so a strict comparison of codes never rests on it).
        var version = s.protocolVersion
        if rng.int(in: 0..<10) == 0 {
            version = version == .v3 ? .v4 : .v3
            faults += 1
        }
        var input = Differential.Input(index: index, mutation: "json", seedId: s.id, value: value, from: from, faults: faults)
        input.protocolVersion = version
        return input
    }

    /// Every place in v: members and elements, depth first.
    func paths(_ v: JSONValue, _ prefix: [Step] = [], into out: inout [[Step]]) {
        switch v {
        case .object(let o):
            for m in o {
                out.append(prefix + [.key(m.key)])
                paths(m.value, prefix + [.key(m.key)], into: &out)
            }
        case .array(let a):
            for (i, e) in a.enumerated() {
                out.append(prefix + [.index(i)])
                paths(e, prefix + [.index(i)], into: &out)
            }
        default: break
        }
    }

    func get(_ v: JSONValue, _ path: ArraySlice<Step>) -> JSONValue? {
        guard let first = path.first else { return v }
        switch (first, v) {
        case (.key(let k), .object(let o)): return o[k].flatMap { get($0, path.dropFirst()) }
        case (.index(let i), .array(let a)) where i < a.count: return get(a[i], path.dropFirst())
        default: return nil
        }
    }

    /// Replaces the value at path (nil removes it).
    func set(_ v: inout JSONValue, _ path: ArraySlice<Step>, _ new: JSONValue?) {
        guard let first = path.first else {
            if let new { v = new }
            return
        }
        switch (first, v) {
        case (.key(let k), .object(var o)):
            if path.count == 1 {
                o[k] = new
            } else if var child = o[k] {
                set(&child, path.dropFirst(), new)
                o[k] = child
            }
            v = .object(o)
        case (.index(let i), .array(var a)) where i < a.count:
            if path.count == 1 {
                if let new { a[i] = new } else { a.remove(at: i) }
            } else {
                set(&a[i], path.dropFirst(), new)
            }
            v = .array(a)
        default: break
        }
    }

    static func number(_ text: String) -> JSONValue {
        (try? JSONValue(parsing: Array(text.utf8))) ?? .number(JSONNumber(0))
    }

    func mutate(_ v: inout JSONValue, _ rng: inout SplitMix64) {
        var all: [[Step]] = []
        paths(v, into: &all)
        guard let path = (all.isEmpty ? nil : rng.pick(all)), let node = get(v, path[...]) else { return }
        if rng.int(in: 0..<6) == 0 {
            set(&v, path[...], nil)  // the member or element is gone
            return
        }
        let new: JSONValue
        switch node {
        case .number(let n):
            new = [
                .string(n.description), Self.number(n.description + ".5"), .number(JSONNumber(-1)), Self.number("18446744073709551616"),
                Self.number("4294967296"), Self.number("65536"), Self.number("256"), .number(JSONNumber(0)), .null, .bool(true),
                Self.number("1e2"), .number(JSONNumber(Int64(rng.int(in: -3...70000)))),
            ].pickOne(&rng)
        case .string(let s):
            let utf8 = Array(s.utf8)
            new = [
                .number(JSONNumber(3)), .null, .string(""), .string(s.lowercased()), .string(s + "\u{0}"), .string(s + "😀"),
                ["hex": .string(Hex.encode(utf8))], ["text": .string(s), "hex": .string(Hex.encode(utf8))],
                ["text": .string(s + "x"), "hex": .string(Hex.encode(utf8))], ["hex": "zz"], .bool(false),
                .string(rng.pick(Self.names)), .array([.string(s)]),
            ].pickOne(&rng)
        case .bool(let b):
            new = [.bool(!b), .number(JSONNumber(1)), .string("true"), .null].pickOne(&rng)
        case .object(var o):
            switch rng.int(in: 0..<7) {
            case 0 where !o.isEmpty: o.removeValue(forKey: rng.pick(o.keys))
            case 1: o["x"] = 1
            case 2: o["$x"] = 1
            case 3 where !o.isEmpty: o[rng.pick(o.keys)] = .null
            case 4: o["hex"] = "00"
            case 5:
                new = .null
                set(&v, path[...], new)
                return
            default:
                set(&v, path[...], .array([]))
                return
            }
            new = .object(o)
        case .array(var a):
            switch rng.int(in: 0..<4) {
            case 0 where !a.isEmpty: a.remove(at: rng.int(in: 0..<a.count))
            case 1 where !a.isEmpty: a.append(rng.pick(a))
            case 2: a.append(.null)
            default:
                new = .object(JSONObject())
                set(&v, path[...], new)
                return
            }
            new = .array(a)
        case .null:
            new = .number(JSONNumber(0))
        }
        set(&v, path[...], new)
    }
}

extension Array {
    /// One element, chosen by ``SplitMix64/pick(_:)``.
    fileprivate func pickOne(_ rng: inout SplitMix64) -> Element { rng.pick(self) }
}
