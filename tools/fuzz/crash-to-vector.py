#!/usr/bin/env python3
"""Keeps a fuzz finding: copies it to FailCases/TARGET/ (replayed by `swift test`) and appends a
regression vector to vectors/regressions/TARGET.yaml (checked by `rongwire conform`).

    tools/fuzz/crash-to-vector.py TARGET CRASH_FILE NAME [--outcome accept|reject|either] [--error CODE]
                                  [--spec REQ-ID] [--description TEXT]

The expected outcome is a human decision: read the spec and say whether the input must be accepted
or rejected; `either` (the default) only asserts that decoding finishes without a crash.
"""
import argparse
import json
import os
import shutil
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("target", choices=["content", "envelope", "message", "vector-loader"])
    ap.add_argument("crash")
    ap.add_argument("name", help="CamelCase name for the vector id")
    ap.add_argument("--outcome", default="either", choices=["accept", "reject", "either"])
    ap.add_argument("--error")
    ap.add_argument("--spec", default=None)
    ap.add_argument("--description", default=None)
    ap.add_argument("--rongwire", default="rongwire")
    a = ap.parse_args()
    data = open(a.crash, "rb").read()
    dest = os.path.join(HERE, "FailCases", a.target)
    os.makedirs(dest, exist_ok=True)
    shutil.copyfile(a.crash, os.path.join(dest, a.name))
    print(f"kept {a.crash} as {os.path.join(dest, a.name)}")
    if a.target == "vector-loader":
        print("vector-loader findings are replayed by swift test only (a vector cannot hold a vector file)")
        return
    lines = [f"  - id: Required.Regression.{a.target.capitalize()}.{a.name}", "    level: required"]
    if a.target == "content":
        names = [t["objectName"] for t in json.loads(subprocess.check_output([a.rongwire, "types", "--json"]))]
        object_name = names[data[0] % len(names)] if data else names[0]
        lines += [f"    spec: [{a.spec or 'CONTENT-JSON-001'}]", "    tags: [regression, fuzz]"]
        if a.description:
            lines.append(f"    description: {json.dumps(a.description)}")
        lines += ["    kind: decode", f"    objectName: {json.dumps(object_name)}", f"    input: {{hex: \"{data[1:].hex()}\"}}"]
    else:
        direction = "client" if (a.target == "envelope" and data and data[0] % 2 == 0) else "server"
        payload = data[1:] if a.target == "envelope" else data
        lines += [f"    spec: [{a.spec or 'ENV-FRAME-001'}]", "    tags: [regression, fuzz]"]
        if a.description:
            lines.append(f"    description: {json.dumps(a.description)}")
        lines += ["    kind: frame-decode", f"    from: {direction}", f"    input: {{hex: \"{payload.hex()}\"}}"]
    expect = f"    expect: {{outcome: {a.outcome}" + (f", error: {a.error}" if a.error else "") + "}"
    if a.outcome == "accept":
        expect = "    expect: {outcome: either}  # TODO: write the expected value by hand, then make this accept"
    lines.append(expect)
    path = os.path.join(ROOT, "vectors", "regressions", f"{a.target}.yaml")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    new = not os.path.exists(path)
    with open(path, "a", encoding="utf-8") as f:
        if new:
            f.write("# Inputs found by fuzzing (tools/fuzz/crash-to-vector.py). Each one once crashed or hung a target.\nvectors:\n")
        f.write("\n".join(lines) + "\n")
    print(f"appended Required.Regression.{a.target.capitalize()}.{a.name} to {path}")


if __name__ == "__main__":
    main()
