// Sources/RongPeer/Model/PeerFixture.swift - users, tokens, groups, chatrooms and app settings

import RongEnvelope
import RongCodec
import RongSupport
import Yams

/// What the peer knows before anyone connects: the app, its users and their tokens, groups,
/// chatrooms and ultragroups. Loaded from YAML (format in spec/peer.md, "Fixture"; example in
/// `tools/peer/fixture.yaml`):
///
/// ```yaml
/// app: {appKey: rongwire-demo, profile: current}
/// users:
///   - {id: alice, token: alice-token}
///   - {id: bob, token: bob-token, expiredTokens: [bob-old]}
/// groups:
///   - {id: team, members: [alice, bob]}
/// chatrooms:
///   - {id: lobby}
/// ```
public struct PeerFixture: Sendable, Hashable {
    /// App-wide settings.
    public var app = AppSettings()
    /// Users by id.
    public var users: [String: User] = [:]
    /// Groups by id.
    public var groups: [String: Group] = [:]
    /// Chatroom ids.
    public var chatrooms: Set<String> = []
    /// A fixture chatroom's member limit (`{id: lobby, maxMembers: 100}`); a join beyond it is
    /// 23411 (PEER-CHRM-005). Rooms not listed have none.
    public var chatroomMaxMembers: [String: Int] = [:]
    /// Ultragroups by id (members as for groups).
    public var ultragroups: [String: Group] = [:]
    /// Dispatch settings of the chatrooms that have any (PEER-PRIO-*): capacity and whitelist.
    public var chatroomDispatch: [String: ChatroomDispatch] = [:]

    /// An empty fixture with default app settings.
    public init() {}

    /// App-wide switches. Defaults follow the documentation (spec/peer.md cites each).
    public struct AppSettings: Sendable, Hashable {
        /// The App Key clients must put in `appId`; nil accepts any.
        public var appKey: String? = nil
        /// Every connection is refused with APP_BLOCK_OR_DELETE (8).
        public var blocked = false
        /// Platforms allowed to connect (`platform` URL parameter, case-insensitive); nil allows
        /// all. Others get SERVER_UNAVAILABLE (3).
        public var platforms: Set<String>? = nil
        /// Which documentation the flag semantics follow (NONE differs).
        public var profile: PersistenceProfile = .current
        /// The user's own messages reach their other devices.
        public var multiDeviceSync = true
        /// What a second login of the same platform class does.
        public var kick: KickPolicy = .kickOlder
        /// Who may recall a message.
        public var recall: RecallPolicy = .anyone
        /// How many chatrooms a user may be in at once; joining one more quits the oldest.
        public var chatroomsPerUser = 1
        /// How long offline messages wait for a receiver.
        public var offlineRetention = PeerDuration(milliseconds: 7 * 86_400_000)!
        /// How long private and group messages stay in cloud history (6 months, as 180 days).
        public var historyRetention = PeerDuration(milliseconds: 180 * 86_400_000)!
        /// How long chatroom messages stay in cloud history (2 months, as 60 days).
        public var chatroomHistoryRetention = PeerDuration(milliseconds: 60 * 86_400_000)!
        /// How long ultragroup messages stay on the server (7 days).
        public var ultragroupRetention = PeerDuration(milliseconds: 7 * 86_400_000)!
        /// Cloud history (`qryPMsg`, `qryGMsg`, `qryCHMsg`) is enabled.
        public var history = true
        /// The latest messages a chatroom keeps for members to pull (50).
        public var chatroomRecent = 50
        /// The shortest time between two `s_ntf` of one room to one connection (PEER-CHRM-014):
        /// a message sooner after the last notice is announced when the interval has passed, and
        /// one pull fetches what came in between. Zero (the default): a notice follows each pull
        /// at once. A live room under load pulls fewer, fuller pages with, say, 100ms.
        public var chatroomNoticeInterval = PeerDuration.zero
        /// What a private message to a user id the fixture does not have gets.
        public var unknownUsers: UnknownUserPolicy = .refuse
        /// Messages one connection may send per second (all types, STATUS included; 0: no
        /// limit). The service allows 5 (protocol-rules.md § 8, error 20604); off by default so
        /// tests and load runs are not throttled.
        public var sendRate = 0
        /// Chatroom members get RC:ChrmMemChange when someone joins or leaves, and a user's other
        /// devices RC:ChrmSyncMsg (PEER-CHRM-013). Off by default: the service sends member
        /// notices only to apps that enable them.
        public var chatroomMemberNotices = false
        /// Object names dispatched as low priority in chatrooms: discarded first when a room is
        /// over its capacity (002:1033, configured per app by the service's support).
        public var lowPriority: Set<String> = []
        /// The switches navigation gives a 5.x Web SDK (PEER-NAVI-003), and the behaviour that
        /// goes with them.
        public var navigation = NavigationSwitches()

