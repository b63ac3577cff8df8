// Sources/RongPeer/Client/ClientStateMachine+Requests.swift - PUBLISH, QUERY, PINGREQ: ids, resends, timeouts

import RongCodec
import RongEnvelope

extension ClientStateMachine {
    /// A PUBLISH; with `expectAck` its answer is the server's PUBACK, else nil at once.
    mutating func publish(topic: Topic, targetId: String, payload: [UInt8], expectAck: Bool, now: UInt64)
        -> (token: RequestToken, actions: [ClientAction])
    {
        let token = newToken()
        guard acceptsRequests else { return (token, [.publishAnswered(token, .failure(.disconnected(disconnectStatus)))]) }
        let id = ids.next()
        var actions: [ClientAction] = []
        if expectAck {
            pendingPublishes[id] = PendingPublish(token: token, topic: topic, targetId: targetId, payload: payload, sentAt: now)
            if let ms = options.requestTimeoutMillis { actions.append(.armRequestTimeout(.publish(id: id, token: token), afterMillis: ms)) }
        } else {
            actions.append(.publishAnswered(token, .success(nil)))
        }
        if isConnected {
            actions.append(.write(Self.publishPacket(id, topic: topic, targetId: targetId, payload: payload)))
        }
        return (token, actions)
    }

    /// A caller's QUERY; its answer is the QUERYACK's status and payload.
    mutating func query(topic: Topic, targetId: String, payload: [UInt8], now: UInt64) -> (token: RequestToken, actions: [ClientAction]) {
        startQuery(.caller, topic: topic, targetId: targetId, payload: payload, now: now)
    }

    /// A QUERY for `owner`: numbered, kept until its QUERYACK, sent now if connected (else on
    /// the next connection).
    mutating func startQuery(_ owner: QueryOwner, topic: Topic, targetId: String, payload: [UInt8], now: UInt64)
        -> (token: RequestToken, actions: [ClientAction])
    {
        let token = newToken()
        let query = PendingQuery(token: token, owner: owner, topic: topic, targetId: targetId, payload: payload, sentAt: now)
        guard acceptsRequests else { return (token, queryFinished(query, .failure(.disconnected(disconnectStatus)), now: now)) }
        let id = ids.next()
        pendingQueries[id] = query
        var actions: [ClientAction] = []
        if let ms = options.requestTimeoutMillis { actions.append(.armRequestTimeout(.query(id: id, token: token), afterMillis: ms)) }
        if isConnected { actions.append(.write(queryPacket(id))) }
        return (token, actions)
    }

    /// A QUERY is over: its owner learns the answer (or why none came).
    mutating func queryFinished(_ query: PendingQuery, _ result: Result<QueryAnswer, PeerClientError>, now: UInt64) -> [ClientAction] {
        switch query.owner {
        case .caller: [.queryAnswered(query.token, result)]
        case .pull: pullAnswered(result, now: now)
        case .chatroomPull(let room): chatroomPullAnswered(room: room, result, now: now)
        case .rejoin: []
        case .ultragroupPull(let online): ultragroupPullAnswered(result, online: online, now: now)
        }
    }

    /// Sends PINGREQ; the waiter is answered by the next PINGRESP.
    mutating func ping(now: UInt64) -> (token: RequestToken, actions: [ClientAction]) {
        let token = newToken()
        guard isConnected else { return (token, [.waiterAnswered(token, .failure(.disconnected(disconnectStatus)))]) }
        pingWaiters.append(token)
        lastPing = now
        return (token, [.write(Packet(.pingReq))])
    }

    /// No PINGRESP in time: every ping waiting fails.
    mutating func pingTimedOut() -> [ClientAction] {
        let waiters = pingWaiters
        pingWaiters = []
        return waiters.map { .waiterAnswered($0, .failure(.timeout("PINGRESP"))) }
    }

    /// A request still pending after ``PeerClientOptions/requestTimeoutMillis`` fails (unless
    /// its id now belongs to a later request).
    mutating func requestTimedOut(_ timeout: RequestTimeout) -> [ClientAction] {
        switch timeout {
        case .publish(let id, let token):
            guard let p = pendingPublishes[id], p.token == token else { return [] }
            pendingPublishes[id] = nil
            return [.publishAnswered(token, .failure(.timeout("PUBACK of \(p.topic)")))]
        case .query(let id, let token):
            guard let q = pendingQueries[id], q.token == token else { return [] }
            pendingQueries[id] = nil
            return queryFinished(q, .failure(.timeout("QUERYACK of \(q.topic)")), now: 0)
        }
    }

    /// The timer: resend what waited too long, poll, ping.
    mutating func tick(now: UInt64) -> [ClientAction] {
        guard isConnected else { return [] }
        var actions: [ClientAction] = []
        if let retry = options.retryMillis {
            let limit = UInt64(retry) * 1_000_000
            for id in pendingPublishes.keys.sorted() where now &- pendingPublishes[id]!.sentAt > limit {
                pendingPublishes[id]!.sentAt = now
                actions.append(.write(publishPacket(id)))
            }
            for id in pendingQueries.keys.sorted() where now &- pendingQueries[id]!.sentAt > limit {
                pendingQueries[id]!.sentAt = now
                actions.append(.write(queryPacket(id)))
            }
        }
        if let poll = options.pollMillis, now &- lastPull > UInt64(poll) * 1_000_000 {
            actions += startPull(now: now)
            // A lost `s_ntf` type 2 would leave a room unpulled until its next message.
            for room in joinedChatrooms.sorted() { actions += chatroomPull(room, now: now) }
        }
        if let ping = options.pingMillis, now &- lastPing > UInt64(ping) * 1_000_000 {
            lastPing = now
            actions.append(.write(Packet(.pingReq)))
        }
        return actions
    }

    /// The PUBLISH of a pending request (a resend keeps its id and payload).
    func publishPacket(_ id: UInt16) -> Packet {
        let p = pendingPublishes[id]!
        return Self.publishPacket(id, topic: p.topic, targetId: p.targetId, payload: p.payload)
    }

    static func publishPacket(_ id: UInt16, topic: Topic, targetId: String, payload: [UInt8]) -> Packet {
        Packet(.publish(.init(topic: topic, targetId: RMTPString(targetId), messageId: id, payload: payload)), qos: .atLeastOnce)
    }

    /// The QUERY of a pending request.
    func queryPacket(_ id: UInt16) -> Packet {
        let q = pendingQueries[id]!
        // pullMsg goes with QoS 0, as VILLA sends it (and pullUgMsg as 5.7.2 does); other
        // queries with QoS 1.
        let qos: QoS = q.topic == .pullMsg || q.topic == .chrmPull || q.topic == .pullUgMsg ? .atMostOnce : .atLeastOnce
        return Packet(.query(.init(topic: q.topic, targetId: RMTPString(q.targetId), messageId: id, payload: q.payload)), qos: qos)
    }
}
