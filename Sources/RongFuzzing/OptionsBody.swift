// Sources/RongFuzzing/OptionsBody.swift - the options target: the CLI's option values and the peer's query strings

import RongCodec
import RongConformance
import RongEnvelope
import RongPeer

/// The text parsers that read what a person or a script types rather than a file: the CLI's
/// option values (`--faults`, `--listen`, `--drain`, `--level`, `--flag`, `--inject-fault`, …),
/// the same parsers behind the peer's control API (`?plan=`, `?by=`), and the peer's query strings
/// (the WebSocket upgrade, navigation, `/state?user=`). Byte 0 picks the parser (`byte % 5`); the
/// rest is the text (bytes that are not UTF-8 read as U+FFFD, as a decoded query does):
///
/// - 0: a fault plan, ``FaultPlan/init(parsing:)`` (`--faults` of `peer` and `peer-load`,
///   `POST /control/faults`). Taken: every probability in 0...1, the delay maximum in 1...60,000
///   ms, users of 1-64 bytes; the written form parses back to a plan written the same; at most
///   seven parts; the text twice (`X,X`) is refused as a repeated name, and spaces around it change
///   nothing. Refused: the error names its part (in its message, and the part's name in the text);
///   a part appended after a comma changes neither the reason nor the part (the first bad part
///   decides), PEER-FAULT-003.
/// - 1: a duration, ``PeerDuration/init(parsing:plainUnit:)`` (every duration option, `?by=`), with
///   the plain unit `(byte 0 / 5) % 5` (ms, s, m, h, d). Taken or refused exactly as a reference
///   computed here digit by digit says (the value rounded down to a millisecond, `tooLong` past
///   36500d); the written form parses back to the same duration.
/// - 2: the named option values: ``ConversationType/init(name:)``, ``PersistenceFlag/init(name:)``,
///   ``PacketType/init(name:)``, `Vector.Level`, ``PersistenceProfile``, `Side` and the testee's
///   `--inject-fault KIND:ID` (``TesteeServer/Fault/parse(_:)``): what one takes, its own name
///   gives back.
/// - 3: a user list, `drop=1,users=REST`: taken exactly when the names between `|` are 1-64
///   bytes, none twice, at most 100,000, and then they are the plan's users.
/// - 4: a request target, ``PeerRequestTarget/init(parsing:)``: the path is the text up to the
///   first `?`; the target written back (``PeerRequestTarget/text``) parses to the same target.
enum OptionsBody {
    static func check(_ data: [UInt8]) -> [String] {
        guard let selector = data.first else { return [] }
        let text = String(decoding: data.dropFirst(), as: UTF8.self)
        switch selector % 5 {
        case 0: return faultPlan(text)
        case 1: return duration(text, plainUnit: PeerDuration.Unit.allCases[Int(selector / 5) % 5])
        case 2: return names(text)
        case 3: return users(text)
        default: return requestTarget(text)
        }
    }

    // MARK: fault plans

    static func faultPlan(_ text: String) -> [String] {
        let what = "fault plan `\(text.prefix(60))`"
        let plan: FaultPlan
        do throws(FaultPlanError) {
            plan = try FaultPlan(parsing: text)
        } catch {
            var v = refusal(error, text, what)
            // The first bad part decides: what follows it does not change the refusal.
            switch Result(catching: { () throws(FaultPlanError) in try FaultPlan(parsing: text + ",drop=0") }) {
            case .success: v.append("\(what) is refused (\(error.reason)), but taken with `,drop=0` after it")
            case .failure(let later) where (later.reason, later.part) != (error.reason, error.part):
                v.append("\(what) is refused as \(error.reason) of `\(error.part)`, with `,drop=0` after it as \(later.reason) of `\(later.part)`")
            default: break
            }
            return v
        }
        var v: [String] = []
        let probabilities = [("drop", plan.drop), ("dup", plan.duplicate), ("delay", plan.delay), ("reorder", plan.reorder), ("cut", plan.cut)]
        for (name, p) in probabilities where !(0...1).contains(p) { v.append("\(what): \(name) \(p) is not a probability") }
        if !(1...60_000).contains(plan.delayMaxMillis) { v.append("\(what): delay maximum \(plan.delayMaxMillis) ms") }
        if let users = plan.users {
            if users.isEmpty || users.count > 100_000 { v.append("\(what): \(users.count) users") }
            for u in users where u.isEmpty || u.utf8.count > 64 || u.contains("|") || u.contains(",") || u.hasPrefix(" ") || u.hasSuffix(" ") {
                v.append("\(what): user `\(u.prefix(40))`")
            }
        }
        // The written form (what /state shows) reads back to a plan written the same.
        if let back = try? FaultPlan(parsing: plan.description) {
            if back.description != plan.description { v.append("\(what) is written \(plan.description), which reads back as \(back.description)") }
        } else {
            v.append("\(what) is written \(plan.description), which does not parse")
        }
        let blank = text.unicodeScalars.allSatisfy { $0 == " " } || text.unicodeScalars.split(separator: " ").map { String($0) } == ["none"]
        if !blank {
            // Each name at most once: at most seven parts, and the plan twice is a repeated name.
            if text.utf8.count(where: { $0 == UInt8(ascii: ",") }) > 6 { v.append("\(what) is taken with more than seven parts") }
            switch Result(catching: { () throws(FaultPlanError) in try FaultPlan(parsing: text + "," + text) }) {
            case .success: v.append("\(what) twice is taken")
            case .failure(let e) where e.reason != .repeated && e.reason != .tooManyParts: v.append("\(what) twice is refused as \(e.reason), not repeated")
            default: break
            }
        }
        if (try? FaultPlan(parsing: "  " + text + "  ")) != plan { v.append("\(what): spaces around it change the plan") }
        return v
    }

