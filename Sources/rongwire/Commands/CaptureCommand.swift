// Sources/rongwire/Commands/CaptureCommand.swift - `rongwire capture to-vectors`: a captured session as conformance vectors

import ArgumentParser
import RongCapture
import RongCodec

struct CaptureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Work with captured sessions (a proxy log or a browser's HAR).",
        subcommands: [ToVectors.self]
    )
}

extension CaptureCommand {
    struct ToVectors: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "to-vectors",
            abstract: "Write a captured session's frames as frame-decode vectors, one per distinct frame shape.",
            discussion: """
                Reads a `rongwire proxy` log (JSON Lines) or a HAR file (FILE.har, or any file \
                that is one JSON object with log.entries) and writes OUT (the frames RongWire \
                decodes: accept, with the decoded packet as the expected value and the bytes) and \
                OUT with -undecodable before its extension (the frames it cannot decode: outcome \
                either, with RongWire's error, for a person to judge). The capture is the \
                witness: each vector's bytes are what the official client or server sent. One \
                vector per shape (sender, header byte, type, topic, statuses, objectName, the \
                keys and types of its fields), so a long session gives a short file. \
                spec/vectors.md, "Captured vectors", says how to review and commit them; both \
                files pass `rongwire conform` as written.

                --anonymize replaces tokens and user ids everywhere in the frames by pseudonyms of \
                the same length (alice → u0001), the same pseudonym each time, and leaves out a \
                frame where that changed anything but those strings.

                Example:
                  rongwire capture to-vectors session.jsonl --out vectors/captured/web-5-7-2.yaml \\
                    --name Web572 --source "RongIMLib 5.7.2 in Chrome 131 against the service" --anonymize
                """
        )

        @Argument(help: ArgumentHelp("The proxy log or HAR file.", valueName: "FILE"))
        var file: String

        @Option(help: ArgumentHelp("The vector file to write (replaced); the undecodable frames go beside it.", valueName: "OUT.yaml"))
        var out: String

        @Option(help: ArgumentHelp("The id component after Capture (letters, digits, _ and -; default: from OUT's name).", valueName: "NAME"))
        var name: String?

        @Option(help: ArgumentHelp("Where the capture comes from: the SDK and its version, the app or browser, the service or peer (default: the file's name).", valueName: "TEXT"))
        var source: String?

        @Flag(help: "Replace tokens and user ids by same-length pseudonyms.")
        var anonymize = false

        @Option(help: ArgumentHelp("Largest input read, in bytes (default 1 GiB).", valueName: "BYTES"))
        var maxBytes = 1 << 30

        func validate() throws {
            guard maxBytes >= 0 else { throw ValidationError("--max-bytes must not be negative") }
        }

        func run() throws {
            let result: CaptureVectors.Output
            let summary: String
            do throws(CodecError) {
                let bytes = try CLIIO.readFile(file, limit: maxBytes)
                let (connections, frames, kind) = try Self.read(bytes, fileName: file, maxBytes: maxBytes)
                let options = CaptureVectors.Options(
                    name: name ?? Self.idName(Self.baseName(out)), source: source ?? "\(Self.fileName(file)) (\(kind))", anonymize: anonymize)
                result = try CaptureVectors.make(connections: connections, frames: frames, options: options)
                summary = "\(file) (\(kind)): \(connections.count) connections, \(result.messages) binary messages"
            } catch {
                throw CLIIO.fail(error)
            }
            let undecodablePath = Self.undecodablePath(out)
            try CLIIO.writeFile(out, Array(result.decoded.utf8))
            try CLIIO.writeFile(undecodablePath, Array(result.undecodable.utf8))
            var line = "\(summary) → \(result.decodedCount) vectors in \(out), \(result.undecodableCount) in \(undecodablePath)"
            if anonymize { line += "; \(result.replaced) tokens and user ids replaced, \(result.notAnonymizable) messages left out (not anonymizable)" }
            CLIIO.printStderr(line)
        }

        /// A HAR (by its name, or as one JSON object with `log`) or else a proxy log.
        static func read(_ bytes: [UInt8], fileName: String, maxBytes: Int) throws(CodecError) -> ([CapturedConnection], [CapturedFrame], String) {
            let looksLikeHAR = fileName.lowercased().hasSuffix(".har")
                || (!fileName.lowercased().hasSuffix(".jsonl") && (try? HARCapture(harBytes: bytes, maxBytes: maxBytes)) != nil)
            if looksLikeHAR {
                let har = try HARCapture(harBytes: bytes, maxBytes: maxBytes)
                let kept = har.connections.filter(\.info.isRongCloud)
                return (kept.map(\.info), kept.flatMap(\.frames), "HAR")
            }
            let log = try CaptureLog.read(bytes)
            return (log.connections, log.frames, "proxy log")
        }

        static func fileName(_ path: String) -> String { String(path.split(separator: "/").last ?? Substring(path)) }

        static func baseName(_ path: String) -> String {
            let name = fileName(path)
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
            return String(name[..<dot])
        }

        /// `web-5.7.2` → `Web572`: the letters and digits of each part, capitalized.
        static func idName(_ base: String) -> String {
            let parts = base.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) })
            let joined = parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            return joined.isEmpty ? "Session" : joined
        }

        /// `dir/web.yaml` → `dir/web-undecodable.yaml`.
        static func undecodablePath(_ path: String) -> String {
            let name = fileName(path)
            let dir = path.dropLast(name.count)
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path + "-undecodable" }
            return dir + name[..<dot] + "-undecodable" + name[dot...]
        }
    }
}
