// Sources/RongPeer/Model/Stores/ConversationStore.swift - per user: unread counts, receipts, kept states, tags, removed conversations

/// What each user keeps about their conversations (PEER-UNREAD-*, PEER-RECEIPT-*,
/// PEER-QUERY-002, PEER-CONV-*): unread messages and read times, read receipts and the receipt
/// requests they answer, the kept state of each conversation (do-not-disturb, pin, tags), the
/// user's tag list, and the conversations removed from their list. The only writer of them; each
/// change that a later list is ordered by gets an arrival number (PEER-ORDER-001).
struct ConversationStore: Sendable {
    struct UnreadState: Sendable {
        /// Counted messages not yet read: (time, uid), oldest first.
        var pending: [(time: Int64, uid: String)] = []
        var readTime: Int64 = 0
    }

    /// When a reader read, with the arrival number of that read.
    struct ReadMark: Sendable {
        var time: Int64
        var order: UInt64
    }

    /// A conversation's tag as the conversation holds it (`addTag`).
    struct ConversationTag: Sendable, Hashable {
        var id: String
        var isTop: Bool
    }

    /// What a user keeps about one conversation (PEER-QUERY-002, PEER-CONV-007): the `setSeAtt`
    /// items (nil: never set) and the tags; `time` the last change (nil: none yet, a state an
    /// `addTag` or `delTag` kept without changing it), `order` its arrival number.
    struct ConversationState: Sendable {
        var key: ConversationKey
        var time: Int64?
        var order: UInt64 = 0
        /// IsSilent: "1" muted, "0" not (ENGINE's values).
        var silent: String?
        /// IsTop.
        var top: String?
        /// The conversation's tags, in the order they were first put in (PEER-ORDER-002).
        var tags: [ConversationTag] = []
    }

    /// One item of a `setSeAtt` request.
    enum StateItem: Sendable {
        case silent(String)
        case top(String)
    }

    /// A tag of the user's list (`addSeTag`).
    struct UserTag: Sendable {
        var id: String
        var name: String?
        var createdTime: Int64
        /// The arrival number of its creation, which orders tags created in one millisecond.
        var order: UInt64
    }

    /// A user's tags (the list is the user setting `Tag`).
    struct TagList: Sendable {
        var tags: [String: UserTag] = [:]
        /// When the list last changed (the setting's `version`).
        var version: Int64 = 0

        /// The tags by creation time, then arrival (PEER-ORDER-002).
        var ordered: [UserTag] { tags.values.sorted { ($0.createdTime, $0.order) < ($1.createdTime, $1.order) } }
    }

    /// A change to a user's tag list: add (or rename) a tag, or remove one.
    struct TagChange: Sendable {
        var id: String
        var name: String?
    }

    /// The most conversations one user may keep a state for, and the longest conversation id
    /// (user ids are at most 64 bytes, 000:606): a client cannot grow the model without bound.
    static let statesPerUser = 10_000
    static let conversationIdBytes = 64

    /// Limits of 000:10177, 10183-10184 (protocol-rules.md § 8).
    enum TagLimits {
        static let tagsPerUser = 20
        static let tagIdCharacters = 10
        static let tagNameCharacters = 15
    }

    private(set) var unread: [String: [ConversationKey: UnreadState]] = [:]
    private(set) var receipts: [ReceiptKey: [String: ReadMark]] = [:]
    /// Group receipt requests: message UID → who asked.
    private(set) var receiptRequests: [String: String] = [:]
    /// Per user: the kept state of each conversation.
    private(set) var states: [String: [ConversationKey: ConversationState]] = [:]
    /// Per user: their tags (`addSeTag`), PEER-CONV-007.
    private(set) var tagLists: [String: TagList] = [:]
    /// Per user: conversations removed from the list (`delRelation`) → the newest message time
    /// at the removal; one comes back with a newer message.
    private(set) var removed: [String: [ConversationKey: Int64]] = [:]
    private var lastOrder: UInt64 = 0

    private mutating func nextOrder() -> UInt64 {
        lastOrder += 1
        return lastOrder
    }

    // MARK: Unread (PEER-UNREAD-*)

    /// A counted message for `user` in `key`.
    mutating func addUnread(user: String, _ key: ConversationKey, time: Int64, uid: String) {
        unread[user, default: [:]][key, default: UnreadState()].pending.append((time, uid))
    }

