#!/usr/bin/env python3
"""tools/generate-body-types.py - the BodyType enum and schema tables from spec/rongcloud.proto.

    python3 tools/generate-body-types.py OUT.swift

Writes Sources/RongEnvelope/Bodies/Generated/BodyType+Generated.swift (tools/generate-protos.sh
calls it, with --check too): one BodyType case per message of the schema, its generated Swift
type, and every field's number, name, label and type. RongEnvelope derives from them what it
needs (required fields, message fields, bytes and enum fields), so nothing about the schema is
kept by hand. protoc-gen-swift gives no such table at run time.

The parser reads the subset of proto2 spec/rongcloud.proto uses: top-level `message` and `enum`
definitions, enums nested in a message, fields `LABEL TYPE NAME = NUMBER;`, `//` comments. Anything
else is an error, so a schema edit it does not understand fails loudly instead of being dropped.
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTO = ROOT / "spec" / "rongcloud.proto"
SCALARS = {"int32", "int64", "uint32", "uint64", "sint32", "sint64", "bool", "string", "bytes",
           "double", "float", "fixed32", "fixed64", "sfixed32", "sfixed64"}


def parse(text):
    """Returns (messages, enums, comments): messages = [(name, [(label, type, name, number)])]
    in file order, enums = set of names (nested ones as Outer.Inner), comments = {message: the
    `//` lines just above it}."""
    messages, enums, comments = [], set(), {}
    pending = []
    stack = []  # ("message"|"enum", name)
    for number, raw in enumerate(text.split("\n"), 1):
        code, _, comment = raw.partition("//")
        code = code.strip()
        if not code:
            if comment.strip() and not stack:
                pending.append(comment.strip())
            elif not stack:
                pending = []
            continue
        def fail(why):
            sys.exit(f"{PROTO}:{number}: {why}: {raw.strip()}")
        m = re.fullmatch(r"(message|enum)\s+(\w+)\s*\{", code)
        if m:
            kind, name = m.groups()
            if stack and (kind == "message" or stack[-1][0] != "message" or len(stack) > 1):
                fail("only enums nested one level in a message are supported")
            if kind == "message":
                messages.append((name, []))
                comments[name] = " ".join(pending)
            else:
                enums.add(f"{stack[-1][1]}.{name}" if stack else name)
            stack.append((kind, name))
            pending = []
            continue
        if code == "}":
            if not stack:
                fail("unbalanced }")
            stack.pop()
            continue
        if re.fullmatch(r'(syntax\s*=\s*"proto2"|package\s+Modules)\s*;', code):
            continue
        if stack and stack[-1][0] == "enum":
            if not re.fullmatch(r"\w+\s*=\s*(0x[0-9a-fA-F]+|\d+)\s*;", code):
                fail("not an enum value")
            continue
        f = re.fullmatch(r"(required|optional|repeated)\s+([\w.]+)\s+(\w+)\s*=\s*(\d+)\s*;", code)
        if not f or not stack:
            fail("not a field of a message")
        messages[-1][1].append((f.group(1), f.group(2), f.group(3), int(f.group(4))))
    if stack:
        sys.exit(f"{PROTO}: unclosed {stack[-1][0]} {stack[-1][1]}")
    return messages, enums, comments


def case_name(message):
    """UpStreamMessage → upStreamMessage, MPFollowInput → mpFollowInput, QueryChrmKV → queryChrmKV."""
    m = re.match(r"[A-Z]+(?=[A-Z][a-z]|$)|[A-Z]", message)
    head = m.group(0)
    return head.lower() + message[len(head):]


def swift_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def doc(text):
    """A comment from the .proto, made safe for a /// line."""
    return re.sub(r"\s+", " ", text).strip() or "A message of spec/rongcloud.proto."


def generate(messages, enums, comments):
    names = {m for m, _ in messages}
    out = [
        "// Sources/RongEnvelope/Bodies/Generated/BodyType+Generated.swift - GENERATED from spec/rongcloud.proto",
        "// by tools/generate-body-types.py (run tools/generate-protos.sh); do not edit.",
        "",
        "package import SwiftProtobuf",
        "",
        "/// The protobuf messages of spec/rongcloud.proto, by their schema name. The payload of a packet",
        "/// carries no type tag: the topic decides which one it holds (``BodyType/of(_:queryTopic:)``;",
        "/// a QUERYACK's type is decided by the topic of the QUERY it answers).",
        "public enum BodyType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {",
    ]
    for name, _ in messages:
        out.append(f"    /// {doc(comments.get(name, ''))}")
        out.append(f"    case {case_name(name)} = {swift_string(name)}")
    out += [
        "",
        "    /// The schema name (`UpStreamMessage`), as used in the packet JSON `bodyType`.",
        "    public var name: String { rawValue }",
        "    public var description: String { rawValue }",
        "",
        "    /// The generated Swift type.",
        "    package var messageType: any SwiftProtobuf.Message.Type {",
        "        switch self {",
    ]
    for name, _ in messages:
        out.append(f"        case .{case_name(name)}: Modules_{name}.self")
    out += ["        }", "    }", "", "    /// The fields of the message, in the order of the schema.",
            "    static func schemaFields(of type: BodyType) -> [SchemaField] {", "        switch type {"]
    for name, fields in messages:
        items = []
        for label, typ, field, number in fields:
            if typ in SCALARS:
                kind = f".scalar({swift_string(typ)})"
            elif typ in enums or f"{name}.{typ}" in enums:
                kind = f".enumeration({swift_string(typ if typ in enums else f'{name}.{typ}')})"
            elif typ in names:
                kind = f".message(.{case_name(typ)})"
            else:
                sys.exit(f"{PROTO}: {name}.{field}: unknown type {typ}")
            items.append(f"SchemaField({number}, {swift_string(field)}, .{label}, {kind})")
        if not items:
            out.append(f"        case .{case_name(name)}: []")
        else:
            out.append(f"        case .{case_name(name)}: [")
            out += [f"            {i}," for i in items]
            out.append("        ]")
    out += ["        }", "    }", "}", ""]
    return "\n".join(out)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: generate-body-types.py OUT.swift")
    messages, enums, comments = parse(PROTO.read_text(encoding="utf-8"))
    Path(sys.argv[1]).write_text(generate(messages, enums, comments), encoding="utf-8")


if __name__ == "__main__":
    main()
