// Sources/rongwire/Commands/PeerClientCommand.swift - `rongwire peer-client`: act as an SDK

import ArgumentParser
import RongCodec
import RongEnvelope
import RongPeer
import RongSupport

struct PeerClientCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peer-client",
        abstract: "Connect to a peer as a user, optionally send a message, and print what arrives.",
        discussion: """
            Uses RongPeer's RMTP client: connects with the SDK's URL parameters, pulls on every \
            s_ntf, confirms QUERYACKs and prints each message once (dedup by UID). With --to it \
            sends one message first and prints the PUBACK. It then listens for --listen seconds \
            (0: until interrupted).

            Examples:
              rongwire peer-client --token bob-token --listen 0
              rongwire peer-client --token alice-token --to bob --text "hi Bob"
              rongwire peer-client --token alice-token --type group --to team --text "hi team"
              rongwire peer-client --token carol-token --join lobby --listen 30
            """
    )

    @Option(help: "The peer's WebSocket URL.")
    var url = "ws://127.0.0.1:8900/websocket"

    @Option(help: "Token to log in with (the fixture maps it to a user).")
    var token: String

    @Option(help: "App Key sent as appId.")
    var appId = "rongwire-demo"

    @Option(help: "The platform parameter (Web, iOS, Android, PC, ...).")
    var platform = "Web"

    @Option(help: ArgumentHelp("Send one message to this target (user, group or chatroom id).", valueName: "ID"))
    var to: String?

    @Option(help: "Conversation type of --to: private, group, chatroom, ultragroup.")
    var type = "private"

    @Option(help: "Text of an RC:TxtMsg to send.")
    var text: String?

    @Option(help: ArgumentHelp("Send this objectName with --content instead of a text.", valueName: "NAME"))
    var objectName: String?

    @Option(help: ArgumentHelp("Content JSON for --object-name.", valueName: "JSON"))
    var content: String?

    @Option(help: "Persistence flag to send with: NONE, ISPERSISTED, ISCOUNTED, STATUS.")
    var flag: String?

    @Option(help: ArgumentHelp("Join this chatroom first.", valueName: "ID"))
    var join: String?

    @Option(help: "How long to listen after connecting (and sending): seconds, or 500ms, 2m, …; 0 listens until interrupted.", transform: PeerDuration.argument(.seconds))
    var listen = PeerDuration(milliseconds: 2_000)!

    @Flag(help: "Print each received message as a JSON line.")
    var json = false

    func run() async throws {
        var options = PeerClientOptions(url: url, token: token, appId: appId)
        options.platform = platform
        options.pingMillis = 30_000
        let client: PeerClient
        do {
            client = try await PeerClient.connect(options)
        } catch let e as PeerClientError {
            CLIIO.printStderr("error: \(e)")
            throw ExitCode(1)
        }
        CLIIO.printStdout("connected to \(url) as \(client.userId) (CONNACK 0 ACCEPTED)")
        let asJSON = json
        await client.setMessageHandler { m in CLIIO.printStdout(Self.line(m, json: asJSON)) }
        try await client.pull()
        if let join {
            let status = try await client.joinChatroom(join, history: 10)
            CLIIO.printStdout("joinChrm \(join): status \(status)")
        }
        if let to {
            guard let conversation = ConversationType(name: type) else { throw ValidationError("--type: unknown conversation type \(type)") }
            var message: OutboundMessage
            if let objectName {
                message = OutboundMessage(conversation, targetId: to, objectName: objectName, contentBytes: Array((content ?? "{}").utf8))
            } else {
                message = OutboundMessage(conversation, targetId: to, content: TextMessage(content: text ?? "hello from rongwire peer-client"))
            }
            if let flag {
                guard let f = PersistenceFlag(name: flag) else { throw ValidationError("--flag: \(flag) is not a flag") }
                message.persistence = f
            }
            let topic = (try? message.publishTopic())?.text ?? "?"
            if let r = try await client.send(message) {
                CLIIO.printStdout("sent \(message.content.objectName) on \(topic) to \(to): PUBACK status \(r.status) messageUId \(r.messageUId.isEmpty ? "-" : r.messageUId) sentTime \(r.sentTime)")
            } else {
                CLIIO.printStdout("sent \(message.content.objectName) on \(topic) to \(to) (status message: no PUBACK)")
            }
        }
        if listen == .zero {
            while await client.isConnected() { try await Task.sleep(nanoseconds: 200_000_000) }
            if let s = await client.disconnectStatus() { CLIIO.printStdout("server sent DISCONNECT \(s)") }
        } else {
            try await Task.sleep(nanoseconds: UInt64(listen.milliseconds) * 1_000_000)
        }
        await client.close()
    }

    static func line(_ r: PeerReceivedMessage, json: Bool) -> String {
        let m = r.message
        let content = r.content.compactText()
        if json {
            var o = JSONObject()
            o["via"] = .string(r.via.rawValue)
            o["conversationType"] = .string(m.conversationType.name)
            o["targetId"] = .string(m.targetId)
            o["senderUserId"] = .string(m.senderUserId)
            o["objectName"] = .string(m.objectName)
            o["content"] = r.content
            o["messageUId"] = m.messageUId.map { .string($0) } ?? .null
            o["sentTime"] = .number(JSONNumber(m.sentTime))
            o["direction"] = .string(m.direction.rawValue)
            o["persistence"] = .string(m.persistence.name)
            if let e = m.expansion { o["expansion"] = .object(JSONObject(e.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .string($0.value)) })) }
            return JSONValue.object(o).compactText(unwritable: "{}")
        }
        let arrow = m.direction == .sent ? "\(m.senderUserId) (me, other device) → \(m.targetId)" : "\(m.senderUserId) → \(m.conversationType == .private ? "me" : m.targetId)"
        return "← [\(m.conversationType.name)] \(arrow): \(m.objectName) \(content)  uid=\(m.messageUId ?? "-") \(m.persistence.name) via \(r.via.rawValue)"
    }
}