    /// Marks everything in `key` at or before `time` read for `user`.
    mutating func markRead(user: String, _ key: ConversationKey, upTo time: Int64) {
        var s = unread[user, default: [:]][key, default: UnreadState()]
        s.readTime = max(s.readTime, time)
        s.pending.removeAll { $0.time <= time }
        unread[user, default: [:]][key] = s
    }

    /// A recalled message counts nowhere any more.
    mutating func forgetUnread(uid: String) {
        for user in unread.keys {
            for key in unread[user]!.keys { unread[user]![key]!.pending.removeAll { $0.uid == uid } }
        }
    }

    /// The user's unread state of `key`.
    func unreadState(of user: String, _ key: ConversationKey) -> UnreadState? { unread[user]?[key] }

    /// The user's unread messages in all conversations.
    func unreadTotal(of user: String) -> Int {
        (unread[user] ?? [:]).values.reduce(0) { $0 + $1.pending.count }
    }

    // MARK: Receipts (PEER-RECEIPT-*)

    /// `reader` read what `key` names at `time`.
    mutating func recordRead(_ key: ReceiptKey, reader: String, time: Int64) {
        receipts[key, default: [:]][reader] = ReadMark(time: time, order: nextOrder())
    }

    /// `reader` read what `key` names at `time`, unless they had read it already (the first read
    /// stays); true when it is a new reader.
    mutating func recordFirstRead(_ key: ReceiptKey, reader: String, time: Int64) -> Bool {
        guard receipts[key]?[reader] == nil else { return false }
        recordRead(key, reader: reader, time: time)
        return true
    }

    /// `requester` asked for receipts of `uid`.
    mutating func requestReceipts(uid: String, requester: String) {
        receiptRequests[uid] = requester
    }

    /// Who asked for receipts of `uid`.
    func requester(of uid: String) -> String? { receiptRequests[uid] }

    /// The readers of `key`, by read time, then the order the reads came (PEER-ORDER-002).
    func readers(of key: ReceiptKey) -> [(reader: String, time: Int64)] {
        (receipts[key] ?? [:]).sorted { ($0.value.time, $0.value.order) < ($1.value.time, $1.value.order) }.map { ($0.key, $0.value.time) }
    }

    // MARK: Kept states (PEER-QUERY-002)

    /// Whether `user` may keep states for `keys`: ids of 1-64 bytes, and at most
    /// ``statesPerUser`` kept in all.
    func acceptsStates(of user: String, _ keys: [ConversationKey]) -> Bool {
        let kept = states[user] ?? [:]
        var fresh = Set<ConversationKey>()
        for key in keys {
            guard !key.target.isEmpty, key.target.utf8.count <= Self.conversationIdBytes else { return false }
            if kept[key] == nil { fresh.insert(key) }
        }
        return kept.count + fresh.count <= Self.statesPerUser
    }

    /// `setSeAtt`: each item replaces the one of its kind in the conversation's state, which is
    /// stamped `time`; states change in the request's order. The caller checked
    /// ``acceptsStates(of:_:)``.
    mutating func setStates(user: String, _ changes: [(key: ConversationKey, items: [StateItem])], at time: Int64) {
        for (key, items) in changes {
            var s = states[user]?[key] ?? ConversationState(key: key)
            for item in items {
                switch item {
                case .silent(let v): s.silent = v
                case .top(let v): s.top = v
                }
            }
            s.time = time
            s.order = nextOrder()
            states[user, default: [:]][key] = s
        }
    }

    /// The states changed at or after `time`, by change time, then arrival (PEER-ORDER-002).
    func states(of user: String, changedSince time: Int64) -> [ConversationState] {
        (states[user] ?? [:]).values.filter { ($0.time ?? 0) >= time }.sorted { ($0.time ?? 0, $0.order) < ($1.time ?? 0, $1.order) }
    }

    /// Whether `user` set IsSilent "1" on the conversation (ENGINE writes "1" for
    /// `notificationStatus` 1, DO_NOT_DISTURB, lines 6275-6294; "0" turns it off).
    func isMuted(_ user: String, _ key: ConversationKey) -> Bool {
        states[user]?[key]?.silent == "1"
    }

    // MARK: Tags (PEER-CONV-007)

    /// The user's tag list, once they set a tag.
    func tagList(of user: String) -> TagList? { tagLists[user] }

    /// Why a change of the user's tag list is refused (34212 a tag id empty or over 10
    /// characters; 34213 a new tag without a name or a name over 15 characters), or nil.
    func tagListRefusal(user: String, adding: Bool, _ changes: [TagChange]) -> TagRefusal? {
        let list = tagLists[user] ?? TagList()
        for c in changes {
            guard !c.id.isEmpty, c.id.count <= TagLimits.tagIdCharacters else { return .invalidTagId }
            guard !adding || ((c.name?.count ?? 0) <= TagLimits.tagNameCharacters && (c.name != nil || list.tags[c.id] != nil)) else {
                return .invalidTagName
            }
        }
        return nil
    }

