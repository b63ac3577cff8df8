// Tests/RongPeerTests/PeerLogHandlerTests.swift - the peer's log lines through swift-log

import Logging
import Synchronization
import Testing

@testable import RongPeer

@Suite("Peer log lines")
struct PeerLogHandlerTests {
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
    }

    static func logger(_ level: Logger.Level, _ lines: Lines) -> Logger {
        Logger(label: "test", factory: { _ in PeerLogHandler(level: level, output: { l in lines.lines.withLock { $0.append(l) } }) })
    }

    @Test("one line per record, `peer: LEVEL message`; records below the level are dropped")
    func lines() {
        let lines = Lines()
        var log = Self.logger(.warning, lines)
        log.info("conn#1 alice connection error: reset; closed")
        log.warning("conn#2 bob malformed: E_TRUNCATED; DISCONNECT 2")
        log.error("conn#3 cannot encode PUBLISH")
        log[metadataKey: "peer"] = "7"
        log.warning("slow consumer")
        #expect(lines.all == [
            "peer: warning conn#2 bob malformed: E_TRUNCATED; DISCONNECT 2\n",
            "peer: error conn#3 cannot encode PUBLISH\n",
            "peer: warning slow consumer peer=7\n",
        ])
    }

    @Test("the --log-level names: swift-log's levels, most verbose first, then off; nothing else")
    func levelNames() {
        #expect(PeerLogHandler.levelNames == ["trace", "debug", "info", "notice", "warning", "error", "critical", "off"])
        for level in Logger.Level.allCases {
            #expect(PeerLogHandler.logger(levelNamed: level.rawValue)?.logLevel == level)
            #expect(PeerLogHandler.logger(levelNamed: level.rawValue)?.handler is PeerLogHandler)
        }
        let off = PeerLogHandler.logger(levelNamed: "off")
        #expect(off != nil && off?.handler is SwiftLogNoOpLogHandler)
        for name in ["WARNING", "verbose", "warn", "none", ""] {
            #expect(PeerLogHandler.logger(levelNamed: name) == nil, "\(name)")
        }
    }
}
