// Sources/RongPeer/Model/PeerModel+Expansion.swift - RC:MsgExMsg changes the expansion of the message it names

import RongCodec
import RongEnvelope

extension PeerModel {
    /// Applies an RC:MsgExMsg to the message it names (protocol-rules.md § 11.1, PEER-EXP-*), or
    /// says why not.
    mutating func applyExpansion(_ up: UpStreamMessage, sender: String, type: ConversationType, target: String) -> (status: UInt16, why: String)? {
        guard case .typed(let content)? = try? ContentRegistry.builtIn.decode(objectName: up.classname, bytes: up.content),
            let ex = content.base as? MessageExpansionMessage
        else { return (PeerStatus.expansionFormat, "RC:MsgExMsg content does not decode") }
        guard let mid = ex.mid ?? ex.messageUId, let original = messages[mid] else {
            return (PeerStatus.originalMessageNotExist, "no message \(ex.mid ?? ex.messageUId ?? "")")
        }
        guard original.type != .chatroom, original.canIncludeExpansion else {
            return (PeerStatus.messageNotExpandable, "\(mid) was not sent with canIncludeExpansion")
        }
        guard isParticipant(sender, of: original) else {
            return (PeerStatus.expansionNotAuthorized, "\(sender) is not in the conversation of \(mid)")
        }
        let put = ((ex.put.map(Array.init) ?? []) + (ex.extraKey.map(Array.init) ?? [])).map { (key: $0.key, value: $0.value) }
        if let why = MessageStore.expansionRefusal(put: put) { return (PeerStatus.expansionFormat, why) }
        let dropped = messages.expand(mid, clear: ex.removeAll == 1 || ex.clear == 1, delete: ex.del ?? [], put: put)
        if dropped > 0 { recordEvent("expansion of \(mid): \(dropped) keys over the 300 limit dropped") }
        return nil
    }
}
