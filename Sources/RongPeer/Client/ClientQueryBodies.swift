// Sources/RongPeer/Client/ClientQueryBodies.swift - the QUERY bodies the client writes and reads, through RongEnvelope's body layer

import RongCodec
import RongEnvelope
import SwiftProtobuf

/// The request bodies of the QUERY topics the client sends (`pullMsg`, `chrmPull`, `pullUgMsg`,
/// the chatroom topics, history) and the replies it reads besides the pull results, as ENGINE writes and
/// reads them. The only place the client names generated bodies (spec/peer.md, "Bodies").
enum ClientQueryBodies {
    /// The body of `joinChrm`, `joinChrmR` and `exitChrm` as ENGINE writes it: ChrmInput with
    /// `nothing` 1 (`encodeJoinOrQuitChatRoom`, line 3245).
    static let chatroomInput: [UInt8] = {
        var m = Modules_ChrmInput()
        m.nothing = 1
        return bytes(m)
    }()

    /// `pullMsg`: SyncRequestMsg from the inbox cursor, and with `pullSent` the sent-box cursor.
    static func pull(syncTime: Int64, pullSent: Bool, sendBoxSyncTime: Int64) -> [UInt8] {
        var req = Modules_SyncRequestMsg()
        req.syncTime = syncTime
        req.ispolling = false
        req.isPullSend = pullSent
        req.sendBoxSyncTime = sendBoxSyncTime
        return bytes(req)
    }

    /// `chrmPull`: ChrmPullMsg from `syncTime`; `count` asks for a join history (0: the default).
    static func chatroomPull(syncTime: Int64, count: Int32) -> [UInt8] {
        var req = Modules_ChrmPullMsg()
        req.syncTime = syncTime
        req.count = count
        return bytes(req)
    }

    /// `pullUgMsg`: UltraGrpPullMsg from `syncTime` (0: the "online" pull at connect).
    static func ultragroupPull(syncTime: Int64) -> [UInt8] {
        var req = Modules_UltraGrpPullMsg()
        req.syncTime = syncTime
        return bytes(req)
    }

    /// A history topic's HistoryMsgInput.
    static func history(targetId: String, time: Int64, count: Int32, order: Int32) -> [UInt8] {
        var req = Modules_HistoryMsgInput()
        req.targetID = targetId
        req.time = time
        req.count = count
        req.order = order
        return bytes(req)
    }

    /// The join time of a join's ChrmOutput (ENGINE-4.5 and later read it as the room's pull
    /// cursor), nil when the reply has none.
    static func joinTime(_ payload: [UInt8]) -> Int64? {
        guard let out = try? BodyJSON.parse(payload, as: Modules_ChrmOutput.self), out.hasJoinTime else { return nil }
        return out.joinTime
    }

    /// A history reply: its messages (a message whose content does not decode is left out) and
    /// whether more remain.
    static func history(_ payload: [UInt8], currentUserId: String) throws(CodecError) -> (messages: [InboundMessage], hasMore: Bool) {
        let out = try BodyJSON.parse(payload, as: Modules_HistoryMsgOuput.self)
        return (out.list.compactMap { try? InboundMessage($0, currentUserId: currentUserId) }, out.hasMsg_p != 0)
    }

    /// Every body here sets its required fields.
    private static func bytes(_ m: some SwiftProtobuf.Message) -> [UInt8] {
        (try? BodyJSON.payload(of: m)) ?? []
    }
}
