// Sources/RongCodec/JSON/JSONScanner+Scalars.swift - the literals true, false, null and numbers

extension JSONScanner {
    /// Consumes `true` or `false`.
    mutating func scanBool() throws(CodecError) -> Bool {
        if try scanLiteral("true") { return true }
        if try scanLiteral("false") { return false }
        throw unexpected("a value")
    }

    /// Consumes `null` if it is next; returns whether it did.
    mutating func scanNullIfPresent() throws(CodecError) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        if try scanLiteral("null") { return true }
        throw unexpected("a value")
    }

    private mutating func scanLiteral(_ word: StaticString) throws(CodecError) -> Bool {
        let n = word.utf8CodeUnitCount
        let w = word.utf8Start
        guard peek() == w[0] else { return false }
        for k in 0..<n {
            guard index + k < source.count else { throw error(.truncated, "input ended inside a literal") }
            guard source[index + k] == w[k] else { throw error(.unexpectedByte, "invalid literal", at: index) }
        }
        index += n
        return true
    }

    // MARK: Numbers

    /// Scans a number per the RFC 8259 grammar and returns its exact value.
    mutating func scanNumber() throws(CodecError) -> JSONNumber {
        skipWhitespace()
        let start = index
        let count = source.count
        var i = index
        var negative = false
        if i < count && source[i] == asciiMinus {
            negative = true
            i += 1
        }
        guard i < count else { throw error(.truncated, "input ended inside a number", at: start) }
        let intStart = i
        if source[i] == asciiZero {
            i += 1
            if i < count && isDigit(source[i]) { throw error(.leadingZero, "numbers must not have leading zeros", at: start) }
        } else if isDigit(source[i]) {
            while i < count && isDigit(source[i]) { i += 1 }
        } else {
            throw error(.malformedNumber, "a number needs digits after '-'", at: start)
        }
        let intEnd = i
        var isInteger = true
        if i < count && source[i] == asciiDot {
            isInteger = false
            i += 1
            guard i < count else { throw error(.truncated, "input ended inside a number", at: start) }
            guard isDigit(source[i]) else { throw error(.malformedNumber, "a number needs digits after '.'", at: start) }
            while i < count && isDigit(source[i]) { i += 1 }
        }
        if i < count && (source[i] == asciiLowerE || source[i] == asciiUpperE) {
            isInteger = false
            i += 1
            if i < count && (source[i] == asciiPlus || source[i] == asciiMinus) { i += 1 }
            guard i < count else { throw error(.truncated, "input ended inside a number", at: start) }
            guard isDigit(source[i]) else { throw error(.malformedNumber, "an exponent needs digits", at: start) }
            while i < count && isDigit(source[i]) { i += 1 }
        }
        index = i
        if isInteger {
            // Exact 64-bit fast path; wider integers keep their digits.
            var magnitude: UInt64 = 0
            var overflow = false
            for k in intStart..<intEnd {
                let (m1, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (m2, o2) = m1.addingReportingOverflow(UInt64(source[k] &- asciiZero))
                if o1 || o2 {
                    overflow = true
                    break
                }
                magnitude = m2
            }
            if !overflow {
                if !negative { return JSONNumber(magnitude) }
                if magnitude <= UInt64(Int64.max) { return JSONNumber(-Int64(magnitude)) }
                if magnitude == UInt64(Int64.max) + 1 { return JSONNumber(Int64.min) }
            }
            let raw = UnsafeRawBufferPointer(rebasing: source[start..<i])
            return JSONNumber(bigInteger: String(decoding: raw, as: UTF8.self))
        }
        let raw = UnsafeRawBufferPointer(rebasing: source[start..<i])
        let text = String(decoding: raw, as: UTF8.self)
        guard let d = Double(text), d.isFinite else {
            throw error(.numberOutOfRange, "number \(text) is too large for a 64-bit float", at: start)
        }
        return JSONNumber(d)
    }
}
