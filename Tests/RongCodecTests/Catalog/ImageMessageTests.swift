// Tests/RongCodecTests/Catalog/ImageMessageTests.swift - RC:ImgMsg

import Testing

@testable import RongCodec

extension ImageMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> ImageMessage {
        ImageMessage(
            content: s.optString(), imageUri: s.optString(), exp: s.optBool(), isFull: s.optBool(),
            thumbUri: s.optString(), name: s.optString(), common: s.common())
    }
}

@Suite("RC:ImgMsg")
struct ImageMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("legacy server form", #"{"content":"/9j/4AAQSkZJRg==","imageUri":"https://cdn.example.com/a.jpg","extra":""}"#),
        DecodeCase(
            "Android form with burn keys",
            #"{"content":"/9j/","imageUri":"https://x/a.jpg","isFull":true,"extra":"e","isBurnAfterRead":false,"burnDuration":0}"#),
        DecodeCase(
            "Android full alias", #"{"imageUri":"u","full":true}"#, canonical: #"{"imageUri":"u","isFull":true}"#, leniencies: [.fullAlias]),
        DecodeCase("isFull wins over full", #"{"full":false,"isFull":true}"#, canonical: #"{"isFull":true,"full":false}"#),
        DecodeCase(
            "Flutter form with localPath and thumbUri",
            #"{"localPath":"","imageUri":"u","thumbUri":"t","extra":""}"#, canonical: #"{"imageUri":"u","thumbUri":"t","extra":""}"#,
            leniencies: [.localPathDropped]),
        DecodeCase("history export with an integer id", #"{"content":"c","imageUri":"u","id":123456}"#),
        DecodeCase("Go SDK name", #"{"imageUri":"u","name":"photo.jpg"}"#),
        DecodeCase("upload exp flag", #"{"imageUri":"u","exp":true}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(ImageMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("isFull as a string", #"{"isFull":"true"}"#, .typeMismatch),
        RejectCase("imageUri as an object", #"{"imageUri":{}}"#, .typeMismatch),
        RejectCase("isFull twice", #"{"isFull":true,"isFull":false}"#, .duplicateKey),
        RejectCase("zero bytes", "", .emptyContent),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(ImageMessage.self, c)
    }
}