    /// A refusal names its part: in the message, and (a name or a part's text) in the input.
    static func refusal(_ e: FaultPlanError, _ text: String, _ what: String) -> [String] {
        var v: [String] = []
        if e.part.isEmpty || !e.message.contains(e.part) { v.append("\(what): refused with `\(e.message)`, which does not name the part `\(e.part)`") }
        let named: String
        switch e.reason {
        case .blankPart, .tooManyParts: named = ","
        case .notNameValue: named = String(e.part.prefix(1))
        case .repeated: named = e.part == "dup" ? "du" : e.part
        case .delayMaximum: named = "delay"
        case .blankValue: named = e.part == "delay maximum" ? "delay" : e.part
        default: named = e.part
        }
        if !named.isEmpty && !holds(text, named) { v.append("\(what): refused (\(e.reason)) naming `\(e.part)`, which the text does not hold") }
        return v
    }

    /// Whether `text` holds `part`'s scalars in a row (the parsers cut at scalars, so a part may
    /// start with a combining mark that Swift's character search would join to what precedes it).
    static func holds(_ text: String, _ part: String) -> Bool {
        let t = Array(text.utf8), p = Array(part.utf8)
        guard p.count <= t.count else { return false }
        return (0...(t.count - p.count)).contains { i in t[i..<(i + p.count)].elementsEqual(p) }
    }

    // MARK: durations

    static func duration(_ text: String, plainUnit: PeerDuration.Unit) -> [String] {
        let what = "duration `\(text.prefix(60))` (plain unit \(plainUnit.rawValue))"
        let expected = referenceMilliseconds(text, plainUnit: plainUnit)
        var v: [String] = []
        do throws(PeerDurationError) {
            let d = try PeerDuration(parsing: text, plainUnit: plainUnit)
            if expected != .some(d.milliseconds) { v.append("\(what) is taken as \(d.milliseconds) ms; the reference says \(String(describing: expected))") }
            if (try? PeerDuration(parsing: d.description, plainUnit: plainUnit)) != d { v.append("\(what) is written \(d.description), which does not read back") }
        } catch {
            if error.text != text { v.append("\(what): the error names `\(error.text.prefix(40))`") }
            switch (error.reason, expected) {
            case (.notADuration, .none), (.tooLong, .some(-1)): break
            default: v.append("\(what) is refused as \(error.reason); the reference says \(String(describing: expected))")
            }
        }
        return v
    }

