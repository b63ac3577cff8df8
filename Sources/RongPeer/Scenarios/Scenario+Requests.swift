// Sources/RongPeer/Scenarios/Scenario+Requests.swift - the `get` and `query` steps: HTTP on the peer's port, any QUERY topic

import RongCodec
import RongEnvelope
import RongSupport
import Yams

extension Scenario {
    /// `get`: an HTTP GET on the peer's port (navigation, `/ping`), as an SDK sends it before
    /// it connects (spec/scenarios.md).
    struct Get: Sendable {
        /// The path and query (`/navi.js?appId=…`); `${peer}` and labels are substituted.
        var path: String
        /// The expected HTTP status.
        var status = 200
        /// The body is JSONP: `CALLBACK(json);` or `CALLBACK(json)`; the JSON inside is matched.
        var jsonp: String?
        /// A matcher for the body as JSON (subset, spec/scenarios.md "Matching").
        var body: JSONValue?
        /// The exact body text.
        var text: String?
        /// Remember the answer's `server` (navigation) for `connect: {navigation: LABEL}`.
        var label: String?
    }

    /// `query`: one QUERY with a body given in the body JSON form, and what its QUERYACK holds.
    struct Query: Sendable {
        var client: String
        var topic: Topic
        var target: String
        /// The request body in the body JSON form (spec/envelope.md), written as the topic's
        /// request type, or as `bodyType`; nil: an empty payload.
        var body: JSONValue?
        var bodyType: String?
        /// The expected QUERYACK status.
        var status: UInt16 = 0
        /// A matcher for the reply body, decoded as the topic's reply type (ENV-BODY-002);
        /// `null` matches an empty payload.
        var reply: JSONValue?
        /// Whether `reply` was given (so that `reply: null` can say "no payload").
        var checksReply = false
        /// Member paths of `reply` whose arrays match as sets (spec/scenarios.md): lists the
        /// service gives no order (``listsWithoutServiceOrder``).
        var unordered: Set<String> = []
    }

    /// `publish`: one client PUBLISH whose body is not a message (ENV-BODY-002's client publish
    /// bodies: `operate`, `updUgRTime`, …), given in the body JSON form, and the PUBACK's status.
    struct Publish: Sendable {
        var client: String
        var topic: Topic
        var target: String
        var body: JSONValue
        var bodyType: String?
        /// The expected PUBACK status.
        var status: UInt16 = 0
    }

    /// The reply lists a scenario may match as sets, by topic: those spec/peer.md PEER-ORDER-002
    /// orders by a kit choice because no source gives the service's order. The others (a pull,
    /// history, the conversation list, chatroom members) have the service's order, which a
    /// scenario checks.
    static let listsWithoutServiceOrder: [Topic: Set<String>] = [
        .pullKV: ["entries"],
        .setKVS: ["errorKeys"],
        .delKVS: ["errorKeys"],
        .pullSeAtts: ["state", "state.stateItem", "state.stateItem.tags"],
        .pullUS: ["items", "items.tags"],
        .rrList: ["list"],
    ]

    /// Whether `value` has an array at the member path `path` (arrays on the way are looked into).
    static func hasArray(_ value: JSONValue, at path: ArraySlice<Substring>) -> Bool {
        switch value {
        case .array(let a): return path.isEmpty || a.contains { hasArray($0, at: path) }
        case .object(let o):
            guard let key = path.first, let v = o[String(key)] else { return false }
            return hasArray(v, at: path.dropFirst())
        default: return false
        }
    }

    static func loadGet(_ v: Node, _ r: StrictYAMLReader) throws(LoadError) -> Get {
        if case .scalar = v { return Get(path: try r.string(v, "`get`")) }
        var g = Get(path: "")
        for f in try r.mapping(v, "`get`", allowed: ["path", "status", "jsonp", "body", "text", "label"]) {
            switch f.key {
            case "path": g.path = try r.string(f.value, "`path`")
            case "status": g.status = try r.integer(f.value, "`status`")
            case "jsonp": g.jsonp = try r.identifier(f.value, "`jsonp`")
            case "body": g.body = try r.scenarioValue(f.value)
            case "text": g.text = try r.string(f.value, "`text`")
            default: g.label = try r.identifier(f.value, "`label`")
            }
        }
        guard g.path.hasPrefix("/") else { throw r.error(v, "`get` needs a `path` starting with /") }
        return g
    }

