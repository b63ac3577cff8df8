// Sources/rongwire/Commands/TypesCommand.swift - `rongwire types`

import ArgumentParser
import RongCodec

struct TypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "List the built-in content types with their persistence flags and attributes.",
        discussion: """
            The catalog is RongCloud's own type registry (the 64 types of its 2025 universal SDK, \
            with its flags) plus 11 types of other SDKs (REGISTRY kit); spec/content-catalog.md.

            FLAG: NONE=0 (not stored locally, not counted), ISPERSISTED=1 (stored, not counted), \
            ISCOUNTED=3 (stored and counted), STATUS=16 (online only, never stored). \
            ATTRIBUTES: command (the SDK handles the message: never shown as a message, never \
            stored as one), media (the content names a file the SDK uploads and downloads). \
            A SWIFT TYPE OpenContent<…> is registered by name, flag and attributes with its keys \
            kept as an open JSON object. ALIASES are other spellings that decode as the type.

            --json prints one object per type: objectName, swiftType, persistence {name, value}, \
            command, media, officialRegistry, open, aliases, keys (the JSON keys it decodes), and \
            searchProps (the content keys RongIMLib 5.7.2 indexes for local search) where there are any.
            """
    )

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    func run() throws {
        let entries = BuiltInCatalog.entries
        if json {
            CLIIO.printStdout(try BuiltInCatalog.jsonValue.prettyText())
            return
        }
        let width = entries.map { $0.objectName.count }.max() ?? 10
        let typeWidth = entries.map { $0.swiftTypeName.count }.max() ?? 10
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
        CLIIO.printStdout(pad("OBJECTNAME", width) + "  " + pad("SWIFT TYPE", typeWidth) + "  FLAG           ATTRIBUTES     REGISTRY  ALIASES")
        for e in entries {
            let flag = pad("\(e.persistence.name) (\(e.persistence.rawValue))", 13)
            let line = pad(e.objectName, width) + "  " + pad(e.swiftTypeName, typeWidth) + "  " + flag + "  "
                + pad(e.attributes.description, 13) + "  " + pad(e.isInOfficialRegistry ? "RongCloud" : "kit", 8) + "  "
                + e.aliases.joined(separator: ", ")
            CLIIO.printStdout(line.trailingSpacesTrimmed)
        }
        let official = entries.filter(\.isInOfficialRegistry).count
        let open = entries.filter(\.isOpen).count
        CLIIO.printStdout(
            "\(entries.count) types: \(official) of RongCloud's registry, \(entries.count - official) kit types; \(open) kept as open JSON")
    }
}

extension String {
    /// The string without trailing spaces (table rows end at their last column).
    fileprivate var trailingSpacesTrimmed: String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
