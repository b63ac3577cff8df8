// Tests/RongWireCTests/CInterfaceTests.swift - librongwire's entry points called as C calls them

import CRongWire
import RongCodec
import RongConformance
import RongTestSupport
import RongWireC
import Testing

/// What one C call gave, copied out of its `rongwire_result` (which is then freed).
struct CCall: Equatable, CustomStringConvertible {
    var status: rongwire_status
    var output: [UInt8]
    var code: String?
    var path: String?
    var offset: Int64
    var leniencies: String?
    var info: UInt32

    /// Runs `body` as a C caller does: a zeroed result, `rongwire_free` after.
    init(_ body: (UnsafeMutablePointer<rongwire_result>) -> rongwire_status) {
        var r = rongwire_result()
        status = body(&r)
        output = r.data.map { Array(UnsafeBufferPointer(start: $0, count: r.length)) } ?? []
        code = r.error_code.map { String(cString: $0) }
        path = r.error_path.map { String(cString: $0) }
        offset = r.error_offset
        leniencies = r.leniencies.map { String(cString: $0) }
        info = r.info
        rongwire_free(&r)
    }

    var description: String {
        status == RONGWIRE_OK ? "ok \(String(decoding: output, as: UTF8.self))" : "\(status.rawValue) \(code ?? "-") \(path ?? "-") \(offset)"
    }
}

/// A C call on an objectName and content bytes, with the vector's options.
func contentCall(
    _ fn: (UnsafePointer<CChar>?, Int, UnsafePointer<UInt8>?, Int, UnsafePointer<rongwire_options>?, UnsafeMutablePointer<rongwire_result>?) -> rongwire_status,
    _ name: String, _ bytes: [UInt8], _ decoding: DecodingOptions, flags: UInt32
) -> CCall {
    var o = rongwire_options()
    o.max_bytes = decoding.maxContentBytes
    o.max_depth = UInt32(decoding.maxDepth)
    o.flags = flags | RONGWIRE_KIT_EXAMPLES | (decoding.mode == .strict ? RONGWIRE_STRICT : 0)
    return name.withCString { n in
        bytes.withUnsafeBufferPointer { b in CCall { fn(n, name.utf8.count, b.baseAddress, b.count, &o, $0) } }
    }
}

@Suite("The C interface")
struct CInterfaceTests {
    static let contentVectors: [Vector] = {
        let all = (try? VectorLoader().load(files: VectorLoader.files(in: [packageRoot() + "/vectors/content"]))) ?? []
        return all.filter { ($0.kind == .decode || $0.kind == .roundtrip) && $0.objectName != nil }
    }()

    /// `rongwire_decode_content` writes the canonical bytes once instead of parsing and writing
    /// them again as `normalizedValue()` does (what `rongwire decode` and the in-process testee
    /// print): the two must be the same text on every content vector, and the validator must give
    /// exactly the decoder's errors and leniencies.
    @Test func decodeIsTheCommandLinesTextOnEveryContentVector() throws {
        #expect(Self.contentVectors.count > 1000)
        let registry = ContentRegistry.conformance
        var checked = 0
        for v in Self.contentVectors {
            guard case .bytes(let bytes) = v.input, let name = v.objectName else { continue }
            let decoding = v.options
            let c = contentCall(rongwire_decode_content, name, bytes, decoding, flags: 0)
            let pretty = contentCall(rongwire_decode_content, name, bytes, decoding, flags: RONGWIRE_PRETTY)
            let canonical = contentCall(rongwire_decode_content, name, bytes, decoding, flags: RONGWIRE_CANONICAL)
            let valid = contentCall(rongwire_validate_content, name, bytes, decoding, flags: 0)
            do throws(CodecError) {
                let decoded = try registry.decode(objectName: name, bytes: bytes, options: decoding)
                let value: JSONValue
                switch decoded {
                case .typed(let t): value = try t.base.normalizedValue()
                case .unknown(let u): value = try u.jsonValue(options: decoding)
                }
                #expect(c.output == (try value.canonicalBytes()), "\(v.id): \(c)")
                #expect(pretty.output == Array((try value.prettyText()).utf8), "\(v.id): pretty")
                if case .typed(let t) = decoded {
                    #expect(canonical.output == (try t.base.jsonBytes(maxBytes: .max, maxDepth: decoding.maxDepth)), "\(v.id): canonical")
                    let fired = t.base.diagnostics.leniencies.map(\.rawValue).joined(separator: ",")
                    #expect(c.leniencies == (fired.isEmpty ? nil : fired), "\(v.id): leniencies")
                    #expect(valid.status == RONGWIRE_OK && valid.leniencies == c.leniencies, "\(v.id): validate \(valid)")
                } else {
                    #expect(c.info == RONGWIRE_INFO_UNREGISTERED && canonical.output == bytes, "\(v.id): unregistered")
                }
            } catch {
                #expect(c.status == RONGWIRE_REJECTED && c.code == error.code.rawValue, "\(v.id): \(c), want \(error)")
                #expect(c.path == error.path && c.offset == Int64(error.offset ?? -1), "\(v.id): where")
                #expect(valid == c, "\(v.id): validate \(valid), decode \(c)")
            }
            checked += 1
        }
        #expect(checked == Self.contentVectors.count)
    }

