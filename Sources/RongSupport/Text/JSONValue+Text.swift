// Sources/RongSupport/Text/JSONValue+Text.swift - a JSON value as one line of text

import RongCodec

extension JSONValue {
    /// The compact canonical JSON text (what `rongwire decode` prints); the writer's error for the
    /// rare value it refuses (a non-finite number built in code).
    package func canonicalText() throws(CodecError) -> String {
        String(decoding: try canonicalBytes(), as: UTF8.self)
    }

    /// The compact canonical JSON text, for reports and messages; `unwritable` for a value the
    /// writer refuses.
    package func compactText(unwritable: String = "?") -> String {
        (try? canonicalText()) ?? unwritable
    }
}
