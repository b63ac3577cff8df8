// Tests/RongPeerTests/RawSocket.swift - a WebSocket client by hand, for clients that misbehave

import RongEnvelope

@testable import RongPeer

#if canImport(Glibc)
import Glibc

/// `SOCK_STREAM` as `socket(2)` takes it (an enum case in Glibc, a macro in Darwin).
let socketStreamType = Int32(SOCK_STREAM.rawValue)
/// No SIGPIPE on a write to a closed socket: per call on Linux, per socket on Darwin.
private let sendFlags = Int32(MSG_NOSIGNAL)
private func systemSend(_ fd: Int32, _ p: UnsafeRawPointer?, _ n: Int, _ flags: Int32) -> Int { Glibc.send(fd, p, n, flags) }
private func systemConnect(_ fd: Int32, _ a: UnsafePointer<sockaddr>, _ n: socklen_t) -> Int32 { Glibc.connect(fd, a, n) }
private func systemClose(_ fd: Int32) -> Int32 { Glibc.close(fd) }
#elseif canImport(Darwin)
import Darwin

/// `SOCK_STREAM` as `socket(2)` takes it (an enum case in Glibc, a macro in Darwin).
let socketStreamType = SOCK_STREAM
/// No SIGPIPE on a write to a closed socket: per call on Linux, per socket on Darwin.
private let sendFlags: Int32 = 0
private func systemSend(_ fd: Int32, _ p: UnsafeRawPointer?, _ n: Int, _ flags: Int32) -> Int { Darwin.send(fd, p, n, flags) }
private func systemConnect(_ fd: Int32, _ a: UnsafePointer<sockaddr>, _ n: socklen_t) -> Int32 { Darwin.connect(fd, a, n) }
private func systemClose(_ fd: Int32) -> Int32 { Darwin.close(fd) }
#endif

/// A blocking TCP socket that does the WebSocket handshake and then does only what a test asks:
/// send masked binary frames, never read, or close with a reset. What a well-behaved
/// ``PeerClient`` cannot do.
final class RawSocket {
    let fd: Int32

    /// Connects to the peer on loopback with a small receive buffer (so unread data backs up at
    /// the peer quickly) and completes the upgrade with `query` (`appId=…&token=…`).
    init(port: Int, query: String, receiveBuffer: Int32 = 4096) throws {
        fd = socket(AF_INET, socketStreamType, 0)
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var small = receiveBuffer
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard rc == 0 else { throw PeerClientError.notUpgraded }
        let request = "GET /websocket?\(query) HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        guard write(Array(request.utf8)) else { throw PeerClientError.notUpgraded }
        var buf = [UInt8](repeating: 0, count: 512)
        let n = recv(fd, &buf, buf.count, 0)
        guard n > 12, String(decoding: buf[0..<12], as: UTF8.self) == "HTTP/1.1 101" else { throw PeerClientError.notUpgraded }
    }

    /// Writes all of `bytes`; false once the peer has closed the connection.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { systemSend(fd, $0.baseAddress, $0.count, sendFlags) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    /// Sends one RMTP packet as a masked binary WebSocket message (mask key 0, so the payload
    /// bytes are unchanged).
    @discardableResult
    func send(_ packet: Packet) throws -> Bool {
        let payload = try packet.encoded()
        var frame: [UInt8] = [0x82]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame += [0xFE, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        frame += [0, 0, 0, 0] + payload
        return write(frame)
    }

    /// Closes with a TCP reset (SO_LINGER 0), as a client that crashes or loses its network does.
    func reset() {
        var l = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, socklen_t(MemoryLayout<linger>.size))
        _ = systemClose(fd)
    }

    /// Closes normally.
    func close() { _ = systemClose(fd) }
}
