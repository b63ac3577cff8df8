// Sources/RongPeer/Model/PeerModel+Push.swift - the remote push an offline receiver would get: whether, and its text

import RongCodec
import RongEnvelope

extension PeerModel {
    /// The conversation's target as the receiver's push names it.
    func pushTarget(_ m: StoredMessage, receiver: String) -> String {
        m.type == .private ? m.sender : m.target
    }

    /// Records the remote push an offline receiver would get (protocol-rules.md § 6): not for
    /// `…N` topics or disabled notifications, text from mentionedContent, then pushContent,
    /// then the default of built-in user content; other types without pushContent are not
    /// pushed (P16). Do-not-disturb holds a push back (PEER-CONV-004, -005).
    mutating func recordPush(_ m: StoredMessage, receiver: String, route: Route, sem: PersistenceSemantics) {
        guard sem.pushedWhenOffline, route.family == .persisted, !m.disablesNotification else { return }
        var text: String?
        var decoded: (any MessageContent)?
        if case .typed(let c)? = try? ContentRegistry.builtIn.decode(objectName: m.up.classname, bytes: m.up.content) {
            decoded = c.base
        }
        if let mention = decoded?.mentionedInfo, let mc = mention.mentionedContent, !mc.isEmpty,
            mention.type == .all || (mention.userIdList ?? []).contains(receiver)
        {
            text = mc
        } else if let pushText = m.up.pushText, !pushText.isEmpty {
            text = pushText
        } else {
            text = Self.defaultPushText(objectName: m.up.classname, content: decoded)
        }
        guard let text else { return }
        eventLog.recordPush(PushRecord(
            time: m.time, receiver: receiver, sender: m.sender, conversationType: m.type, targetId: pushTarget(m, receiver: receiver),
            objectName: m.up.classname, messageUId: m.uid, pushText: text, pushData: m.up.appData, recalledUId: nil,
            skipped: doNotDisturbReason(m, receiver: receiver)))
    }

    /// The server's default push text for built-in user content (000:7451-7454); nil for other
    /// types (notifications, signalling, custom types).
    static func defaultPushText(objectName: String, content: (any MessageContent)?) -> String? {
        switch objectName {
        case TextMessage.objectName: (content as? TextMessage)?.content ?? ""
        case "RC:ImgMsg": "[Image]"
        case "RC:GIFMsg": "[GIF]"
        case "RC:VcMsg", "RC:HQVCMsg": "[Voice]"
        case "RC:FileMsg": "[File]"
        case "RC:SightMsg": "[Video]"
        case "RC:LBSMsg": "[Location]"
        case "RC:ImgTextMsg": "[Link]"
        case "RC:CombineMsg": "[Chat history]"
        case "RC:ReferenceMsg": "[Reply]"
        case "RC:CardMsg": "[Contact card]"
        case "RC:StkMsg": "[Sticker]"
        case "RC:PSImgTxtMsg", "RC:PSMultiImgTxtMsg": "[Article]"
        default: nil
        }
    }
}
