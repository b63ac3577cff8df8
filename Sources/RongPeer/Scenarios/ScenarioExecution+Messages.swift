// Sources/RongPeer/Scenarios/ScenarioExecution+Messages.swift - the steps that send: messages, recalls, history queries

import RongCodec
import RongEnvelope

extension ScenarioExecution {
    func send(_ s: Scenario.Send) async throws {
        let c = try client(s.client)
        let contentValue = resolve(s.content)
        let bytes = try contentValue.canonicalBytes()
        var m = OutboundMessage(s.type, targetId: s.to, objectName: s.objectName, contentBytes: bytes)
        m.channelId = s.channel
        let registered = ContentRegistry.builtIn.type(for: s.objectName)?.persistence
        m.persistence = s.flag ?? registered ?? .isCounted
        m.topic = s.topic
        m.pushContent = s.pushContent
        m.pushData = s.pushData
        m.isMentioned = s.mentioned ?? (contentValue.objectValue?["mentionedInfo"] != nil)
        m.disableNotification = s.disableNotification
        m.canIncludeExpansion = s.canIncludeExpansion
        m.expansion = s.expansion
        m.directedUserIds = s.directed
        m.clientUniqueId = s.clientUniqueId
        for _ in 1..<s.count { _ = try await c.send(m) }
        let result = try await c.send(m)
        if s.expectNoAck || !m.expectsAck {
            if result != nil { throw fail("send: a PUBACK came for a message that gets none") }
            return
        }
        guard let r = result else { throw fail("send: no PUBACK") }
        let want = s.status ?? 0
        if r.status != want { throw fail("send \(s.objectName) to \(s.to): PUBACK status \(r.status), expected \(want)") }
        if r.status == 0 {
            if let same = s.sameAs {
                guard let l = labels[same] else { throw fail("no message labelled `\(same)`") }
                if l.uid != r.messageUId || l.time != r.sentTime {
                    throw fail("resend: PUBACK \(r.messageUId) at \(r.sentTime), expected \(l.uid) at \(l.time) (the first send's)")
                }
            } else {
                try checkNewMessage(r)
            }
            if let label = s.label {
                labels[label] = Label(uid: r.messageUId, time: r.sentTime, type: s.type, target: s.to, sender: clientUser[s.client] ?? s.client)
            }
        }
    }

    /// Invariants of every accepted message (PEER-MSG-002, PEER-MSG-003): a well-formed UID never
    /// seen before, a sent time after every earlier one.
    func checkNewMessage(_ r: PeerSendResult) throws {
        guard MessageUIDAllocator.isWellFormed(r.messageUId) else { throw fail("PUBACK messageUId `\(r.messageUId)` is not XXXX-XXXX-XXXX-XXXX") }
        guard seenUIDs.insert(r.messageUId).inserted else { throw fail("PUBACK messageUId \(r.messageUId) was used before") }
        guard r.sentTime > lastSentTime else { throw fail("PUBACK sent time \(r.sentTime) is not after the previous \(lastSentTime)") }
        lastSentTime = r.sentTime
    }

    func recall(_ r: Scenario.Recall) async throws {
        let c = try client(r.client)
        guard let original = labels[r.message] else { throw fail("no message labelled `\(r.message)`") }
        let me = clientUser[r.client] ?? r.client
        // The target as the recaller sees the conversation.
        let target = original.type == .private && original.sender != me ? original.sender : original.target
        var cmd = RecallCommandMessage(messageUId: original.uid)
        cmd.conversationType = original.type.rawValue
        cmd.targetId = target
        cmd.sentTime = original.time
        // Sent with RC:RcCmd's own flag, NONE, as ENGINE and RongCloud's 2025 SDK send it.
        var m = OutboundMessage(original.type, targetId: me, content: cmd)
        m.topic = .recallMsg
        guard let result = try await c.send(m) else { throw fail("recall: no PUBACK") }
        if result.status != r.status { throw fail("recall \(r.message): PUBACK status \(result.status), expected \(r.status)") }
        if result.status == 0 { try checkNewMessage(result) }
        if let label = r.label, result.status == 0 {
            labels[label] = Label(uid: result.messageUId, time: result.sentTime, type: original.type, target: target, sender: me)
        }
    }

    func history(_ h: Scenario.History) async throws {
        let c = try client(h.client)
        var time: Int64 = 0
        if let t = h.time {
            guard let n = resolve(t).numberValue?.int64Value else { throw fail("history `time` must be a number or ${label.time}") }
            time = n
        }
        let r = try await c.history(topic: h.topic, targetId: h.target, time: time, count: h.count, order: h.order)
        if r.status != h.status { throw fail("\(h.topic) \(h.target): status \(r.status), expected \(h.status)") }
        if let want = h.messages {
            let views = r.messages.map { Self.view($0, content: PeerReceivedMessage(message: $0, via: .pull).content, via: "history") }
            if let m = match(.array(want.map(resolve)), .array(views), path: "history") { throw fail(m) }
        }
        if let more = h.hasMore, more != r.hasMore { throw fail("\(h.topic): hasMore \(r.hasMore), expected \(more)") }
    }
}
