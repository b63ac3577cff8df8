// Tests/RongTestSupport/JSONPathCases.swift - the JSON path notation, one table for every module's tests

import Testing

/// A member key and the path of that member of the root object in RongWire's notation
/// (spec/content-common.md, CONTENT-PATH-001), written by hand from the rule: identifiers (ASCII
/// letters, digits, `_`, `$`, not starting with a digit) as `.key`, every other key as a JSON
/// string in brackets.
package struct JSONPathCase: Sendable, CustomTestStringConvertible {
    package let key: String
    package let path: String

    package init(_ key: String, _ path: String) {
        self.key = key
        self.path = path
    }

    package var testDescription: String { "key \(key.debugDescription) → \(path)" }

    /// The key as a JSON string, for building inputs.
    package var quotedKey: String {
        var out = "\""
        for u in key.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where u.value < 0x20: out += "\\u00" + (u.value < 0x10 ? "0" : "") + String(u.value, radix: 16)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    /// Keys with dots, quotes, `$`, digits, the empty key and non-ASCII.
    package static let all: [JSONPathCase] = [
        JSONPathCase("user", "$.user"),
        JSONPathCase("_x9", "$._x9"),
        JSONPathCase("$local", "$.$local"),
        JSONPathCase("$", "$.$"),
        JSONPathCase("a$b", "$.a$b"),
        JSONPathCase("a.b", #"$["a.b"]"#),
        JSONPathCase("a b", #"$["a b"]"#),
        JSONPathCase(#"a"b"#, #"$["a\"b"]"#),
        JSONPathCase(#"a\b"#, #"$["a\\b"]"#),
        JSONPathCase("a/b", #"$["a/b"]"#),
        JSONPathCase("[0]", #"$["[0]"]"#),
        JSONPathCase("1st", #"$["1st"]"#),
        JSONPathCase("42", #"$["42"]"#),
        JSONPathCase("", #"$[""]"#),
        JSONPathCase("a-b", #"$["a-b"]"#),
        JSONPathCase("a\nb", #"$["a\nb"]"#),
        JSONPathCase("\u{1}", #"$["\u0001"]"#),
        JSONPathCase("é", #"$["é"]"#),
        JSONPathCase("名前", #"$["名前"]"#),
        JSONPathCase("😀", #"$["😀"]"#),
    ]
}