    /// Refusals of a tag change.
    enum TagRefusal: Error {
        case invalidTagId, invalidTagName, tooManyTags
    }

    /// `addSeTag` / `delSeTag` at `time`: adds (or renames) or removes the tags; a removed tag
    /// also leaves every conversation of the user (true when one changed). More than
    /// ``TagLimits/tagsPerUser`` tags refuses the change, which then changes nothing.
    mutating func changeTagList(user: String, adding: Bool, _ changes: [TagChange], at time: Int64) throws(TagRefusal) -> Bool {
        if let refusal = tagListRefusal(user: user, adding: adding, changes) { throw refusal }
        var list = tagLists[user] ?? TagList()
        for c in changes {
            if adding {
                var kept = list.tags[c.id] ?? UserTag(id: c.id, name: nil, createdTime: time, order: nextOrder())
                if let name = c.name { kept.name = name }
                list.tags[c.id] = kept
            } else {
                list.tags[c.id] = nil
            }
        }
        guard list.tags.count <= TagLimits.tagsPerUser else { throw .tooManyTags }
        list.version = time
        tagLists[user] = list
        guard !adding else { return false }
        let gone = Set(changes.map(\.id))
        // In the order of their last change, which the new changes keep (PEER-ORDER-002).
        let keys = (states[user] ?? [:]).values.sorted { $0.order < $1.order }.map(\.key)
        return retag(user: user, keys, at: time) { $0.filter { !gone.contains($0.id) } }
    }

    /// Whether every tag id is in the user's list.
    func knowsTags(user: String, _ ids: [String]) -> Bool {
        let known = tagLists[user]?.tags ?? [:]
        return ids.allSatisfy { known[$0] != nil }
    }

    /// `addTag` / `delTag` at `time`: the conversations (a state is kept for each) join the tags
    /// or leave them; a tag put in again keeps its place, with the new `isTop`.
    mutating func changeConversationTags(user: String, adding: Bool, _ changes: [(key: ConversationKey, tags: [ConversationTag])], at time: Int64) {
        for c in changes {
            if states[user]?[c.key] == nil {
                states[user, default: [:]][c.key] = ConversationState(key: c.key, order: nextOrder())
            }
            _ = retag(user: user, [c.key], at: time) { current in
                guard adding else { return current.filter { tag in !c.tags.contains { $0.id == tag.id } } }
                var next = current
                for tag in c.tags {
                    if let i = next.firstIndex(where: { $0.id == tag.id }) { next[i] = tag } else { next.append(tag) }
                }
                return next
            }
        }
    }

    /// Replaces the tags of the user's conversations `keys` with `change(current)`; true if any
    /// changed (stamped `time`, so `pullSeAtts` returns it).
    private mutating func retag(user: String, _ keys: [ConversationKey], at time: Int64, _ change: ([ConversationTag]) -> [ConversationTag]) -> Bool {
        var any = false
        for key in keys {
            guard var s = states[user]?[key] else { continue }
            let next = change(s.tags)
            guard next != s.tags else { continue }
            s.tags = next
            s.time = time
            s.order = nextOrder()
            states[user]![key] = s
            any = true
        }
        return any
    }

    // MARK: Removal (PEER-CONV-002)

    /// `delRelation`: the conversation leaves the user's list until a message newer than
    /// `newestTime` (the newest message time handed out: any message accepted later is newer,
    /// also within the same millisecond).
    mutating func remove(user: String, _ key: ConversationKey, newestTime: Int64) {
        removed[user, default: [:]][key] = newestTime
    }

    /// Whether the user removed the conversation and no message newer than the removal came.
    func isRemoved(user: String, _ key: ConversationKey, newest time: Int64) -> Bool {
        guard let at = removed[user]?[key] else { return false }
        return at >= time
    }

    // MARK: Retention

    /// Receipts and requests go with their messages (`keeps` says which UIDs are still held);
    /// private read times stay.
    mutating func compact(keeping keeps: (String) -> Bool) {
        receiptRequests = receiptRequests.filter { keeps($0.key) }
        receipts = receipts.filter { key, _ in
            switch key {
            case .privateChat: true
            case .message(let uid): keeps(uid)
            }
        }
    }
}
