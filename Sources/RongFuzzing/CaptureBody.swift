// Sources/RongFuzzing/CaptureBody.swift - the capture target: HAR files, proxy logs, captures as vectors, the navigation rewrite

import RongCapture
import RongCodec
import RongConformance
import RongEnvelope

/// The readers of captured traffic, the most hostile input RongWire takes (a HAR is whatever a
/// browser saved from whatever site, a navigation answer whatever the upstream navigator sent).
/// Byte 0 picks the reader (`byte % 3`); the rest is its input:
///
/// - 0: a HAR file, ``HARCapture/init(harBytes:maxBytes:)``: it reads, or fails with a JSON code
///   or `captureFormat`; a read HAR's frames belong to its connections (numbered from 1), a text
///   message's payload is its `data`; its timeline (text and JSON) is written without a trap; and
///   its RongCloud sockets turned into vectors (``CaptureVectors/make(connections:frames:options:)``,
///   also with `anonymize`) give two YAML files that load (``VectorLoader``) with the counts the
///   output states, and whose vectors pass on RongWire's own codec (``CodecTestee``): an accepted
///   frame's vector is accepted with its value, an undecodable one is `either`.
/// - 1: a proxy log (JSON Lines), ``CaptureLog/read(_:)``: it reads, or fails with a JSON code or
///   `captureFormat` whose reason names the line; a read log's frames are the frame lines.
/// - 2: a navigation answer, ``NavigationAnswer/init(parsing:)`` and
///   ``NavigationAnswer/rewritten(server:)``: a taken answer, rewritten to name the proxy, reads
///   again with `server` (and a named `backupServer`) the proxy, every other member and the text
///   around the object unchanged; refused with `navigationFormat` or `sizeLimit` only.
enum CaptureBody {
    static let proxy = "127.0.0.1:8099"

    static func check(_ data: [UInt8]) -> [String] {
        guard let selector = data.first else { return [] }
        let input = Array(data.dropFirst())
        switch selector % 3 {
        case 0: return har(input)
        case 1: return log(input)
        default: return navigation(input)
        }
    }

    static let readCodes = ErrorCodes.syntax.union([.captureFormat])

    // MARK: HAR

    static func har(_ bytes: [UInt8]) -> [String] {
        let har: HARCapture
        do throws(CodecError) {
            har = try HARCapture(harBytes: bytes)
        } catch {
            return error.problems(allowed: readCodes, inputCount: bytes.count, what: "har")
        }
        var v: [String] = []
        for (i, c) in har.connections.enumerated() {
            if c.info.id != i + 1 { v.append("har: connection \(i) numbered \(c.info.id)") }
            if c.frames.contains(where: { $0.connection != c.info.id }) { v.append("har: a frame of connection \(c.info.id) names another") }
        }
        _ = CaptureTimeline.lines(har, json: false)
        for line in CaptureTimeline.lines(har, json: true) where (try? JSONValue(parsing: Array(line.utf8)))?.objectValue == nil {
            v.append("har: a JSON timeline line is not a JSON object: \(line.prefix(80))")
        }
        let kept = har.connections.filter(\.info.isRongCloud)
        for anonymize in [false, true] {
            v += vectors(kept.map(\.info), kept.flatMap(\.frames), anonymize: anonymize)
        }
        return v
    }

    /// The two files of `to-vectors` load and pass on RongWire's codec.
    static func vectors(_ connections: [CapturedConnection], _ frames: [CapturedFrame], anonymize: Bool) -> [String] {
        let what = "to-vectors\(anonymize ? " --anonymize" : "")"
        let out: CaptureVectors.Output
        do throws(CodecError) {
            out = try CaptureVectors.make(connections: connections, frames: frames, options: .init(name: "Fuzz", source: "fuzz", anonymize: anonymize))
        } catch {
            // Anonymizing refuses ids it cannot replace (CaptureAnonymizer); nothing else throws.
            return anonymize ? error.problems(allowed: [.invalidValue], inputCount: .max, what: what) : ["\(what): \(error)"]
        }
        var v: [String] = []
        for (file, text, count) in [("decoded", out.decoded, out.decodedCount), ("undecodable", out.undecodable, out.undecodableCount)] {
            let loaded: [Vector]
            do throws(VectorLoadError) {
                loaded = try VectorLoader().load(yaml: text, file: file)
            } catch {
                v.append("\(what): the \(file) file does not load: \(error)")
                continue
            }
            if loaded.count != count { v.append("\(what): the \(file) file has \(loaded.count) vectors, the output says \(count)") }
            let summary = ConformanceRunner().run(loaded, on: CodecTestee())
            for r in summary.results where r.status != .pass {
                v.append("\(what): \(r.vector.id) is \(r.status.rawValue): \(r.detail.prefix(200))")
            }
        }
        return v
    }

    // MARK: proxy log

    static func log(_ bytes: [UInt8]) -> [String] {
        let contents: CaptureLog.Contents
        do throws(CodecError) {
            contents = try CaptureLog.read(bytes)
        } catch {
            var v = error.problems(allowed: readCodes, inputCount: .max, what: "log")
            if !error.reason.hasPrefix("line ") { v.append("log: the error does not name its line: \(error)") }
            return v
        }
        // Each frame is one line: never more frames than line feeds.
        let lines = bytes.filter { $0 == 0x0A }.count
        if contents.frames.count + contents.connections.count > lines {
            return ["log: \(contents.frames.count) frames and \(contents.connections.count) connections from \(lines) lines"]
        }
        return []
    }

    // MARK: navigation

    static func navigation(_ bytes: [UInt8]) -> [String] {
        let answer: NavigationAnswer
        do throws(CodecError) {
            answer = try NavigationAnswer(parsing: bytes)
        } catch {
            return error.problems(allowed: [.navigationFormat, .sizeLimit], inputCount: bytes.count, what: "navigation")
        }
        let rewritten = answer.rewritten(server: proxy)
        let again: NavigationAnswer
        do throws(CodecError) {
            again = try NavigationAnswer(parsing: rewritten)
        } catch {
            // Growing past the size limit is the only excuse (a long answer whose server was short).
            if error.code == .sizeLimit, rewritten.count > NavigationAnswer.maxBytes { return [] }
            return ["navigation: the rewritten answer does not read again: \(error); \(String(decoding: rewritten.prefix(200), as: UTF8.self))"]
        }
        var v: [String] = []
        if again.prefix != answer.prefix || again.suffix != answer.suffix || again.escaped != answer.escaped {
            v.append("navigation: the text around the object changed")
        }
        if !again.servers.allSatisfy({ $0 == proxy }) || again.servers.first != proxy {
            v.append("navigation: the rewritten answer names \(again.servers), not only \(proxy)")
        }
        var expected = answer.object
        expected["server"] = .string(proxy)
        if let b = expected["backupServer"] { expected["backupServer"] = again.object["backupServer"] ?? b }
        if again.object != expected { v.append("navigation: members other than server and backupServer changed") }
        return v
    }
}
