#!/usr/bin/env python3
"""Writes a libFuzzer dictionary for a fuzz target from the catalog (`rongwire types --json`):
objectNames and JSON keys for content, topic names and header bytes for the envelope."""
import argparse
import json
import subprocess

TOPICS = ["ppMsgP", "ppMsgN", "ppMsgS", "pgMsgP", "pgMsgN", "pgMsgS", "chatMsg", "chatMsgS", "pdMsgP", "pcMsgP",
          "pmcMsgN", "pmpMsgN", "ugMsg", "prMsgP", "prMsgS", "recallMsg", "s_ntf", "s_msg", "s_stat", "s_cmd", "s_us",
          "pullMsg", "chrmPull", "joinChrm", "exitChrm", "qryPMsg", "qryGMsg", "qryCHMsg", "pullUS", "qryRelationR",
          "setKV", "delKV", "pullKV", "qryMsg", "pullUgMsg"]


def esc(b):
    return "".join(chr(c) if 0x20 <= c < 0x7F and c not in (0x22, 0x5C) else "\\x%02x" % c for c in b)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("target")
    ap.add_argument("out")
    ap.add_argument("--rongwire", default="rongwire")
    a = ap.parse_args()
    types = json.loads(subprocess.check_output([a.rongwire, "types", "--json"]))
    tokens = set()
    if a.target in ("content", "message", "vector-loader"):
        for t in types:
            tokens.add(t["objectName"].encode())
            for k in t.get("keys", []):
                tokens.add(('"%s":' % k).encode())
        tokens.update([b"null", b"true", b"false", b"\\u", b"\\ud83d\\ude00", b"1e400", b"-0", b"[]", b"{}", b'""'])
    if a.target in ("envelope", "message"):
        for t in TOPICS:
            tokens.add(len(t).to_bytes(2, "big") + t.encode())
        for h in (0x10, 0x20, 0x21, 0x30, 0x31, 0x32, 0x38, 0x3A, 0x40, 0x41, 0x50, 0x52, 0x60, 0x61, 0x70, 0xC0, 0xD0, 0xE0):
            tokens.add(bytes([h]))
        tokens.update([b"\xed\xa0\xbd\xed\xb8\x80", b"\xf0\x9f\x98\x80", b"\xff\xff", b"\x00\x00"])
    if a.target == "vector-loader":
        tokens.update(k.encode() + b":" for k in ["vectors", "id", "level", "spec", "tags", "kind", "objectName", "from",
                                                  "options", "input", "expect", "outcome", "value", "json", "hex", "error",
                                                  "repeat", "leniencies", "maxBytes", "maxDepth", "mode"])
        tokens.update([b"Required.", b"required", b"decode", b"accept", b"reject", b"either", b"- ", b"'", b"&a", b"*a", b"!!str"])
    with open(a.out, "w") as f:
        for i, t in enumerate(sorted(tokens)):
            f.write('t%d="%s"\n' % (i, esc(t)))


if __name__ == "__main__":
    main()
