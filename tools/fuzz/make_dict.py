#!/usr/bin/env python3
"""Writes a libFuzzer dictionary for a fuzz target, generated, not hand-kept:

- objectNames (and aliases) and every type's JSON keys from the catalog (`rongwire types --json`);
- topic names from the spec's topic table (spec/envelope.md, ENV-BODY-002), as header strings
  (u16 length + text) and, for the envelope target, as the QUERY topic of its input layout;
- header bytes: every packet type with the flag combinations the layouts use;
- protobuf tags of fields 1-22 (the schema's largest message, DownStreamMessage, has 22) for each
  wire type the schema uses;
- for the vector loader, the keys and values of spec/vectors.schema.json;
- for the peer loader, the keys of fixtures and scenarios (the YAML examples and tables of
  spec/peer.md and spec/scenarios.md, the example fixture, the scenario files) and the YAML
  features the reader refuses;
- for the control endpoints, the fault names, duration units, paths and query keys, and the
  peer loader's words (reset bodies are fixtures);
- for the option values, the fault names, duration units, the named values the parsers take
  (conversation types and flags, packet types, levels, profiles, sides, testee faults) and the
  query keys the peer reads;
- for the NIM forms, every member name spec/nim.md writes in backquotes (the NIM message JSON
  form's and each NetEase form's keys), as a JSON key and as a key inside JSON text, and the
  values that decide the forms' shapes (type words, conversation ids, Python literals).

    make_dict.py TARGET OUT [--rongwire PATH]
"""
import argparse
import json
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def spec_topics():
    """The topic names of the ENV-BODY-002 table (`qry*Msg`-style patterns are left out: the
    table lists each of those names in full on another row)."""
    text = open(os.path.join(ROOT, "spec", "envelope.md"), encoding="utf-8").read()
    start = text.index("**ENV-BODY-002**")
    table = text[start:text.index("**ENV-BODY-003**")]
    topics = set()
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().split("|")]
        if len(cells) > 3 and cells[2] and not cells[2].startswith("---"):
            topics.update(t for t in re.findall(r"`([^`]+)`", cells[2]) if re.fullmatch(r"[A-Za-z_]+", t))
    if len(topics) < 20:
        raise SystemExit(f"make_dict.py: found only {len(topics)} topics in spec/envelope.md ENV-BODY-002")
    return sorted(topics)


def nim_words():
    """The identifiers spec/nim.md writes in backquotes: the members of every NIM form."""
    text = open(os.path.join(ROOT, "spec", "nim.md"), encoding="utf-8").read()
    words = set(re.findall(r"`([A-Za-z_$][A-Za-z0-9_]*)`", text))
    if len(words) < 150:
        raise SystemExit(f"make_dict.py: found only {len(words)} member names in spec/nim.md")
    return sorted(words)


def schema_words():
    schema = json.load(open(os.path.join(ROOT, "spec", "vectors.schema.json"), encoding="utf-8"))
    keys, values = set(), set()

    def walk(node):
        if isinstance(node, dict):
            for k, v in node.get("properties", {}).items():
                keys.add(k)
                walk(v)
            for v in node.get("enum", []):
                if isinstance(v, str):
                    values.add(v)
            for k, v in node.items():
                if k != "properties":
                    walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(schema)
    return keys, values


def peer_keys():
    """Every `key:` written in the YAML examples (```yaml blocks) of spec/peer.md and
    spec/scenarios.md, in the example fixture tools/peer/fixture.yaml and in the scenario files,
    and every step key of the tables of spec/scenarios.md (`| `send` |`)."""
    keys = set()
    texts = [open(os.path.join(ROOT, "tools", "peer", "fixture.yaml"), encoding="utf-8").read()]
    folder = os.path.join(ROOT, "vectors", "scenarios")
    texts += [open(os.path.join(folder, n), encoding="utf-8").read() for n in sorted(os.listdir(folder)) if n.endswith(".scenario.yaml")]
    table = open(os.path.join(ROOT, "spec", "scenarios.md"), encoding="utf-8").read()
    keys.update(re.findall(r"^\| `([A-Za-z$][A-Za-z0-9]*)` \|", table, re.M))
    for name in ("peer.md", "scenarios.md"):
        text = open(os.path.join(ROOT, "spec", name), encoding="utf-8").read()
        texts += re.findall(r"```yaml\n(.*?)```", text, re.S)
    for t in texts:
        keys.update(re.findall(r"([A-Za-z$][A-Za-z0-9]*):(?:\s|$)", t))
    if len(keys) < 40:
        raise SystemExit(f"make_dict.py: found only {len(keys)} fixture and scenario keys")
    return sorted(keys)


def esc(b):
    return "".join(chr(c) if 0x20 <= c < 0x7F and c not in (0x22, 0x5C) else "\\x%02x" % c for c in b)


