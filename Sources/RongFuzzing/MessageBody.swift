// Sources/RongFuzzing/MessageBody.swift - the whole-message target

import RongCodec
import RongEnvelope

/// Whole messages, from a server packet: a PUBLISH is a received message, a QUERYACK the answer
/// to `pullMsg` (a pull result). For every message that decodes:
///
/// - its JSON form can be written, and reads back as the same JSON value;
/// - its content re-encodes canonically and decodes to the same value (typed content), or
///   belongs to no registered type (unknown content); its expansion re-encodes to the same map;
/// - it agrees with the packet JSON form's body (`classname`, `$content`, and for `s_msg`
///   `fromUserId`, `dataTime`, `msgId`);
/// - an echoed own message (UpStreamMessage on a publish topic) sent again through
///   ``OutboundMessage`` and received again is the same message (the flag bits normalized by
///   FLAG-001/FLAG-007, the objectName canonical).
///
/// A pull result's message count matches its `list`, and its JSON form reads back the same.
/// Every error is a code the step may throw, with an offset inside the input and a JSON path.
enum MessageBody {
    static let unlimited = DecodingOptions(maxContentBytes: .max, maxDepth: DecodingOptions.maximumDepthLimit)

    static func check(_ data: [UInt8]) -> [String] {
        let packet: Packet
        do throws(CodecError) {
            packet = try Packet.decode(data, from: .server)
        } catch {
            return error.problems(allowed: ErrorCodes.packet, inputCount: data.count, what: "server packet")
        }
        if case .queryAck(let ack) = packet.body { return pull(ack.payload, inputCount: data.count) }
        let message: InboundMessage
        do throws(CodecError) {
            message = try InboundMessage(packet: packet, currentUserId: "me")
        } catch {
            var violations = error.problems(allowed: ErrorCodes.message, inputCount: data.count, what: "message")
            if error.code == .notAMessage, case .serverPublish(let p) = packet.body,
                [BodyType.downStreamMessage, .upStreamMessage].contains(BodyType.serverPublish(topic: p.topic))
            {
                violations.append("message: a \(p.topic.text) PUBLISH is notAMessage")
            }
            return violations
        }
        var violations = checks(message, inputCount: data.count, what: "message")
        violations += agreesWithPacketJSON(message, packet)
        if case .serverPublish(let p) = packet.body, BodyType.serverPublish(topic: p.topic) == .upStreamMessage {
            violations += echoRoundTrip(message, packet, p)
        }
        return violations
    }

    // MARK: One message

    static func checks(_ m: InboundMessage, inputCount: Int, what: String) -> [String] {
        var violations: [String] = []
        do throws(CodecError) {
            violations += stable(try m.jsonValue(), what: what)
        } catch {
            violations.append("\(what): decoded, but its JSON form fails: \(error)")
        }
        switch m.content {
        case .typed(let c):
            violations += ContentBody.roundTrip(c.base).map { "\(what) content: \($0)" }
        case .unknown(let u):
            if ContentRegistry.builtIn.type(for: u.objectName) != nil {
                violations.append("\(what): content of the registered \(u.objectName) kept as unknown bytes")
            }
        }
        if let expansion = m.expansion {
            do throws(CodecError) {
                let again = try MessageExpansion.decode(try MessageExpansion.encode(expansion))
                if again != expansion { violations.append("\(what): the expansion re-encodes to a different map") }
            } catch {
                violations.append("\(what): the expansion does not re-encode: \(error)")
            }
        }
        return violations
    }

    /// A JSON value written and read back is the same value.
    static func stable(_ json: JSONValue, what: String) -> [String] {
        do throws(CodecError) {
            let text = try json.canonicalBytes()
            if try JSONValue(parsing: text, options: unlimited) != json { return ["\(what): its JSON form reads back differently"] }
            return []
        } catch {
            return ["\(what): its JSON form cannot be written and read back: \(error)"]
        }
    }

    /// The message and the packet JSON form (decoded body) say the same thing.
    static func agreesWithPacketJSON(_ m: InboundMessage, _ packet: Packet) -> [String] {
        let json: JSONValue
        do throws(CodecError) {
            json = try packet.jsonValue()
        } catch {
            return ["message: decodes, but the packet JSON form fails: \(error)"]
        }
        guard case .object(let o) = json, case .object(let body)? = o["body"] else {
            return ["message: decodes, but the packet JSON form has no body"]
        }
        var violations: [String] = []
        if body["classname"] != .string(m.objectName) { violations.append("message: objectName differs from the body's classname") }
        if case .serverPublish(let p) = packet.body, p.topic == .s_msg {
            if body["fromUserId"] != .string(m.senderUserId) { violations.append("message: senderUserId differs from fromUserId") }
            if body["dataTime"] != .number(JSONNumber(m.sentTime)) { violations.append("message: sentTime differs from dataTime") }
            if body["msgId"] != m.messageUId.map({ .string($0) }) { violations.append("message: messageUId differs from msgId") }
        }
        let messageJSON: JSONValue
        do throws(CodecError) {
            messageJSON = try m.jsonValue()
        } catch {
            return violations  // checks(_:inputCount:what:) reports this failure
        }
        if case .object(let summary)? = body["$content"], case .object(let mo) = messageJSON {
            if let value = summary["value"] {
                if mo["content"] != value { violations.append("message: content differs from the body's $content value") }
            } else if case .typed = m.content {
                violations.append("message: typed content decodes, but the body's $content has an error")
            }
        }
        return violations
    }

