// tools/benchmarks/Benchmarks/RongWireBenchmarks/CodableModels.swift - the JSONDecoder baseline's types
//
// Plain Codable structs, what an app would write for these contents: the documented keys as
// optionals, no unknown-key preservation, no leniency. The baseline's cost is JSONDecoder /
// JSONEncoder on the same bytes RongWire reads.

import BenchFixtures
import Foundation

struct CodableUser: Codable { var id: String?; var name: String?; var portrait: String?; var extra: String? }

struct CodableText: Codable { var content: String?; var extra: String?; var user: CodableUser? }

struct CodableImage: Codable {
    var content: String?; var imageUri: String?; var isFull: Bool?; var extra: String?; var user: CodableUser?
}

struct CodableVoice: Codable {
    var name: String?; var remoteUrl: String?; var duration: Int?; var type: String?; var extra: String?
    var user: CodableUser?
}

struct CodableFile: Codable {
    var name: String?; var size: Int64?; var type: String?; var fileUrl: String?; var extra: String?
    var user: CodableUser?
}

struct CodableReferred: Codable { var content: String?; var extra: String? }

struct CodableReference: Codable {
    var content: String?; var referMsgUserId: String?; var objName: String?; var referMsg: CodableReferred?
    var extra: String?; var user: CodableUser?
}

struct CodableGroup: Codable {
    var operatorUserId: String?; var operation: String?; var data: String?; var message: String?; var extra: String?
}

struct CodableInfo: Codable { var message: String?; var extra: String?; var user: CodableUser? }

struct CodableRecall: Codable {
    var operatorId: String?; var recallTime: Int64?; var originalObjectName: String?; var recallContent: String?
    var recallActionTime: Int64?; var admin: Bool?; var delete: Bool?
}

struct CodableTyping: Codable { var typingContentType: String?; var data: String? }

struct CodableRead: Codable { var lastMessageSendTime: Int64?; var messageUId: String?; var type: Int? }

/// Decode and encode through the Codable struct of an objectName, type-erased for the corpus.
struct CodableCodec: @unchecked Sendable {
    let decode: (JSONDecoder, Data) throws -> Any
    let encode: (JSONEncoder, Any) throws -> Data

    static func of<T: Codable>(_: T.Type) -> CodableCodec {
        CodableCodec(
            decode: { try $0.decode(T.self, from: $1) },
            encode: { try $0.encode($1 as! T) })
    }

    static func forObjectName(_ name: String) -> CodableCodec {
        switch name {
        case "RC:TxtMsg": of(CodableText.self)
        case "RC:ImgMsg": of(CodableImage.self)
        case "RC:HQVCMsg": of(CodableVoice.self)
        case "RC:FileMsg": of(CodableFile.self)
        case "RC:ReferenceMsg": of(CodableReference.self)
        case "RC:GrpNtf": of(CodableGroup.self)
        case "RC:InfoNtf": of(CodableInfo.self)
        case "RC:RcNtf": of(CodableRecall.self)
        case "RC:TypSts": of(CodableTyping.self)
        case "RC:ReadNtf": of(CodableRead.self)
        default: fatalError("no Codable model for \(name)")
        }
    }
}
