// Sources/RongPeer/Server/PeerControlEndpoints.swift - the peer's HTTP endpoints without a socket (embedding, fuzzing)

import NIOHTTP1

/// The HTTP endpoints of a peer (`GET /state`, `GET /`, `POST /control/advance`,
/// `POST /control/faults`, `POST /control/reset`) answered in-process, with no socket and no
/// event loop: what ``PeerServer`` answers on its port for the same request, computed by the same
/// code. For driving a peer model from a test, and for the `control` fuzz target, which feeds
/// hostile bodies and query strings to it.
///
/// The transport limits (head and body size, timeouts) are ``PeerServer``'s: a request given here
/// has already been read whole.
public final class PeerControlEndpoints: Sendable {
    let control: PeerControl

    /// A peer with `configuration`'s fixture, clock (a ``ManualClock`` enables
    /// `/control/advance`), fault plan and seed.
    public init(configuration: PeerConfiguration) {
        control = PeerChildPipeline(configuration: configuration).control
    }

    /// The answer to one request: `method` (`GET`, `POST`, …), `target` (path and query string,
    /// percent-encoded as on the request line) and the body.
    public func answer(method: String, target: String, body: [UInt8] = []) -> PeerControlAnswer {
        let r = control.handle(method: HTTPMethod(rawValue: method), uri: target, body: body)
        return PeerControlAnswer(status: Int(r.status.code), contentType: r.contentType, body: r.body)
    }
}

/// What a peer endpoint answers.
public struct PeerControlAnswer: Sendable, Hashable {
    /// The HTTP status code (200, 400, 404, 409, 426).
    public var status: Int
    /// `application/json`, or `text/plain; charset=utf-8` for `GET /`.
    public var contentType: String
    /// The body: JSON (`{"error": "…"}` when the status is not 200), or the endpoint list.
    public var body: [UInt8]
}
