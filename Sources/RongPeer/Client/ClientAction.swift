// Sources/RongPeer/Client/ClientAction.swift - what the client's state machine asks its driver to do

import RongEnvelope

/// What the ``ClientStateMachine`` asks for, performed in order by ``ClientDriver`` on the
/// client's event loop.
enum ClientAction {
    /// Open transport number `attempt`: TCP, then the WebSocket upgrade.
    case openTransport(attempt: Int)
    /// Close the current transport now.
    case closeTransport
    /// Send a WebSocket close; the transport ends when the server answers, or soon after.
    case closeGracefully
    /// Call ``ClientStateMachine/reconnectDue(attempt:)`` after a pause.
    case scheduleReconnect(attempt: Int, afterMillis: Int64)
    /// Call ``ClientStateMachine/connectTimedOut()`` after this long.
    case armConnectTimeout(afterMillis: Int64)
    /// Call ``ClientStateMachine/requestTimedOut(_:)`` after this long.
    case armRequestTimeout(ClientStateMachine.RequestTimeout, afterMillis: Int64)
    /// Call ``ClientStateMachine/tick(now:)`` this often.
    case startTicking(everyMillis: Int64)
    /// No more ticks.
    case stopTicking
    /// Write a packet as one binary WebSocket message. (Boxed, as ``deliver(_:)`` is: they are
    /// the large payloads, and every action is as large as the largest.)
    indirect case write(Packet)
    /// The first attempt's CONNACK accepted this user.
    case connectSucceeded(userId: String)
    /// The first attempt failed.
    case connectFailed(any Error)
    /// A PUBLISH's answer (nil: a message that gets no PUBACK).
    case publishAnswered(RequestToken, Result<PeerSendResult?, PeerClientError>)
    /// A caller's QUERY answer.
    case queryAnswered(RequestToken, Result<QueryAnswer, PeerClientError>)
    /// A pull or a ping is over.
    case waiterAnswered(RequestToken, Result<Void, PeerClientError>)
    /// Hand a surfaced message to the user's handler.
    indirect case deliver(PeerReceivedMessage)
}