    /// An echoed own message, sent again with ``OutboundMessage`` and received again.
    static func echoRoundTrip(_ m: InboundMessage, _ packet: Packet, _ p: Packet.ServerPublish) -> [String] {
        var out = OutboundMessage(m.conversationType, targetId: m.targetId, objectName: m.objectName, contentBytes: [], persistence: m.persistence)
        out.content = m.content
        out.channelId = m.channelId
        out.isMentioned = m.isMentioned
        out.disableNotification = m.isSilent
        out.canIncludeExpansion = m.canIncludeExpansion
        out.expansion = m.expansion
        out.pushContent = m.pushContent
        out.pushData = m.pushData
        out.directedUserIds = m.directedUserIds
        out.clientUniqueId = m.clientUniqueId
        out.topic = p.topic
        let again: InboundMessage
        do throws(CodecError) {
            guard case .publish(let sent) = try out.packet(messageId: p.messageId).body else {
                return ["echo: OutboundMessage did not make a PUBLISH"]
            }
            let received = Packet.ServerPublish(date: p.date, topic: p.topic, targetId: p.targetId, messageId: p.messageId, payload: sent.payload)
            again = try InboundMessage(packet: Packet(.serverPublish(received), dup: packet.dup, qos: packet.qos, retain: packet.retain), currentUserId: "me")
        } catch {
            // Canonical content may be longer than the input's, past the 131,072-byte limit.
            if error.code == .sizeLimit { return [] }
            return ["echo: sending the message again fails: \(error)"]
        }
        var expected = m
        expected.objectName = m.content.objectName
        let kept: StatusBits = [.mentioned, .disableNotification, .canIncludeExpansion]
        expected.status = StatusBits(flag: m.persistence).union(m.status.intersection(kept))
        if m.expansion != nil { expected.status.insert(.canIncludeExpansion) }
        if again != expected {
            return ["echo: sent again and received, the message differs: \(diff(expected, again))"]
        }
        return []
    }

    static func diff(_ a: InboundMessage, _ b: InboundMessage) -> String {
        let pairs: [(String, Bool)] = [
            ("conversationType", a.conversationType == b.conversationType), ("targetId", a.targetId == b.targetId),
            ("senderUserId", a.senderUserId == b.senderUserId), ("channelId", a.channelId == b.channelId),
            ("objectName", a.objectName == b.objectName), ("content", a.content == b.content), ("messageUId", a.messageUId == b.messageUId),
            ("sentTime", a.sentTime == b.sentTime), ("direction", a.direction == b.direction), ("status", a.status == b.status),
            ("persistence", a.persistence == b.persistence), ("expansion", a.expansion == b.expansion),
            ("pushContent", a.pushContent == b.pushContent), ("pushData", a.pushData == b.pushData),
            ("directedUserIds", a.directedUserIds == b.directedUserIds), ("clientUniqueId", a.clientUniqueId == b.clientUniqueId),
            ("isSyncMessage", a.isSyncMessage == b.isSyncMessage),
        ]
        return pairs.filter { !$0.1 }.map(\.0).joined(separator: ", ")
    }

    // MARK: Pull results

    static func pull(_ payload: [UInt8], inputCount: Int) -> [String] {
        let page: InboundMessage.PullResult
        do throws(CodecError) {
            page = try InboundMessage.pullResult(payload)
        } catch {
            var violations = error.problems(allowed: ErrorCodes.payload, inputCount: inputCount, what: "pull result")
            do throws(CodecError) {
                try BodyJSON.validate(payload, as: .downStreamMessages)
                violations.append("pull result: fails with \(error.code), but the payload parses as DownStreamMessages")
            } catch let parsing {
                if parsing.code != error.code {
                    violations.append("pull result: fails with \(error.code), parsing the payload with \(parsing.code)")
                }
            }
            return violations
        }
        var violations = stable(page.jsonValue(), what: "pull result")
        do throws(CodecError) {
            let body = try BodyJSON.json(of: payload, as: .downStreamMessages)
            let listed = body.objectValue?["list"]?.arrayValue?.count ?? 0
            if listed != page.messages.count {
                violations.append("pull result: \(page.messages.count) messages for \(listed) in the list")
            }
        } catch {
            violations.append("pull result: decodes, but the body JSON of the payload fails: \(error)")
        }
        for (i, r) in page.messages.enumerated() {
            switch r {
            case .success(let m):
                violations += checks(m, inputCount: inputCount, what: "pull result message \(i)")
            case .failure(let e):
                violations += e.problems(allowed: ErrorCodes.message, inputCount: inputCount, what: "pull result message \(i)")
            }
        }
        return violations
    }
}
