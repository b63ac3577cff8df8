// Sources/RongConformance/Testees/CodecTestee.swift - RongWire's own codec answering testee requests

import RongCodec
import RongEnvelope

/// Answers requests with RongWire's own codec. Used in-process by `rongwire conform` and behind
/// `rongwire testee`, so the same code answers both ways and the protocol itself is tested.
public final class CodecTestee: Testee {
    /// Always `rongwire`.
    public let name = "rongwire"
    let registry: ContentRegistry

    /// A testee that decodes content through `registry` (default: the built-in catalog and the
    /// kit's example custom types, `ContentRegistry.conformance`).
    public init(registry: ContentRegistry = .conformance) {
        self.registry = registry
    }

    /// The request kinds it answers, as listed in its `hello` answer.
    public let kinds = Vector.Kind.known.map(\.rawValue)

    /// Answers one request in-process; never throws. An unknown kind is `skipped`; a request without
    /// the input, `objectName` or `from` its kind needs is a runtime error (`error`).
    public func handle(_ request: TesteeRequest) -> TesteeResponse {
        let options = request.options ?? DecodingOptions()
        switch request.kind {
        case "hello":
            return .hello(name: name, version: nil, kinds: kinds)
        case "decode", "roundtrip":
            guard case .bytes(let bytes)? = request.input else { return .runtimeError(message: "\(request.kind) needs byte input") }
            guard let objectName = request.objectName else { return .runtimeError(message: "\(request.kind) needs objectName") }
            do throws(CodecError) {
                let decoded = try registry.decode(objectName: objectName, bytes: bytes, options: options)
                switch decoded {
                case .typed(let c):
                    let out = try c.base.jsonBytes(maxBytes: .max, maxDepth: options.maxDepth)
                    return .accepted(
                        value: try c.base.normalizedValue(), bytes: out,
                        leniencies: c.base.diagnostics.leniencies.map(\.rawValue))
                case .unknown(let u):
                    // Unknown types pass through untouched; their value is the JSON they hold.
                    let value = try? u.jsonValue(options: options)
                    return .accepted(value: value, bytes: u.bytes, leniencies: [])
                }
            } catch {
                return .rejected(error: error.code.rawValue, message: error.description)
            }
        case "encode":
            guard case .value(let value)? = request.input else { return .runtimeError(message: "encode needs a value input") }
            guard let objectName = request.objectName else { return .runtimeError(message: "encode needs objectName") }
            guard registry.type(for: objectName) != nil else {
                return .rejected(error: CodecError.Code.unknownObjectName.rawValue, message: "\(objectName) is not registered")
            }
            do throws(CodecError) {
                let bytes = try NormalizedEncoding.canonicalBytes(objectName: objectName, value: value, registry: registry, options: options)
                return .accepted(value: nil, bytes: bytes, leniencies: nil)
            } catch {
                return .rejected(error: error.code.rawValue, message: error.description)
            }
        case "persistence":
            guard case .bytes(let bytes)? = request.input else { return .runtimeError(message: "persistence needs byte input") }
            let name = String(decoding: bytes, as: UTF8.self)
            guard let type = registry.type(for: name) else {
                return .rejected(error: CodecError.Code.unknownObjectName.rawValue, message: "\(name) is not registered")
            }
            return .accepted(value: .number(JSONNumber(type.persistence.rawValue)), bytes: nil, leniencies: nil)
        case "attributes":
            guard case .bytes(let bytes)? = request.input else { return .runtimeError(message: "attributes needs byte input") }
            let name = String(decoding: bytes, as: UTF8.self)
            guard let type = registry.type(for: name) else {
                return .rejected(error: CodecError.Code.unknownObjectName.rawValue, message: "\(name) is not registered")
            }
            let value = JSONObject([
                .init(key: "command", value: .bool(type.attributes.contains(.command))),
                .init(key: "media", value: .bool(type.attributes.contains(.media))),
            ])
            return .accepted(value: .object(value), bytes: nil, leniencies: nil)
        case "objectname":
            guard case .bytes(let bytes)? = request.input else { return .runtimeError(message: "objectname needs byte input") }
            let name = String(decoding: bytes, as: UTF8.self)
            do throws(CodecError) {
                try registry.nameRules.validate(name)
                return .accepted(value: .string(name), bytes: nil, leniencies: nil)
            } catch {
                return .rejected(error: error.code.rawValue, message: error.description)
            }
        case "json-parse":
            guard case .bytes(let bytes)? = request.input else { return .runtimeError(message: "json-parse needs byte input") }
            do throws(CodecError) {
                let v = try JSONValue(parsing: bytes, options: options)
                return .accepted(value: v, bytes: try v.canonicalBytes(), leniencies: nil)
            } catch {
                return .rejected(error: error.code.rawValue, message: error.description)
            }
        case "frame-decode":
            guard case .bytes(let bytes)? = request.input else { return .runtimeError(message: "frame-decode needs byte input") }
            guard let side = request.from.flatMap(Side.init(rawValue:)) else { return .runtimeError(message: "frame-decode needs from") }
            do throws(CodecError) {
                let packet = try Packet.decode(bytes, from: side, protocol: request.protocolVersion ?? .v3)
                let value = try packet.jsonValue(options: PacketJSONOptions(queryTopic: request.queryTopic, registry: registry))
                // Decode then encode must give the input back (spec/envelope.md).
                return .accepted(value: value, bytes: try packet.encoded(), leniencies: nil)
            } catch {
                return .rejected(error: error.code.rawValue, message: error.description)
            }
        case "message-decode":
            guard case .bytes(let bytes)? = request.input else { return .runtimeError(message: "message-decode needs byte input") }
            guard let side = request.from.flatMap(Side.init(rawValue:)) else { return .runtimeError(message: "message-decode needs from") }
            do throws(CodecError) {
                let packet = try Packet.decode(bytes, from: side)
                if case .queryAck(let ack) = packet.body {
                    // A pull result: the QUERY's topic says so (options.queryTopic).
                    guard InboundMessage.queryAckHoldsMessages(queryTopic: request.queryTopic) else {
                        throw CodecError(.notAMessage, "a QUERYACK carries messages only as the answer to pullMsg or chrmPull")
                    }
                    let page = try InboundMessage.pullResult(ack.payload, currentUserId: request.currentUserId ?? "", registry: registry)
                    return .accepted(value: page.jsonValue(), bytes: nil, leniencies: nil)
                }
                let message = try InboundMessage(packet: packet, currentUserId: request.currentUserId ?? "", registry: registry)
                return .accepted(value: try message.jsonValue(), bytes: nil, leniencies: nil)
            } catch {
                return .rejected(error: error.code.rawValue, message: error.description)
            }
        case "message-encode":
            guard case .value(let value)? = request.input else { return .runtimeError(message: "message-encode needs a value input") }
            do throws(CodecError) {
                let (message, messageId) = try OutboundMessage.decodeJSON(value, registry: registry)
                return .accepted(value: nil, bytes: try message.encoded(messageId: messageId), leniencies: nil)
            } catch {
                return .rejected(error: error.code.rawValue, message: error.description)
            }
        case "frame-encode":
            guard case .value(let value)? = request.input else { return .runtimeError(message: "frame-encode needs a value input") }
            guard let side = request.from.flatMap(Side.init(rawValue:)) else { return .runtimeError(message: "frame-encode needs from") }
            do throws(CodecError) {
                return .accepted(value: nil, bytes: try Packet(json: value, from: side, protocol: request.protocolVersion ?? .v3).encoded(), leniencies: nil)
            } catch {
                return .rejected(error: error.code.rawValue, message: error.description)
            }
        case "nim-decode", "nim-read", "nim-to-rc", "rc-to-nim":
            return NIMRequests.handle(request)
        default:
            return .skipped(reason: "unknown kind \(request.kind)")
        }
    }
}
