// Tests/RongPeerTests/SDKErrorCodeTests.swift - the SDK error-code table against spec/error-codes.md

import Foundation
import RongEnvelope
import RongPeer
import RongTestSupport
import Testing

@Suite("SDK error codes")
struct SDKErrorCodeTests {
    /// The (code, name, peer) rows of spec/error-codes.md's table of the 157 codes.
    static func specRows() throws -> [(code: Int32, name: String, peer: Bool)] {
        let text = try #require(packageFile("spec/error-codes.md"))
        let section = try #require(text.components(separatedBy: "## The 157 codes of 5.7.2").last?.components(separatedBy: "\n## ").first)
        return section.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 6, let code = Int32(cells[1]), cells[2].hasPrefix("`") else { return nil }
            return (code, String(cells[2].dropFirst().dropLast()), cells[4] == "yes")
        }
    }

    @Test("the table holds RongIMLib 5.7.2's 157 names, as spec/error-codes.md lists them")
    func table() throws {
        #expect(SDKErrorCode.all.count == 157)
        #expect(Set(SDKErrorCode.all.map(\.name)).count == 157, "names are unique")
        let rows = try Self.specRows()
        #expect(rows.map(\.code) == SDKErrorCode.all.map(\.code))
        #expect(rows.map(\.name) == SDKErrorCode.all.map(\.name))
        // Renamed since engine 0.1.0 at the same number (official-sdk-5x.md, "Error codes").
        #expect(SDKErrorCode.names(of: 30007) == ["RC_NAVI_REQ_FAILED"])
        #expect(SDKErrorCode.names(of: 31004) == ["RC_CONN_TOKEN_INCORRECT"])
        #expect(SDKErrorCode.names(of: 17) == ["REMOTE_NETWORK_ERROR", "PROXY_UNAVAILABLE"])
        // Moved and gone.
        #expect(SDKErrorCode.code(named: "CONVER_GET_ERROR") == 35021 && SDKErrorCode.names(of: 34009).isEmpty)
        #expect(SDKErrorCode.names(of: 20406).isEmpty && SDKErrorCode.names(of: 61001).isEmpty)
        #expect(SDKErrorCode.names(of: 51001) == ["COOKIE_ENABLE"])
    }

    @Test("the statuses the peer sends that 5.7.2 names are marked in the spec's table")
    func peerStatuses() throws {
        let sent: [UInt16] = [
            PeerStatus.invalidParameter, PeerStatus.notInGroup, PeerStatus.notInChatroom, PeerStatus.mutedInChatroom,
            PeerStatus.kickedFromChatroom, PeerStatus.chatroomNotExist, PeerStatus.chatroomFull, PeerStatus.chatroomInvalidParameter,
            PeerStatus.chatroomHistoryNotEnabled, PeerStatus.chatroomKeyCountExceeded, PeerStatus.chatroomKeyNotOwned,
            PeerStatus.chatroomKeyNotExist, PeerStatus.chatroomKeysNotAllSet, PeerStatus.chatroomBatchTooLarge,
            PeerStatus.recallParameterInvalid, PeerStatus.sendRateExceeded, PeerStatus.messageTooLarge,
        ]
        let marked = Set(try Self.specRows().filter(\.peer).map(\.code))
        #expect(marked == Set(sent.map(Int32.init)))
        #expect(SDKErrorCode.names(of: Int32(PeerStatus.invalidParameter)) == ["BIZ_ERROR_INVALID_PARAMETER"])
        #expect(SDKErrorCode.names(of: Int32(PeerStatus.chatroomKeysNotAllSet)) == ["CHATROOM_KV_STORE_NOT_ALL_SUCCESS"])
    }

    @Test("CONNACK and DISCONNECT statuses map to the codes 5.7.2 reports, each a named one")
    func statusCodes() {
        #expect(SDKErrorCode.code(connAckStatus: 4) == 31004)
        #expect(SDKErrorCode.code(connAckStatus: 10) == 31020)
        for status in UInt8(1)...20 {
            let code = SDKErrorCode.code(connAckStatus: status)
            #expect(code.map { !SDKErrorCode.names(of: $0).isEmpty } == true, "CONNACK \(status)")
        }
        #expect(SDKErrorCode.code(connAckStatus: 20).map(SDKErrorCode.names(of:)) == ["RC_LICENSE_EXPIRED"])
        #expect(SDKErrorCode.code(connAckStatus: 21) == nil)
        for status in [UInt8(1), 2, 5, 6, 7, 8, 9] {
            let code = SDKErrorCode.code(disconnectStatus: status)
            #expect(code.map { !SDKErrorCode.names(of: $0).isEmpty } == true, "DISCONNECT \(status)")
        }
        #expect(SDKErrorCode.code(disconnectStatus: DisconnectStatus.otherDeviceLogin) == 31010)
        #expect(SDKErrorCode.code(disconnectStatus: 9) == SDKErrorCode.code(named: "RC_ACCOUNT_CANCELLATION"))
        #expect(SDKErrorCode.code(disconnectStatus: 3) == nil)
    }
}