def varint(v):
    out = b""
    while v >= 0x80:
        out += bytes([v & 0x7F | 0x80])
        v >>= 7
    return out + bytes([v])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("target", choices=["content", "envelope", "message", "vector-loader", "peer-loader", "control", "wire", "options", "nim"])
    ap.add_argument("out")
    ap.add_argument("--rongwire", default="rongwire")
    a = ap.parse_args()
    types = json.loads(subprocess.check_output([a.rongwire, "types", "--json"]))
    tokens = set()
    names = set()
    for t in types:
        names.add(t["objectName"])
        names.update(t.get("aliases", []))
    if a.target in ("content", "message", "vector-loader"):
        for t in types:
            for k in t.get("keys", []):
                tokens.add(('"%s":' % k).encode())
        tokens.update(n.encode() for n in names)
        tokens.update([b"null", b"true", b"false", b"\\u", b"\\ud83d\\ude00", b"1e400", b"-0", b"[]", b"{}", b'""'])
    if a.target in ("envelope", "message"):
        for topic in spec_topics():
            t = topic.encode()
            tokens.add(len(t).to_bytes(2, "big") + t)
            if a.target == "envelope":
                tokens.add(bytes([3, len(t)]) + t)  # a server packet answering this QUERY topic
        for n in sorted(names):
            tokens.add(varint(4 << 3 | 2) + varint(len(n)) + n.encode())  # DownStreamMessage classname
        for ptype in range(16):
            for flags in (0x0, 0x2, 0x8, 0x1):
                tokens.add(bytes([ptype << 4 | flags]))
        for field in range(1, 23):
            for wire in (0, 2):
                tokens.add(varint(field << 3 | wire))
        tokens.update([b"\xed\xa0\xbd\xed\xb8\x80", b"\xf0\x9f\x98\x80", b"\xff\xff", b"\x00\x00", b"\xff\xff\xff\xff\x0f"])
    if a.target == "wire":
        # Tags of the hot bodies' fields in every wire type, group ends, the longest tag, varint
        # edges (non-minimal, ten bytes, eleven), lengths past the end, ChannelType numbers.
        for field in list(range(1, 24)) + [536870911]:
            for wire in range(8):
                tokens.add(varint(field << 3 | wire))
        tokens.update(n.encode() for n in sorted(names))
        tokens.update([b"\x80\x00", b"\xff\xff\xff\xff\x0f", b"\xff" * 9 + b"\x01", b"\xff" * 9 + b"\x7f", b"\xff" * 10 + b"\x01",
                       b"\x80\x80\x80\x80\x08", b"\xed\xa0\xbd", b"\xc0\xaf", b"\xf0\x9f\x98\x80", b"\x10\x0a", b"\x10\x09"])
    if a.target == "vector-loader":
        keys, values = schema_words()
        tokens.update(k.encode() + b":" for k in keys)
        tokens.update(v.encode() for v in values)
        tokens.update([b"Required.", b"Recommended.", b"- ", b"'", b"&a", b"*a", b"!!str", b"{hex: ", b"{json: "])
    if a.target == "control":
        tokens.update(k.encode() + b":" for k in peer_keys())
        tokens.update([b"drop=", b"dup=", b"duplicate=", b"delay=", b"reorder=", b"cut=", b"users=", b"seed=", b",", b"|",
                       b":", b"ms", b"s", b"m", b"h", b"d", b"e300", b"9223372036854775807", b"36500d", b"%", b"%3D", b"%2C",
                       b"GET ", b"POST ", b"/state", b"/control/advance?by=", b"/control/faults?plan=", b"/control/reset",
                       b"/websocket", b"?user=", b"&", b"\n", b"\xff", b"\xc0"])
    if a.target == "options":
        tokens.update([b"drop=", b"dup=", b"duplicate=", b"delay=", b"reorder=", b"cut=", b"users=", b"seed=", b"none", b",", b"|",
                       b":", b"=", b" ", b".", b"ms", b"s", b"m", b"h", b"d", b"e300", b"9223372036854775807", b"18446744073709551616",
                       b"36500d", b"0.000000011574074075", b"nan", b"inf", b"0x1p-1",
                       b"private", b"group", b"chatroom", b"ultragroup", b"discussion", b"system", b"NONE", b"ISPERSISTED",
                       b"ISCOUNTED", b"STATUS", b"PUBLISH", b"PUBACK", b"QUERY", b"QUERYACK", b"required", b"recommended", b"optional",
                       b"current", b"legacy2021", b"client", b"server", b"misdecode:", b"crash:", b"hang:", b"deaf:",
                       b"?", b"&", b"%", b"%3D", b"%26", b"%25", b"%7C", b"%2C", b"%20", b"%ff", b"+", b"appId=", b"token=", b"sdkVer=",
                       b"apiVer=", b"platform=", b"callBack=", b"user=", b"plan=", b"by=", b"room=", b"/websocket", b"/navi.js",
                       b"\xcc\x81", b"\xd8\x80", b"\xff"])
    if a.target == "nim":
        for w in nim_words():
            tokens.add(('"%s":' % w).encode())
            tokens.add(('\\"%s\\":' % w).encode())
        tokens.update(n.encode() for n in sorted(names))
        tokens.update([b"null", b"true", b"false", b'"0"', b'"1"', b'"true"', b"[]", b"{}", b'""', b"\n", b"\\n", b"{'", b"': '",
                       b"True", b"None", b"|1|", b"|2|", b"|3|", b"p2p", b"team", b"superTeam", b"text", b"image", b"audio",
                       b"video", b"geo", b"notification", b"file", b"tip", b"robot", b"custom", b"addTeamMembers", b"memberEnter",
                       b"1700000000123", b"1700000000.123", b"99999999999999", b"2147483647", b"301", b"323", b"325", b"401",
                       b"\ud83d\ude00", b"NIM:Custom", b"NIM:RawCustom", b"NIM:Robot", b"NIM:CallRecord"])
    if a.target == "peer-loader":
        tokens.update(k.encode() + b":" for k in peer_keys())
        tokens.update([b"- ", b"'", b'"', b"&a", b"*a", b"!!str", b"? ", b"{", b"[", b"500ms", b"8d", b"PEER-CONN-001",
                       b"\\x01", b"\\u0085", b"count: 100000", b"current", b"legacy2021", b"kickOlder", b"rejectNewer"])
    with open(a.out, "w") as f:
        for i, t in enumerate(sorted(tokens)):
            f.write('t%d="%s"\n' % (i, esc(t)))
    print(f"{a.target}: {len(tokens)} dictionary entries in {a.out}")


if __name__ == "__main__":
    main()
