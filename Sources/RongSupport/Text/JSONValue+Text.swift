// Sources/RongSupport/Text/JSONValue+Text.swift - a JSON value as one line of text, for messages

import RongCodec

extension JSONValue {
    /// The compact canonical JSON text, for reports and messages; `unwritable` for the rare value
    /// the writer refuses (a non-finite number built in code).
    package func compactText(unwritable: String = "?") -> String {
        (try? canonicalBytes()).map { String(decoding: $0, as: UTF8.self) } ?? unwritable
    }
}
