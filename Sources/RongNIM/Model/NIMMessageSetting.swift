// Sources/RongNIM/Model/NIMMessageSetting.swift - per-message persistence and delivery flags

import RongCodec

/// `NIMMessageSetting`: the per-message flags of a NIM message (spec/nim.md, NIM-SET-001).
///
/// The seed shows three of them in use (`apnsWithPrefix`, `apnsEnabled`, `shouldBeCounted`,
/// 003:4457-4486) and says the setting decides "是否需要计入未读,是否需要多端同步等" (003:581).
/// The full list and the defaults are those of the public header `NIMMessageSetting.h`
/// ([X], nim-model.md § 4); `persistEnable` is from a later header.
public struct NIMMessageSetting: Hashable, Sendable {
    /// Shown in cloud history. Default true.
    public var historyEnabled = true
    /// Delivered to devices that log in later (roaming). Default true.
    public var roamingEnabled = true
    /// Copied to the sender's other online devices. Default true.
    public var syncEnabled = true
    /// Counted in the receiver's unread count. Default true.
    public var shouldBeCounted = true
    /// Pushed through APNs. Default true.
    public var apnsEnabled = true
    /// The push text gets the sender's nickname as a prefix. Default true.
    public var apnsWithPrefix = true
    /// Copied to the app server when routing is configured. Default true.
    public var routeEnabled = true
    /// Team read receipts on. Default false.
    public var teamReceiptEnabled = false
    /// Stored for offline receivers; false delivers only to online ones. Default true; no effect
    /// on chatroom messages.
    public var persistEnable = true

    /// The defaults.
    public init() {}

    /// Whether every flag has its default.
    public var isDefault: Bool { self == NIMMessageSetting() }

    /// The flags in the order of the JSON form, with their defaults.
    static var names: [(String, WritableKeyPath<NIMMessageSetting, Bool>, Bool)] {
        [
        ("historyEnabled", \.historyEnabled, true),
        ("roamingEnabled", \.roamingEnabled, true),
        ("syncEnabled", \.syncEnabled, true),
        ("shouldBeCounted", \.shouldBeCounted, true),
        ("apnsEnabled", \.apnsEnabled, true),
        ("apnsWithPrefix", \.apnsWithPrefix, true),
        ("routeEnabled", \.routeEnabled, true),
        ("teamReceiptEnabled", \.teamReceiptEnabled, false),
        ("persistEnable", \.persistEnable, true),
        ]
    }

    init(json: JSONValue, path: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: path, what: "setting")
        for (name, keyPath, _) in Self.names {
            if let b = try f.bool(name) { self[keyPath: keyPath] = b }
        }
        try f.finish()
    }

    /// The members that differ from their defaults, in the form's order (canonical form).
    var jsonValue: JSONValue {
        var o = JSONObject()
        for (name, keyPath, fallback) in Self.names where self[keyPath: keyPath] != fallback {
            o[name] = .bool(self[keyPath: keyPath])
        }
        return .object(o)
    }
}
