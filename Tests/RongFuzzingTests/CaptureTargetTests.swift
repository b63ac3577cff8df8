// Tests/RongFuzzingTests/CaptureTargetTests.swift - the capture target's invariants on its seeds, and its budget

import RongCodec
import RongSupport
import Testing

@testable import RongFuzzing

@Suite("Fuzz: capture target")
struct CaptureTargetTests {
    static let example = Repo.root + "/examples/captures/web-session.har"

    /// As FailCaseReplayTests: always on Linux (the interposer), elsewhere under a sanitizer.
    static var canMeter: Bool {
        #if os(Linux)
        true
        #else
        AllocationMeter.source != .none
        #endif
    }

    @Test("capture invariants hold on the example HAR (to-vectors output loads and passes), a proxy log and navigation answers")
    func seeds() throws {
        let har = try #require(Repo.read(Self.example))
        let log = #"""
            {"event":"open","time":1,"connection":1,"path":"/websocket","query":{"appId":"a","token":"alice-token"}}
            {"time":1.5,"connection":1,"from":"server","opcode":"binary","hex":"20000000"}
            {"time":2,"connection":1,"from":"client","opcode":"binary","fin":false,"hex":"c0"}
            {"event":"dropped","time":2,"frames":3,"bytes":40}

            """#
        let inputs: [[UInt8]] = [
            [0] + har, [0] + Array(#"{"log":{"entries":[]}}"#.utf8), [0] + Array("[".utf8), [1] + Array(log.utf8), [1] + Array("{}\n".utf8),
            [2] + Array(#"getServerEndpoint({"code":200,"server":"a.example:443","backupServer":"b:1, c","logSwitch":0});"#.utf8),
            [2] + Array(#"cb("{\"code\":200,\"server\":\"a:80\",\"x\":\"q\\\"y\"}")"#.utf8),
            [2] + Array(#"{"server":"","backupServer":" , "}"#.utf8), [2] + Array(#"x({"code":401})"#.utf8),
        ]
        for input in inputs {
            let violations = FuzzTarget.capture.check(input)
            #expect(violations.isEmpty, "\(String(decoding: input.prefix(60), as: UTF8.self)): \(violations)")
        }
    }

    @Test("capture: a HAR of about 131 KB in small messages stays inside the budget", .enabled(if: Self.canMeter))
    func budget() throws {
        // Many one-byte binary messages (PINGREQ `wA==`): each a frame, a decoded packet and its
        // JSON form, and the vectors' shapes.
        let message = #"{"type":"send","time":1.5,"opcode":2,"data":"wA=="},"#
        let messages = String(repeating: message, count: 131_000 / message.utf8.count)
        let input = [0] + Array(#"{"log":{"entries":[{"request":{"url":"ws://h/websocket?appId=a&token=tok"},"_webSocketMessages":[\#(messages.dropLast())]}]}}"#.utf8)
        let ((violations, _), usage) = AllocationMeter.measure { FuzzTarget.capture.run(input) }
        #expect(violations.isEmpty, "\(violations)")
        let peak = try #require(usage).peakBytes
        #expect(peak < FuzzTarget.capture.allocationBudget(inputCount: input.count), "\(peak) bytes for \(input.count)")
        print("capture budget: \(peak) bytes live at once for \(input.count) bytes of HAR (\(peak / input.count)×)")
    }
}
