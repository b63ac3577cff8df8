// Sources/RongPeer/Client/ClientStateMachine+Sync.swift - catching up: the inbox pull, chatroom pulls, the ultragroup pull

import RongCodec
import RongEnvelope

extension ClientStateMachine {
    /// Pulls until the server says `finished` (and again if a notification came meanwhile); the
    /// waiter is answered then.
    mutating func pullUntilIdle(now: UInt64) -> (token: RequestToken, actions: [ClientAction]) {
        let token = newToken()
        pullWaiters.append(token)
        return (token, startPull(now: now))
    }

    /// Starts the pull loop, or marks it to go round once more if it runs.
    mutating func startPull(now: UInt64) -> [ClientAction] {
        lastPull = now
        if pulling {
            pullAgain = true
            return []
        }
        pulling = true
        pullAgain = false
        return sendPull(now: now)
    }

    private mutating func sendPull(now: UInt64) -> [ClientAction] {
        let body = ClientQueryBodies.pull(syncTime: inboxCursor, pullSent: options.pullSent, sendBoxSyncTime: sendCursor)
        return startQuery(.pull, topic: .pullMsg, targetId: userId, payload: body, now: now).actions
    }

    /// A `pullMsg` answer: take the messages, then pull again or finish.
    mutating func pullAnswered(_ result: Result<QueryAnswer, PeerClientError>, now: UInt64) -> [ClientAction] {
        var actions: [ClientAction] = []
        var finished = true
        switch result {
        case .success(let ack):
            if ack.status == 0 { finished = acceptPull(ack.payload, &actions) }
        case .failure(let error):
            pulling = false
            return answerPullWaiters(.failure(error))
        }
        if !finished || pullAgain {
            pullAgain = false
            return actions + sendPull(now: now)
        }
        pulling = false
        return actions + answerPullWaiters(.success(()))
    }

    private mutating func answerPullWaiters(_ result: Result<Void, PeerClientError>) -> [ClientAction] {
        let waiters = pullWaiters
        pullWaiters = []
        return waiters.map { .waiterAnswered($0, result) }
    }

    /// Takes a `pullMsg` reply; returns `finished`.
    private mutating func acceptPull(_ payload: [UInt8], _ actions: inout [ClientAction]) -> Bool {
        guard let list = try? DownStreamMessages.decode(payload) else { return true }
        for d in list.list {
            if d.direction == 1 { sendCursor = max(sendCursor, d.dataTime) }
            accept(d, via: .pull, &actions)
        }
        inboxCursor = max(inboxCursor, list.syncTime)
        return list.finished ?? true
    }

    /// Pulls a chatroom after its notification, or marks a running pull to go round again.
    mutating func chatroomPull(_ room: String, now: UInt64) -> [ClientAction] {
        if chatroomPulling[room] != nil {
            chatroomPulling[room] = true
            return []
        }
        chatroomPulling[room] = false
        let body = ClientQueryBodies.chatroomPull(syncTime: chatroomCursors[room] ?? 0, count: 0)
        return startQuery(.chatroomPull(room), topic: .chrmPull, targetId: room, payload: body, now: now).actions
    }

    mutating func chatroomPullAnswered(room: String, _ result: Result<QueryAnswer, PeerClientError>, now: UInt64) -> [ClientAction] {
        var actions: [ClientAction] = []
        var finished = true
        if case .success(let ack) = result, ack.status == 0 { finished = acceptChatroomPull(room: room, payload: ack.payload, &actions) }
        let again = chatroomPulling[room] == true
        chatroomPulling[room] = nil
        if case .success = result, !finished || again { actions += chatroomPull(room, now: now) }
        return actions
    }

    /// The history asked for on joining a chatroom (a `chrmPull` reply).
    mutating func chatroomHistory(room: String, payload: [UInt8]) -> [ClientAction] {
        var actions: [ClientAction] = []
        acceptChatroomPull(room: room, payload: payload, &actions)
        return actions
    }

    /// Takes a `chrmPull` reply; returns `finished`.
    @discardableResult
    mutating func acceptChatroomPull(room: String, payload: [UInt8], _ actions: inout [ClientAction]) -> Bool {
        guard let list = try? DownStreamMessages.decode(payload) else { return true }
        for d in list.list { accept(d, via: .chatroomPull, &actions) }
        chatroomCursors[room] = max(chatroomCursors[room] ?? 0, list.syncTime)
        return list.finished ?? true
    }
}

extension ClientStateMachine {
    /// Starts the ultragroup pull loop (`pullUgMsg` from the cursor; `online`: with 0, the pull
    /// at connect), or marks a running one to go round once more.
    mutating func startUltragroupPull(online: Bool, now: UInt64) -> [ClientAction] {
        if ultragroupPulling {
            ultragroupPullAgain = true
            return []
        }
        ultragroupPulling = true
        ultragroupPullAgain = false
        let body = ClientQueryBodies.ultragroupPull(syncTime: online ? 0 : ultragroupCursor)
        return startQuery(.ultragroupPull(online: online), topic: .pullUgMsg, targetId: userId, payload: body, now: now).actions
    }

    /// A `pullUgMsg` answer: the messages (none from the online pull), the cursor, then again
    /// while not `finished` or an `s_cmd` 6 came meanwhile.
    mutating func ultragroupPullAnswered(_ result: Result<QueryAnswer, PeerClientError>, online: Bool, now: UInt64) -> [ClientAction] {
        ultragroupPulling = false
        guard case .success(let ack) = result, ack.status == 0, let list = try? DownStreamMessages.decode(ack.payload) else { return [] }
        var actions: [ClientAction] = []
        if !online {
            for d in list.list { accept(d, via: .ultragroupPull, &actions) }
        }
        ultragroupCursor = max(ultragroupCursor, list.syncTime)
        if !(list.finished ?? true) || ultragroupPullAgain { actions += startUltragroupPull(online: false, now: now) }
        return actions
    }
}
