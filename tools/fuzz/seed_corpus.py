#!/usr/bin/env python3
"""Writes a seed corpus for a fuzz target from the conformance vectors (vectors/*.yaml).

content:        one byte selecting the objectName (its index in `rongwire types --json`), then
                the content bytes of every decode/roundtrip vector.
envelope:       the layout of FuzzTarget.envelope: a byte with the direction in bit 0 (0 = from
                client, 1 = from server) and, for a vector with `options.queryTopic`, bit 1 set
                and the topic (one length byte, then the text); then the packet bytes of every
                frame-decode vector and the expected bytes of every accepting frame-encode vector.
message:        the server packet bytes of every frame-decode and message-decode vector.
vector-loader:  every vector file, and each vector alone.
peer-loader:    the example fixture (tools/peer/fixture.yaml), every scenario file
                (vectors/scenarios/*.scenario.yaml), each scenario alone, and each scenario's
                fixture alone.
"""
import argparse
import base64
import hashlib
import json
import os
import subprocess
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def vector_files():
    for d, _, files in os.walk(os.path.join(ROOT, "vectors")):
        for f in sorted(files):
            if f.endswith((".yaml", ".yml")):
                yield os.path.join(d, f)


def input_bytes(inp):
    if "json" in inp:
        return inp["json"].encode()
    if "hex" in inp:
        return bytes.fromhex("".join(inp["hex"].split()))
    if "base64" in inp:
        return base64.b64decode(inp["base64"])
    if "repeat" in inp:
        r = inp["repeat"]
        return (r.get("prefix", "") + r.get("fill", "") * r.get("count", 0) + r.get("suffix", "")).encode()
    if "hexRepeat" in inp:
        r = inp["hexRepeat"]
        h = lambda x: bytes.fromhex("".join(x.split()))
        return h(r.get("prefix", "")) + h(r.get("fill", "")) * r.get("count", 0) + h(r.get("suffix", ""))
    return None


def peer_seeds():
    seeds = [open(os.path.join(ROOT, "tools", "peer", "fixture.yaml"), "rb").read()]
    folder = os.path.join(ROOT, "vectors", "scenarios")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".scenario.yaml"):
            continue
        text = open(os.path.join(folder, name), encoding="utf-8").read()
        seeds.append(text.encode())
        for s in (yaml.safe_load(text) or {}).get("scenarios", []):
            seeds.append(yaml.safe_dump({"scenarios": [s]}, allow_unicode=True, sort_keys=False).encode())
            if "fixture" in s:
                seeds.append(yaml.safe_dump(s["fixture"], allow_unicode=True, sort_keys=False).encode())
    return seeds


def envelope_prefix(v):
    """The selector byte (and QUERY topic) of FuzzTarget.envelope for a frame vector."""
    side = 0 if v.get("from") == "client" else 1
    topic = (v.get("options") or {}).get("queryTopic")
    if topic is None:
        return bytes([side])
    t = topic.encode()
    return bytes([side | 2, len(t)]) + t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("target")
    ap.add_argument("out")
    ap.add_argument("--rongwire", default="rongwire")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    names = [t["objectName"] for t in json.loads(subprocess.check_output([a.rongwire, "types", "--json"]))]
    seeds = []
    if a.target == "peer-loader":
        seeds = peer_seeds()
    for path in vector_files() if a.target != "peer-loader" else []:
        text = open(path, encoding="utf-8").read()
        doc = yaml.safe_load(text) or {}
        if a.target == "vector-loader":
            seeds.append(text.encode())
            for v in doc.get("vectors", []):
                seeds.append(yaml.safe_dump({"vectors": [v]}, allow_unicode=True).encode())
            continue
        for v in doc.get("vectors", []):
            kind = v.get("kind")
            if kind == "frame-encode":
                expect = v.get("expect", {})
                data = input_bytes(expect) if expect.get("outcome") == "accept" else None
            else:
                data = input_bytes(v.get("input", {}))
            if data is None:
                continue
            if a.target == "content" and kind in ("decode", "roundtrip") and v.get("objectName") in names:
                seeds.append(bytes([names.index(v["objectName"])]) + data)
            elif a.target == "envelope" and kind in ("frame-decode", "frame-encode"):
                seeds.append(envelope_prefix(v) + data)
            elif a.target == "message" and kind in ("frame-decode", "message-decode") and v.get("from") == "server":
                seeds.append(data)
    if not seeds:
        raise SystemExit(f"seed_corpus.py: no seeds for {a.target}")
    for s in seeds:
        with open(os.path.join(a.out, hashlib.sha1(s).hexdigest()), "wb") as f:
            f.write(s)
    print(f"{a.target}: {len(seeds)} seeds in {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
