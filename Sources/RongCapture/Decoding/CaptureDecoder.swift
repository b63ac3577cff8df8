// Sources/RongCapture/Decoding/CaptureDecoder.swift - a capture's frames in order → decoded frames, with what each connection taught

import RongCodec
import RongEnvelope

/// Decodes the frames of a capture in the order they crossed the wire. A frame alone does not
/// say everything: a QUERYACK's body type is that of the QUERY with the same message id, the
/// user is the one the CONNACK named, a CONNACK's layout is the connection's protocol version
/// (its URL's `protocolVer`), and a fragmented message is whole only at its last frame. So the
/// decoder keeps, per connection, what its earlier frames taught, within bounds (at most
/// ``maxPendingQueries`` unanswered QUERYs, a message at most ``maxMessageBytes``).
///
/// ```swift
/// var decoder = CaptureDecoder()
/// decoder.open(CapturedConnection(id: 1, time: t, path: "/websocket", query: ["appId": "k", "token": "t"]))
/// let line = decoder.decode(frame).jsonValue()
/// ```
///
/// Decoding never throws: a frame that does not decode is a ``DecodedFrame`` with an ``DecodedFrame/error``.
public struct CaptureDecoder: Sendable {
    /// Decodes message contents (`$content`, the `messages` of a frame).
    public var registry: ContentRegistry
    /// Limits for that content decoding.
    public var contentOptions: DecodingOptions
    /// The most bytes a fragmented message may add up to before it is an error (`sizeLimit`)
    /// and its fragments are dropped.
    public var maxMessageBytes = 16 << 20
    /// Unanswered QUERYs remembered per connection; past this the oldest are forgotten (their
    /// QUERYACKs then show their body as hex).
    public var maxPendingQueries = 4_096

    struct ConnectionState: Sendable {
        var info: CapturedConnection
        var user: String?
        var queryTopics: [UInt16: Topic] = [:]
        var queryOrder: [UInt16] = []
        /// A fragmented message per sender: its opcode and the bytes so far.
        var fragments: [Side: (opcode: CaptureOpcode, bytes: [UInt8])] = [:]
    }

    private var connections: [Int: ConnectionState] = [:]

    /// A decoder with the built-in content types and default limits.
    public init(registry: ContentRegistry = .builtIn, contentOptions: DecodingOptions = .default) {
        self.registry = registry
        self.contentOptions = contentOptions
    }

    /// Starts a connection (its query decides the protocol version).
    public mutating func open(_ connection: CapturedConnection) {
        connections[connection.id] = ConnectionState(info: connection)
    }

    /// Forgets a connection.
    public mutating func close(_ id: Int) {
        connections[id] = nil
    }

    /// The user a connection's CONNACK named, once it has.
    public func user(of id: Int) -> String? { connections[id]?.user }

    /// Decodes one frame; frames of a connection must come in their order.
    public mutating func decode(_ frame: CapturedFrame) -> DecodedFrame {
        var state = connections[frame.connection]
            ?? ConnectionState(info: CapturedConnection(id: frame.connection, time: frame.time, path: "", query: [:]))
        defer { connections[frame.connection] = state }
        var out = DecodedFrame(frame: frame, user: state.user)
        // Whole messages: a fragment waits for its last frame; control frames come between them.
        var message = frame.payload
        var opcode = frame.opcode
        if !frame.opcode.isControl {
            if frame.opcode == .continuation || !frame.fin {
                var pending = state.fragments[frame.from] ?? (frame.opcode, [])
                if frame.opcode != .continuation { pending = (frame.opcode, []) }
                guard pending.bytes.count + frame.payload.count <= maxMessageBytes else {
                    state.fragments[frame.from] = nil
                    out.error = CodecError(.sizeLimit, "a fragmented message above \(maxMessageBytes) bytes", offset: maxMessageBytes)
                    return out
                }
                pending.bytes += frame.payload
                if !frame.fin {
                    state.fragments[frame.from] = pending
                    out.note = "a fragment: decoded with the message's last frame"
                    return out
                }
                state.fragments[frame.from] = nil
                message = pending.bytes
                opcode = pending.opcode
                out.messageSize = message.count
            }
        }
        switch opcode {
        case .binary:
            out.message = message
            out.isPacket = true
            decodePacket(message, &out, &state)
        case .text:
            out.note = "a text message: not an RMTP packet (not decoded)"
            out.text = String(validating: message, as: UTF8.self)
        case .close:
            out.closeCode = message.count >= 2 ? UInt16(message[0]) << 8 | UInt16(message[1]) : nil
            out.text = message.count > 2 ? String(decoding: message.dropFirst(2), as: UTF8.self) : nil
        case .ping, .pong:
            break
        default:
            out.note = "a frame with the reserved opcode \(opcode.rawValue) (not decoded)"
        }
        return out
    }

    private func decodePacket(_ bytes: [UInt8], _ out: inout DecodedFrame, _ state: inout ConnectionState) {
        let packet: Packet
        do throws(CodecError) {
            packet = try Self.packet(bytes, from: out.frame.from, protocolVersion: state.info.protocolVersion)
        } catch {
            out.error = error
            return
        }
        out.packetValue = packet
        var queryTopic: Topic?
        switch packet.body {
        case .query(let q):
            if state.queryTopics.updateValue(q.topic, forKey: q.messageId) == nil { state.queryOrder.append(q.messageId) }
            if state.queryOrder.count > maxPendingQueries {
                let forget = state.queryOrder.removeFirst()
                state.queryTopics[forget] = nil
            }
        case .queryAck(let a):
            queryTopic = state.queryTopics.removeValue(forKey: a.messageId)
            if queryTopic != nil, let i = state.queryOrder.firstIndex(of: a.messageId) { state.queryOrder.remove(at: i) }
        case .connAck(let a):
            if let userId = a.session?.userId.text {
                state.user = userId
                out.user = userId
            }
        default:
            break
        }
        out.queryTopic = queryTopic
        let options = PacketJSONOptions(queryTopic: queryTopic, registry: registry, contentOptions: contentOptions)
        do throws(CodecError) {
            out.packet = try packet.jsonValue(options: options)
        } catch {
            // The header decodes, a body does not: the packet with its payload in hex, and why.
            out.error = error
            out.packet = try? packet.jsonValue(options: PacketJSONOptions(decodeBodies: false, queryTopic: queryTopic))
            return
        }
        let user = state.user ?? ""
        switch packet.body {
        case .serverPublish:
            do throws(CodecError) {
                let m = try InboundMessage(packet: packet, currentUserId: user, registry: registry, options: contentOptions)
                out.messages = [try m.jsonValue()]
            } catch {
                // Topics other than messages (s_ntf, s_cmd, …) carry none; that is no error.
                if error.code != .notAMessage { out.messages = [["error": .string(error.code.rawValue)]] }
            }
        case .queryAck(let a) where InboundMessage.queryAckHoldsMessages(queryTopic: queryTopic) && !a.payload.isEmpty:
            if let page = try? InboundMessage.pullResult(a.payload, currentUserId: user, registry: registry, options: contentOptions) {
                out.messages = page.jsonValue().objectValue?["messages"]?.arrayValue ?? []
            }
        default:
            break
        }
    }

    /// One packet, read in the layout of the connection's protocol version. Only a CONNACK's
    /// layout depends on it (RongIMLib 5.x's version 4, ENV-PKT-013).
    static func packet(_ bytes: [UInt8], from side: Side, protocolVersion: UInt8) throws(CodecError) -> Packet {
        try Packet.decode(bytes, from: side, protocol: ProtocolVersion(rawValue: protocolVersion) ?? .v3)
    }
}