    /// Milliseconds of `text` by the rule of PEER-HOSTILE-003, computed on the digits as decimal
    /// strings (no checked loop, no fixed number of fraction digits): nil when it is no duration,
    /// -1 when it is longer than 36500d.
    static func referenceMilliseconds(_ text: String, plainUnit: PeerDuration.Unit) -> Int64? {
        var s = Array(text.utf8)[...]
        var unit = plainUnit
        for u in [PeerDuration.Unit.milliseconds, .seconds, .minutes, .hours, .days] where s.count >= u.rawValue.utf8.count && s.suffix(u.rawValue.utf8.count).elementsEqual(u.rawValue.utf8) {
            unit = u
            s = s.dropLast(u.rawValue.utf8.count)
            break
        }
        let dot = s.firstIndex(of: UInt8(ascii: "."))
        let whole = dot.map { s[..<$0] } ?? s
        let fraction = dot.map { s[s.index(after: $0)...] } ?? []
        func digits(_ x: ArraySlice<UInt8>) -> Bool { x.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        guard !whole.isEmpty, digits(whole), digits(fraction), dot == nil || !fraction.isEmpty else { return nil }
        let significant = whole.drop { $0 == 0x30 }
        let max = PeerDuration.max.milliseconds
        guard significant.count <= 18, let n = Int64(String(decoding: significant.isEmpty ? [0x30] : significant, as: UTF8.self)) else { return -1 }
        let (product, overflow) = n.multipliedReportingOverflow(by: unit.milliseconds)
        guard !overflow, product <= max else { return -1 }
        // floor(0.f1f2…fk × unit): the whole product of the fraction's digits and the unit's,
        // by schoolbook multiplication (least significant digit first), then its digits from
        // position k up.
        let f = fraction.reversed().map { Int64($0 - 0x30) }
        let u = String(unit.milliseconds).utf8.reversed().map { Int64($0 - 0x30) }
        var digitsOfProduct = [Int64](repeating: 0, count: f.count + u.count + 1)
        for (i, a) in f.enumerated() where a != 0 {
            for (j, b) in u.enumerated() { digitsOfProduct[i + j] += a * b }
        }
        var carry: Int64 = 0
        for i in digitsOfProduct.indices {
            let x = digitsOfProduct[i] + carry
            digitsOfProduct[i] = x % 10
            carry = x / 10
        }
        var part: Int64 = 0
        for d in digitsOfProduct[f.count...].reversed() { part = part * 10 + d }
        return product + part <= max ? product + part : -1
    }

    // MARK: named option values

    static func names(_ text: String) -> [String] {
        var v: [String] = []
        if let t = ConversationType(name: text), ConversationType(name: t.name) != t && ConversationType(name: String(t.rawValue)) != t {
            v.append("conversation type `\(text.prefix(40))` is \(t.rawValue), which neither its name nor its number gives back")
        }
        if let f = PersistenceFlag(name: text), PersistenceFlag(name: f.name) != f && PersistenceFlag(name: String(f.rawValue)) != f {
            v.append("flag `\(text.prefix(40))` is \(f.rawValue), which neither its name nor its number gives back")
        }
        if let p = PacketType(name: text), PacketType(name: p.name) != p || p.name != text { v.append("packet type `\(text.prefix(40))`") }
        if let l = Vector.Level(rawValue: text), Vector.Level(rawValue: l.rawValue) != l { v.append("level `\(text.prefix(40))`") }
        if let p = PersistenceProfile(rawValue: text), PersistenceProfile(rawValue: p.rawValue) != p { v.append("profile `\(text.prefix(40))`") }
        if let s = Side(rawValue: text), Side(rawValue: s.rawValue) != s { v.append("side `\(text.prefix(40))`") }
        if let (id, fault) = TesteeServer.Fault.parse(text) {
            if id.isEmpty || "\(fault.rawValue):\(id)" != text { v.append("--inject-fault `\(text.prefix(40))` reads as \(fault.rawValue) of `\(id.prefix(40))`") }
        } else if let colon = text.firstIndex(of: ":"), TesteeServer.Fault(rawValue: String(text[..<colon])) != nil, text.index(after: colon) != text.endIndex {
            v.append("--inject-fault `\(text.prefix(40))` is refused")
        }
        return v
    }

    // MARK: user lists

    static func users(_ list: String) -> [String] {
        let what = "users=`\(list.prefix(60))`"
        // The list ends at the first comma (what follows is more parts of the plan). Its names by
        // the standard library's split of the scalars, trimmed of spaces.
        let scalars = list.unicodeScalars
        let comma = scalars.firstIndex(of: ",")
        let names = scalars[..<(comma ?? scalars.endIndex)].split(separator: "|", omittingEmptySubsequences: false).map { n in
            var n = n
            while n.first == " " { n = n.dropFirst() }
            while n.last == " " { n = n.dropLast() }
            return String(n)
        }
        let valid = names.count <= 100_000 && names.allSatisfy { !$0.isEmpty && $0.utf8.count <= 64 } && Set(names).count == names.count
        do throws(FaultPlanError) {
            let plan = try FaultPlan(parsing: "drop=1,users=" + list)
            if !valid { return ["\(what) is taken"] }
            if plan.users != Set(names) { return ["\(what) is taken as \(plan.users.map { "\($0.count) users" } ?? "everyone"), not its \(names.count) names"] }
        } catch {
            // With a comma, a later part may be what is refused.
            guard comma == nil else { return [] }
            if valid { return ["\(what) is refused: \(error.message)"] }
            let listReasons: Set<FaultPlanError.Reason> = [.blankValue, .blankUser, .repeatedUser, .userTooLong, .tooManyUsers]
            if !listReasons.contains(error.reason) { return ["\(what) is refused as \(error.reason)"] }
        }
        return []
    }

    // MARK: query strings

    static func requestTarget(_ text: String) -> [String] {
        let t = PeerRequestTarget(parsing: text)
        var v: [String] = []
        let what = "target `\(text.prefix(60))`"
        let scalars = text.unicodeScalars
        if t.path != String(String.UnicodeScalarView(scalars.prefix { $0 != "?" })) { v.append("\(what): path `\(t.path.prefix(40))`") }
        let pairs = scalars.drop { $0 != "?" }.dropFirst().split(separator: "&").count
        if t.query.count > pairs { v.append("\(what): \(t.query.count) parameters from \(pairs) pairs") }
        let back = PeerRequestTarget(parsing: t.text)
        if back != t { v.append("\(what) is written `\(t.text.prefix(60))`, which reads back as another target") }
        return v
    }
}
