// Sources/rongwire/Support/PairOptions.swift - option values written as two parts (TYPE:TARGET, KEY=VALUE)

import ArgumentParser
import RongCodec
import RongSupport

/// `frame compose --to TYPE:TARGET`: a conversation type (a name or a number) and a target id,
/// both required. Cut with ``TextFields`` (`--to :` once trapped on the missing pieces).
struct ConversationAddress: Sendable {
    var type: ConversationType
    var target: String

    /// The `transform` of `--to`: a usage error that says which part is missing or wrong.
    @Sendable static func argument(_ text: String) throws -> ConversationAddress {
        let (type, target) = TextFields.cut(text, at: ":")
        guard let target else { throw ValidationError("no `:` between the conversation type and the target (TYPE:TARGET, e.g. group:g1)") }
        guard !type.isEmpty else { throw ValidationError("the conversation type before `:` is blank (TYPE:TARGET, e.g. group:g1)") }
        guard !target.isEmpty else { throw ValidationError("the target after `:` is blank (TYPE:TARGET, e.g. group:g1)") }
        guard let t = ConversationType(name: String(type)) else {
            throw ValidationError("unknown conversation type `\(type.prefix(40))`; use private, group, chatroom, ultragroup, ... or a number")
        }
        return ConversationAddress(type: t, target: String(target))
    }
}

/// `frame compose --expansion KEY=VALUE`: a key that is not blank and a value that may be.
struct ExpansionEntry: Sendable {
    var key: String
    var value: String

    /// The `transform` of `--expansion`.
    @Sendable static func argument(_ text: String) throws -> ExpansionEntry {
        let (key, value) = TextFields.cut(text, at: "=")
        guard let value else { throw ValidationError("no `=` between the key and the value (KEY=VALUE)") }
        guard !key.isEmpty else { throw ValidationError("the key before `=` is blank (KEY=VALUE)") }
        return ExpansionEntry(key: String(key), value: String(value))
    }
}
