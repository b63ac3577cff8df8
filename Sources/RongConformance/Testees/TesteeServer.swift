// Sources/RongConformance/Testees/TesteeServer.swift - the testee side of the protocol, on stdin/stdout

import RongSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Serves the testee protocol (spec/testee-protocol.md) on a pair of descriptors: reads framed
/// requests until the input ends, answers each with a ``CodecTestee``. This is `rongwire testee`;
/// the runner's own tests use its injectable ``Fault``s to check how a misbehaving testee is
/// reported.
public struct TesteeServer {
    /// A deliberate misbehaviour on one vector, to test the runner against it.
    public enum Fault: String, Sendable, CaseIterable {
        /// Answer with the first member of the accepted value changed.
        case misdecode
        /// Abort the process.
        case crash
        /// Never answer.
        case hang
        /// Answer, then stop reading the input (the runner must not block writing to it).
        case deaf

        /// `KIND:ID` (`crash:Required.A.B`) as the fault and the vector id, nil when malformed.
        public static func parse(_ text: String) -> (id: String, fault: Fault)? {
            let (kind, id) = TextFields.cut(text, at: ":")
            guard let id, !id.isEmpty, let fault = Fault(rawValue: String(kind)) else { return nil }
            return (String(id), fault)
        }
    }

    /// What answers the requests.
    public var testee: CodecTestee
    /// Faults by vector id.
    public var faults: [String: Fault]
    /// A descriptor the server writes one byte to when a `hang` or `deaf` fault begins (-1: none),
    /// so a test can end the runner's wait at once (``SubprocessTestee``'s `expiry`) instead of
    /// waiting out a real timeout.
    public var announce: Int32

    /// A server answering with `testee`, misbehaving on the vectors `faults` names, announcing a
    /// hang on `announce`.
    public init(testee: CodecTestee = CodecTestee(), faults: [String: Fault] = [:], announce: Int32 = -1) {
        self.testee = testee
        self.faults = faults
        self.announce = announce
    }

    /// Answers requests from `input` on `output` until `input` ends (or a message is larger than
    /// ``TesteeFraming/maxMessageBytes``). A request that is not valid protocol JSON gets an
    /// `error` answer; the server goes on.
    public func serve(input: Int32 = 0, output: Int32 = 1) {
        while let body = Self.readMessage(input) {
            var response: TesteeResponse
            var deafAfter = false
            do throws(TesteeProtocolError) {
                let request = try TesteeRequest(json: try TesteeFraming.parse(body))
                switch faults[request.id] {
                case .crash?: abort()
                case .hang?: hang()
                case .misdecode?: response = Self.misdecode(testee.handle(request))
                case .deaf?:
                    response = testee.handle(request)
                    deafAfter = true
                case nil:
                    response = testee.handle(request)
                }
            } catch {
                response = .runtimeError(message: "bad request: \(error)")
            }
            FileIO.write(TesteeFraming.frame(response.json), to: output)
            // The next request stays in the pipe: the runner must not block writing it.
            if deafAfter { hang() }
        }
    }

    /// One framed message; nil at the end of the input or for a length above the limit.
    static func readMessage(_ fd: Int32) -> [UInt8]? {
        guard let prefix = FileIO.readExactly(fd: fd, count: 4) else { return nil }
        let n = TesteeFraming.length(prefix)
        guard n <= TesteeFraming.maxMessageBytes else { return nil }
        return FileIO.readExactly(fd: fd, count: n)
    }

    /// Stops answering and reading for good, after telling ``announce``.
    func hang() -> Never {
        if announce >= 0 { _ = FileIO.write([0x21], to: announce) }
        while true { sleep(3600) }
    }

    /// Changes the first member of an accepted value: a deliberately wrong answer.
    static func misdecode(_ r: TesteeResponse) -> TesteeResponse {
        guard case .accepted(.object(var o)?, let bytes, let lenient) = r, let first = o.first else { return r }
        o[first.key] = .string("misdecoded")
        return .accepted(value: .object(o), bytes: bytes, leniencies: lenient)
    }
}
