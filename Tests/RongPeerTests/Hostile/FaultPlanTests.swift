// Tests/RongPeerTests/Hostile/FaultPlanTests.swift - fault plans: blank, missing and repeated parts refused by name, never a trap (PEER-FAULT-003, issue 36)

import RongCodec
import Testing

@testable import RongPeer

@Suite("Hostile: fault plans")
struct FaultPlanTests {
    /// Plans that must be refused, with the reason and the part the error names. The first eight
    /// are issue 36's list (`delay= ` stopped the peer with an index out of range).
    static let refused: [(String, FaultPlanError.Reason, String)] = [
        ("delay= ", .blankValue, "delay"),
        ("delay= :", .blankValue, "delay"),
        ("delay=:5ms", .blankValue, "delay"),
        ("users= ", .blankValue, "users"),
        ("seed= ", .blankValue, "seed"),
        ("drop= ", .blankValue, "drop"),
        ("delay=0.1: ", .blankValue, "delay maximum"),
        ("=,=", .notNameValue, "="),
        ("\u{0}delay= ,\u{7F}", .unknownName, "\u{0}delay"),
        ("delay= ,\u{7F}", .blankValue, "delay"),
        ("delay=", .blankValue, "delay"),
        ("delay=:", .blankValue, "delay"),
        ("delay=0.1:", .blankValue, "delay maximum"),
        ("delay=0.1::5ms", .delayMaximum, "delay maximum"),
        ("delay=0.1:0ms", .delayMaximum, "delay maximum"),
        ("delay=0.1:61s", .delayMaximum, "delay maximum"),
        ("drop", .notNameValue, "drop"),
        ("=0.5", .notNameValue, "=0.5"),
        ("=", .notNameValue, "="),
        (" = ", .notNameValue, "="),
        ("drop=0.1,", .blankPart, "part 2"),
        (",drop=0.1", .blankPart, "part 1"),
        ("drop=0.1,,cut=0.1", .blankPart, "part 2"),
        ("drop=0.1, ,cut=0.1", .blankPart, "part 2"),
        (",", .blankPart, "part 1"),
        ("drop=0.1,drop=0.2", .repeated, "drop"),
        ("dup=0.1,duplicate=0.2", .repeated, "dup"),
        ("seed=1,seed=1", .repeated, "seed"),
        ("users=a,users=b", .repeated, "users"),
        ("explode=1", .unknownName, "explode"),
        ("DROP=0.1", .unknownName, "DROP"),
        ("drop=2", .notAProbability, "drop"),
        ("drop=-0.1", .notAProbability, "drop"),
        ("drop=nan", .notAProbability, "drop"),
        ("cut=inf", .notAProbability, "cut"),
        ("delay=x:5ms", .notAProbability, "delay"),
        ("seed=-1", .notASeed, "seed"),
        ("seed=18446744073709551616", .notASeed, "seed"),
        ("seed=1.5", .notASeed, "seed"),
        ("users=|", .blankUser, "users"),
        ("users=a||b", .blankUser, "users"),
        ("users=a| ", .blankUser, "users"),
        ("users=a|a", .repeatedUser, "users"),
        ("users=a| a", .repeatedUser, "users"),
        ("users=" + String(repeating: "u", count: 65), .userTooLong, "users"),
        ("drop=0,dup=0,delay=0,reorder=0,cut=0,users=a,seed=1,drop=0", .tooManyParts, "part 8"),
    ]

