// Sources/RongCodec/Content/ContentAttributes.swift - what an SDK does with a content type besides its flag

/// The two attributes RongCloud's own registry keeps per content type besides the persistence
/// flag: whether the SDK handles the type as a command, and whether it is a media type.
///
/// Source: the built-in type registry of RongCloud's 2025 universal Rust SDK
/// (`InnerMessageContentRegister::support_message_type`, `official-sdks.md` § 1), which marks
/// each type "cmd" and/or "media". The flag says how the server stores and counts a message; the
/// attributes say what a receiving SDK does with it:
///
/// - ``command``: the SDK consumes the message (a recall, a read receipt, a typing status, an
///   expansion update, a chatroom member change, ...): it is handled, never shown as a message in
///   a conversation, never stored as one. A receiver, a relay or a mock peer treats it that way
///   whatever its flag: RC:TypSts is STATUS and a command, RC:RcCmd NONE and a command, RC:CmdMsg
///   NONE but *not* a command (the app receives it as a message).
/// - ``media``: the content refers to a file that the SDK uploads before sending and may download
///   on receipt (image, GIF, HQ voice, file, sight, combined forward); its `remoteUrl`-style key
///   holds the uploaded file's URL (message-catalog.md § 3.7).
///
/// A custom type declares its own (``MessageContent/attributes``, default none).
public struct ContentAttributes: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Handled by the SDK as a command: never shown as a message, never stored as one.
    public static let command = ContentAttributes(rawValue: 1 << 0)
    /// A media type: the content names a file the SDK uploads and downloads.
    public static let media = ContentAttributes(rawValue: 1 << 1)

    /// The attribute names in a fixed order (`command`, `media`), for tables and JSON.
    public var names: [String] {
        var out: [String] = []
        if contains(.command) { out.append("command") }
        if contains(.media) { out.append("media") }
        return out
    }

    /// The names joined by `,`, or `-` when there is none.
    public var description: String { names.isEmpty ? "-" : names.joined(separator: ",") }
}

extension MessageContent {
    /// No attributes: a custom type is neither a command nor a media type unless it says so.
    public static var attributes: ContentAttributes { [] }

    /// Whether the type is handled as a command (``ContentAttributes/command``): never shown as a
    /// message, never stored as one.
    public static var isCommand: Bool { attributes.contains(.command) }

    /// Whether the type is a media type (``ContentAttributes/media``).
    public static var isMedia: Bool { attributes.contains(.media) }
}
