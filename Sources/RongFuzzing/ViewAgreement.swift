// Sources/RongFuzzing/ViewAgreement.swift - the borrowed decode against the owned one, per input

import RongCodec
import RongEnvelope

/// The envelope target's check of ``PacketView``: decoding the frame in place gives what
/// ``Packet/decode(_:from:protocol:)-([UInt8],_,_)`` gives (``PacketView/owned()`` equal to the packet, or the same
/// error with its offset and text), the payload lies in the frame's own memory (not a copy), and
/// every hot body, a received message and a pull result read from the view's payload equal those
/// read from the owned payload (the same value, or the same error).
enum ViewAgreement {
    static func check(_ bytes: [UInt8], from side: Side, protocol version: ProtocolVersion = .v3, owned: Result<Packet, CodecError>) -> [String] {
        bytes.withUnsafeBytes { raw in
            let what = "\(side) packet view"
            do throws(CodecError) {
                let view = try PacketView(decoding: raw, from: side, protocol: version)
                guard case .success(let packet) = owned else { return ["\(what): decodes, the owned decode fails"] }
                return agree(view, raw, packet, what)
            } catch {
                guard case .failure(let expected) = owned else { return ["\(what): fails (\(error)), the owned decode does not"] }
                return same(error, expected) ? [] : ["\(what): fails with \(error), the owned decode with \(expected)"]
            }
        }
    }

    private static func agree(_ view: borrowing PacketView, _ raw: UnsafeRawBufferPointer, _ packet: Packet, _ what: String) -> [String] {
        var out: [String] = []
        if view.owned() != packet { out.append("\(what): owned() differs from the owned decode") }
        if view.header != packet.header || view.messageId != packet.body.messageId || view.topic != packet.body.topic {
            out.append("\(what): a header field differs from the owned decode")
        }
        guard let payload = view.payload, let bytes = packet.body.payload else {
            if view.payload != nil || packet.body.payload != nil { out.append("\(what): one decode has a payload, the other not") }
            return out
        }
        if payload.baseAddress != raw.baseAddress.map({ $0 + (raw.count - payload.count) }) {
            out.append("\(what): the payload is not the frame's tail in place")
        }
        out += compare("UpStreamMessage", { () throws(CodecError) in try UpStreamMessage.decode(payload) }, { () throws(CodecError) in try UpStreamMessage.decode(bytes) })
        out += compare("DownStreamMessage", { () throws(CodecError) in try DownStreamMessage.decode(payload) }, { () throws(CodecError) in try DownStreamMessage.decode(bytes) })
        out += compare("DownStreamMessages", { () throws(CodecError) in try DownStreamMessages.decode(payload) }, { () throws(CodecError) in try DownStreamMessages.decode(bytes) })
        if view.sender == .server && view.type == .publish {
            let options = MessageBody.unlimited
            out += compare("InboundMessage", { () throws(CodecError) in try InboundMessage(view: view, currentUserId: "me", options: options) },
                           { () throws(CodecError) in try InboundMessage(packet: packet, currentUserId: "me", options: options) })
        }
        if view.type == .queryAck {
            out += compare("pull result", { () throws(CodecError) in try summary(InboundMessage.pullResult(payload)) },
                           { () throws(CodecError) in try summary(InboundMessage.pullResult(bytes)) })
        }
        return out.map { "\(what): \($0)" }
    }

    /// A pull result in a comparable form: each message, or its error's code, offset, path and
    /// text. Values are compared with `==`, never printed: printing a struct by reflection makes
    /// the runtime cache its type name, which LeakSanitizer reports as a leak in the statically
    /// linked fuzzers that .clusterfuzzlite/build.sh builds.
    private struct PageSummary: Equatable {
        var messages: [InboundMessage?] = []
        var errors: [String?] = []
        var syncTime: Int64
        var isFinished: Bool
        var broadcastSyncTime: Int64?
    }

    private static func summary(_ page: InboundMessage.PullResult) -> PageSummary {
        var s = PageSummary(syncTime: page.syncTime, isFinished: page.isFinished, broadcastSyncTime: page.broadcastSyncTime)
        for r in page.messages {
            switch r {
            case .success(let m):
                s.messages.append(m)
                s.errors.append(nil)
            case .failure(let e):
                s.messages.append(nil)
                s.errors.append("\(e.code.rawValue) \(e.offset ?? -1) \(e.path ?? "") \(e.reason)")
            }
        }
        return s
    }

    private static func compare<T: Equatable>(
        _ name: String, _ inPlace: () throws(CodecError) -> T, _ owned: () throws(CodecError) -> T
    ) -> [String] {
        let a: Result<T, CodecError> = Result { () throws(CodecError) in try inPlace() }
        let b: Result<T, CodecError> = Result { () throws(CodecError) in try owned() }
        switch (a, b) {
        case (.success(let x), .success(let y)): return x == y ? [] : ["\(name) read in place differs from the one read from the owned payload"]
        case (.failure(let x), .failure(let y)): return same(x, y) ? [] : ["\(name) read in place fails with \(x), from the owned payload with \(y)"]
        default: return ["\(name) decodes from one payload only (in place: \(a), owned: \(b))"]
        }
    }

    private static func same(_ a: CodecError, _ b: CodecError) -> Bool {
        a.code == b.code && a.offset == b.offset && a.path == b.path && a.reason == b.reason
    }
}