        /// The documented defaults.
        public init() {}
    }

    /// The navigation switches RongIMLib 5.7.2 reads (official-sdk-5x.md, "Navigation"; its
    /// property reads at offsets 342705, 351134, 439778), written in the fixture as navigation
    /// carries them: `app: {navigation: {openAnti: 1, ugMsg: 1, grpRRVer: 1}}`. All off by
    /// default: engine 0.1.0 reads none of them, and 5.x then speaks as it did before.
    public struct NavigationSwitches: Sendable, Hashable {
        /// `openAnti` 1: the SDK asks for protocol version 4 (`protocolVer=4` in the WebSocket
        /// URL), whose CONNACK has flags (PEER-CONN-006). The peer answers each connection in the
        /// version its URL asks for, whatever this says.
        public var openAnti = false
        /// `ugMsg` 1: the app has ultra groups, the SDK turns them on after `pullUgMsg` and
        /// `pullUgSes`; new ultragroup messages are then signalled by `s_cmd` 6 rather than pushed
        /// (PEER-UG-002).
        public var ugMsg = false
        /// `grpRRVer` 1: group read receipts version 2 (`rrMsg`, `rrList`; PEER-RECEIPT-003).
        public var grpRRVer = false

        /// All off.
        public init(openAnti: Bool = false, ugMsg: Bool = false, grpRRVer: Bool = false) {
            self.openAnti = openAnti
            self.ugMsg = ugMsg
            self.grpRRVer = grpRRVer
        }
    }

    /// The rule for a second login (protocol-rules.md § 9.6).
    public enum KickPolicy: String, Sendable, Hashable, CaseIterable {
        /// The new login wins; the older connection of the same platform class gets DISCONNECT
        /// with status 1 (OTHER_DEVICE_LOGIN).
        case kickOlder
        /// The new login is refused with CONNACK 13 (another client of the same kind is online),
        /// as `setReconnectKickEnable:YES` asks.
        case rejectNewer
    }

    /// What a private message to a user id the fixture does not list gets (PEER-MSG-007).
    public enum UnknownUserPolicy: String, Sendable, Hashable, CaseIterable {
        /// PUBACK 20109 and nothing stored (the default): one connection cannot create state for
        /// unlimited user ids, and a misspelt target shows at once.
        case refuse
        /// Stored and counted like for any user, as the service does with ids it has not seen.
        case accept
    }

    /// Who may recall a message (protocol-rules.md § 11.2).
    public enum RecallPolicy: String, Sendable, Hashable, CaseIterable {
        /// Anyone in the conversation (the default).
        case anyone
        /// Only the original sender; others get status 25107.
        case senderOnly
    }

    /// A user.
    public struct User: Sendable, Hashable {
        /// The user id (at most 64 bytes).
        public var id: String
        /// A display name (informational).
        public var name: String?
        /// Tokens that log in as this user.
        public var tokens: [String]
        /// Tokens that are recognised but expired (CONNACK 10).
        public var expiredTokens: [String] = []
        /// Banned: CONNACK 9 (BLOCK).
        public var blocked = false
        /// Daily quiet hours: no push for offline messages inside them (PEER-CONV-005).
        public var quietHours: QuietHours?

        /// A user.
        public init(id: String, name: String? = nil, tokens: [String], expiredTokens: [String] = [], blocked: Bool = false) {
            self.id = id
            self.name = name
            self.tokens = tokens
            self.expiredTokens = expiredTokens
            self.blocked = blocked
        }
    }

    /// A group or ultragroup.
    public struct Group: Sendable, Hashable {
        /// The group id.
        public var id: String
        /// Member user ids.
        public var members: [String]
        /// An ultragroup's channels (`busChannel`), public ones that every member is in. Empty:
        /// any channel id is taken (5.7.2 sends whatever the app names). The default channel
        /// `""` is always there (PEER-UG-001).
        public var channels: [String] = []

        /// A group with its members (and, for an ultragroup, its channels).
        public init(id: String, members: [String], channels: [String] = []) {
            self.id = id
            self.members = members
            self.channels = channels
        }

