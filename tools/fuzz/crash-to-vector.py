#!/usr/bin/env python3
"""Keeps a fuzz finding: copies it to FailCases/TARGET/NAME (replayed by `swift test`) and appends a
regression vector to vectors/regressions/TARGET.yaml (checked by `rongwire conform`).

    tools/fuzz/crash-to-vector.py TARGET CRASH_FILE NAME [--outcome accept|reject|either]
                                  [--error CODE] [--value FILE.json] [--spec REQ-ID] [--description TEXT]

The input is read with the target's layout (tools/fuzz/README.md):

- content:  byte 0 picks the objectName               -> a `decode` vector
- envelope: the sender bit, the protocol-version bit and an optional QUERY topic -> a `frame-decode` vector
  (`options.protocolVer`, `options.queryTopic`)
- message:  a server packet                           -> a `message-decode` vector (a QUERYACK is
            the answer to `pullMsg`, as the target reads it)
- vector-loader, peer-loader, control, wire, options: kept as a FailCase only (a vector cannot hold
  a vector file, a fixture, a scenario, an HTTP request, a body without its packet or an option
  value)

The expected outcome is a human decision made from the spec, not from RongWire's output:
`--outcome reject --error CODE`, or `--outcome accept --value FILE.json` with the value written by
hand, or `--outcome either` (the default), which only asserts that decoding finishes. NAME must
be new: an existing FailCase or vector id is refused.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_SPEC = {"content": "CONTENT-JSON-001", "envelope": "ENV-FRAME-001", "message": "ENV-MSG-005"}


def existing_ids():
    ids = set()
    for d, _, files in os.walk(os.path.join(ROOT, "vectors")):
        for f in files:
            if f.endswith((".yaml", ".yml")) and not f.endswith(".scenario.yaml"):
                doc = yaml.safe_load(open(os.path.join(d, f), encoding="utf-8")) or {}
                ids.update(v.get("id") for v in doc.get("vectors", []) if isinstance(v, dict))
    return ids


def envelope_layout(data):
    """(from, queryTopic, protocol version, packet bytes) of a FuzzTarget.envelope input, or None."""
    if not data:
        return None
    side = "server" if data[0] & 1 else "client"
    version = 4 if data[0] & 4 else 3
    rest = data[1:]
    topic = None
    if data[0] & 2:
        if not rest or len(rest) <= rest[0]:
            return None
        topic = rest[1:1 + rest[0]].decode("utf-8", "replace")
        rest = rest[1 + rest[0]:]
    return side, topic, version, rest


# Targets whose inputs no vector kind holds: their findings are FailCases only.
FAILCASE_ONLY = ["vector-loader", "peer-loader", "control", "wire", "options", "nim"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("target", choices=["content", "envelope", "message"] + FAILCASE_ONLY)
    ap.add_argument("crash")
    ap.add_argument("name", help="CamelCase name: the FailCase file and the last part of the vector id")
    ap.add_argument("--outcome", default="either", choices=["accept", "reject", "either"])
    ap.add_argument("--error", help="for --outcome reject: the error code the spec gives")
    ap.add_argument("--value", help="for --outcome accept: a JSON file with the expected value, written from the spec")
    ap.add_argument("--spec", default=None)
    ap.add_argument("--description", default=None)
    ap.add_argument("--rongwire", default="rongwire")
    a = ap.parse_args()
    if not a.name.replace("_", "").isalnum() or not a.name[0].isupper():
        ap.error("NAME must be CamelCase letters and digits")
    if a.outcome == "accept" and not a.value:
        ap.error("--outcome accept needs --value FILE.json (the expected value, written from the spec)")
    if a.outcome != "accept" and a.value:
        ap.error("--value goes with --outcome accept")
    if a.error and a.outcome != "reject":
        ap.error("--error goes with --outcome reject")
    data = open(a.crash, "rb").read()
    vector_id = f"Required.Regression.{''.join(p.capitalize() for p in a.target.split('-'))}.{a.name}"
    dest_dir = os.path.join(HERE, "FailCases", a.target)
    dest = os.path.join(dest_dir, a.name)
    if os.path.exists(dest):
        sys.exit(f"refusing: {dest} exists")
    if a.target not in FAILCASE_ONLY and vector_id in existing_ids():
        sys.exit(f"refusing: a vector {vector_id} exists")

    lines = [f"  - id: {vector_id}", "    level: required", f"    spec: [{a.spec or DEFAULT_SPEC.get(a.target, '')}]",
             "    tags: [regression, fuzz]"]
    if a.description:
        lines.append(f"    description: {json.dumps(a.description)}")
    if a.target == "content":
        names = [t["objectName"] for t in json.loads(subprocess.check_output([a.rongwire, "types", "--json"]))]
        if not data:
            sys.exit("refusing: an empty content input selects no type")
        lines += ["    kind: decode", f"    objectName: {json.dumps(names[data[0] % len(names)])}",
                  f"    input: {{hex: \"{data[1:].hex()}\"}}"]
    elif a.target == "envelope":
        layout = envelope_layout(data)
        if layout is None:
            sys.exit("refusing: the input is too short for the envelope layout (nothing was decoded)")
        side, topic, version, packet = layout
        lines += ["    kind: frame-decode", f"    from: {side}"]
        options = ([f"queryTopic: {json.dumps(topic)}"] if topic is not None else []) + (["protocolVer: 4"] if version == 4 else [])
        if options:
            lines.append(f"    options: {{{', '.join(options)}}}")
        lines.append(f"    input: {{hex: \"{packet.hex()}\"}}")
    elif a.target == "message":
        lines += ["    kind: message-decode", "    from: server"]
        if data[:1] and data[0] >> 4 == 6:  # QUERYACK: the target reads it as the answer to pullMsg
            lines.append("    options: {queryTopic: pullMsg}")
        lines.append(f"    input: {{hex: \"{data.hex()}\"}}")
    if a.outcome == "accept":
        value = json.load(open(a.value, encoding="utf-8"))
        lines.append(f"    expect: {{outcome: accept, value: {json.dumps(value, ensure_ascii=False)}}}")
    else:
        lines.append(f"    expect: {{outcome: {a.outcome}" + (f", error: {a.error}" if a.error else "") + "}")

    os.makedirs(dest_dir, exist_ok=True)
    shutil.copyfile(a.crash, dest)
    print(f"kept {a.crash} as {dest}")
    if a.target in FAILCASE_ONLY:
        print(f"{a.target} findings are replayed by swift test only (no vector kind holds this input)")
        return
    path = os.path.join(ROOT, "vectors", "regressions", f"{a.target}.yaml")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    new = not os.path.exists(path)
    with open(path, "a", encoding="utf-8") as f:
        if new:
            f.write("# Inputs found by fuzzing (tools/fuzz/crash-to-vector.py). Each one once crashed, hung or broke an\n"
                    "# invariant of a fuzz target; the expectation is written from the spec.\nvectors:\n")
        f.write("\n".join(lines) + "\n")
    print(f"appended {vector_id} to {path}")


if __name__ == "__main__":
    main()
