// Sources/rongwire/Commands/NIMCommand.swift - `rongwire nim to-rc|from-rc|decode`

import ArgumentParser
import RongCodec
import RongNIM

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

struct NIMCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nim",
        abstract: "Convert NetEase Yunxin (NIM) messages to RongCloud messages and back.",
        discussion: """
            Input and output are JSON Lines: one record per line. The NIM side is the NIM message \
            JSON form of spec/nim.md (a message, or {"revoke": {...}}); the RongCloud side is the \
            outbound message JSON form of spec/envelope.md, which `message-encode` turns into a \
            PUBLISH, plus `$senderUserId`, `$sentTime`, `$nimMessageId` and `$local`, which a \
            PUBLISH does not carry. The mapping (nim-model.md § 13) and every loss are defined in \
            spec/nim.md.

            Every conversion that loses something is reported on stderr, one line per record: \
            `line N: lost PATH (RULE), …`; --report FILE writes the same as JSON Lines. A record \
            with no counterpart on the other side (a chatroom notification, a customer-service \
            session) is reported and not written. A line that cannot be read is reported as \
            `line N: error[CODE]: …` and skipped; the exit status is then 1.
            """,
        subcommands: [ToRC.self, FromRC.self, Decode.self]
    )
}

/// Options shared by the converting subcommands.
struct NIMConvertOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("JSON Lines input; '-' or omitted reads standard input.", valueName: "FILE"))
    var file: String?

    @Option(
        name: .customLong("types"),
        help: ArgumentHelp(
            "Custom-type mapping (JSON): {\"discriminator\": \"type\", \"types\": [{\"value\": \"redPacket\", \"objectName\": \"App:RedPacket\"}]}. Without it every NIM custom type becomes NIM:Custom.",
            valueName: "file"))
    var typesFile: String?

    @Flag(help: "Treat any loss as an error (error[lossyConversion]): the record is not written and the exit status is 1.")
    var strict = false

    @Option(help: ArgumentHelp("Also write the loss and error report as JSON Lines to this file.", valueName: "file"))
    var report: String?

    @Flag(help: "Do not print a line per lossy record on stderr (the summary is still printed).")
    var quiet = false

    @OptionGroup var limits: LimitOptions

    func converter() throws(CodecError) -> NIMConverter {
        guard let typesFile else { return NIMConverter() }
        let bytes = try CLIIO.readFile(typesFile, limit: 1 << 20)
        do throws(CodecError) {
            return NIMConverter(mapping: try NIMCustomTypeMapping(json: bytes))
        } catch {
            var e = error
            e.reason = "\(typesFile): " + (e.reason.isEmpty ? e.code.summary : e.reason)
            throw e
        }
    }
}

