// Sources/RongCodec/Catalog/User/UserContentCatalog.swift - user content types

extension BuiltInCatalog {
    /// User content: text, media, location, quote, combine, sticker, card, public service, stream.
    static let userContentTypes: [ContentTypeEntry] = [
        ContentTypeEntry(TextMessage.self),
        ContentTypeEntry(ImageMessage.self),
        ContentTypeEntry(GIFMessage.self),
        ContentTypeEntry(VoiceMessage.self),
        ContentTypeEntry(HQVoiceMessage.self),
        ContentTypeEntry(FileMessage.self),
        ContentTypeEntry(SightMessage.self),
        ContentTypeEntry(LocationMessage.self),
        ContentTypeEntry(RichContentMessage.self),
        ContentTypeEntry(ReferenceMessage.self),
        ContentTypeEntry(CombineMessage.self),
        ContentTypeEntry(StickerMessage.self),
        ContentTypeEntry(ContactCardMessage.self),
        ContentTypeEntry(PublicServiceRichContentMessage.self),
        ContentTypeEntry(PublicServiceMultiRichContentMessage.self),
        ContentTypeEntry(StreamMessage.self),
    ]
}