        /// Whether an ultragroup has the channel `channel`.
        public func hasChannel(_ channel: String) -> Bool {
            channel.isEmpty || channels.isEmpty || channels.contains(channel)
        }
    }

    /// The most channels an ultragroup has (protocol-rules.md § 8: 50, 000:12592) and the
    /// longest channel id (20 characters, 000:9613).
    static let maxChannels = 50
    static let maxChannelIdCharacters = 20

    /// Adds `count` users `prefix0` … with tokens equal to their ids (for load runs).
    public mutating func generateUsers(prefix: String, count: Int) {
        users.reserveCapacity(users.count + max(0, count))
        for i in 0..<max(0, count) {
            let id = "\(prefix)\(i)"
            users[id] = User(id: id, tokens: [id])
        }
    }

    /// Token → user id and whether the token is expired, for every user.
    func tokenIndex() -> [String: (user: String, expired: Bool)] {
        var index: [String: (user: String, expired: Bool)] = [:]
        for u in users.values {
            for t in u.tokens { index[t] = (u.id, false) }
            for t in u.expiredTokens { index[t] = (u.id, true) }
        }
        return index
    }

    // MARK: Loading

    /// Loads a fixture file (at most 16 MiB).
    public static func load(file: String) throws(LoadError) -> PeerFixture {
        try load(text: try FileIO.text(ofFile: file, limit: maxPeerFileBytes), file: file)
    }

    /// Loads fixture YAML (`file` names it in errors; `POST /control/reset` bodies come here).
    public static func load(yaml: String, file: String = "fixture") throws(LoadError) -> PeerFixture {
        try load(text: yaml, file: file)
    }

    static func load(text: String, file: String) throws(LoadError) -> PeerFixture {
        let r = StrictYAMLReader(file: file, holding: "fixtures")
        guard let root = try r.root(text) else { return PeerFixture() }
        return try load(node: root, reader: r)
    }

    static let topKeys: Set<String> = ["app", "users", "generatedUsers", "groups", "chatrooms", "ultragroups"]

    /// The most users `generatedUsers` makes (100,000). A fixture is hostile input too (a reset
    /// body): a million users from one line cost a million-entry table and seconds of loading.
    /// Larger load runs generate their users in code (`peer --generate-users`, `peer-load`).
    static let maxGeneratedUsers = 100_000
    static let appKeys: Set<String> = [
        "appKey", "blocked", "platforms", "profile", "multiDeviceSync", "kick", "recall", "chatroomsPerUser",
        "offlineRetention", "historyRetention", "chatroomHistoryRetention", "ultragroupRetention", "history", "chatroomRecent", "chatroomNoticeInterval",
        "unknownUsers", "sendRate", "lowPriority",
        "chatroomMemberNotices", "navigation",
    ]
    static let navigationKeys: Set<String> = ["openAnti", "ugMsg", "grpRRVer"]