    static func loadQuery(_ v: Node, _ r: StrictYAMLReader) throws(LoadError) -> Query {
        var q = Query(client: "", topic: Topic(""), target: "")
        var topicGiven = false
        var unordered: (node: Node, paths: [String])?
        for f in try r.mapping(v, "`query`", allowed: ["client", "topic", "target", "body", "bodyType", "status", "reply", "unordered"]) {
            switch f.key {
            case "client": q.client = try r.identifier(f.value, "`client`")
            case "topic":
                q.topic = Topic(try r.string(f.value, "`topic`"))
                topicGiven = true
            case "target": q.target = try r.string(f.value, "`target`")
            case "body": q.body = try r.scenarioValue(f.value)
            case "bodyType":
                let name = try r.string(f.value, "`bodyType`")
                guard BodyType(rawValue: name) != nil else { throw r.error(f.value, "`bodyType` \(name) is not a message of spec/rongcloud.proto") }
                q.bodyType = name
            case "status": q.status = UInt16(clamping: try r.integer(f.value, "`status`"))
            case "unordered": unordered = (f.value, try r.list(f.value, "`unordered`").map { n throws(LoadError) in try r.string(n, "an `unordered` path") })
            default:
                q.reply = try r.scenarioValue(f.value)
                q.checksReply = true
            }
        }
        if q.client.isEmpty || !topicGiven { throw r.error(v, "`query` needs `client` and `topic`") }
        if q.body != nil && q.bodyType == nil && BodyType.queryRequests[q.topic] == nil {
            throw r.error(v, "`query` topic \(q.topic) has no request type (spec/envelope.md ENV-BODY-002): give `bodyType`")
        }
        if let (node, paths) = unordered {
            let allowed = listsWithoutServiceOrder[q.topic] ?? []
            for path in paths {
                guard allowed.contains(path) else {
                    let which = allowed.isEmpty ? "it has none" : allowed.sorted().joined(separator: ", ")
                    throw r.error(node, "`unordered` \(path) is not a list \(q.topic) answers without the service's order (spec/peer.md PEER-ORDER-002; \(which))")
                }
                guard let reply = q.reply, hasArray(reply, at: path.split(separator: ".")[...]) else {
                    throw r.error(node, "`unordered` \(path) names no list of `reply`")
                }
            }
            q.unordered = Set(paths)
        }
        return q
    }

    static func loadPublish(_ v: Node, _ r: StrictYAMLReader) throws(LoadError) -> Publish {
        var p = Publish(client: "", topic: Topic(""), target: "", body: .null)
        var topicGiven = false, bodyGiven = false
        for f in try r.mapping(v, "`publish`", allowed: ["client", "topic", "target", "body", "bodyType", "status"]) {
            switch f.key {
            case "client": p.client = try r.identifier(f.value, "`client`")
            case "topic":
                p.topic = Topic(try r.string(f.value, "`topic`"))
                topicGiven = true
            case "target": p.target = try r.string(f.value, "`target`")
            case "body":
                p.body = try r.scenarioValue(f.value)
                bodyGiven = true
            case "bodyType":
                let name = try r.string(f.value, "`bodyType`")
                guard BodyType(rawValue: name) != nil else { throw r.error(f.value, "`bodyType` \(name) is not a message of spec/rongcloud.proto") }
                p.bodyType = name
            default: p.status = UInt16(clamping: try r.integer(f.value, "`status`"))
            }
        }
        if p.client.isEmpty || !topicGiven || !bodyGiven { throw r.error(v, "`publish` needs `client`, `topic` and `body`") }
        if p.bodyType == nil && BodyType.clientPublishBodies[p.topic] == nil {
            throw r.error(v, "`publish` topic \(p.topic) carries no body other than a message (spec/envelope.md ENV-BODY-002): give `bodyType`, or use `send`")
        }
        return p
    }
}
