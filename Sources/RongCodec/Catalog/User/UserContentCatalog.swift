// Sources/RongCodec/Catalog/User/UserContentCatalog.swift - user content types

extension BuiltInCatalog {
    /// User content: text, media, location, quote, combine, sticker, card, public service, stream.
    static let userContentTypes: [any MessageContent.Type] = [
        TextMessage.self,
        ImageMessage.self,
        GIFMessage.self,
        VoiceMessage.self,
        HQVoiceMessage.self,
        FileMessage.self,
        SightMessage.self,
        LocationMessage.self,
        RichContentMessage.self,
        ReferenceMessage.self,
        CombineMessage.self,
        StickerMessage.self,
        ContactCardMessage.self,
        PublicServiceRichContentMessage.self,
        PublicServiceMultiRichContentMessage.self,
        StreamMessage.self,
    ]
}
