// Tests/RongEnvelopeTests/JSONFormPathTests.swift - the envelope's JSON forms write paths in the one notation

import RongCodec
import RongEnvelope
import RongTestSupport
import Testing

/// The packet and outbound message JSON forms report a member at the path RongCodec's decoders
/// would give it (CONTENT-PATH-001): keys that are not identifiers in brackets, escaped.
@Suite("Envelope JSON forms: error paths")
struct JSONFormPathTests {
    static func failure(_ text: String, _ body: (JSONValue) throws(CodecError) -> Void) -> CodecError? {
        do throws(CodecError) {
            try body(try JSONValue(parsing: Array(text.utf8)))
            return nil
        } catch {
            return error
        }
    }

    @Test("an unknown member of a packet, of its header; `$` members are derived and skipped", arguments: JSONPathCase.all)
    func packet(_ c: JSONPathCase) {
        let derived = c.key.hasPrefix("$")
        let atRoot = Self.failure(#"{"header":{"type":"PINGREQ"},\#(c.quotedKey):1}"#) { v throws(CodecError) in _ = try Packet(json: v, from: .client) }
        #expect(atRoot?.code == (derived ? nil : .invalidValue), "\(String(describing: atRoot))")
        #expect(atRoot?.path == (derived ? nil : c.path))
        let inHeader = Self.failure(#"{"header":{"type":"PINGREQ",\#(c.quotedKey):1}}"#) { v throws(CodecError) in _ = try Packet(json: v, from: .client) }
        #expect(inHeader?.path == (derived ? nil : "$.header" + c.path.dropFirst()))
    }

    @Test("an expansion value that is not a string, under a key of any form", arguments: JSONPathCase.all)
    func expansion(_ c: JSONPathCase) {
        let text = #"{"conversationType":1,"targetId":"u","objectName":"X","content":"{}","messageId":1,"expansion":{\#(c.quotedKey):1}}"#
        let e = Self.failure(text) { v throws(CodecError) in _ = try OutboundMessage.decodeJSON(v) }
        #expect(e?.code == .typeMismatch)
        #expect(e?.path == "$.expansion" + c.path.dropFirst())
    }
}
