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
        for f in try r.mapping(v, "`query`", allowed: ["client", "topic", "target", "body", "bodyType", "status", "reply"]) {
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
            default:
                q.reply = try r.scenarioValue(f.value)
                q.checksReply = true
            }
        }
        if q.client.isEmpty || !topicGiven { throw r.error(v, "`query` needs `client` and `topic`") }
        if q.body != nil && q.bodyType == nil && BodyType.queryRequests[q.topic] == nil {
            throw r.error(v, "`query` topic \(q.topic) has no request type (spec/envelope.md ENV-BODY-002): give `bodyType`")
        }
        return q
    }
}
