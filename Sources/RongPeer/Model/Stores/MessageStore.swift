// Sources/RongPeer/Model/Stores/MessageStore.swift - stored messages, inboxes, history, deletions, resends, expansion, modification and recall

import RongCodec
import RongEnvelope

/// The messages the peer keeps (PEER-MSG-*, PEER-PULL-*, PEER-HIST-*, PEER-EXP-*, PEER-RECALL-*,
/// PEER-UG-005): each stored message by UID, each user's inbox (received and sent entries, in time order) and
/// how far a device confirmed it, cloud history by conversation, what each user deleted or
/// cleared from their own history, the first answer to each send (so a resend gets it again),
/// and retention. The only writer of them.
struct MessageStore: Sendable {
    enum Direction: Sendable { case received, sent }

    struct InboxEntry: Sendable {
        var time: Int64
        var uid: String
        var direction: Direction
        /// The connection that sent it (sent entries only): it is not echoed back there.
        var origin: ConnectionID?
    }

    struct StoredMessage: Sendable {
        var uid: String
        var time: Int64
        var sender: String
        var type: ConversationType
        /// The receiver (private) or the group, chatroom or ultragroup id.
        var target: String
        var topic: Topic
        /// The body as the sender sent it.
        var up: UpStreamMessage
        var flag: PersistenceFlag
        var expansion: [String: String]?
        var recalled: Recall?
        var origin: ConnectionID
        /// Its content was replaced by a modification (`modifyMsg`, PEER-UG-005): served with
        /// `extStatus` bit 0x04.
        var modified = false

        var canIncludeExpansion: Bool { up.sessionId.contains(.canIncludeExpansion) }
        var disablesNotification: Bool { up.sessionId.disablesNotification }
        /// Its cloud history.
        var historyKey: HistoryKey { HistoryKey(type, sender: sender, target: target) }

        /// The conversation as `user` sees it: the other user of a private chat, else the target.
        func conversation(for user: String) -> ConversationKey {
            ConversationKey(type: type, target: type == .private && sender != user ? sender : target)
        }
    }

    struct Recall: Sendable {
        var operatorId: String
        var actionTime: Int64
    }

    struct SendResult: Sendable {
        var uid: String
        var time: Int64
    }

    /// Messages stored between two compactions.
    static let compactionInterval = 20_000
    /// Clock time between two compactions when anything was stored: a slow, steady stream (a
    /// long soak at 50 messages a second) reaches a steady store instead of 20,000 messages
    /// past its retention.
    static let compactionPeriod: Int64 = 60_000
    /// Keys an expansion holds at most; more are dropped (000:9247-9248).
    static let maxExpansionKeys = 300

    private(set) var messages: [String: StoredMessage] = [:]
    private(set) var inboxes: [String: [InboxEntry]] = [:]
    /// Per user: the highest inbox time a device confirmed (pull request or QUERYCON).
    private(set) var delivered: [String: Int64] = [:]
    /// Cloud history: UIDs in time order.
    private(set) var history: [HistoryKey: [String]] = [:]
    /// Per user: messages deleted from their cloud history (`delMsg`); other users' history keeps
    /// them.
    private(set) var deletedFromHistory: [String: Set<String>] = [:]
    /// Per user and history: the time up to which the user cleared it (`clean…Msg`).
    private(set) var historyClearedUpTo: [String: [HistoryKey: Int64]] = [:]
    /// The first answer to each send, so a resend after a lost PUBACK is idempotent.
    private(set) var resends: [ResendKey: SendResult] = [:]
    private var storedSinceCompaction = 0
    private var lastCompaction: Int64?
    /// Chatroom messages' DownStreamMessage payloads as every member but the sender gets them,
    /// encoded at the first pull and shared by the rest (a live room's thousand members pull
    /// every message). Every change to a message drops its entry.
    private var sharedPayloads: [String: [UInt8]] = [:]

    subscript(_ uid: String) -> StoredMessage? { messages[uid] }

    /// The payload a chatroom pull shares for `uid`, if one was made since it last changed.
    func sharedPayload(_ uid: String) -> [UInt8]? { sharedPayloads[uid] }

    /// Keeps the shared payload of `uid` (a message the store holds).
    mutating func share(_ payload: [UInt8], for uid: String) {
        if messages[uid] != nil { sharedPayloads[uid] = payload }
    }

    // MARK: Storing

    /// Keeps a message (a new one, or a change of one: expansion, recall).
    mutating func store(_ m: StoredMessage) {
        messages[m.uid] = m
        sharedPayloads[m.uid] = nil
    }

    /// Counts a published message at `t`; true when the store is due for ``compact(now:_:)``:
    /// ``compactionInterval`` messages, or ``compactionPeriod`` of the clock, since the last.
    mutating func countForCompaction(at t: Int64) -> Bool {
        storedSinceCompaction += 1
        if lastCompaction == nil { lastCompaction = t }
        return storedSinceCompaction >= Self.compactionInterval || t - lastCompaction! >= Self.compactionPeriod
    }

    /// An entry at the end of the user's inbox (entries arrive in time order).
    mutating func appendToInbox(_ user: String, _ entry: InboxEntry) {
        inboxes[user, default: []].append(entry)
    }

    /// A message at the end of its history.
    mutating func appendToHistory(_ key: HistoryKey, uid: String) {
        history[key, default: []].append(uid)
    }

    /// A device of `user` confirmed its inbox up to `t`.
    mutating func confirmDelivered(user: String, upTo t: Int64) {
        if t > delivered[user, default: 0] { delivered[user] = t }
    }

