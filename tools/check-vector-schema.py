#!/usr/bin/env python3
"""Validates every file under vectors/ against spec/vectors.schema.json with an independent
YAML reader (PyYAML) and JSON Schema validator, so the format stays readable by other tools."""
import glob
import json
import sys

import jsonschema
import yaml

schema = json.load(open("spec/vectors.schema.json"))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
errors = 0
count = 0
# *.scenario.yaml files are the mock peer's scenarios (spec/scenarios.md), not vectors.
paths = sorted(p for p in glob.glob("vectors/**/*.yaml", recursive=True) if not p.endswith(".scenario.yaml"))
for path in paths:
    doc = yaml.safe_load(open(path, encoding="utf-8"))
    count += len((doc or {}).get("vectors", []))
    for e in validator.iter_errors(doc):
        errors += 1
        print(f"{path}: {'/'.join(map(str, e.path))}: {e.message[:200]}")
print(f"{count} vectors in {len(paths)} files; {errors} schema errors")
sys.exit(1 if errors else 0)