    /// Reads a fixture from an already parsed node (scenario files embed one).
    static func load(node root: Node, reader r: StrictYAMLReader) throws(LoadError) -> PeerFixture {
        var f = PeerFixture()
        for e in try r.mapping(root, "the fixture", allowed: topKeys) {
            switch e.key {
            case "app": f.app = try loadApp(e.value, r)
            case "users":
                for n in try r.list(e.value, "`users`") {
                    let u = try loadUser(n, r)
                    if f.users[u.id] != nil { throw r.error(n, "user `\(u.id)` is defined twice") }
                    f.users[u.id] = u
                }
            case "generatedUsers":
                var prefix = "user"
                var count = 0
                for g in try r.mapping(e.value, "`generatedUsers`", allowed: ["prefix", "count"]) {
                    if g.key == "prefix" { prefix = try r.identifier(g.value, "`prefix`") } else { count = try r.integer(g.value, "`count`") }
                }
                guard (0...maxGeneratedUsers).contains(count) else { throw r.error(e.value, "`count` must be 0...\(maxGeneratedUsers)") }
                // The ids are user ids like any other: at most 64 bytes (a long prefix times a
                // large count would otherwise be gigabytes from one line).
                guard (prefix + String(max(0, count - 1))).utf8.count <= 64 else {
                    throw r.error(e.value, "generated user ids (`prefix` and a number) are at most 64 bytes (000:606)")
                }
                f.generateUsers(prefix: prefix, count: count)
            case "groups", "ultragroups":
                for n in try r.list(e.value, "`\(e.key)`") {
                    var id: String?
                    var members: [String] = []
                    var channels: [String] = []
                    let keys: Set<String> = e.key == "groups" ? ["id", "members"] : ["id", "members", "channels"]
                    for g in try r.mapping(n, e.key == "groups" ? "a group" : "an ultragroup", allowed: keys) {
                        switch g.key {
                        case "id": id = try r.identifier(g.value, "`id`")
                        case "members": members = try r.identifierList(g.value, "`members`")
                        default:
                            channels = try r.identifierList(g.value, "`channels`")
                            guard channels.count <= maxChannels else { throw r.error(g.value, "an ultragroup has at most \(maxChannels) channels (000:12592)") }
                            if let long = channels.first(where: { $0.count > maxChannelIdCharacters }) {
                                throw r.error(g.value, "channel id `\(long)` is over \(maxChannelIdCharacters) characters (000:9613)")
                            }
                            if Set(channels).count != channels.count { throw r.error(g.value, "a channel is listed twice") }
                        }
                    }
                    guard let id else { throw r.error(n, "a group needs `id`") }
                    if e.key == "groups" {
                        if f.groups[id] != nil { throw r.error(n, "group `\(id)` is defined twice") }
                        f.groups[id] = Group(id: id, members: members)
                    } else {
                        if f.ultragroups[id] != nil { throw r.error(n, "ultragroup `\(id)` is defined twice") }
                        f.ultragroups[id] = Group(id: id, members: members, channels: channels)
                    }
                }
            default:
                for n in try r.list(e.value, "`chatrooms`") {
                    var id: String?
                    var maxMembers: Int?
                    if case .scalar = n {
                        id = try r.identifier(n, "a chatroom id")
                    } else {
                        var d = ChatroomDispatch()
                        for g in try r.mapping(n, "a chatroom", allowed: ["id", "maxMembers", "capacity", "whitelist"]) {
                            switch g.key {
                            case "id": id = try r.identifier(g.value, "`id`")
                            case "maxMembers":
                                maxMembers = try r.integer(g.value, "`maxMembers`")
                                guard maxMembers! >= 1 else { throw r.error(g.value, "`maxMembers` must be at least 1") }
                            case "capacity":
                                let c = try r.integer(g.value, "`capacity`")
                                guard (1...1_000_000).contains(c) else { throw r.error(g.value, "`capacity` must be 1...1000000 messages per second") }
                                d.capacity = c
                            default: d.whitelist = Set(try r.identifierList(g.value, "`whitelist`"))
                            }
                        }
                        if let id, d != ChatroomDispatch() { f.chatroomDispatch[id] = d }
                    }
                    guard let id else { throw r.error(n, "a chatroom needs `id`") }
                    guard id.utf8.count <= 64 else { throw r.error(n, "chatroom ids are at most 64 characters (000:11673)") }
                    f.chatrooms.insert(id)
                    if let maxMembers { f.chatroomMaxMembers[id] = maxMembers }
                }
            }
        }
        // Tokens must name one user only. One pass in any order finds whether two users share a
        // token; only then are the users sorted, so that the error names the same pair every time
        // (a million generated users are not sorted to find that nothing is wrong).
        if sharedToken(in: f.users.values) != nil, let (t, a, b) = sharedToken(in: f.users.values.sorted(by: { $0.id < $1.id })) {
            throw r.error(root, "token `\(t)` belongs to both `\(a)` and `\(b)`")
        }
        return f
    }

    /// The first token two users share, walking `users` in order: the token, its earlier owner,
    /// and the user who has it too.
    private static func sharedToken(in users: some Sequence<User>) -> (token: String, first: String, second: String)? {
        var owner: [String: String] = [:]
        for u in users {
            for t in u.tokens {
                if let other = owner.updateValue(u.id, forKey: t), other != u.id { return (t, other, u.id) }
            }
            for t in u.expiredTokens {
                if let other = owner.updateValue(u.id, forKey: t), other != u.id { return (t, other, u.id) }
            }
        }
        return nil
    }

