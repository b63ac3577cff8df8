#!/usr/bin/env python3
"""Writes a seed corpus for a fuzz target from the conformance vectors (vectors/*.yaml).

content:        one byte selecting the objectName (its index in `rongwire types --json`), then
                the content bytes of every decode/roundtrip vector.
envelope:       the layout of FuzzTarget.envelope: a byte with the direction in bit 0 (0 = from
                client, 1 = from server), bit 2 set for a vector with `options.protocolVer: 4`,
                and, for a vector with `options.queryTopic`, bit 1 set and the topic (one length
                byte, then the text); then the packet bytes of every
                frame-decode vector and the expected bytes of every accepting frame-encode vector.
message:        the server packet bytes of every frame-decode and message-decode vector.
wire:           the payload (protobuf body) of every PUBLISH, QUERY and QUERYACK of the
                frame-decode and message-decode vectors, cut out by the layouts of spec/envelope.md
                (ENV-PKT-004, -005, -008, -009).
vector-loader:  every vector file, and each vector alone.
peer-loader:    the example fixture (tools/peer/fixture.yaml), every scenario file
                (vectors/scenarios/*.scenario.yaml), each scenario alone, and each scenario's
                fixture alone.
nim:            the layout of FuzzTarget.nim: for every nim-decode, nim-read and nim-to-rc vector a
                selector byte (0: the form told from the keys; 1-6: the vector's options.form, in
                the order of NIMForm) and the record; for every rc-to-nim vector 0x80 plus the
                written form's index (rongwire 0, server-v1-send 1, server-v2 2) and the RC record.
control:        the layout of FuzzTarget.control (byte 0 picks the request): fault plans (as
                body and as query), durations for /control/advance (including the issue 21
                reproductions above Int64 milliseconds), reset bodies (the peer seeds' fixtures,
                one that is not UTF-8), /state users, and raw METHOD TARGET lines.
options:        the layout of FuzzTarget.options (byte 0 % 5 picks the parser): fault plans (the
                control seeds', the scenario files' `faults:` steps, issue 36's refusals), durations
                in each plain unit, the named option values (conversation types and flags from the
                catalog's spec tables, packet types, levels, profiles, sides, testee faults), user
                lists, and request targets (the WebSocket upgrade, navigation, /state, controls).
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


def control_seeds():
    plans = [b"drop=0.5", b"dup=0.25,seed=3", b"delay=0.5:20ms,reorder=0.1,cut=0.01,users=alice|bob",
             b"delay=0.5:99999999999999999999ms", b"drop=2", b"explode=1", b"users=", b"drop=0.5,\xc0"]
    durations = [b"8d", b"500ms", b"2h", b"36500d", b"1e300d", b"9223372036854775807", b"5000000000000000000",
                 b"18250d", b"-1d", b"", b"0"]
    seeds = [bytes([0]) + p for p in plans] + [bytes([1]) + p for p in plans]
    seeds += [bytes([2]) + d for d in durations]
    seeds += [bytes([3]) + f for f in peer_seeds() if not f.startswith(b"scenarios:")]
    seeds += [bytes([3]) + b"users: \xff\n", bytes([3]) + b"app: {offlineRetention: 1e300d}\n"]
    seeds += [bytes([4]) + u for u in (b"alice", b"", b"%ff", b"nobody")]
    seeds += [bytes([5]) + r for r in (b"GET /", b"DELETE /state", b"GET /websocket", b"POST /control/advance?by=8d",
                                       b"POST /control/faults?plan=drop%3D0.5", b"GET /state?user=alice&user=bob",
                                       b"POST /control/reset\nusers: [{id: zed}]\n")]
    return seeds


def options_seeds():
    plans = [b"drop=0.5", b"dup=0.25,seed=3", b"delay=0.5:20ms,reorder=0.1,cut=0.01,users=alice|bob",
             b"drop=0.01,dup=0.01,delay=0.05:20ms,reorder=0.01,cut=0.0005", b"duplicate=1", b"none", b"",
             b"delay= ", b"delay= ,\x7f", b"delay= :", b"delay=:5ms", b"users= ", b"seed= ", b"drop= ", b"delay=0.1: ",
             b"=,=", b"drop=0.1,drop=0.2", b"drop=0.1,,cut=0.1", b"users=a||b", b"seed=18446744073709551615"]
    folder = os.path.join(ROOT, "vectors", "scenarios")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".scenario.yaml"):
            for s in (yaml.safe_load(open(os.path.join(folder, name), encoding="utf-8")) or {}).get("scenarios", []):
                plans += [st["faults"].encode() for st in s.get("steps", []) if isinstance(st, dict) and "faults" in st]
    durations = [b"8d", b"500ms", b"2h", b"10m", b"30s", b"1.5s", b"36500d", b"0.000000011574074075d", b"1e300d",
                 b"9223372036854775807", b"18250d", b"", b"0", b"1.", b".5s"]
    names = [b"private", b"group", b"chatroom", b"ultragroup", b"customer_service", b"10", b"-1", b"NONE", b"ISPERSISTED",
             b"ISCOUNTED", b"STATUS", b"3", b"PUBLISH", b"QUERYACK", b"required", b"recommended", b"optional",
             b"current", b"legacy2021", b"client", b"server", b"crash:Required.Envelope.Ping", b"hang:x", b"deaf:", b"misdecode:a:b"]
    users = [b"alice", b"alice|bob", b" a | b ", b"a||b", b"|", b"a|a", b"u" * 65]
    targets = [b"/websocket?appId=rongwire-demo&token=alice-token&sdkVer=5.0&apiVer=1&platform=Web",
               b"/navi.js?appId=a&token=t%2Bx&callBack=getServerEndpoint&v=5&r=1", b"/state?user=alice&user=bob",
               b"/control/faults?plan=delay=%20", b"/control/chatroom/mute?room=lobby&user=bob&minutes=5", b"/?=&&a&%zz=%41%ff", b"?"]
    seeds = [bytes([0]) + p for p in plans]
    seeds += [bytes([1 + 5 * u]) + d for u in range(5) for d in durations]
    seeds += [bytes([2]) + n for n in names]
    seeds += [bytes([3]) + u for u in users]
    seeds += [bytes([4]) + t for t in targets]
    return seeds


# The order of NIMForm.allCases and NIMForm.writable (Sources/RongNIM/Forms/NIMForm.swift).
NIM_FORMS = ["rongwire", "server-v1-send", "server-v1-history", "server-v2", "c-sdk", "web-sdk"]
NIM_WRITTEN = ["rongwire", "server-v1-send", "server-v2"]


def nim_prefix(v):
    """The selector byte of FuzzTarget.nim for a NIM vector."""
    form = (v.get("options") or {}).get("form")
    if v.get("kind") == "rc-to-nim":
        # A form RongWire does not write (a refusal vector) is seeded with RongWire's own.
        return bytes([0x80 + (NIM_WRITTEN.index(form) if form in NIM_WRITTEN else 0)])
    return bytes([0 if form is None else 1 + NIM_FORMS.index(form)])


def envelope_prefix(v):
    """The selector byte (and QUERY topic) of FuzzTarget.envelope for a frame vector."""
    side = 0 if v.get("from") == "client" else 1
    if (v.get("options") or {}).get("protocolVer") == 4:
        side |= 4
    topic = (v.get("options") or {}).get("queryTopic")
    if topic is None:
        return bytes([side])
    t = topic.encode()
    return bytes([side | 2, len(t)]) + t


def frame_payload(data, sender):
    """The payload of a PUBLISH, QUERY or QUERYACK frame (None for other packets or a cut one)."""
    if not data:
        return None
    ptype = data[0] >> 4
    i = 1
    if ptype == 6:  # QUERYACK: u16 messageId, u32 date, u16 status
        i += 8
    elif ptype in (3, 5):  # PUBLISH (the server's starts with u32 date), QUERY: UTF topic, UTF targetId, u16 messageId
        if ptype == 3 and sender == "server":
            i += 4
        for _ in range(2):
            if len(data) < i + 2:
                return None
            i += 2 + int.from_bytes(data[i:i + 2], "big")
        i += 2
    else:
        return None
    return data[i:] if len(data) > i else None


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
    if a.target == "control":
        seeds = control_seeds()
    if a.target == "options":
        seeds = options_seeds()
    for path in vector_files() if a.target not in ("peer-loader", "control", "options") else []:
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
            elif a.target == "wire" and kind in ("frame-decode", "message-decode"):
                payload = frame_payload(data, v.get("from"))
                if payload:
                    seeds.append(payload)
            elif a.target == "message" and kind in ("frame-decode", "message-decode") and v.get("from") == "server":
                seeds.append(data)
            elif a.target == "nim" and kind in ("nim-decode", "nim-read", "nim-to-rc", "rc-to-nim"):
                seeds.append(nim_prefix(v) + data)
                if kind in ("nim-read", "nim-to-rc") and (v.get("options") or {}).get("form") is None:
                    # The same record forced into each form: the readers' refusals are seeds too.
                    seeds += [bytes([i]) + data for i in range(1, 1 + len(NIM_FORMS))]
    if not seeds:
        raise SystemExit(f"seed_corpus.py: no seeds for {a.target}")
    for s in seeds:
        with open(os.path.join(a.out, hashlib.sha1(s).hexdigest()), "wb") as f:
            f.write(s)
    print(f"{a.target}: {len(seeds)} seeds in {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
