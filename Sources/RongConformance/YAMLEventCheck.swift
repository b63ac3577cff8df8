// Sources/RongConformance/YAMLEventCheck.swift - YAML features vectors forbid, found before composing

// libyaml's event parser, which Yams is built on. Yams' public API composes a whole document and
// resolves every alias while doing so (`Parser.singleRoot()` shares the anchored node and hashes
// mapping keys to find duplicates), so a billion-laughs file costs exponential time there, before
// any caller sees a node. Walking the events instead finds the first anchor or alias in linear
// time. The CYaml module is the C target inside the Yams package (not a product of its own); it is
// importable because RongConformance depends on Yams.
internal import CYaml

/// One linear pass over the YAML events of a vector file, run before Yams composes it. It rejects
/// what would make the file mean different things to different YAML readers, or cost more than its
/// size to read: anchors and aliases (an alias expands to a copy of the anchored node, so ten lines
/// can stand for 10^9 nodes), explicit tags (`!!str 1` is a string to one reader and a number to
/// another), and duplicate keys (reported at the second occurrence, which Yams does not do).
/// A syntax error ends the pass without a verdict: Yams then reports it with its own message.
enum YAMLEventCheck {
    /// The first forbidden feature in `yaml`, as (1-based line, 1-based column, message), or nil.
    static func firstProblem(in yaml: String) -> (line: Int, column: Int, message: String)? {
        var text = yaml
        return text.withUTF8 { buffer -> (line: Int, column: Int, message: String)? in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return nil }
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
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                let line = Int(event.start_mark.line) + 1
                let column = Int(event.start_mark.column) + 1
                func located(_ message: String) -> (line: Int, column: Int, message: String) { (line, column, message) }

                var anchor: UnsafeMutablePointer<yaml_char_t>?
                var tag: UnsafeMutablePointer<yaml_char_t>?
                var isNode = true
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_ALIAS_EVENT:
                    let name = string(event.data.alias.anchor)
                    return located("YAML alias `*\(name)` is not allowed in vectors (write the value out; aliases expand to copies and other readers may treat them differently)")
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
                    return located("YAML anchor `&\(string(anchor))` is not allowed in vectors (anchors and aliases are not part of the format)")
                }
                if let tag {
                    return located("YAML tag `\(string(tag))` is not allowed in vectors (quote strings instead; other readers resolve tags differently)")
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

    private static func string(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String {
        guard let p else { return "" }
        return String(cString: UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))
    }

    private static func string(_ p: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String {
        guard let p else { return "" }
        return String(decoding: UnsafeBufferPointer(start: p, count: length), as: UTF8.self)
    }
}
