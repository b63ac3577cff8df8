// Sources/RongNIM/Batch/NIMBatchRunner.swift - `rongwire nim`'s JSON Lines batch mode

import RongCodec
import RongSupport

/// Runs one conversion over JSON Lines (spec/nim.md, "Batch mode"): each line is read and
/// converted on its own; results go to standard output, one line each, and what a line loses or
/// why it failed to standard error (and, with a report file, as JSON Lines). Memory does not grow
/// with the input: lines are streamed through RongSupport's ``FileIO``.
package struct NIMBatchRunner {
    /// What one line gave: the output (nil: no counterpart, or nothing to write), its losses, the
    /// NIM message id for the messages, and the form the line was read in.
    package struct Line {
        package var value: JSONValue?
        package var losses: [NIMLoss]
        package var messageId: String?
        package var form: NIMForm?

        package init(value: JSONValue?, losses: [NIMLoss], messageId: String? = nil, form: NIMForm? = nil) {
            self.value = value
            self.losses = losses
            self.messageId = messageId
            self.form = form
        }
    }

    /// What a run did.
    package struct Summary: Equatable {
        package var records = 0
        package var written = 0
        package var lossy = 0
        package var dropped = 0
        package var errors = 0
        /// Lines read per form, in ``NIMForm`` order when printed.
        package var forms: [NIMForm: Int] = [:]
    }

    /// Converts the bytes of one line within the limits.
    package typealias Convert = ([UInt8], DecodingOptions) throws(CodecError) -> Line

    /// The input file; nil or `-`: standard input.
    package var input: String?
    /// Bounds each line (`maxContentBytes`) and its depth.
    package var limits: DecodingOptions
    /// Any loss is an error (`lossyConversion`), NIM-LOSS-002.
    package var strict = false
    /// No line per lossy record on standard error.
    package var quiet = false
    /// Also write the losses and errors as JSON Lines to this file.
    package var report: String?
    /// How the summary names the forms of the lines: `read as` (to-rc, decode) or `written as`
    /// (from-rc).
    package var formsVerb = "read as"
    /// Standard output and standard error (tests pass other descriptors).
    package var output: Int32 = 1
    package var diagnostics: Int32 = 2

    package init(input: String?, limits: DecodingOptions) {
        self.input = input
        self.limits = limits
    }

    /// Runs `convert` over every line and prints the summary. Throws only when the input or the
    /// report cannot be opened or read; a line's error is reported and counted.
    package func run(_ convert: Convert) throws(FileError) -> Summary {
        let start = SuspendingClock.now
        let name = input.flatMap { $0 == "-" ? nil : $0 }
        var fd: Int32 = 0
        if let name { fd = try FileIO.openForReading(name) }
        defer { if fd != 0 { FileIO.closeDescriptor(fd) } }
        var reportFile: Int32 = -1
        if let report { reportFile = try FileIO.openForWriting(report) }
        defer { if reportFile >= 0 { FileIO.closeDescriptor(reportFile) } }

        var out: [UInt8] = [], reportOut: [UInt8] = []
        out.reserveCapacity(1 << 17)
        var summary = Summary()
        var reader = NIMLineReader(fd: fd, name: name ?? "standard input", limit: limits.maxContentBytes)
        var readError: FileError?
        while true {
            let item: (Int, Result<[UInt8], CodecError>)?
            do throws(FileError) { item = try reader.next() } catch {
                readError = error
                break
            }
            guard let (lineNumber, line) = item else { break }
            var entry: JSONObject?
            switch line {
            case .failure(let error):
                summary.records += 1
                summary.errors += 1
                entry = errorReport(lineNumber, error)
            case .success(let bytes):
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                summary.records += 1
                do throws(CodecError) {
                    let result = try convert(bytes, limits)
                    if let form = result.form { summary.forms[form, default: 0] += 1 }
                    if !result.losses.isEmpty {
                        if strict { try NIMConversion<Int>(output: nil, losses: result.losses).requireLossless() }
                        summary.lossy += 1
                        if !quiet {
                            say("line \(lineNumber)\(result.messageId.map { " (\($0))" } ?? ""): lost " + result.losses.map(\.description).joined(separator: ", "))
                        }
                        var o = JSONObject()
                        o["line"] = .number(JSONNumber(lineNumber))
                        o["form"] = result.form.map { .string($0.rawValue) }
                        o["messageId"] = result.messageId.map(JSONValue.string)
                        o["dropped"] = result.value == nil ? true : nil
                        o["loss"] = .array(NIMConversion<Int>(output: nil, losses: result.losses).losses.map(\.jsonValue))
                        entry = o
                    }
                    if let value = result.value {
                        out += try value.canonicalBytes()
                        out.append(0x0A)
                        summary.written += 1
                    } else {
                        summary.dropped += 1
                    }
                } catch {
                    summary.errors += 1
                    entry = errorReport(lineNumber, error)
                }
            }
            if let entry, reportFile >= 0 {
                reportOut += (try? JSONValue.object(entry).canonicalBytes()) ?? []
                reportOut.append(0x0A)
            }
            if out.count >= 1 << 16 { FileIO.write(out, to: output); out.removeAll(keepingCapacity: true) }
            if reportOut.count >= 1 << 16 { FileIO.write(reportOut, to: reportFile); reportOut.removeAll(keepingCapacity: true) }
        }
        FileIO.write(out, to: output)
        if reportFile >= 0 { FileIO.write(reportOut, to: reportFile) }
        if let readError { throw readError }
        let elapsed = SuspendingClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let forms = NIMForm.allCases.compactMap { f in summary.forms[f].map { "\(f.rawValue) \($0)" } }
        say(
            "\(summary.records) record\(summary.records == 1 ? "" : "s"): \(summary.written) written, \(summary.lossy) with losses, "
                + "\(summary.dropped) without counterpart, \(summary.errors) errors (\(Self.twoDecimals(seconds)) s)"
                + (forms.isEmpty ? "" : "; \(formsVerb) " + forms.joined(separator: ", ")))
        return summary
    }

    private func say(_ text: String) { FileIO.write(Array((text + "\n").utf8), to: diagnostics) }

    private func errorReport(_ line: Int, _ error: CodecError) -> JSONObject {
        say("line \(line): \(error)")
        var e = JSONObject()
        e["code"] = .string(error.code.rawValue)
        e["message"] = .string(error.reason)
        e["path"] = error.path.map(JSONValue.string)
        return JSONObject([.init(key: "line", value: .number(JSONNumber(line))), .init(key: "error", value: .object(e))])
    }

    /// `1.234` → `"1.23"` (no Foundation in the library).
    static func twoDecimals(_ x: Double) -> String {
        let hundredths = Int((x * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}

/// Splits a descriptor into lines (LF; a CR before it is kept and is JSON whitespace), reading
/// through ``FileIO``. A line longer than `limit` is `sizeLimit` and skipped to its end, keeping
/// nothing of it: memory stays within `limit` plus one read.
struct NIMLineReader {
    let fd: Int32
    let name: String
    let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private var lineNumber = 0

    init(fd: Int32, name: String, limit: Int) {
        self.fd = fd
        self.name = name
        self.limit = limit
    }

    /// The next line and its number, nil at the end; throws when the input cannot be read.
    mutating func next() throws(FileError) -> (Int, Result<[UInt8], CodecError>)? {
        var skipping = false
        while true {
            if let nl = buffer[start...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start..<nl])
                start = nl + 1
                lineNumber += 1
                if skipping || line.count > limit { return (lineNumber, .failure(tooLong())) }
                return (lineNumber, .success(line))
            }
            if buffer.count - start > limit {
                // Keep nothing of an over-long line; report it once its end is found.
                skipping = true
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            if atEnd {
                guard start < buffer.count || skipping else { return nil }
                let line = Array(buffer[start...])
                buffer.removeAll()
                start = 0
                lineNumber += 1
                if skipping { return (lineNumber, .failure(tooLong())) }
                return (lineNumber, .success(line))
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            let chunk = try FileIO.readSome(fd: fd, name: name, count: 1 << 16)
            if chunk.isEmpty { atEnd = true } else { buffer += chunk }
        }
    }

    private func tooLong() -> CodecError {
        CodecError(.sizeLimit, "the line is longer than the limit of \(limit) bytes (--max-bytes)")
    }
}