    private static func loadApp(_ node: Node, _ r: StrictYAMLReader) throws(LoadError) -> AppSettings {
        var a = AppSettings()
        for e in try r.mapping(node, "`app`", allowed: appKeys) {
            switch e.key {
            case "appKey": a.appKey = try r.identifier(e.value, "`appKey`")
            case "blocked": a.blocked = try r.bool(e.value, "`blocked`")
            case "platforms": a.platforms = Set(try r.identifierList(e.value, "`platforms`").map { $0.lowercased() })
            case "profile": a.profile = try r.choice(e.value, "`profile`")
            case "multiDeviceSync": a.multiDeviceSync = try r.bool(e.value, "`multiDeviceSync`")
            case "kick": a.kick = try r.choice(e.value, "`kick`")
            case "recall": a.recall = try r.choice(e.value, "`recall`")
            case "chatroomsPerUser":
                a.chatroomsPerUser = try r.integer(e.value, "`chatroomsPerUser`")
                guard a.chatroomsPerUser >= 1 else { throw r.error(e.value, "`chatroomsPerUser` must be at least 1") }
            case "offlineRetention": a.offlineRetention = try r.duration(e.value, "`offlineRetention`")
            case "historyRetention": a.historyRetention = try r.duration(e.value, "`historyRetention`")
            case "chatroomHistoryRetention": a.chatroomHistoryRetention = try r.duration(e.value, "`chatroomHistoryRetention`")
            case "ultragroupRetention": a.ultragroupRetention = try r.duration(e.value, "`ultragroupRetention`")
            case "history": a.history = try r.bool(e.value, "`history`")
            case "chatroomNoticeInterval":
                a.chatroomNoticeInterval = try r.duration(e.value, "`chatroomNoticeInterval`")
                guard a.chatroomNoticeInterval.milliseconds <= 10_000 else { throw r.error(e.value, "`chatroomNoticeInterval` must be at most 10s") }
            case "unknownUsers": a.unknownUsers = try r.choice(e.value, "`unknownUsers`")
            case "chatroomMemberNotices": a.chatroomMemberNotices = try r.bool(e.value, "`chatroomMemberNotices`")
            case "navigation":
                for n in try r.mapping(e.value, "`navigation`", allowed: navigationKeys) {
                    // 0 or 1, as navigation carries them (5.7.2 tests `1 === value`).
                    let v = try r.integer(n.value, "`\(n.key)`")
                    guard v == 0 || v == 1 else { throw r.error(n.value, "`\(n.key)` is 0 or 1, as navigation carries it") }
                    switch n.key {
                    case "openAnti": a.navigation.openAnti = v == 1
                    case "ugMsg": a.navigation.ugMsg = v == 1
                    default: a.navigation.grpRRVer = v == 1
                    }
                }
            case "lowPriority":
                let names = try r.identifierList(e.value, "`lowPriority`")
                guard names.count <= 1000 else { throw r.error(e.value, "`lowPriority` lists at most 1000 object names") }
                a.lowPriority = Set(names)
            case "sendRate":
                a.sendRate = try r.integer(e.value, "`sendRate`")
                guard (0...100_000).contains(a.sendRate) else { throw r.error(e.value, "`sendRate` must be 0 (no limit) ... 100000 messages per second") }
            default:
                a.chatroomRecent = try r.integer(e.value, "`chatroomRecent`")
                guard a.chatroomRecent >= 1 else { throw r.error(e.value, "`chatroomRecent` must be at least 1") }
            }
        }
        return a
    }

    private static func loadUser(_ node: Node, _ r: StrictYAMLReader) throws(LoadError) -> User {
        var id: String?
        var u = User(id: "", tokens: [])
        for e in try r.mapping(node, "a user", allowed: ["id", "name", "token", "tokens", "expiredTokens", "blocked", "quietHours"]) {
            switch e.key {
            case "id": id = try r.identifier(e.value, "`id`")
            case "name": u.name = try r.string(e.value, "`name`")
            case "token": u.tokens.append(try r.identifier(e.value, "`token`"))
            case "tokens": u.tokens += try r.identifierList(e.value, "`tokens`")
            case "expiredTokens": u.expiredTokens = try r.identifierList(e.value, "`expiredTokens`")
            case "quietHours": u.quietHours = try loadQuietHours(e.value, r)
            default: u.blocked = try r.bool(e.value, "`blocked`")
            }
        }
        guard let id else { throw r.error(node, "a user needs `id`") }
        guard id.utf8.count <= 64 else { throw r.error(node, "user ids are at most 64 bytes (000:606)") }
        u.id = id
        if u.tokens.isEmpty && u.expiredTokens.isEmpty { u.tokens = [id + "-token"] }
        return u
    }
}

