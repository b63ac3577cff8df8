// Sources/RongCapture/Readers/CaptureTimeline.swift - a HAR's decoded timeline, per connection, as JSON lines or text

import RongCodec
import RongSupport

/// The timeline `rongwire har` prints: connection by connection, an `open` line (the proxy
/// log's, with the HAR's `url`) and each message decoded as the proxy decodes frames
/// (``DecodedFrame``), so a HAR and a proxy log of the same session read alike. A socket that
/// is not RongCloud's (no `appId` and `token` in its URL) is listed and its messages skipped;
/// within a RongCloud socket, text messages are listed as such and not decoded, and a message
/// the HAR does not give in its documented form is listed with why it was skipped.
public enum CaptureTimeline {
    /// The lines (without line feeds): JSON objects when `json`, readable text otherwise.
    public static func lines(_ har: HARCapture, json: Bool) -> [String] {
        var out: [String] = []
        var decoder = CaptureDecoder()
        for c in har.connections {
            let rongCloud = c.info.isRongCloud
            if json {
                var open = CaptureLog.openLine(c.info).objectValue ?? JSONObject()
                open["url"] = .string(c.url)
                if !rongCloud {
                    open["skipped"] = .string("not a RongCloud socket (no appId and token in its URL)")
                    open["messages"] = .number(JSONNumber(Int64(c.frames.count + c.skipped.count)))
                }
                out.append(text(.object(open)))
            } else {
                let what = rongCloud
                    ? "\(c.frames.count) message\(c.frames.count == 1 ? "" : "s")"
                    : "not a RongCloud socket (no appId and token in its URL): \(c.frames.count + c.skipped.count) messages skipped"
                out.append("== #\(c.info.id) \(shortURL(c)) \(what)")
            }
            guard rongCloud else { continue }
            for s in c.skipped {
                out.append(json
                    ? text(["event": "skipped", "connection": .number(JSONNumber(Int64(c.info.id))), "index": .number(JSONNumber(Int64(s.index))), "reason": .string(s.reason)])
                    : "   message \(s.index) skipped: \(s.reason)")
            }
            decoder.open(c.info)
            for f in c.frames {
                let d = decoder.decode(f)
                out.append(json ? text(d.jsonValue()) : d.textLine())
            }
            decoder.close(c.info.id)
        }
        return out
    }

    static func text(_ v: JSONValue) -> String {
        (try? String(decoding: v.canonicalBytes(), as: UTF8.self)) ?? #"{"event":"unwritable"}"#
    }

    /// The URL with the token cut short (a terminal is no place for a credential).
    static func shortURL(_ c: HARCapture.Connection) -> String {
        guard let token = c.info.query["token"], token.count > 8, let range = c.url.firstRange(of: token) ?? c.url.firstRange(of: percentEncoded(token)) else {
            return c.url
        }
        return c.url.replacingCharacters(in: range, with: String(token.prefix(6)) + "…")
    }

    static func percentEncoded(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            if (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                out += "%" + String(b, radix: 16, uppercase: true).leftPadded
            }
        }
        return out
    }
}

extension String {
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