extension NIMCommand {
    struct ToRC: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "to-rc",
            abstract: "NIM messages (JSON Lines) → RongCloud messages (JSON Lines).",
            discussion: """
                Example:
                  echo '{"messageId":"m1","messageType":0,"from":"alice","session":{"sessionId":"bob","sessionType":0},"timestamp":1700000000.123,"text":"hi"}' | rongwire nim to-rc
                  {"conversationType":1,"targetId":"bob","objectName":"RC:TxtMsg","content":"{\\"content\\":\\"hi\\"}","messageId":1,"persistence":3,"$senderUserId":"alice","$sentTime":1700000000123,"$nimMessageId":"m1"}

                The records get PUBLISH message ids 1, 2, …, 65535, 1, … in output order.
                """
        )

        @OptionGroup var options: NIMConvertOptions

        func run() throws {
            let converter: NIMConverter
            do throws(CodecError) { converter = try options.converter() } catch { throw CLIIO.fail(error) }
            var ids = UInt16(0)
            try NIMLineRunner(options: options).run { bytes, limits throws(CodecError) in
                let result = try converter.toRC(try NIMRecord(json: bytes, options: limits), messageId: ids == .max ? 1 : ids + 1)
                if result.output != nil && (!options.strict || result.isLossless) { ids = ids == .max ? 1 : ids + 1 }
                return (result.output?.jsonValue(), result.losses, result.output?.nimMessageId)
            }
        }
    }

    struct FromRC: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "from-rc",
            abstract: "RongCloud messages (JSON Lines) → NIM messages (JSON Lines).",
            discussion: """
                Reads records as `nim to-rc` writes them (the outbound message JSON form; \
                `messageId` may be absent) and writes the NIM message JSON form. RC:RcNtf becomes \
                a NIM revoke notification ({"revoke": {...}}).

                Example:
                  echo '{"conversationType":3,"targetId":"team1","objectName":"RC:HQVCMsg","content":"{\\"remoteUrl\\":\\"https://x/a.aac\\",\\"duration\\":7}","$senderUserId":"alice","$sentTime":1700000000500}' | rongwire nim from-rc
                  {"messageType":2,"from":"alice","session":{"sessionId":"team1","sessionType":1},"timestamp":1700000000.5,"attachment":{"url":"https://x/a.aac","duration":7000}}
                """
        )

        @OptionGroup var options: NIMConvertOptions

        func run() throws {
            let converter: NIMConverter
            do throws(CodecError) { converter = try options.converter() } catch { throw CLIIO.fail(error) }
            try NIMLineRunner(options: options).run { bytes, limits throws(CodecError) in
                let result = try converter.fromRC(try RCMessageRecord(json: bytes, options: limits))
                var id: String?
                if case .message(let m)? = result.output { id = m.messageId }
                return (result.output?.jsonValue(), result.losses, id)
            }
        }
    }

    struct Decode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check NIM records (JSON Lines) and print each in canonical form.",
            discussion: """
                Reads NIM records strictly (spec/nim.md, NIM-JSON-001) and prints the canonical \
                form: members in the form's order, default settings left out. Errors name the line, \
                the JSON path and a stable code, e.g. the seed's swapped coordinates (003:1324):
                  echo '{"messageType":4,"session":{"sessionId":"u","sessionType":0},"attachment":{"latitude":120.15515,"longitude":30.27415}}' | rongwire nim decode
                  line 1: error[invalidValue]: latitude 120.15515 is outside -90...90 (…) (at $.attachment.latitude)
                """
        )

        @OptionGroup var options: NIMConvertOptions

        func run() throws {
            try NIMLineRunner(options: options).run { bytes, limits throws(CodecError) in
                let record = try NIMRecord(json: bytes, options: limits)
                return (record.jsonValue(), [], nil)
            }
        }
    }
}

/// Reads JSON Lines, converts each line, writes the results and reports (streaming: memory
/// does not grow with the input).
struct NIMLineRunner {
    let options: NIMConvertOptions

    typealias Convert = ([UInt8], DecodingOptions) throws(CodecError) -> (JSONValue?, [NIMLoss], String?)