    /// Arguments a caller gets wrong without a bad pointer: each is `RONGWIRE_INVALID_ARGUMENT`
    /// (code `invalidArgument`), or a rejection for data that comes from the wire.
    @Test(arguments: [
        ("NULL content with a length", RONGWIRE_INVALID_ARGUMENT, "invalidArgument"),
        ("a length above PTRDIFF_MAX", RONGWIRE_INVALID_ARGUMENT, "invalidArgument"),
        ("an unknown flag", RONGWIRE_INVALID_ARGUMENT, "invalidArgument"),
        ("max_depth above 1024", RONGWIRE_INVALID_ARGUMENT, "invalidArgument"),
        ("an unknown side", RONGWIRE_INVALID_ARGUMENT, "invalidArgument"),
        ("an objectName that is not UTF-8", RONGWIRE_REJECTED, "invalidObjectName"),
        ("an objectName longer than 65535 bytes", RONGWIRE_REJECTED, "invalidObjectName"),
        ("a frame above max_bytes", RONGWIRE_REJECTED, "sizeLimit"),
    ])
    func badArguments(_ what: String, _ status: rongwire_status, _ code: String) {
        let content: [UInt8] = Array(#"{"content":"hi"}"#.utf8)
        var o = rongwire_options()
        let c: CCall
        switch what {
        case "NULL content with a length":
            c = CCall { rongwire_decode_content("RC:TxtMsg", 9, nil, 5, nil, $0) }
        case "a length above PTRDIFF_MAX":
            c = CCall { r in content.withUnsafeBufferPointer { rongwire_decode_content("RC:TxtMsg", 9, $0.baseAddress, -1, nil, r) } }
        case "an unknown flag":
            o.flags = 0x4000
            c = CCall { rongwire_types(&o, $0) }
        case "max_depth above 1024":
            o.max_depth = 1025
            c = CCall { r in content.withUnsafeBufferPointer { rongwire_parse_json($0.baseAddress, $0.count, &o, r) } }
        case "an unknown side":
            c = CCall { rongwire_decode_frame(rongwire_side(rawValue: 3), [0xC0], 1, nil, $0) }
        case "an objectName that is not UTF-8":
            let name: [UInt8] = [0x52, 0x43, 0x3A, 0xC3, 0x28]  // "RC:" and a broken two-byte sequence
            c = name.withUnsafeBytes { n in
                content.withUnsafeBufferPointer { b in
                    CCall { rongwire_decode_content(n.baseAddress?.assumingMemoryBound(to: CChar.self), name.count, b.baseAddress, b.count, nil, $0) }
                }
            }
        case "an objectName longer than 65535 bytes":
            let long = String(repeating: "A", count: 65_536)
            c = CCall { r in content.withUnsafeBufferPointer { rongwire_decode_content(long, long.utf8.count, $0.baseAddress, $0.count, nil, r) } }
        default:
            o.max_bytes = 1
            c = CCall { rongwire_decode_frame(RONGWIRE_FROM_CLIENT, [0xC0, 0x00], 2, &o, $0) }
        }
        #expect(c.status == status && c.code == code, "\(what): \(c)")
        #expect(c.output.isEmpty)
    }

    /// objectName bytes are valid exactly when they are UTF-8: a name that UTF-8 decoding would
    /// repair is refused, a name that holds U+FFFD itself (what a repair writes) is not.
    @Test(arguments: [
        ([0x58, 0x3A, 0xE6, 0x96, 0x87], true),  // "X:文", unregistered
        ([0x58, 0x3A, 0xEF, 0xBF, 0xBD], true),  // "X:" and U+FFFD
        ([0x58, 0x3A, 0xED, 0xA0, 0x80], false),  // a UTF-16 surrogate, not UTF-8
        ([0x58, 0x3A, 0xC0, 0xAF], false),  // an overlong "/"
        ([0x58, 0x3A, 0xE6, 0x96], false),  // cut in the middle of a character
    ] as [([UInt8], Bool)])
    func objectNameUTF8(_ name: [UInt8], _ valid: Bool) {
        let content: [UInt8] = Array(#"{"content":"hi"}"#.utf8)
        let c = name.withUnsafeBytes { n in
            content.withUnsafeBufferPointer { b in
                CCall { rongwire_decode_content(n.baseAddress?.assumingMemoryBound(to: CChar.self), name.count, b.baseAddress, b.count, nil, $0) }
            }
        }
        if valid {
            #expect(c.status == RONGWIRE_OK && c.info == RONGWIRE_INFO_UNREGISTERED, "\(name): \(c)")
        } else {
            #expect(c.status == RONGWIRE_REJECTED && c.code == "invalidObjectName", "\(name): \(c)")
        }
    }

    /// A NULL result is refused without writing anything.
    @Test func nullResult() {
        #expect(rongwire_types(nil, nil) == RONGWIRE_INVALID_ARGUMENT)
    }

    /// The catalog is `rongwire types --json`'s array (BuiltInCatalog.jsonValue), compact.
    @Test func typesIsTheCatalog() throws {
        let c = CCall { rongwire_types(nil, $0) }
        #expect(c.output == (try BuiltInCatalog.jsonValue.canonicalBytes()))
        #expect(String(cString: rongwire_version()) == RONGWIRE_VERSION)
    }
}
