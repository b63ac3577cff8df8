// Sources/RongPeer/Scenarios/ScenarioExecution+Requests.swift - running `get`, `query` and a connect through navigation

import RongCodec
import RongEnvelope

extension ScenarioExecution {
    /// `get`: an HTTP GET on the peer's port; checks the status, the text, the JSON (inside its
    /// JSONP callback) and remembers a navigation answer's `server`.
    func get(_ g: Scenario.Get) async throws {
        let path = substitute(g.path)
        let r = try await PeerHTTPClient.request(host: host, port: port, path: path, on: group)
        var text = String(decoding: r.body, as: UTF8.self)
        if r.status != g.status { throw fail("GET \(path): HTTP \(r.status), expected \(g.status): \(text.prefix(200))") }
        if let t = g.text, t != text { throw fail("GET \(path): body \(text.debugDescription), expected \(t.debugDescription)") }
        if let callback = g.jsonp {
            // Public cloud ends the call with `;`, private cloud without (ENGINE lines 4773-4776).
            guard text.hasPrefix(callback + "("), text.hasSuffix(")") || text.hasSuffix(");") else {
                throw fail("GET \(path): not a JSONP call of \(callback): \(text.prefix(200))")
            }
            text = String(text.dropFirst(callback.count + 1).dropLast(text.hasSuffix(");") ? 2 : 1))
        }
        guard g.body != nil || g.label != nil else { return }
        let json: JSONValue
        do throws(CodecError) {
            json = try JSONValue(parsing: Array(text.utf8))
        } catch {
            throw fail("GET \(path): the body is not JSON: \(error.reason)")
        }
        if let body = g.body, let m = match(resolve(body), json, path: "$") { throw fail("GET \(path): \(m)") }
        if let label = g.label {
            guard let server = json.objectValue?["server"]?.stringValue, !server.isEmpty else {
                throw fail("GET \(path): no `server` to remember as \(label)")
            }
            navigation[label] = server
        }
    }

    /// The WebSocket URL of a `connect`: the peer's, or the navigation answer's `server` after a
    /// `GET /ping` there answers 200, as ENGINE probes every server before it connects (lines
    /// 4191-4209).
    func connectURL(_ c: Scenario.Connect) async throws -> String {
        guard let label = c.navigation else { return wsURL }
        guard let server = navigation[label] else { throw fail("connect \(c.client): no navigation answer labelled \(label)") }
        guard let colon = server.lastIndex(of: ":"), let port = Int(server[server.index(after: colon)...]) else {
            throw fail("connect \(c.client): navigation server \(server) is not HOST:PORT")
        }
        var host = String(server[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let ping = try await PeerHTTPClient.request(host: host, port: port, path: "/ping?r=1234", on: group)
        if ping.status != 200 { throw fail("connect \(c.client): GET http://\(server)/ping answered \(ping.status), not 200") }
        return "ws://\(server)/websocket"
    }

    /// `query`: a QUERY with a body in the body JSON form; checks the QUERYACK's status and its
    /// body, decoded as the topic's reply type (an empty payload of a type without required
    /// fields is `{}`, as ENGINE reads it; a topic without a reply type gives `null` for no
    /// payload, `{"bodyHex": …}` otherwise).
    func query(_ q: Scenario.Query) async throws {
        var payload: [UInt8] = []
        if let body = q.body {
            let type = q.bodyType.flatMap(BodyType.init(rawValue:)) ?? BodyType.queryRequests[q.topic]!
            do throws(CodecError) {
                payload = try BodyJSON.payload(from: resolve(body), as: type)
            } catch {
                throw fail("query \(q.topic): the body is not a \(type): \(error.code): \(error.reason)")
            }
        }
        let ack = try await client(q.client).query(topic: q.topic, targetId: substitute(q.target), payload: payload)
        if ack.status != q.status { throw fail("query \(q.topic): QUERYACK status \(ack.status), expected \(q.status)") }
        guard q.checksReply, let expected = q.reply else { return }
        let actual: JSONValue
        if let type = BodyType.queryResponses[q.topic] {
            do throws(CodecError) {
                actual = try BodyJSON.json(of: ack.payload, as: type)
            } catch {
                throw fail("query \(q.topic): the reply is not a well-formed \(type): \(error.code): \(error.reason)")
            }
        } else {
            actual = ack.payload.isEmpty ? .null : ["bodyHex": .string(Hex.encode(ack.payload))]
        }
        if let m = match(resolve(expected), actual, path: "$", unordered: q.unordered) { throw fail("query \(q.topic): reply \(m)") }
    }

    /// `publish`: a client PUBLISH with a body that is not a message, in the body JSON form of the
    /// topic's type (or `bodyType`); checks the PUBACK's status.
    func publish(_ p: Scenario.Publish) async throws {
        let type = p.bodyType.flatMap(BodyType.init(rawValue:)) ?? BodyType.clientPublishBodies[p.topic]!
        let payload: [UInt8]
        do throws(CodecError) {
            payload = try BodyJSON.payload(from: resolve(p.body), as: type)
        } catch {
            throw fail("publish \(p.topic): the body is not a \(type): \(error.code): \(error.reason)")
        }
        guard let ack = try await client(p.client).publish(topic: p.topic, targetId: substitute(p.target), payload: payload) else {
            throw fail("publish \(p.topic): no PUBACK")
        }
        if ack.status != p.status { throw fail("publish \(p.topic): PUBACK status \(ack.status), expected \(p.status)") }
    }
}