extension PeerFixture {
    /// The fixture as YAML that ``load(yaml:file:)`` reads back to an equal value (used to send
    /// a scenario's fixture to an external peer with `POST /control/reset`).
    public func yamlText() -> String {
        func q(_ s: String) -> String {
            var out = "\""
            for c in s.unicodeScalars {
                switch c.value {
                case 0x22: out += "\\\""
                case 0x5C: out += "\\\\"
                // What YAML cannot hold raw in a double-quoted scalar: control characters (the
                // reader refuses them) and line breaks (NEL, LS and PS too: they would be folded).
                case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF:
                    out += c.value < 0x100
                        ? "\\x" + Hex.encode([UInt8(c.value)])
                        : "\\u" + Hex.encode([UInt8(c.value >> 8), UInt8(c.value & 0xFF)])
                default: out.unicodeScalars.append(c)
                }
            }
            return out + "\""
        }
        func list(_ items: [String]) -> String { "[" + items.map(q).joined(separator: ", ") + "]" }
        let a = app
        var lines = ["app:"]
        if let key = a.appKey { lines.append("  appKey: \(q(key))") }
        lines.append("  blocked: \(a.blocked)")
        if let p = a.platforms { lines.append("  platforms: \(list(p.sorted()))") }
        lines.append("  profile: \(a.profile.rawValue)")
        lines.append("  multiDeviceSync: \(a.multiDeviceSync)")
        lines.append("  kick: \(a.kick.rawValue)")
        lines.append("  recall: \(a.recall.rawValue)")
        lines.append("  chatroomsPerUser: \(a.chatroomsPerUser)")
        lines.append("  offlineRetention: \(a.offlineRetention)")
        lines.append("  historyRetention: \(a.historyRetention)")
        lines.append("  chatroomHistoryRetention: \(a.chatroomHistoryRetention)")
        lines.append("  ultragroupRetention: \(a.ultragroupRetention)")
        lines.append("  history: \(a.history)")
        lines.append("  chatroomRecent: \(a.chatroomRecent)")
        if a.chatroomNoticeInterval > .zero { lines.append("  chatroomNoticeInterval: \(a.chatroomNoticeInterval)") }
        lines.append("  unknownUsers: \(a.unknownUsers.rawValue)")
        lines.append("  sendRate: \(a.sendRate)")
        lines.append("  chatroomMemberNotices: \(a.chatroomMemberNotices)")
        if !a.lowPriority.isEmpty { lines.append("  lowPriority: \(list(a.lowPriority.sorted()))") }
        let n = a.navigation
        if n != NavigationSwitches() {
            lines.append("  navigation: {openAnti: \(n.openAnti ? 1 : 0), ugMsg: \(n.ugMsg ? 1 : 0), grpRRVer: \(n.grpRRVer ? 1 : 0)}")
        }
        lines.append("users:")
        for u in users.values.sorted(by: { $0.id < $1.id }) {
            var parts = ["id: \(q(u.id))", "tokens: \(list(u.tokens))"]
            if let n = u.name { parts.append("name: \(q(n))") }
            if !u.expiredTokens.isEmpty { parts.append("expiredTokens: \(list(u.expiredTokens))") }
            if u.blocked { parts.append("blocked: true") }
            if let q = u.quietHours { parts.append("quietHours: \(q.yamlText)") }
            lines.append("  - {\(parts.joined(separator: ", "))}")
        }
        if users.isEmpty { lines[lines.count - 1] = "users: []" }
        lines.append(groups.isEmpty ? "groups: []" : "groups:")
        for g in groups.values.sorted(by: { $0.id < $1.id }) { lines.append("  - {id: \(q(g.id)), members: \(list(g.members))}") }
        lines.append(ultragroups.isEmpty ? "ultragroups: []" : "ultragroups:")
        for g in ultragroups.values.sorted(by: { $0.id < $1.id }) {
            lines.append("  - {id: \(q(g.id)), members: \(list(g.members))\(g.channels.isEmpty ? "" : ", channels: \(list(g.channels))")}")
        }
        let rooms = chatrooms.sorted().map { id -> String in
            var parts = ["id: \(q(id))"]
            if let m = chatroomMaxMembers[id] { parts.append("maxMembers: \(m)") }
            if let d = chatroomDispatch[id] {
                if let c = d.capacity { parts.append("capacity: \(c)") }
                if !d.whitelist.isEmpty { parts.append("whitelist: \(list(d.whitelist.sorted()))") }
            }
            return parts.count == 1 ? q(id) : "{\(parts.joined(separator: ", "))}"
        }
        lines.append("chatrooms: [\(rooms.joined(separator: ", "))]")
        return lines.joined(separator: "\n") + "\n"
    }
}
