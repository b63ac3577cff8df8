// Tests/RongCodecTests/ErrorLocationTests.swift - errors point at the value at fault

import Testing

@testable import RongCodec

/// A rejected input with the code, JSON path and byte offset of its error. The offset is given as
/// the input bytes before the value at fault (`before`), written by hand.
struct LocatedReject: CustomTestStringConvertible, Sendable {
    let name: String
    let objectName: String
    let input: String
    let code: CodecError.Code
    let path: String
    let before: String

    init(_ name: String, _ objectName: String, _ input: String, _ code: CodecError.Code, at path: String, after before: String) {
        self.name = name
        self.objectName = objectName
        self.input = input
        self.code = code
        self.path = path
        self.before = before
    }

    var testDescription: String { name }
}

@Suite("Error locations")
struct ErrorLocationTests {
    static let cases: [LocatedReject] = [
        // Values checked after their object was read whole point at the value, not the object.
        LocatedReject(
            "RRRspMsg: a non-string messageUId", "RC:RRRspMsg", #"{"receiptMessageDic":{"u1":["a"],"u2":["b", 1]}}"#,
            .typeMismatch, at: "$.receiptMessageDic.u2[1]", after: #"{"receiptMessageDic":{"u1":["a"],"u2":["b", "#),
        LocatedReject(
            "RRRspMsg: a fractional read time", "RC:RRRspMsg", #"{"receiptMessageDic": { "u1" : 1.5 }}"#,
            .typeMismatch, at: "$.receiptMessageDic.u1", after: #"{"receiptMessageDic": { "u1" : "#),
        LocatedReject(
            "RRRspMsg: a read time beyond 64 bits", "RC:RRRspMsg", #"{"receiptMessageDic":{"a":[],"b":99999999999999999999}}"#,
            .numberOutOfRange, at: "$.receiptMessageDic.b", after: #"{"receiptMessageDic":{"a":[],"b":"#),
        LocatedReject(
            "RRRspMsg: a value of the wrong type", "RC:RRRspMsg", #"{"receiptMessageDic":{"u1":"x"}}"#,
            .typeMismatch, at: "$.receiptMessageDic.u1", after: #"{"receiptMessageDic":{"u1":"#),
        LocatedReject(
            "MsgExMsg: a put value that is not a string", "RC:MsgExMsg", #"{"mid":"m","put":{"a":"x","b":1}}"#,
            .typeMismatch, at: "$.put.b", after: #"{"mid":"m","put":{"a":"x","b":"#),
        LocatedReject(
            "MsgExMsg: an extraKey value that is not a string", "RC:MsgExMsg", #"{"extraKey":{"k":{}},"mid":"m"}"#,
            .typeMismatch, at: "$.extraKey.k", after: #"{"extraKey":{"k":"#),
        // Double-encoded content: the path inside the object, the offset of the escape or
        // character in the outer bytes that produced the value.
        LocatedReject(
            "double-encoded: a type error inside", "RC:TxtMsg", #""{\"content\":5}""#,
            .typeMismatch, at: "$.content", after: #""{\"content\":"#),
        LocatedReject(
            "double-encoded: after multi-byte escapes", "RC:TxtMsg", #""{\"a\u00e9\ud83d\ude00\":1,\"user\":{\"id\":\"u\",\"name\":[]}}""#,
            .typeMismatch, at: "$.user.name", after: #""{\"a\u00e9\ud83d\ude00\":1,\"user\":{\"id\":\"u\",\"name\":"#),
        LocatedReject(
            "double-encoded: after raw UTF-8", "RC:TxtMsg", #""{\"é😀\":1,\"content\":true}""#,
            .typeMismatch, at: "$.content", after: #""{\"é😀\":1,\"content\":"#),
        LocatedReject(
            "double-encoded: a syntax error inside", "RC:TxtMsg", #""{\"content\":\"x\",}""#,
            .trailingComma, at: "$", after: #""{\"content\":\"x\","#),
        // Keys that are not identifiers are written as JSON strings in brackets, escaped.
        LocatedReject(
            "a quote and a backslash in keys", "RC:TxtMsg", #"{"a\"b":{"c\\d":[1,]}}"#,
            .trailingComma, at: #"$["a\"b"]["c\\d"][1]"#, after: #"{"a\"b":{"c\\d":[1,"#),
        LocatedReject(
            "an escaped newline in a key", "RC:TxtMsg", #"{"a\nb":[1,]}"#,
            .trailingComma, at: #"$["a\nb"][1]"#, after: #"{"a\nb":[1,"#),
        LocatedReject(
            "a unicode escape in a key", "RC:TxtMsg", #"{"\u00e9 x":[1,]}"#,
            .trailingComma, at: #"$["é x"][1]"#, after: #"{"\u00e9 x":[1,"#),
        // Deep paths keep both ends and mark the gap without inventing a key.
        LocatedReject(
            "a deep path", "RC:TxtMsg", #"{"x":"# + String(repeating: "[", count: 30) + "1,]",
            .trailingComma, at: "$.x" + String(repeating: "[0]", count: 7) + "…15 levels…" + String(repeating: "[0]", count: 7) + "[1]",
            after: #"{"x":"# + String(repeating: "[", count: 30) + "1,"),
    ]

    @Test("code, path and offset", arguments: cases)
    func located(_ c: LocatedReject) {
        do throws(CodecError) {
            _ = try ContentRegistry.builtIn.decode(objectName: c.objectName, bytes: Array(c.input.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.code == c.code, "\(error)")
            #expect(error.path == c.path, "\(error)")
            #expect(error.offset == c.before.utf8.count, "\(error)")
        }
    }
}
