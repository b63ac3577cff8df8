// Sources/RongFuzzing/ControlBody.swift - the control target: the peer's HTTP endpoints' bodies and query strings

import RongCodec
import RongPeer

/// The peer's control endpoints (``PeerControlEndpoints``, the code ``PeerServer`` answers its
/// port with) on hostile bodies and query strings. Byte 0 picks the request, the rest is its
/// input (query values are sent percent-encoded, as a client writes them):
///
/// - 0: `POST /control/faults` with the rest as the body; 1: `POST /control/faults?plan=REST`.
///   200 exactly when the text is UTF-8 and ``FaultPlan/init(parsing:)`` takes it; the plan
///   answered is that plan with the peer's seed, and parses back to itself.
/// - 2: `POST /control/advance?by=REST` twice, on a manual clock. 200 exactly when
///   ``PeerDuration/init(parsing:plainUnit:)`` takes it and "now" stays within
///   ``ManualClock/latestMillis``, and the second time exactly when twice the duration is within
///   ``PeerDuration/max`` and that date; `advanced` is the sum.
/// - 3: `POST /control/reset` with the rest as the body. 200 exactly when it is UTF-8 and
///   ``PeerFixture/load(yaml:file:)`` takes it; `/state` then lists the fixture's users.
/// - 4: `GET /state?user=REST`: 200.
/// - 5: the rest up to a line feed is `METHOD TARGET` as written, the rest the body.
///
/// Every answer has a status the endpoints document (200, 400, 404, 409, 426), a JSON object body
/// (the endpoint list of `GET /` aside) that names an `error` unless the status is 200.
enum ControlBody {
    static let statuses: Set<Int> = [200, 400, 404, 409, 426]

    /// Heap bytes one user of a reset body may take: the fixture read here and again by the
    /// endpoint, and the model built from it (generated users may number 100,000).
    static let bytesPerUser = 4 * PeerLoaderBody.bytesPerUser

    static func check(_ data: [UInt8]) -> [String] {
        run(data).violations
    }

    static func run(_ data: [UInt8]) -> (violations: [String], allowance: Int) {
        guard let selector = data.first else { return ([], 0) }
        let rest = Array(data.dropFirst())
        let text = String(decoding: rest, as: UTF8.self)
        var configuration = PeerConfiguration()
        configuration.logger = PeerLogHandler.logger(level: nil)
        configuration.clock = ManualClock()
        let peer = PeerControlEndpoints(configuration: configuration)
        var v: [String] = []
        var allowance = 0

        func ask(_ method: String, _ target: String, _ body: [UInt8] = []) -> (status: Int, json: JSONValue?) {
            let a = peer.answer(method: method, target: target, body: body)
            v += wellFormed(a, "\(method) \(target.prefix(80))")
            return (a.status, try? JSONValue(parsing: a.body))
        }

        switch selector % 6 {
        case 0, 1:
            let byQuery = selector % 6 == 1
            let a = byQuery ? ask("POST", "/control/faults?plan=" + percentEncode(text)) : ask("POST", "/control/faults", rest)
            let spec = byQuery ? text : String(validating: rest, as: UTF8.self)
            let expected = spec.flatMap { try? FaultPlan(parsing: $0).seeded(default: configuration.seed) }
            v += expect(a.status, expected != nil, "fault plan")
            if let expected, a.status == 200 {
                let answered = a.json?.objectValue?["faults"]?.stringValue
                if answered != expected.description { v.append("fault plan answered as \(answered ?? "nothing"), parsed as \(expected.description)") }
                if (try? FaultPlan(parsing: expected.description))?.description != expected.description {
                    v.append("fault plan \(expected.description) does not parse back to itself")
                }
            }
        case 2:
            let target = "/control/advance?by=" + percentEncode(text)
            // Within 36500d in all, and "now" within the packets' 32-bit dates. (An advance within
            // a few milliseconds of that date could go either way; no input gets that close.)
            func fits(_ d: PeerDuration?) -> PeerDuration? {
                d.flatMap { SystemClock().nowMillis() + $0.milliseconds <= ManualClock.latestMillis ? $0 : nil }
            }
            let by = fits(try? PeerDuration(parsing: text))
            let first = ask("POST", target)
            v += expect(first.status, by != nil, "advance by \(text.prefix(40))")
            let second = ask("POST", target)
            let twice = fits(by.flatMap { $0.adding($0) })
            v += expect(second.status, twice != nil, "advance twice by \(text.prefix(40))")
            if let twice, second.status == 200, second.json?.objectValue?["advanced"]?.numberValue?.int64Value != twice.milliseconds {
                v.append("advanced twice by \(text.prefix(40)): the clock says \(String(describing: second.json)), not \(twice.milliseconds) ms")
            }
        case 3:
            let fixture = String(validating: rest, as: UTF8.self).flatMap { try? PeerFixture.load(yaml: $0, file: "reset body") }
            allowance = (fixture?.users.count ?? 0) * bytesPerUser
            let a = ask("POST", "/control/reset", rest)
            v += expect(a.status, fixture != nil, "reset")
            if let fixture, a.status == 200, fixture.users.count <= PeerLoaderBody.roundTripUsers {
                let users = ask("GET", "/state").json?.objectValue?["users"]?.objectValue
                if users?.count != fixture.users.count {
                    v.append("after a reset with \(fixture.users.count) users, /state lists \(users.map { "\($0.count)" } ?? "none")")
                }
            }
        case 4:
            v += expect(ask("GET", "/state?user=" + percentEncode(text)).status, true, "state of a user")
        default:
            let line = rest.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false)
            let words = String(decoding: line[0], as: UTF8.self).split(separator: " ", maxSplits: 1)
            let body = line.count > 1 ? Array(line[1]) : []
            _ = ask(words.first.map(String.init) ?? "GET", words.count > 1 ? String(words[1]) : "/", body)
        }
        return (v, allowance)
    }

    /// 200 exactly when the input is valid, 400 otherwise.
    static func expect(_ status: Int, _ valid: Bool, _ what: String) -> [String] {
        valid == (status == 200) && (valid || status == 400) ? [] : ["\(what): status \(status), but the input is \(valid ? "valid" : "invalid")"]
    }

    /// A documented status; a JSON object body naming an `error` unless the status is 200.
    static func wellFormed(_ a: PeerControlAnswer, _ request: String) -> [String] {
        guard statuses.contains(a.status) else { return ["\(request): status \(a.status)"] }
        guard a.contentType == "application/json" else {
            return a.status == 200 && a.contentType.hasPrefix("text/plain") ? [] : ["\(request): \(a.status) as \(a.contentType)"]
        }
        guard let object = (try? JSONValue(parsing: a.body))?.objectValue else { return ["\(request): the body is not a JSON object"] }
        if a.status != 200, object["error"]?.stringValue == nil { return ["\(request): \(a.status) without an error message"] }
        return []
    }
}
