// Sources/RongFuzzing/FuzzBodies.swift - what each fuzz target does with one input

import RongCodec
import RongConformance
import RongEnvelope

/// The fuzz targets. Each body decodes one input and checks the codec's invariants; it returns
/// the violations instead of trapping, so `swift test` can replay saved inputs without
/// libFuzzer. The libFuzzer executables in `tools/fuzz/` trap on any violation.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// First byte picks a built-in objectName; the rest is content bytes.
    case content
    /// Lowest bit of the first byte picks the sender (0 client, 1 server); the rest is a packet.
    case envelope
    /// A server packet, taken as a received message (or a pull result).
    case message
    /// YAML text for the vector loader.
    case vectorLoader = "vector-loader"

    /// Runs the body on one input and returns the invariant violations (empty = fine).
    public func check(_ data: [UInt8]) -> [String] {
        switch self {
        case .content: FuzzBodies.content(data)
        case .envelope: FuzzBodies.envelope(data)
        case .message: FuzzBodies.message(data)
        case .vectorLoader: FuzzBodies.vectorLoader(data)
        }
    }
}

/// The bodies behind ``FuzzTarget``: each takes one input and returns the invariant violations
/// it found (empty = fine).
enum FuzzBodies {
    /// The options fuzzing decodes with: the protocol defaults.
    static let options = DecodingOptions()
    /// Decoding the canonical form again must not be limited by size: canonical bytes may be a
    /// little longer than the input (`1e300` is written `1e+300`).
    static let unlimited = DecodingOptions(maxContentBytes: .max, maxDepth: DecodingOptions.maximumDepthLimit)

    /// Content: decode ⇒ encode succeeds ⇒ re-decode (strictly) equals ⇒ canonical bytes are a
    /// fixed point; decoding through the registry gives the same value; errors carry an offset
    /// inside the input.
    static func content(_ data: [UInt8]) -> [String] {
        guard let selector = data.first else { return [] }
        let types = BuiltInCatalog.types
        let type = types[Int(selector) % types.count]
        return check(type, Array(data.dropFirst()))
    }

    static func check<T: MessageContent>(_ type: T.Type, _ bytes: [UInt8]) -> [String] {
        var violations: [String] = []
        let value: T
        do throws(CodecError) {
            value = try T(jsonBytes: bytes, options: options)
        } catch {
            if let offset = error.offset, offset < 0 || offset > max(bytes.count, options.maxContentBytes) {
                violations.append("\(T.objectName): error offset \(offset) outside the input of \(bytes.count) bytes")
            }
            return violations
        }
        let canonical: [UInt8]
        do throws(CodecError) {
            canonical = try value.jsonBytes(maxBytes: .max)
        } catch {
            return ["\(T.objectName): decoded but cannot encode: \(error)"]
        }
        var strict = unlimited
        strict.mode = .strict
        do throws(CodecError) {
            let again = try T(jsonBytes: canonical, options: strict)
            if again != value { violations.append("\(T.objectName): re-decoding the canonical form gives a different value") }
            let twice = try again.jsonBytes(maxBytes: .max)
            if twice != canonical { violations.append("\(T.objectName): canonical bytes are not a fixed point") }
        } catch {
            violations.append("\(T.objectName): canonical form does not decode strictly: \(error)")
        }
        do throws(CodecError) {
            let viaRegistry = try ContentRegistry.builtIn.decode(objectName: T.objectName, bytes: bytes, options: options)
            if viaRegistry != .typed(AnyMessageContent(value)) { violations.append("\(T.objectName): registry decode differs") }
        } catch {
            violations.append("\(T.objectName): registry decode fails where direct decode succeeds: \(error)")
        }
        return violations
    }

    /// Packets: decode ⇒ the JSON form can be written ⇒ encoding gives the input back exactly
    /// (ENV-JSON-001) ⇒ the JSON form encodes to the same bytes too.
    static func envelope(_ data: [UInt8]) -> [String] {
        guard let selector = data.first else { return [] }
        let side: Side = selector & 1 == 0 ? .client : .server
        let bytes = Array(data.dropFirst())
        let packet: Packet
        do throws(CodecError) {
            packet = try Packet.decode(bytes, from: side)
        } catch {
            return []
        }
        var violations: [String] = []
        do throws(CodecError) {
            let again = try packet.encoded()
            if again != bytes { violations.append("\(side) packet: decode then encode is not exact") }
        } catch {
            violations.append("\(side) packet decodes but does not encode: \(error)")
        }
        // The raw form (payloads as bodyHex) always exists and round-trips; the decoded form may
        // reject a payload that does not decode (ENV-JSON-004), but when it exists it round-trips.
        for decodeBodies in [false, true] {
            let json: JSONValue
            do throws(CodecError) {
                json = try packet.jsonValue(options: PacketJSONOptions(decodeBodies: decodeBodies))
            } catch {
                if !decodeBodies { violations.append("\(side) packet: no raw JSON form: \(error)") }
                continue
            }
            do throws(CodecError) {
                let fromJSON = try Packet(json: json, from: side).encoded()
                if fromJSON != bytes { violations.append("\(side) packet: its JSON form (decodeBodies \(decodeBodies)) encodes differently") }
            } catch {
                violations.append("\(side) packet: its JSON form (decodeBodies \(decodeBodies)) does not encode: \(error)")
            }
        }
        return violations
    }

    /// Whole messages: a server packet either is a message (or a pull result) whose JSON form
    /// can be written, or gives a typed error.
    static func message(_ data: [UInt8]) -> [String] {
        let packet: Packet
        do throws(CodecError) {
            packet = try Packet.decode(data, from: .server)
        } catch {
            return []
        }
        if case .queryAck(let ack) = packet.body {
            if let page = try? InboundMessage.pullResult(ack.payload) { _ = page.jsonValue() }
            return []
        }
        do throws(CodecError) {
            let m = try InboundMessage(packet: packet, currentUserId: "me")
            _ = try m.jsonValue()
        } catch {
            if error.code == .invalidValue && error.reason.isEmpty { return ["untyped invalidValue: \(error)"] }
        }
        return []
    }

    /// The vector loader: any text either loads or gives a located error; loaded vectors are
    /// well-formed (ids have a level prefix, accept expectations have an output).
    static func vectorLoader(_ data: [UInt8]) -> [String] {
        guard let text = String(validating: data, as: UTF8.self) else { return [] }
        do throws(VectorLoadError) {
            let vectors = try VectorLoader().load(yaml: text, file: "fuzz.yaml")
            for v in vectors where !v.id.hasPrefix(v.level.idPrefix + ".") {
                return ["loaded vector \(v.id) does not start with its level"]
            }
        } catch {
            if error.line < 0 { return ["negative line in \(error)"] }
        }
        return []
    }
}
