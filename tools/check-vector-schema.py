#!/usr/bin/env python3
"""Validates every file under vectors/ (or the files given) against spec/vectors.schema.json with
an independent YAML reader (PyYAML) and JSON Schema validator, so the format stays readable by
other tools.

PyYAML reads YAML 1.1; RongWire's loader (Yams) reads YAML 1.2. The two resolve some plain
(unquoted) scalars differently: `1e-7` and `1.0e7` are strings in 1.1 and numbers in 1.2, `yes`
is a boolean in 1.1 and a string in 1.2, `012` is 10 in 1.1 and 12 in 1.2. A schema check through
one reader cannot see that (a `value` may hold anything), so every plain scalar is also resolved
under both versions and any difference is an error: a vector must mean the same to every reader.

    python3 tools/check-vector-schema.py [FILE...]
"""
import glob
import json
import math
import re
import sys

import jsonschema
import yaml

# YAML 1.2 core schema (https://yaml.org/spec/1.2.2/#1032-tag-resolution), as Yams resolves it.
CORE_12 = [
    ("null", re.compile(r"^(null|Null|NULL|~|)$")),
    ("bool", re.compile(r"^(true|True|TRUE|false|False|FALSE)$")),
    ("int", re.compile(r"^([-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$")),
    ("float", re.compile(r"^([-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?|[-+]?\.(inf|Inf|INF)|\.nan|\.NaN|\.NAN)$")),
]
KIND_11 = {
    "tag:yaml.org,2002:null": "null",
    "tag:yaml.org,2002:bool": "bool",
    "tag:yaml.org,2002:int": "int",
    "tag:yaml.org,2002:float": "float",
    "tag:yaml.org,2002:str": "str",
}


def core_12(text):
    """(kind, value) of a plain scalar under the YAML 1.2 core schema."""
    for kind, pattern in CORE_12:
        if pattern.match(text):
            if kind == "int":
                value = int(text[2:], 8) if text.startswith("0o") else int(text, 0) if text.startswith("0x") else int(text)
            elif kind == "float":
                low = text.lower()
                value = math.nan if low == ".nan" else float(low.replace(".inf", "inf"))
            elif kind == "bool":
                value = text.lower() == "true"
            else:
                value = None
            return kind, value
    return "str", text


def same(k11, v11, k12, v12):
    numeric = ("int", "float")
    if k11 in numeric and k12 in numeric:
        return v11 == v12 or (v11 != v11 and v12 != v12)  # NaN equals NaN here
    return k11 == k12 and v11 == v12


def reader_differences(path, text):
    """Plain scalars that YAML 1.1 (PyYAML) and YAML 1.2 (Yams, the core schema) read differently."""
    constructor = yaml.SafeLoader("")
    out = []

    def walk(node):
        if isinstance(node, yaml.ScalarNode):
            if node.style is None:
                k11 = KIND_11.get(node.tag, node.tag)
                v11 = constructor.construct_object(node, deep=True)
                k12, v12 = core_12(node.value)
                if not same(k11, v11, k12, v12):
                    m = node.start_mark
                    out.append(f"{path}:{m.line + 1}:{m.column + 1}: plain scalar `{node.value}` is {k11} {v11!r} to YAML 1.1 readers "
                               f"(PyYAML) but {k12} {v12!r} to YAML 1.2 readers (RongWire): quote a string; write a number with a fraction and a signed exponent (1.0e-7)")
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                walk(item)
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                walk(key)
                walk(value)

    root = yaml.compose(text, Loader=yaml.SafeLoader)
    if root is not None:
        walk(root)
    return out


def main(argv):
    schema = json.load(open("spec/vectors.schema.json"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    errors = 0
    count = 0
    # *.scenario.yaml files are the mock peer's scenarios (spec/scenarios.md), not vectors.
    paths = argv or sorted(p for p in glob.glob("vectors/**/*.yaml", recursive=True) if not p.endswith(".scenario.yaml"))
    for path in paths:
        text = open(path, encoding="utf-8").read()
        try:
            problems = reader_differences(path, text)
            doc = yaml.safe_load(text)
        except yaml.YAMLError as e:
            errors += 1
            print(f"{path}: YAML error: {e}".replace("\n", " "))
            continue
        for problem in problems:
            errors += 1
            print(problem)
        count += len((doc or {}).get("vectors", []) if isinstance(doc, dict) else [])
        for e in validator.iter_errors(doc):
            errors += 1
            where = "/".join(map(str, e.absolute_path))
            print(f"{path}: {where}: {e.message[:200]}")
    print(f"{count} vectors in {len(paths)} files; {errors} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
