// Sources/RongFuzzing/NIMBody.swift - the nim target: every NIM form reader, the mapping, the writers

import RongCodec
import RongNIM

/// NIM records in every form (spec/nim.md): byte 0 below 0x80 picks the form read (0 told from
/// the keys, then each ``NIMForm`` in order, modulo 7), byte 0 from 0x80 reads the rest as an RC
/// record instead and picks the form written (each of ``NIMForm/writable``, modulo 3).
///
/// A NIM record is read, or fails with a well-formed error (a NIM or content code, a JSON path);
/// what is read is a record of RongWire's own form that reads back equal from its canonical form
/// (NIM-FORM-002: one set of rules for every form), in the form asked for; every loss path is a
/// JSON path. Converted to RongCloud, the record reads back as itself; converted back, every
/// writer's output reads again in its own form. An RC record likewise converts to every written
/// form, and what is written reads back.
enum NIMBody {
    /// The read selector's forms: told from the keys, then each form.
    static let forms: [NIMForm?] = [nil] + NIMForm.allCases
    static let converter = NIMConverter(mapping: .conformance)
    /// The codes a NIM read or conversion may throw: JSON, the NIM form's codes, the two NIM
    /// codes of NetEase's forms, and those of the RC content the converter decodes.
    static let codes = ErrorCodes.message.union([.unknownNIMForm, .invalidEmbeddedJSON])
    /// Reading a canonical form again must not be limited by size (it may be longer than the input).
    static let unlimited = DecodingOptions(maxContentBytes: .max, maxDepth: DecodingOptions.maximumDepthLimit)

    static func check(_ data: [UInt8]) -> [String] {
        guard let selector = data.first else { return [] }
        let bytes = Array(data.dropFirst())
        if selector >= 0x80 { return checkRC(bytes, writing: NIMForm.writable[Int(selector & 0x7F) % NIMForm.writable.count]) }
        return checkNIM(bytes, form: forms[Int(selector) % forms.count])
    }

    static func checkNIM(_ bytes: [UInt8], form: NIMForm?) -> [String] {
        let read: NIMFormRecord
        do throws(CodecError) {
            read = try NIMFormRecord(json: bytes, form: form)
        } catch {
            return error.problems(allowed: codes, inputCount: bytes.count, what: "nim read")
        }
        var violations: [String] = []
        if let form, read.form != form { violations.append("nim read: asked for \(form), read as \(read.form)") }
        do throws(CodecError) {
            let again = try NIMRecord(json: read.record.jsonValue().canonicalBytes(), options: unlimited)
            if again != read.record { violations.append("nim read: the \(read.form) record does not read back equal from RongWire's form") }
        } catch {
            violations.append("nim read: the \(read.form) record is not a valid record of RongWire's form: \(error)")
        }
        violations += pathProblems(read.losses, "nim read")
        let rc: RCMessageRecord?
        do throws(CodecError) {
            let c = try converter.toRC(read)
            violations += pathProblems(c.losses, "nim to-rc")
            rc = c.output
        } catch {
            // The converter decodes RC content it built: offsets are in that content, not the input.
            return violations + error.problems(allowed: codes, inputCount: .max, what: "nim to-rc")
        }
        guard let rc else { return violations }
        do throws(CodecError) {
            let again = try RCMessageRecord(json: rc.jsonValue().canonicalBytes(), options: unlimited)
            if again != rc { violations.append("nim to-rc: the RC record does not read back as itself") }
        } catch {
            violations.append("nim to-rc: the RC record does not read back: \(error)")
        }
        for f in NIMForm.writable { violations += writes(rc, f) }
        return violations
    }

    static func checkRC(_ bytes: [UInt8], writing form: NIMForm) -> [String] {
        let record: RCMessageRecord
        do throws(CodecError) {
            record = try RCMessageRecord(json: bytes)
        } catch {
            return error.problems(allowed: codes, inputCount: bytes.count, what: "rc read")
        }
        return writes(record, form)
    }

    /// RC → NIM in `form`: a typed error, or an output (or none, with a loss) that reads back in
    /// `form`.
    static func writes(_ rc: RCMessageRecord, _ form: NIMForm) -> [String] {
        let w: NIMConversion<JSONValue>
        do throws(CodecError) {
            w = try converter.fromRC(rc, form: form)
        } catch {
            return error.problems(allowed: codes, inputCount: .max, what: "nim from-rc \(form)")
        }
        var violations: [String] = []
        if w.output == nil && w.losses.isEmpty { violations.append("nim from-rc \(form): no output and no loss") }
        guard let out = w.output else { return violations }
        do throws(CodecError) {
            let again = try NIMFormRecord(json: JSONValue(parsing: out.canonicalBytes(), options: unlimited), form: form)
            if again.form != form { violations.append("nim from-rc \(form): its output reads as \(again.form)") }
        } catch {
            violations.append("nim from-rc \(form): writes what its reader refuses: \(error)")
        }
        return violations
    }

    static func pathProblems(_ losses: [NIMLoss], _ what: String) -> [String] {
        losses.filter { !$0.path.hasPrefix("$") }.map { "\(what): loss path \($0.path) is not a JSON path" }
    }
}