    @Test("refused plans: the reason, and a message naming the part", arguments: refused)
    func refusedPlan(_ text: String, _ reason: FaultPlanError.Reason, _ part: String) {
        #expect {
            try FaultPlan(parsing: text)
        } throws: { error in
            guard let e = error as? FaultPlanError else { return false }
            return e.reason == reason && e.part == part && e.message.contains(part)
        }
    }

    /// A plan is cut into at most 8 parts and 100,001 users, however many separators it has.
    @Test("bounds: 100,000 users and no more; a long run of separators is one refusal, not a piece each")
    func bounds() throws {
        let users = (0..<100_000).map { "u\($0)" }
        #expect(try FaultPlan(parsing: "drop=1,users=" + users.joined(separator: "|")).users?.count == 100_000)
        #expect(throws: FaultPlanError(.tooManyUsers, "users", "`users` names more than 100000 users")) {
            try FaultPlan(parsing: "drop=1,users=" + (users + ["u100000"]).joined(separator: "|"))
        }
        let commas = "drop=0.1" + String(repeating: ",", count: 1 << 20)
        #expect {
            try FaultPlan(parsing: commas)
        } throws: { ($0 as? FaultPlanError)?.part == "part 2" }
    }

    @Test("accepted plans, and the form /state writes parses back to the same plan", arguments: [
        ("", "none"),
        ("   ", "none"),
        ("none", "none"),
        (" none ", "none"),
        ("drop=0.5", "drop=0.5"),
        (" drop = 0.5 , seed = 3 ", "drop=0.5,seed=3"),
        ("duplicate=0.25", "dup=0.25"),
        ("delay=0.5", "delay=0.5:20ms"),
        ("delay=0.5 : 1s", "delay=0.5:1000ms"),
        ("delay=1:60s,reorder=0,cut=1", "delay=1.0:60000ms,cut=1.0"),
        ("users=b|a,drop=1", "drop=1.0,users=a|b"),
        ("users= a | b ", "users=a|b"),
        ("seed=18446744073709551615,drop=0.1", "drop=0.1,seed=18446744073709551615"),
        ("users=a=b", "users=a=b"),
        ("users=" + String(repeating: "u", count: 64), "users=" + String(repeating: "u", count: 64)),
        ("drop=0,dup=0,delay=0,reorder=0,cut=0,users=a,seed=1", "users=a,seed=1"),
    ])
    func acceptedPlan(_ text: String, _ written: String) throws {
        let plan = try FaultPlan(parsing: text)
        #expect(plan.description == written)
        #expect(try FaultPlan(parsing: plan.description) == plan)
    }

    /// The inputs in the query string, as issue 36 sent them, and as a body, through the
    /// peer's real HTTP pipeline: 400 naming the part, the connection closed, the plan in force
    /// unchanged. (A peer process that goes on serving after them: the scenario
    /// `faults.plan-refused`.)
    static let queries: [(String, String)] = [
        ("delay=%20", "`delay` has no value"),
        ("delay=%20:", "`delay` has no probability"),
        ("delay=:5ms", "`delay` has no probability"),
        ("users=%20", "`users` has no value"),
        ("seed=%20", "`seed` has no value"),
        ("drop=%20", "`drop` has no value"),
        ("delay=0.1:%20", "`delay maximum` is blank"),
        ("=,=", "`=` is not NAME=VALUE"),
        ("%00delay=%20,%7F", "unknown fault"),
        ("drop=0.1,drop=0.2", "`drop` is given twice"),
        ("users=a%7C%7Cb", "blank user"),
    ]

    @Test("POST /control/faults (?plan= and body): 400 naming the part, the plan in force kept", arguments: queries)
    func refusedOverHTTP(_ plan: String, _ says: String) throws {
        let inForce = try FaultPlan(parsing: "dup=0.5,users=nobody,seed=5")
        // As issue 36 sent it (a query), then the same text decoded as a body.
        let decoded = try #require(PeerRequestTarget(parsing: "/?p=" + plan).query["p"])
        for request in [ServerHTTPTests.request("POST", "/control/faults?plan=" + plan), ServerHTTPTests.request("POST", "/control/faults", body: Array(decoded.utf8))] {
            let peer = try EmbeddedPeer()
            peer.core.setFaults(inForce)
            let r = try ServerHTTPTests.exchange(peer, request)
            #expect(r.status == 400, "\(plan): \(r.head)")
            let error = try #require(try JSONValue(parsing: Array(r.body.utf8)).objectValue?["error"]?.stringValue, "\(r.body)")
            #expect(error.contains(says), "\(plan): \(error)")
            #expect(peer.core.state.withLock { $0.faultPlan } == inForce)
            #expect(peer.core.snapshot(user: nil).objectValue?["faults"]?.objectValue?["plan"]?.stringValue == inForce.description)
        }
    }
}
