// Tests/RongCodecTests/JSONPathTests.swift - one JSON path notation, whichever code writes the path

import RongTestSupport
import Testing

@testable import RongCodec

@Suite("JSON path notation (CONTENT-PATH-001)")
struct JSONPathTests {
    @Test("a member of the root", arguments: JSONPathCase.all)
    func member(_ c: JSONPathCase) {
        #expect(JSONPath.member("$", c.key) == c.path)
        #expect(JSONPath.member(c.path, c.key) == c.path + c.path.dropFirst(), "nested")
        #expect(JSONPath.element(c.path, 3) == c.path + "[3]")
    }

    @Test("the path of a syntax error after the member (rebuilt from the byte offset)", arguments: JSONPathCase.all)
    func located(_ c: JSONPathCase) {
        let input = Array("{\(c.quotedKey):[1,]}".utf8)
        let error = expectCodecError(.trailingComma) { try JSONValue(parsing: input) }
        #expect(error?.path == c.path + "[1]")
    }

    @Test("the path of a member the member reader does not know, or of a type error", arguments: JSONPathCase.all)
    func memberReader(_ c: JSONPathCase) throws {
        let object = try JSONValue(parsing: Array("{\(c.quotedKey):1}".utf8))
        let reader = try JSONMemberReader(object, path: "$", what: "a test object")
        let unknown = expectCodecError(.invalidValue) { try reader.finish() }
        #expect(unknown?.path == c.path)
        var typed = try JSONMemberReader(object, path: "$", what: "a test object")
        let mismatch = expectCodecError(.typeMismatch) { try typed.string(c.key) }
        #expect(mismatch?.path == c.path)
        var ranged = try JSONMemberReader(object, path: "$", what: "a test object")
        let range = expectCodecError(.numberOutOfRange) { try ranged.integer(c.key, in: 2...3) }
        #expect(range?.path == c.path)
    }

    @Test("derived members (`$`) are skipped only when asked; null is absent")
    func derivedAndNull() throws {
        let object = try JSONValue(parsing: Array(#"{"a":null,"$d":1}"#.utf8))
        var f = try JSONMemberReader(object, path: "$.x", what: "a test object")
        #expect(f.value("a") == nil)
        #expect(throws: Never.self) { try f.finish(ignoringDerived: true) }
        #expect(expectCodecError(.invalidValue) { try f.finish() }?.path == "$.x.$d")
        #expect(expectCodecError(.missingRequiredField) { try f.required("a") }?.path == "$.x.a")
        let notObject = expectCodecError(.typeMismatch) { try JSONMemberReader(.array([]), path: "$.x", what: "the x") }
        #expect(notObject?.path == "$.x")
    }

    @Test("integers: any value of the type, a UInt64 above Int64.max too; the bounds in the error")
    func integers() throws {
        let object = try JSONValue(parsing: Array(#"{"big":18446744073709551615,"neg":-1,"frac":1.5,"s":["a",2]}"#.utf8))
        var f = try JSONMemberReader(object, path: "$", what: "a test object")
        #expect(try f.integer("big", as: UInt64.self) == UInt64.max)
        #expect(try f.integer("neg", as: Int8.self) == -1)
        #expect(try f.integer("absent", as: UInt8.self) == nil)
        let negative = expectCodecError(.numberOutOfRange) { try f.integer("neg", as: UInt16.self) }
        #expect(negative?.path == "$.neg" && negative?.reason == "neg must be between 0 and 65535, not -1")
        #expect(expectCodecError(.typeMismatch) { try f.integer("frac", as: Int64.self) }?.path == "$.frac")
        #expect(expectCodecError(.missingRequiredField) { try f.requiredInteger("absent", as: UInt8.self) }?.path == "$.absent")
        #expect(expectCodecError(.typeMismatch) { try f.stringArray("s") }?.path == "$.s[1]")
    }

    @Test("unread members: those not read yet, in input order, matched by bytes; derived ones too")
    func unreadMembers() throws {
        // "\u212A" (KELVIN SIGN) is only canonically equivalent to the "K" that is read.
        let object = try JSONValue(parsing: Array(#"{"b":1,"K":2,"\u212A":3,"$d":4,"a":null}"#.utf8))
        var f = try JSONMemberReader(object, path: "$", what: "a test object")
        #expect(f.unreadMembers().map(\.key) == ["b", "K", "\u{212A}", "$d", "a"])
        _ = f.value("K")
        _ = f.value("a")
        #expect(f.unreadMembers().map(\.key) == ["b", "\u{212A}", "$d"])
        #expect(f.unreadMembers().map(\.value) == [.number(JSONNumber(1)), .number(JSONNumber(3)), .number(JSONNumber(4))])
    }
}
