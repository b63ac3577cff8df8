// Sources/rongwire/Commands/FrameCommand.swift - `rongwire frame decode|encode`

import ArgumentParser
import RongCodec
import RongSupport
import RongEnvelope

struct FrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Decode and encode RMTP packets (one WebSocket binary message each).",
        discussion: """
            A packet is printed and read in the packet JSON form of spec/envelope.md: `header` \
            (type, dup, qos, retain), the variable-header fields by name, and for PUBLISH, QUERY \
            and QUERYACK the protobuf body as `bodyType` + `body`, with `bodyHex` when the body \
            is not decoded or would not re-encode to the same bytes. Members starting with `$` \
            are derived (the decoded content, the CONNACK status name) and ignored on encode. \
            `frame decode` then `frame encode` gives the original bytes back.

            Layouts depend on the sender, so --from is required: `client` for client → server \
            packets, `server` for server → client ones. A CONNACK's layout also depends on the \
            protocol version the connection negotiated (the `protocolVer` of the WebSocket URL; \
            RongIMLib 5.x asks for 4 when navigation says `openAnti: 1`), which nothing in the \
            packet says: --protocol 4 reads and writes version 4's (flags, then the fields they \
            name); the default, 3, the userId/sessionId/timestamp tail.
            """,
        subcommands: [Decode.self, Encode.self, Compose.self]
    )
}

/// `--from client|server`.
struct SideOption: ParsableArguments {
    @Option(help: ArgumentHelp("Who sent the packet: client or server.", valueName: "side"))
    var from: Side
}

extension Side: ExpressibleByArgument {}

/// `--protocol 3|4`.
struct ProtocolOption: ParsableArguments {
    @Option(
        name: .customLong("protocol"),
        help: ArgumentHelp(
            "The connection's protocol version, which decides a CONNACK's layout: 3 (userId, sessionId, timestamp) or 4 (a flags byte, then the fields it names: userId, sessionId, timestamp, messageId).",
            valueName: "version"))
    var version: ProtocolVersion = .v3
}

extension ProtocolVersion: ExpressibleByArgument {}

