// Sources/RongPeer/Load/LoadCPU.swift - who spent the CPU of a load run, and the peer's counters around it

import NIOCore
import RongCodec

/// CPU seconds at one moment of a load run: the whole process's, and the peer's (its event loops'
/// threads when it runs in-process; its process's, from `/state`'s `stats.cpuSeconds`, when it is
/// external). Two samples, at the first send and after the last delivery, give each side's share.
/// The same sample reads the peer's fault plan and counts and its resends answered from the first
/// PUBACK (`/state` `faults`, `stats.resendsDeduplicated`), so a run against an external peer
/// reports its faults as an in-process one does.
struct LoadCPU {
    var process: Double
    var peer: Double?
    /// The peer's fault plan (`none` without faults), when it could be read.
    var faultPlan: String? = nil
    /// The peer's fault counts so far.
    var faults: FaultCounts? = nil
    /// The peer's resends answered from the first PUBACK so far.
    var resendsDeduplicated: Int? = nil

    static func sample(server: PeerServer?, url: String?, on group: EventLoopGroup) async -> LoadCPU {
        var s = LoadCPU(process: 0, peer: nil)
        var state: JSONValue?
        if let server {
            s.peer = await server.eventLoopCPUSeconds()
            s.faults = server.faultCounts
            state = server.state()
        } else if let url, let (host, port, _) = try? PeerClientOptions(url: url, token: "").endpoint() {
            state = try? await PeerHTTPClient.json(host: host, port: port, path: "/state?user=load0", on: group)
            s.peer = state?.objectValue?["stats"]?.objectValue?["cpuSeconds"]?.numberValue?.doubleValue
            if let f = state?.objectValue?["faults"]?.objectValue {
                func n(_ k: String) -> Int? { f[k]?.numberValue?.int64Value.map(Int.init) }
                if let d = n("dropped"), let u = n("duplicated"), let l = n("delayed"), let r = n("reordered"), let c = n("cut") {
                    s.faults = FaultCounts(dropped: d, duplicated: u, delayed: l, reordered: r, cut: c)
                }
            }
        }
        s.faultPlan = state?.objectValue?["faults"]?.objectValue?["plan"]?.stringValue
        s.resendsDeduplicated = state?.objectValue?["stats"]?.objectValue?["resendsDeduplicated"]?.numberValue?.int64Value.map(Int.init)
        s.process = CPUTime.process()
        return s
    }

    /// The peer's and the generator's CPU seconds between two samples. In-process the generator is
    /// the process less the peer's loops; against an external peer it is the whole process.
    static func split(from a: LoadCPU, to b: LoadCPU, inProcess: Bool) -> (peer: Double?, generator: Double) {
        let process = Swift.max(0, b.process - a.process)
        guard let p0 = a.peer, let p1 = b.peer else { return (nil, process) }
        let peer = Swift.max(0, p1 - p0)
        return (peer, inProcess ? Swift.max(0, process - peer) : process)
    }

    /// The faults the peer injected between two samples.
    static func faults(from a: LoadCPU, to b: LoadCPU) -> FaultCounts? {
        guard let f0 = a.faults, let f1 = b.faults else { return nil }
        return FaultCounts(dropped: Swift.max(0, f1.dropped - f0.dropped), duplicated: Swift.max(0, f1.duplicated - f0.duplicated),
                           delayed: Swift.max(0, f1.delayed - f0.delayed), reordered: Swift.max(0, f1.reordered - f0.reordered),
                           cut: Swift.max(0, f1.cut - f0.cut))
    }
}