    func run(_ convert: Convert) throws {
        let limits = DecodingOptions(maxContentBytes: options.limits.maxBytes, maxDepth: options.limits.maxDepth)
        let fd: Int32
        if let f = options.file, f != "-" {
            fd = open(f, O_RDONLY)
            guard fd >= 0 else { throw CLIIO.fail(CodecError(.ioError, "cannot open \(f): \(String(cString: strerror(errno)))")) }
        } else {
            fd = 0
        }
        defer { if fd != 0 { close(fd) } }
        var reportFile: Int32 = -1
        if let r = options.report {
            reportFile = open(r, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard reportFile >= 0 else { throw CLIIO.fail(CodecError(.ioError, "cannot write \(r): \(String(cString: strerror(errno)))")) }
        }
        defer { if reportFile >= 0 { close(reportFile) } }

        let start = SuspendingClock.now
        var out: [UInt8] = [], reportOut: [UInt8] = []
        out.reserveCapacity(1 << 17)
        var counts = (records: 0, written: 0, lossy: 0, dropped: 0, errors: 0)
        var reader = LineReader(fd: fd, limit: limits.maxContentBytes)
        while let item = reader.next() {
            let (lineNumber, line) = item
            var report: JSONObject?
            switch line {
            case .failure(let error):
                counts.records += 1
                counts.errors += 1
                report = errorReport(lineNumber, error)
            case .success(let bytes):
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                counts.records += 1
                do throws(CodecError) {
                    let (value, losses, id) = try convert(bytes, limits)
                    if !losses.isEmpty {
                        if options.strict {
                            try NIMConversion<Int>(output: nil, losses: losses).requireLossless()
                        }
                        counts.lossy += 1
                        if !options.quiet {
                            CLIIO.printStderr("line \(lineNumber)\(id.map { " (\($0))" } ?? ""): lost " + losses.map(\.description).joined(separator: ", "))
                        }
                        var o = JSONObject()
                        o["line"] = .number(JSONNumber(lineNumber))
                        o["messageId"] = id.map(JSONValue.string)
                        o["dropped"] = value == nil ? true : nil
                        o["loss"] = .array(losses.map(\.jsonValue))
                        report = o
                    }
                    if let value {
                        out += try value.canonicalBytes()
                        out.append(0x0A)
                        counts.written += 1
                    } else {
                        counts.dropped += 1
                    }
                } catch {
                    counts.errors += 1
                    report = errorReport(lineNumber, error)
                }
            }
            if let report, reportFile >= 0 {
                reportOut += (try? JSONValue.object(report).canonicalBytes()) ?? []
                reportOut.append(0x0A)
            }
            if out.count >= 1 << 16 { CLIIO.writeStdout(out); out.removeAll(keepingCapacity: true) }
            if reportOut.count >= 1 << 16 { CLIIO.write(reportOut, to: reportFile); reportOut.removeAll(keepingCapacity: true) }
        }
        CLIIO.writeStdout(out)
        if reportFile >= 0 { CLIIO.write(reportOut, to: reportFile) }
        if let e = reader.readError { throw CLIIO.fail(CodecError(.ioError, "cannot read input: \(e)")) }
        let elapsed = SuspendingClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        CLIIO.printStderr(
            "\(counts.records) record\(counts.records == 1 ? "" : "s"): \(counts.written) written, \(counts.lossy) with losses, \(counts.dropped) without counterpart, "
                + "\(counts.errors) errors (\(String(format: "%.2f", seconds)) s)")
        if counts.errors > 0 { throw ExitCode(1) }
    }

    private func errorReport(_ line: Int, _ error: CodecError) -> JSONObject {
        CLIIO.printStderr("line \(line): \(error)")
        var e = JSONObject()
        e["code"] = .string(error.code.rawValue)
        e["message"] = .string(error.reason)
        e["path"] = error.path.map(JSONValue.string)
        return JSONObject([.init(key: "line", value: .number(JSONNumber(line))), .init(key: "error", value: .object(e))])
    }
}

/// Splits a file descriptor into lines (LF; a CR before it is kept and is JSON whitespace). A
/// line longer than `limit` is `sizeLimit` and skipped to its end.
struct LineReader {
    let fd: Int32
    let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private var lineNumber = 0
    private(set) var readError: String?

    init(fd: Int32, limit: Int) {
        self.fd = fd
        self.limit = limit
    }

    mutating func next() -> (Int, Result<[UInt8], CodecError>)? {
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
                atEnd = true
                if skipping { return (lineNumber, .failure(tooLong())) }
                return (lineNumber, .success(line))
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                readError = String(cString: strerror(errno))
                atEnd = true
            } else if n == 0 {
                atEnd = true
            } else {
                buffer += chunk[0..<n]
            }
        }
    }

    private func tooLong() -> CodecError {
        CodecError(.sizeLimit, "the line is longer than the limit of \(limit) bytes (--max-bytes)")
    }
}