extension FrameCommand {
    struct Decode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Decode packet bytes and print the packet as JSON.",
            discussion: """
                Reads the raw bytes of one packet from FILE or standard input (at most 16 MiB), or \
                hex digits with --hex (spaces allowed). Payloads are decoded by topic; a QUERYACK names no topic, \
                so give the QUERY's with --query-topic to decode its body.

                --message prints what a client receives instead (spec/envelope.md, the inbound \
                message JSON form). The user's own messages echoed from another device carry no \
                sender on the wire; --user-id names the current user, who is then shown as \
                their senderUserId (here an echo on pgMsgP, dup bit set):
                  rongwire frame decode --from server --message --user-id me \\
                    --hex '3b 6553f100 0006 70674d736750 0002 6731 0001 0803 1209
                    52433a5478744d7367 1a10 7b22636f6e74656e74223a226869227d 4800'
                  {"conversationType":3,"targetId":"g1","senderUserId":"me",...,"sync":true}

                Example (a client PINGREQ, then a server PUBACK):
                  rongwire frame decode --from client --hex c0
                  {"header":{"type":"PINGREQ","dup":false,"qos":0,"retain":false}}
                  rongwire frame decode --from server --hex '41 0001 65a0f3c0 0000 007b 0013
                    4142 4344 2d45 4647 482d 494a 4b4c 2d4d 4e4f 50'

                A version-4 CONNACK (RongIMLib 5.x with `openAnti: 1`) needs --protocol 4:
                  rongwire frame decode --from server --protocol 4 --hex '20 00 00 0d 0005
                    616c696365 000001a22600966d 03e8'
                  {"header":{"type":"CONNACK",...},"reserved":0,"status":0,"$statusName":"ACCEPTED",
                   "flags":13,"userId":"alice","timestamp":1795933902445,"messageId":1000}

                On bad bytes prints `error[CODE]: message (byte N)` on stderr and exits 1; CODE is \
                stable (truncated, trailingGarbage, unknownPacketType, unsupportedPacketType, \
                wrongDirection, invalidString, protobufDecoding, missingRequiredField, ...).
                """
        )

        @OptionGroup var side: SideOption
        @OptionGroup var protocolVersion: ProtocolOption

        @Option(help: ArgumentHelp("The packet as hex digits instead of FILE.", valueName: "hex"))
        var hex: String?

        @Option(help: "For a QUERYACK: the topic of the QUERY it answers (pullMsg, qryRelationR, pullSeAtts, queryChrmI, ...), which decides its body type.")
        var queryTopic: String?

        @Flag(help: "Do not decode payloads; print them as bodyHex.")
        var rawBody = false

        @Flag(help: ArgumentHelp(
            "Print the received message (a server PUBLISH) or the pull result (a QUERYACK with --query-topic pullMsg) in the inbound message JSON form instead of the packet."))
        var message = false

        @Option(help: ArgumentHelp(
            "With --message: the current user's id, shown as the sender of the user's own messages echoed from another device (a server PUBLISH on a publish topic); a pulled message from this user is `sent` (a chatroom pull leaves `direction` empty for them).",
            valueName: "id"))
        var userId: String?

        @Flag(help: "Indent the output.")
        var pretty = false

        @OptionGroup var input: InputArgument

        func validate() throws {
            if hex != nil, let file = input.file, file != "-" {
                throw ValidationError("give either --hex or FILE, not both")
            }
            if message && rawBody { throw ValidationError("--message and --raw-body do not go together") }
            if userId != nil && !message { throw ValidationError("--user-id goes with --message") }
        }

        func run() throws {
            do throws(CodecError) {
                let bytes: [UInt8]
                if let hex {
                    guard let b = Hex.decode(hex, allowingWhitespace: true) else {
                        throw CodecError(.invalidValue, "--hex must be pairs of hex digits")
                    }
                    bytes = b
                } else {
                    bytes = try input.read(limit: CLIIO.defaultInputLimit)
                }
                let packet = try Packet.decode(bytes, from: side.from, protocol: protocolVersion.version)
                let value: JSONValue
                if message {
                    if case .queryAck(let ack) = packet.body {
                        guard InboundMessage.queryAckHoldsMessages(queryTopic: queryTopic.map { Topic($0) }) else {
                            throw CodecError(.notAMessage, "a QUERYACK holds messages only for --query-topic pullMsg or chrmPull")
                        }
                        value = try InboundMessage.pullResult(ack.payload, currentUserId: userId ?? "").jsonValue()
                    } else {
                        value = try InboundMessage(packet: packet, currentUserId: userId ?? "").jsonValue()
                    }
                } else {
                    value = try packet.jsonValue(options: PacketJSONOptions(decodeBodies: !rawBody, queryTopic: queryTopic.map { Topic($0) }))
                }
                CLIIO.printStdout(pretty ? try value.prettyText() : try value.canonicalText())
            } catch {
                throw CLIIO.fail(error)
            }
        }
    }

    struct Encode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read a packet as JSON and print its bytes as hex.",
            discussion: """
                The input is the packet JSON form that `frame decode` prints. Absent header flags \
                are false/0; derived `$` members are ignored; `bodyHex`, when present, is written \
                as the payload exactly.

                Example:
                  echo '{"header":{"type":"QUERYCON"},"messageId":7}' \\
                    | rongwire frame encode --from client
                  700007

                A CONNACK with `flags` (and `messageId`) is version 4's: give --protocol 4.

                Bad JSON or values print `error[CODE]: message (at PATH)` on stderr and exit 1. \
                Input above 16 MiB is error[sizeLimit].
                """
        )

        @OptionGroup var side: SideOption
        @OptionGroup var protocolVersion: ProtocolOption
        @OptionGroup var input: InputArgument

        func run() throws {
            do throws(CodecError) {
                let json = try JSONValue(parsing: try input.read(limit: CLIIO.defaultInputLimit), options: DecodingOptions(maxContentBytes: .max))
                let packet = try Packet(json: json, from: side.from, protocol: protocolVersion.version)
                CLIIO.printStdout(Hex.encode(try packet.encoded()))
            } catch {
                throw CLIIO.fail(error)
            }
        }
    }
}
