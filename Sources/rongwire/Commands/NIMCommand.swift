// Sources/rongwire/Commands/NIMCommand.swift - `rongwire nim to-rc|from-rc|decode`

import ArgumentParser
import RongCodec
import RongNIM
import RongSupport

struct NIMCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nim",
        abstract: "Convert NetEase Yunxin (NIM) messages to RongCloud messages and back.",
        discussion: """
            Input and output are JSON Lines: one record per line. The NIM side is read in any of \
            the forms of spec/nim.md, which `to-rc` and `decode` tell apart by their keys (--form \
            names one): RongWire's own (`rongwire`: a message, or {"revoke": {...}}), the server \
            API v1 send parameters and history records (`server-v1-send`, `server-v1-history`), \
            a server API v2 message or send request (`server-v2`), the C/C++ SDK's message JSON \
            and recall notification (`c-sdk`), and the Web SDK's message object (`web-sdk`). \
            `from-rc --form` writes RongWire's form, the v1 send parameters or a v2 send request. \
            The RongCloud side is the \
            outbound message JSON form of spec/envelope.md, which `message-encode` turns into a \
            PUBLISH, plus `$senderUserId`, `$sentTime`, `$nimMessageId`, `$nimServerId` and \
            `$local`, which a \
            PUBLISH does not carry. The mapping (nim-model.md § 13) and every loss are defined in \
            spec/nim.md.

            Every conversion that loses something is reported on stderr, one line per record: \
            `line N: lost PATH (RULE), …`, and the summary says which forms the lines were read \
            in; --report FILE writes the same as JSON Lines. A record \
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

    @Option(
        help: ArgumentHelp(
            "The NIM form: to-rc and decode read it (default: told from each line's keys), from-rc writes it (default: rongwire; also server-v1-send, server-v2).",
            valueName: "form"))
    var form: NIMForm?

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
                let read = try NIMFormRecord(json: bytes, form: options.form, options: limits)
                let result = try converter.toRC(read, messageId: ids == .max ? 1 : ids + 1)
                if result.output != nil && (!options.strict || result.isLossless) { ids = ids == .max ? 1 : ids + 1 }
                return NIMBatchRunner.Line(value: result.output?.jsonValue(), losses: result.losses, messageId: result.output?.nimMessageId, form: read.form)
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
                a NIM revoke notification ({"revoke": {...}}). With --form server-v1-send each \
                line is the parameters of NetEase's /msg/sendMsg.action (every value a string, \
                ready to post form-urlencoded); with --form server-v2 the body of a v2 send \
                request (POST /im/v2/conversations/{conversation_id}/messages). What the form \
                cannot carry is reported as a loss (NIM-FORM-WRITE-001).

                Example:
                  echo '{"conversationType":3,"targetId":"team1","objectName":"RC:HQVCMsg","content":"{\\"remoteUrl\\":\\"https://x/a.aac\\",\\"duration\\":7}","$senderUserId":"alice","$sentTime":1700000000500}' | rongwire nim from-rc
                  {"messageType":2,"from":"alice","session":{"sessionId":"team1","sessionType":1},"timestamp":1700000000.5,"attachment":{"url":"https://x/a.aac","duration":7000}}
                """
        )

        @OptionGroup var options: NIMConvertOptions

        func validate() throws {
            if let form = options.form, !NIMForm.writable.contains(form) {
                throw ValidationError("from-rc writes the forms \(NIMForm.writable.map(\.rawValue).joined(separator: ", ")), not \(form.rawValue)")
            }
        }

        func run() throws {
            let converter: NIMConverter
            do throws(CodecError) { converter = try options.converter() } catch { throw CLIIO.fail(error) }
            let form = options.form ?? .rongwire
            try NIMLineRunner(options: options, formsVerb: "written as").run { bytes, limits throws(CodecError) in
                let record = try RCMessageRecord(json: bytes, options: limits)
                let result = try converter.fromRC(record, form: form)
                return NIMBatchRunner.Line(value: result.output, losses: result.losses, messageId: record.nimMessageId, form: form)
            }
        }
    }

    struct Decode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check NIM records (JSON Lines) and print each in canonical form.",
            discussion: """
                Reads NIM records in any form (told from their keys, or --form) and prints each in \
                RongWire's canonical form: members in the form's order, default settings left \
                out. RongWire's own form is read strictly (NIM-JSON-001); of NetEase's forms, \
                members the model has no place for are reported lost (NIM-FORM-002). Errors name \
                the line, the JSON path and a stable code, e.g. the seed's swapped coordinates \
                (003:1324):
                  echo '{"messageType":4,"session":{"sessionId":"u","sessionType":0},"attachment":{"latitude":120.15515,"longitude":30.27415}}' | rongwire nim decode
                  line 1: error[invalidValue]: latitude 120.15515 is outside -90...90 (…) (at $.attachment.latitude)
                """
        )

        @OptionGroup var options: NIMConvertOptions

        func run() throws {
            try NIMLineRunner(options: options).run { bytes, limits throws(CodecError) in
                let read = try NIMFormRecord(json: bytes, form: options.form, options: limits)
                var id: String?
                if case .message(let m) = read.record { id = m.messageId }
                return NIMBatchRunner.Line(value: read.record.jsonValue(), losses: read.losses, messageId: id, form: read.form)
            }
        }
    }
}

/// Runs a conversion over the input with RongNIM's batch runner and maps its outcome to the
/// exit status: 1 when a line failed or the input could not be read.
struct NIMLineRunner {
    let options: NIMConvertOptions
    var formsVerb = "read as"

    func run(_ convert: NIMBatchRunner.Convert) throws {
        var runner = NIMBatchRunner(input: options.file, limits: DecodingOptions(maxContentBytes: options.limits.maxBytes, maxDepth: options.limits.maxDepth))
        runner.strict = options.strict
        runner.quiet = options.quiet
        runner.report = options.report
        runner.formsVerb = formsVerb
        let summary: NIMBatchRunner.Summary
        do throws(FileError) {
            summary = try runner.run(convert)
        } catch {
            throw CLIIO.fail(CLIIO.codecError(error))
        }
        if summary.errors > 0 { throw ExitCode(1) }
    }
}

extension NIMForm: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