    // MARK: Resends (PEER-MSG-005)

    /// The first answer to a send, if it was answered.
    func firstResult(of key: ResendKey) -> SendResult? { resends[key] }

    /// Remembers the answer to a send.
    mutating func remember(_ key: ResendKey, uid: String, time: Int64) {
        resends[key] = SendResult(uid: uid, time: time)
    }

    // MARK: Expansion (PEER-EXP-*)

    /// Why an expansion update is refused (22203: more than 20 keys, a key not 1-32 characters of
    /// `[A-Za-z0-9+=_-]`, a value over 4,096 characters), or nil.
    static func expansionRefusal(put: [(key: String, value: String)]) -> String? {
        if put.count > 20 { return "\(put.count) keys in one update (at most 20)" }
        for (k, v) in put {
            let keyOK = !k.isEmpty && k.utf8.count <= 32 && k.utf8.allSatisfy { c in
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2B || c == 0x3D || c == 0x5F || c == 0x2D
            }
            if !keyOK { return "expansion key `\(k)` is not 1-32 of [A-Za-z0-9+=_-]" }
            if v.count > 4096 { return "expansion value of `\(k)` is over 4096 characters" }
        }
        return nil
    }

    /// Applies an update to the stored expansion of `uid`: everything goes with `clear`, then the
    /// `delete`d keys, then `put`; keys beyond ``maxExpansionKeys`` are dropped. Returns how many.
    mutating func expand(_ uid: String, clear: Bool, delete: [String], put: [(key: String, value: String)]) -> Int {
        guard var m = messages[uid] else { return 0 }
        var exp = m.expansion ?? [:]
        if clear { exp = [:] }
        for k in delete { exp[k] = nil }
        var dropped = 0
        for (k, v) in put {
            // Concurrent writers can push past 300; the excess is dropped (000:9247-9248).
            if exp[k] == nil && exp.count >= Self.maxExpansionKeys {
                dropped += 1
                continue
            }
            exp[k] = v
        }
        m.expansion = exp
        messages[uid] = m
        sharedPayloads[uid] = nil
        return dropped
    }

    // MARK: Modification (PEER-UG-005)

    /// Replaces the content of `uid` (its object name stays) and marks it modified.
    mutating func modify(_ uid: String, content: [UInt8]) {
        messages[uid]?.up.content = content
        messages[uid]?.modified = true
        sharedPayloads[uid] = nil
    }

    // MARK: Recall (PEER-RECALL-*)

    /// Marks a message recalled by `operatorId` at `time`; it is served as RC:RcNtf from now on.
    mutating func markRecalled(_ uid: String, by operatorId: String, at time: Int64) {
        messages[uid]?.recalled = Recall(operatorId: operatorId, actionTime: time)
        sharedPayloads[uid] = nil
    }

    // MARK: A user's own history (PEER-HIST-003)

    /// `delMsg`: the messages leave `user`'s history; only messages the peer holds are remembered.
    mutating func deleteFromHistory(user: String, uids: [String]) {
        for uid in uids where messages[uid] != nil {
            deletedFromHistory[user, default: []].insert(uid)
        }
    }

    /// `clean…Msg`: `user`'s history under `key` loses every message at or before `time`; only
    /// a history the peer holds is remembered.
    mutating func clearHistory(user: String, _ key: HistoryKey, upTo time: Int64) {
        guard history[key] != nil else { return }
        historyClearedUpTo[user, default: [:]][key] = max(historyClearedUpTo[user]?[key] ?? 0, time)
    }

    /// Whether `m` is still in `user`'s history under `key` (not deleted, not cleared).
    func isInHistory(_ m: StoredMessage, of user: String, key: HistoryKey) -> Bool {
        if deletedFromHistory[user]?.contains(m.uid) == true { return false }
        if let cleared = historyClearedUpTo[user]?[key], m.time <= cleared { return false }
        return true
    }

    // MARK: Retention

    /// How long `key`'s history keeps a message, in ms.
    static func retention(of key: HistoryKey, _ app: PeerFixture.AppSettings) -> Int64 {
        switch key.type {
        case .chatroom: app.chatroomHistoryRetention.milliseconds
        case .ultragroup: app.ultragroupRetention.milliseconds
        default: app.historyRetention.milliseconds
        }
    }

    /// Drops what retention has expired at `now`: inbox entries older than the offline period,
    /// history older than its period, messages nothing refers to any more, and answers to sends
    /// older than the offline period.
    mutating func compact(now t: Int64, _ app: PeerFixture.AppSettings) {
        let offlineCut = t - app.offlineRetention.milliseconds
        for user in inboxes.keys {
            let n = inboxes[user]!.prefix { $0.time < offlineCut }.count
            if n > 0 { inboxes[user]!.removeFirst(n) }
        }
        for key in history.keys {
            let cut = t - Self.retention(of: key, app)
            let n = history[key]!.prefix { (messages[$0]?.time ?? 0) < cut }.count
            if n > 0 { history[key]!.removeFirst(n) }
        }
        let longest = max(app.offlineRetention, app.historyRetention, app.chatroomHistoryRetention, app.ultragroupRetention).milliseconds
        messages = messages.filter { $0.value.time >= t - longest }
        sharedPayloads = sharedPayloads.filter { messages[$0.key] != nil }
        resends = resends.filter { $0.value.time >= offlineCut }
        storedSinceCompaction = 0
        lastCompaction = t
    }
}
