// Sources/RongPeer/Load/LoadCPU.swift - who spent the CPU of a load run: the peer or the generator

import NIOCore

/// CPU seconds at one moment of a load run: the whole process's, and the peer's (its event loops'
/// threads when it runs in-process; its process's, from `/state`'s `stats.cpuSeconds`, when it is
/// external). Two samples, at the first send and after the last delivery, give each side's share.
struct LoadCPU {
    var process: Double
    var peer: Double?

    static func sample(server: PeerServer?, url: String?, on group: EventLoopGroup) async -> LoadCPU {
        var peer: Double?
        if let server {
            peer = await server.eventLoopCPUSeconds()
        } else if let url, let (host, port, _) = try? PeerClientOptions(url: url, token: "").endpoint() {
            let state = try? await PeerHTTPClient.json(host: host, port: port, path: "/state?user=load0", on: group)
            peer = state?.objectValue?["stats"]?.objectValue?["cpuSeconds"]?.numberValue?.doubleValue
        }
        return LoadCPU(process: CPUTime.process(), peer: peer)
    }

    /// The peer's and the generator's CPU seconds between two samples. In-process the generator is
    /// the process less the peer's loops; against an external peer it is the whole process.
    static func split(from a: LoadCPU, to b: LoadCPU, inProcess: Bool) -> (peer: Double?, generator: Double) {
        let process = Swift.max(0, b.process - a.process)
        guard let p0 = a.peer, let p1 = b.peer else { return (nil, process) }
        let peer = Swift.max(0, p1 - p0)
        return (peer, inProcess ? Swift.max(0, process - peer) : process)
    }
}
