// Sources/RongFuzzing/EnvelopeBody.swift - the envelope target

import RongCodec
import RongEnvelope

/// Packets: decode ⇒ encoding gives the input back exactly (ENV-JSON-001) ⇒ the raw JSON form
/// always exists and encodes to the input ⇒ the decoded JSON form (with the QUERY's topic for a
/// QUERYACK, so the response bodies are decoded too) either exists and encodes to the input, or
/// fails with the payload's own decoding error (ENV-JSON-004). Errors are well-formed. The
/// borrowed decode (``PacketView``) agrees with the owned one (``ViewAgreement``).
enum EnvelopeBody {
    /// Splits an input into sender, QUERY topic, protocol version and packet bytes (see
    /// ``FuzzTarget/envelope``).
    static func split(_ data: [UInt8]) -> (Side, Topic?, ProtocolVersion, ArraySlice<UInt8>)? {
        guard let selector = data.first else { return nil }
        let side: Side = selector & 1 == 0 ? .client : .server
        let version: ProtocolVersion = selector & 4 == 0 ? .v3 : .v4
        var rest = data.dropFirst()
        var queryTopic: Topic?
        if selector & 2 != 0 {
            guard let n = rest.first, rest.count > Int(n) else { return nil }
            let topic = rest.dropFirst().prefix(Int(n))
            queryTopic = Topic(String(decoding: topic, as: UTF8.self))
            rest = rest.dropFirst(1 + Int(n))
        }
        return (side, queryTopic, version, rest)
    }

    static func check(_ data: [UInt8]) -> [String] {
        guard let (side, queryTopic, version, slice) = split(data) else { return [] }
        let bytes = Array(slice)
        let packet: Packet
        do throws(CodecError) {
            packet = try Packet.decode(bytes, from: side, protocol: version)
        } catch {
            return error.problems(allowed: ErrorCodes.packet, inputCount: bytes.count, what: "\(side) packet")
                + ViewAgreement.check(bytes, from: side, protocol: version, owned: .failure(error))
        }
        var violations = ViewAgreement.check(bytes, from: side, protocol: version, owned: .success(packet))
        do throws(CodecError) {
            let again = try packet.encoded()
            if again != bytes { violations.append("\(side) packet: decode then encode is not exact") }
        } catch {
            violations.append("\(side) packet decodes but does not encode: \(error)")
        }
        // The raw form (payloads as bodyHex) always exists and round-trips; the decoded form may
        // reject a payload that does not decode (ENV-JSON-004), but when it exists it round-trips.
        for decodeBodies in [false, true] {
            let options = PacketJSONOptions(decodeBodies: decodeBodies, queryTopic: queryTopic)
            let json: JSONValue
            do throws(CodecError) {
                json = try packet.jsonValue(options: options)
            } catch {
                if !decodeBodies {
                    violations.append("\(side) packet: no raw JSON form: \(error)")
                } else {
                    violations += payloadFailure(error, packet, queryTopic, side)
                }
                continue
            }
            do throws(CodecError) {
                let fromJSON = try Packet(json: json, from: side, protocol: version).encoded()
                if fromJSON != bytes { violations.append("\(side) packet: its JSON form (decodeBodies \(decodeBodies)) encodes differently") }
            } catch {
                violations.append("\(side) packet: its JSON form (decodeBodies \(decodeBodies)) does not encode: \(error)")
            }
        }
        return violations
    }

    /// The decoded JSON form failed: that is allowed only for a payload of a known body type that
    /// does not parse, with the code parsing it gives (ENV-JSON-004).
    static func payloadFailure(_ error: CodecError, _ packet: Packet, _ queryTopic: Topic?, _ side: Side) -> [String] {
        guard let type = BodyType.of(packet.body, queryTopic: queryTopic), let payload = packet.payload else {
            return ["\(side) packet: the decoded JSON form fails without a body to decode: \(error)"]
        }
        do throws(CodecError) {
            try BodyJSON.validate(payload, as: type)
            return ["\(side) packet: the \(type) payload parses, but its JSON form fails: \(error)"]
        } catch let parsing {
            var out = parsing.problems(allowed: ErrorCodes.payload, inputCount: payload.count, what: "\(type) payload")
            if parsing.code != error.code {
                out.append("\(side) packet: the JSON form fails with \(error.code), parsing the \(type) payload with \(parsing.code)")
            }
            return out
        }
    }
}

extension Packet {
    /// The payload of a PUBLISH, QUERY or QUERYACK.
    var payload: [UInt8]? {
        switch body {
        case .publish(let p), .query(let p): p.payload
        case .serverPublish(let p): p.payload
        case .queryAck(let a): a.payload
        default: nil
        }
    }
}
