// Sources/rongwire/Commands/TypesCommand.swift - `rongwire types`

import ArgumentParser
import RongCodec

struct TypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "List the built-in content types with their persistence flags.",
        discussion: """
            Flags: NONE=0 (not stored locally, not counted), ISPERSISTED=1 (stored, not counted), \
            ISCOUNTED=3 (stored and counted), STATUS=16 (online only, never stored). Aliases are \
            other spellings that decode as the type.
            """
    )

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    func run() throws {
        let aliases = Dictionary(grouping: BuiltInCatalog.aliases.keys.sorted(), by: { BuiltInCatalog.aliases[$0]! })
        if json {
            var rows: [JSONValue] = []
            for t in BuiltInCatalog.types {
                var o = JSONObject()
                o["objectName"] = .string(t.objectName)
                o["swiftType"] = .string(String(describing: t))
                o["persistence"] = .object(JSONObject([
                    .init(key: "name", value: .string(t.persistence.name)),
                    .init(key: "value", value: .number(JSONNumber(t.persistence.rawValue))),
                ]))
                o["aliases"] = .array((aliases[t.objectName] ?? []).map { .string($0) })
                o["keys"] = .array(BuiltInCatalog.keys(of: t).map { .string($0) })
                rows.append(.object(o))
            }
            CLIIO.printStdout(try JSONValue.array(rows).prettyText())
            return
        }
        let width = BuiltInCatalog.types.map { $0.objectName.count }.max() ?? 10
        let typeWidth = BuiltInCatalog.types.map { String(describing: $0).count }.max() ?? 10
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
        CLIIO.printStdout(pad("OBJECTNAME", width) + "  " + pad("SWIFT TYPE", typeWidth) + "  FLAG             ALIASES")
        for t in BuiltInCatalog.types {
            let flag = pad("\(t.persistence.name) (\(t.persistence.rawValue))", 15)
            let a = (aliases[t.objectName] ?? []).joined(separator: ", ")
            CLIIO.printStdout(pad(t.objectName, width) + "  " + pad(String(describing: t), typeWidth) + "  " + flag + "  " + a)
        }
        CLIIO.printStdout("\(BuiltInCatalog.types.count) types")
    }
}
