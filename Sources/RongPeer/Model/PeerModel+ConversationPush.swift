// Sources/RongPeer/Model/PeerModel+ConversationPush.swift - do-not-disturb: muted conversations and quiet hours hold back pushes

import RongCodec
import RongEnvelope

/// PEER-CONV-004 and PEER-CONV-005: a push the peer would record for an offline receiver is held
/// back when the receiver muted the conversation (`setSeAtt` IsSilent "1") or is inside their
/// quiet hours (fixture `quietHours`); an @-mention of the receiver in a group still pushes
/// (000:5849, 5740, 7658), except under quiet hours of level `blocked`. A held-back push is kept
/// in the push log with `skipped` saying why, and is not counted in `pushCount`.
extension PeerModel {
    /// The `skipped` reasons in the push log.
    enum PushSkip {
        /// The receiver's quiet hours cover the message's time (000:5831-5850; push diagnostic P17, 000:15806-15821).
        static let quietHours = "quietHours"
        /// The receiver muted the conversation (000:5740; push diagnostic P19).
        static let conversationMuted = "conversationMuted"
    }

    /// Why do-not-disturb holds back the push of `m` to `receiver`, or nil when it goes out.
    /// `mentionsPush`: whether an @-mention of the receiver overrides it (not for a recall's push).
    func doNotDisturbReason(_ m: StoredMessage, receiver: String, mentionsPush: Bool = true) -> String? {
        // @ exists in groups (and ultragroups, which have no offline push), protocol-rules.md § 7.
        let mentioned = mentionsPush && m.type == .group && mentions(m, receiver)
        if let quiet = fixture.users[receiver]?.quietHours, quiet.covers(m.time), quiet.level == .blocked || !mentioned {
            return PushSkip.quietHours
        }
        if conversations.isMuted(receiver, ConversationKey(type: m.type, target: pushTarget(m, receiver: receiver))), !mentioned {
            return PushSkip.conversationMuted
        }
        return nil
    }
}
