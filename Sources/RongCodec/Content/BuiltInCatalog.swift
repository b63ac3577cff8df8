// Sources/RongCodec/Content/BuiltInCatalog.swift - the list of built-in content types

/// The built-in content types and the alias objectNames that decode as them.
public enum BuiltInCatalog {
    /// Every built-in type, in catalog order.
    public static let types: [any MessageContent.Type] = entries.map(\.type)

    /// Every built-in type with its decoder, created from the concrete type so each decoder is
    /// specialized (a decode through the existential metatype is generic code at run time).
    static let entries: [ContentTypeEntry] =
        userContentTypes + notificationTypes + statusTypes + signallingTypes + locationTypes + callTypes

    /// Alias objectName → canonical objectName.
    ///
    /// Seed spellings (decision 1 and 2 in the reference notes: accept as aliases, encode the
    /// canonical name) and the Go server SDK's misspellings, which are real traffic (decision 3,
    /// option c). The seed's sample-code typo `RC:TXT` is not an alias.
    public static let aliases: [String: String] = [
        "RC:HQVcMsg": "RC:HQVCMsg",
        "RC:HQVoiceMsg": "RC:HQVCMsg",
        "RC:RCntf": "RC:RcNtf",
        "RC:VCMsg": "RC:VcMsg",
        "RC:CMDMsg": "RC:CmdMsg",
        "RC:CMDNtf": "RC:CmdNtf",
        "RC:ChrmKVNotiMsg": "RC:chrmKVNotiMsg",
    ]
}
