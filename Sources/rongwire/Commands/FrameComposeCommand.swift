// Sources/rongwire/Commands/FrameComposeCommand.swift - `rongwire frame compose`

import ArgumentParser
import RongCodec
import RongEnvelope

extension FrameCommand {
    struct Compose: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "compose",
            abstract: "Build the PUBLISH a client sends for a message, and print its bytes as hex.",
            discussion: """
                Reads the content (a normalized value, as `rongwire decode` prints it, at most \
                131072 bytes) from FILE or stdin and builds the client PUBLISH: the topic from the conversation type and the \
                persistence flag (…P, …S for STATUS, as RongCloud's SDKs choose it; --topic names another), the sessionId bits \
                from the flag and the options, the UpStreamMessage body (spec/envelope.md, ENV-MSG-001, FLAG-001…010).

                Topics by type (…P / STATUS): private ppMsgP / ppMsgS, discussion pdMsgP / pdMsgS, group pgMsgP / pgMsgS, \
                chatroom chatMsg / chatMsgS, customer service pcMsgP / pcMsgS, system pbMsgP / pbMsgS, app public service \
                pmcMsgN / pmcMsgS, public service pmpMsgN / pmpMsgS, ultragroup ugMsg (every flag), RTC prMsgP / prMsgS.

                A STATUS message gets no PUBACK, so ENGINE sends it with message id 0; that is the default for one here.

                Examples:
                  echo '{"content":"hi"}' | rongwire frame compose --to group:g1 RC:TxtMsg --push-content "Ann: hi"
                  echo '{"typingContentType":"RC:TxtMsg"}' | rongwire frame compose --to private:u2 RC:TypSts
                  echo '{"content":"hi"}' | rongwire frame compose --to discussion:d1 RC:TxtMsg --topic ppMsgP   # as ENGINE 0.1.0 sends it
                """
        )

        @Argument(help: "The content's objectName, e.g. RC:TxtMsg.")
        var objectName: String

        @Option(help: ArgumentHelp("The conversation: TYPE:TARGET, e.g. group:g1, private:u2, chatroom:r1, ultragroup:ug1.", valueName: "type:target"), transform: ConversationAddress.argument)
        var to: ConversationAddress

        @Option(help: "Persistence flag: NONE, ISPERSISTED, ISCOUNTED, STATUS or a number (default: the type's).")
        var flag: String?

        @Option(help: "Push text (UpStreamMessage pushText).")
        var pushContent: String?

        @Option(help: "Push data (UpStreamMessage appData).")
        var pushData: String?

        @Flag(help: "Ask for no push notification (sessionId 0x20).")
        var silent = false

        @Flag(help: "Mark the message as mentioning someone (sessionId 0x04); implied by a mentionedInfo in the content.")
        var mentioned = false

        @Option(help: ArgumentHelp("An expansion entry KEY=VALUE (repeatable); sets sessionId 0x40.", valueName: "key=value"), transform: ExpansionEntry.argument)
        var expansion: [ExpansionEntry] = []

        @Option(help: "Ultragroup channel id (busChannel).")
        var channel: String?

        @Option(help: ArgumentHelp("A directed-message recipient (repeatable).", valueName: "user"))
        var directed: [String] = []

        @Option(help: "The client's unique id for the message.")
        var clientUniqueId: Int64?

        @Option(help: ArgumentHelp("Publish on this topic instead of the one the type and flag choose (ppMsgN, recallMsg, ppMsgP for ENGINE's fallback).", valueName: "topic"))
        var topic: String?

        @Option(help: "The packet's message id, 1...65535 (default 1); a STATUS message may and by default does use 0, as ENGINE sends it (spec ENV-MSGID-001, ENV-MSGID-003).")
        var messageId: Int?

        @Flag(help: "Print the packet JSON instead of hex.")
        var json = false

        @OptionGroup var input: InputArgument

        func validate() throws {
            if let messageId, !(0...65535).contains(messageId) { throw ValidationError(Self.messageIdRule) }
            if let topic, topic.isEmpty || topic.utf8.count > 65535 { throw ValidationError("--topic must be 1...65535 bytes") }
            var keys: Set<String> = []
            for e in expansion where !keys.insert(e.key).inserted { throw ValidationError("--expansion: the key `\(e.key.prefix(40))` is given twice") }
            if let flag, PersistenceFlag(name: flag) == nil { throw ValidationError("--flag must be NONE, ISPERSISTED, ISCOUNTED, STATUS or a number") }
        }

        func run() throws {
            var zeroRefused = false
            do throws(CodecError) {
                let bytes = try input.read(limit: DecodingOptions.protocolContentLimit)
                var message = OutboundMessage(to.type, targetId: to.target, objectName: objectName, contentBytes: bytes)
                let content = try ContentRegistry.builtIn.decode(objectName: objectName, bytes: bytes)
                message.content = content
                message.persistence = flag.flatMap(PersistenceFlag.init(name:))
                message.isMentioned = mentioned || content.typed?.mentionedInfo != nil
                message.pushContent = pushContent
                message.pushData = pushData
                message.disableNotification = silent
                if !expansion.isEmpty {
                    message.expansion = Dictionary(expansion.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
                }
                message.channelId = channel
                message.directedUserIds = directed
                message.clientUniqueId = clientUniqueId
                message.topic = topic.map { Topic($0) }
                let isStatus = message.effectivePersistence.isStatus
                let id = messageId ?? (isStatus ? 0 : 1)
                if id == 0 && !isStatus {
                    zeroRefused = true
                } else {
                    let packet = try message.packet(messageId: UInt16(id))
                    if json {
                        CLIIO.printStdout(try packet.jsonValue().prettyText())
                    } else {
                        CLIIO.printStdout(Hex.encode(try packet.encoded()))
                    }
                }
            } catch {
                throw CLIIO.fail(error)
            }
            // Message id 0 is never allocated (ENV-MSGID-001); only ENGINE's STATUS sends use it.
            if zeroRefused { throw ValidationError(Self.messageIdRule) }
        }

        static let messageIdRule = "--message-id must be 1...65535 (0 only for a STATUS message, as ENGINE sends it)"
    }
}
