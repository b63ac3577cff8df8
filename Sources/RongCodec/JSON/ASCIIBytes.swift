// Sources/RongCodec/JSON/ASCIIBytes.swift - the ASCII bytes of the JSON grammar and small byte helpers

// ASCII bytes used by the grammar.
let asciiQuote = UInt8(ascii: "\"")
let asciiBackslash = UInt8(ascii: "\\")
let asciiSlash = UInt8(ascii: "/")
let asciiOpenBrace = UInt8(ascii: "{")
let asciiCloseBrace = UInt8(ascii: "}")
let asciiOpenBracket = UInt8(ascii: "[")
let asciiCloseBracket = UInt8(ascii: "]")
let asciiColon = UInt8(ascii: ":")
let asciiComma = UInt8(ascii: ",")
let asciiMinus = UInt8(ascii: "-")
let asciiPlus = UInt8(ascii: "+")
let asciiDot = UInt8(ascii: ".")
let asciiZero = UInt8(ascii: "0")
let asciiNine = UInt8(ascii: "9")
let asciiLowerE = UInt8(ascii: "e")
let asciiUpperE = UInt8(ascii: "E")

@inline(__always)
func isDigit(_ b: UInt8) -> Bool { b >= asciiZero && b <= asciiNine }

@inline(__always)
func hexValue(_ b: UInt8) -> UInt32? {
    switch b {
    case asciiZero...asciiNine: UInt32(b - asciiZero)
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
    default: nil
    }
}

@inline(__always)
func memcmpEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ n: Int) -> Bool {
    var k = 0
    while k < n {
        if a.load(fromByteOffset: k, as: UInt8.self) != b.load(fromByteOffset: k, as: UInt8.self) { return false }
        k += 1
    }
    return true
}
