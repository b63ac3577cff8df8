// Sources/RongConformance/Differential/Differential+Run.swift - running both testees on every input and comparing their answers

import RongCodec
import RongSupport

extension Differential {
    // MARK: Running

    /// Counts of a run.
    public struct Summary: Sendable {
        /// Inputs run.
        public var inputs = 0
        /// Inputs by request kind (`frame-decode`, `frame-encode`).
        public var inputsByKind: [String: Int] = [:]
        /// Inputs both testees accepted alike.
        public var acceptedByBoth = 0
        /// Inputs both testees rejected.
        public var rejectedByBoth = 0
        /// Rejected by both with different error codes (reported, not a disagreement: codes are
        /// advisory, spec/testee-protocol.md).
        public var differentErrorCodes = 0
        /// Of those, packet JSON values with one fault, whose code the spec decides alone (with
        /// several faults it depends on which check runs first, which the spec leaves open).
        public var differentErrorCodesOneFault = 0
        /// "reference code / other code" (with the kind) → how often.
        public var errorCodePairs: [String: Int] = [:]
        /// Up to three inputs per code pair, for the report.
        public var errorCodeExamples: [String: [Input]] = [:]
        /// Every disagreement, in input order.
        public var disagreements: [Disagreement] = []
        /// Inputs by how they were made (`seed`, `bitFlip`, …; `encode …` for values).
        public var inputsByMutation: [String: Int] = [:]
        /// Wall-clock seconds of the run.
        public var seconds = 0.0

        /// Disagreements of category `c`.
        public func count(_ c: Category) -> Int { disagreements.filter { $0.category == c }.count }
    }

    /// Runs `count` packets (`frame-decode`) and `jsonCount` packet JSON values (`frame-encode`)
    /// through both testees. `progress` is called every 1000 inputs.
    public func run(
        count: Int, jsonCount: Int = 0, reference: any Testee, other: any Testee,
        progress: ((Int, Summary) -> Void)? = nil
    ) -> Summary {
        var summary = Summary()
        let start = SubprocessTestee.now()
        for i in 0..<(count + (valueSeeds.isEmpty ? 0 : jsonCount)) {
            let input = input(i, count: count)
            summary.inputs += 1
            summary.inputsByKind[input.kind.rawValue, default: 0] += 1
            summary.inputsByMutation["\(input.kind == .frameEncode ? "encode " : "")\(input.mutation)", default: 0] += 1
            let request = input.request
            let a = Self.ask(reference, request)
            let b = Self.ask(other, request)
            if let d = Self.compare(input, a, b, strictCodes: strictCodes, &summary) { summary.disagreements.append(d) }
            if i % 1000 == 999 { progress?(i + 1, summary) }
        }
        summary.seconds = SubprocessTestee.now() - start
        return summary
    }

    /// An answer, or the failure that stood in for it.
    enum Answer {
        case response(TesteeResponse)
        case failure(String)
    }

    static func ask(_ t: any Testee, _ r: TesteeRequest) -> Answer {
        do throws(TesteeFailure) {
            return .response(try t.handle(r))
        } catch {
            switch error {
            case .crash(let why): return .failure("CRASH: \(why)")
            case .timeout(let why): return .failure("TIMEOUT: \(why)")
            }
        }
    }

    static func compare(_ input: Input, _ a: Answer, _ b: Answer, strictCodes: Bool = false, _ s: inout Summary) -> Disagreement? {
        func d(_ c: Category, _ detail: String, _ ra: TesteeResponse?, _ rb: TesteeResponse?) -> Disagreement {
            Disagreement(input: input, category: c, reference: ra, other: rb, detail: detail)
        }
        switch (a, b) {
        case (.failure(let why), _):
            return d(.testeeFailure, "reference: \(why)", nil, b.response)
        case (_, .failure(let why)):
            return d(.testeeFailure, "other: \(why)", a.response, nil)
        case (.response(let ra), .response(let rb)):
            switch (ra, rb) {
            case (.accepted(let va, let ba, _), .accepted(let vb, let bb, _)):
                if input.kind == .frameDecode {
                    guard let va, let vb else { return d(.testeeFailure, "an accepted answer without a value", ra, rb) }
                    if !ConformanceRunner.matchesPacket(expected: va, actual: vb) {
                        return d(.value, "values differ", ra, rb)
                    }
                }
                guard ba != nil, bb != nil else { return d(.testeeFailure, "an accepted answer without bytes", ra, rb) }
                if ba != bb { return d(.bytes, input.kind == .frameDecode ? "re-encoded bytes differ" : "encoded bytes differ", ra, rb) }
                s.acceptedByBoth += 1
                return nil
            case (.rejected(let ea, _), .rejected(let eb, _)):
                s.rejectedByBoth += 1
                if ea != eb {
                    s.differentErrorCodes += 1
                    let oneFault = input.faults == 1
                    if oneFault { s.differentErrorCodesOneFault += 1 }
                    let pair = "\(input.kind)\(oneFault ? " (one fault)" : ""): \(ea) / \(eb)"
                    s.errorCodePairs[pair, default: 0] += 1
                    if s.errorCodeExamples[pair, default: []].count < 3 { s.errorCodeExamples[pair, default: []].append(input) }
                    if oneFault && strictCodes {
                        return d(.errorCode, "one fault, different error codes: reference \(ea), other \(eb)", ra, rb)
                    }
                }
                return nil
            case (.accepted, .rejected(let e, _)):
                return d(.acceptReject, "reference accepts, other rejects (\(e))", ra, rb)
            case (.rejected(let e, _), .accepted):
                return d(.acceptReject, "reference rejects (\(e)), other accepts", ra, rb)
            default:
                return d(.testeeFailure, "unexpected answer", ra, rb)
            }
        }
    }
}

extension Differential.Answer {
    var response: TesteeResponse? { if case .response(let r) = self { r } else { nil } }
}
