// Sources/RongSupport/YAML/YAMLEventCheck.swift - what RongWire's YAML forbids, found before composing

// libyaml's event parser, through the C target Yams builds it in. Why not Yams' public API: in
// Yams 6.2.2 every public entry point composes whole documents before a caller sees anything
// (`compose`, `compose_all`, `load`, `load_all`, `Parser.nextRoot()`/`singleRoot()`,
// `YAMLDecoder`). Composing resolves each alias to the anchored node and, in every mapping,
// hashes all key nodes to find duplicates (`Parser.checkDuplicates`: `Dictionary(grouping:)`
// over `Node`, whose `hash(into:)` recurses), so `? *a8 : 1` after eight levels of ten aliases
// hashes 10^9 leaves inside `compose`. The event stream (`Parser.parse()`, `Event`) is private;
// `Resolver` and `Constructor` run on composed nodes; `AliasDereferencingStrategy` serves
// `Decodable` after composing; `Node.Scalar.anchor` exists only once composed. So no public API
// lets a caller see an anchor or alias before the expansion costs its price. The alternatives
// are worse: a second, hand-written YAML lexer to spot `&`, `*` and `!` (quoting, block scalars
// and flow context decide what those characters mean), a size cap (a 300-byte file is a bomb),
// or the system libyaml (an apt dependency for every user, and a second libyaml). CYaml is the C
// target inside the Yams package (not a product): it is importable because RongSupport depends on
// Yams, SwiftPM puts the module maps of a dependency's targets on the search path. A Yams release
// that renames it breaks the build loudly, not the check silently; Package.swift pins Yams 6.x.
internal import CYaml

/// One linear pass over the YAML events of a text, run before Yams composes it. It rejects what
/// would make a file mean different things to different YAML readers, or cost more than its size
/// to read: anchors and aliases (an alias expands to a copy of the anchored node, so ten lines can
/// stand for 10^9 nodes), explicit tags (`!!str 1` is a string to one reader and a number to
/// another), and duplicate keys (reported at the second occurrence, which Yams does not do). It
/// also reports libyaml's own errors: syntax errors at libyaml's mark, reader errors (bad UTF-8,
/// control characters) at the line and column of their byte offset.
enum YAMLEventCheck {
    /// A problem at a 1-based line and column.
    struct Problem: Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// The first problem in `yaml`, or nil. `holding` names what the text holds, plural
    /// (`vectors`, `fixtures`, `scenarios`), for the messages: `… is not allowed in vectors`.
    static func firstProblem(in yaml: String, holding: String) -> Problem? {
        var text = yaml
        return text.withUTF8 { buffer -> Problem? in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                return Problem(line: 0, column: 1, message: "YAML error: memory")
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)

            /// A collection being read: for mappings, whether the next node is a key, and the scalar
            /// keys seen so far with their lines.
            struct Frame {
                var isMapping: Bool
                var expectKey = true
                var keys: [String: Int] = [:]
            }
            var stack: [Frame] = []
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { return parserError(parser, yaml) }
                defer { yaml_event_delete(&event) }
                let line = Int(event.start_mark.line) + 1
                let column = Int(event.start_mark.column) + 1
                func located(_ message: String) -> Problem { Problem(line: line, column: column, message: message) }

                var anchor: UnsafeMutablePointer<yaml_char_t>?
                var tag: UnsafeMutablePointer<yaml_char_t>?
                var isNode = true
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_ALIAS_EVENT:
                    let name = string(event.data.alias.anchor)
                    return located("YAML alias `*\(name)` is not allowed in \(holding) (write the value out; aliases expand to copies and other readers may treat them differently)")
                case YAML_SCALAR_EVENT:
                    anchor = event.data.scalar.anchor
                    tag = event.data.scalar.tag
                case YAML_SEQUENCE_START_EVENT:
                    anchor = event.data.sequence_start.anchor
                    tag = event.data.sequence_start.tag
                case YAML_MAPPING_START_EVENT:
                    anchor = event.data.mapping_start.anchor
                    tag = event.data.mapping_start.tag
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    _ = stack.popLast()
                    isNode = false
                default:
                    isNode = false
                }
                guard isNode else { continue }
                if let anchor {
                    return located("YAML anchor `&\(string(anchor))` is not allowed in \(holding) (anchors and aliases are not part of the format)")
                }
                if let tag {
                    return located("YAML tag `\(string(tag))` is not allowed in \(holding) (quote strings instead; other readers resolve tags differently)")
                }
                // A key or a value of the enclosing mapping?
                if var top = stack.popLast() {
                    if top.isMapping {
                        if top.expectKey, event.type == YAML_SCALAR_EVENT {
                            let key = string(event.data.scalar.value, length: event.data.scalar.length)
                            if let first = top.keys[key] {
                                return located("duplicate key `\(key)` in a mapping (first at line \(first))")
                            }
                            top.keys[key] = line
                        }
                        top.expectKey.toggle()
                    }
                    stack.append(top)
                }
                if event.type == YAML_SEQUENCE_START_EVENT { stack.append(Frame(isMapping: false)) }
                if event.type == YAML_MAPPING_START_EVENT { stack.append(Frame(isMapping: true)) }
            }
        }
    }

    /// libyaml's error, in the words Yams would use for it: `YAML syntax: problem (context)` at the
    /// problem's mark, `YAML reader: problem` at the line and column of the problem's byte (the
    /// reader knows only the offset).
    private static func parserError(_ parser: yaml_parser_t, _ yaml: String) -> Problem {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        switch parser.error {
        case YAML_READER_ERROR:
            let (line, column) = TextPosition.lineAndColumn(ofByte: Int(parser.problem_offset), in: yaml)
            return Problem(line: line, column: column, message: "YAML reader: \(problem)")
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            let context = parser.context.map { " (\(String(cString: $0)))" } ?? ""
            return Problem(
                line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1,
                message: "YAML syntax: \(problem)\(context)")
        default:
            return Problem(line: 0, column: 1, message: "YAML error: memory")
        }
    }

    private static func string(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String {
        guard let p else { return "" }
        return String(cString: UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))
    }

    private static func string(_ p: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String {
        guard let p else { return "" }
        return String(decoding: UnsafeBufferPointer(start: p, count: length), as: UTF8.self)
    }
}
