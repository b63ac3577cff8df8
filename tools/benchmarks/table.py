#!/usr/bin/env python3
"""One table from a benchmark run: tools/benchmarks/run.sh calls this.

    table.py RESULTS_DIR PBC_TSV [--require-memory]

RESULTS_DIR holds the `--format histogramPercentiles` export of `swift package benchmark`, one
file per benchmark and metric; PBC_TSV is c/pbc-bench's output. Benchmark names read
`<subject> [<bytes> B] | <implementation>`; rows of one subject did the same work on the same
bytes. Prints a markdown table: median time per op, MB/s, mallocs per op, and for every row
how many times RongWire's time it took (a baseline at 5.0× is five times slower than RongWire;
protobuf-c below 1× is faster). Then the issue's targets, met or missed. With
--require-memory the exit status is 1 unless the memory target was measured and met (the
allocation figures are exact, so CI can hold them; times are not checked).
"""
import os
import re
import sys
from collections import defaultdict

NAME = re.compile(r"^(?P<subject>.+) \[(?P<bytes>\d+) B\] \| (?P<impl>.+)$")
FILE = re.compile(r"^[^.]+\.RongWireBenchmarks\.(?P<name>.+)\.(?P<metric>\w+)\.histogram\.percentiles\.tsv$")
UNITS = {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9, "K": 1e3, "M": 1e6, "G": 1e9}
IMPL_ORDER = ["RongWire", "protobuf-c", "SwiftProtobuf", "JSONSerialization", "JSONDecoder", "JSONEncoder"]


def median_of(path):
    """p50 of one exported histogram, in base units (ns, count, bytes)."""
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")[1]
        rows = dict(line.split("\t") for line in f.read().split("\n") if line)
    scale = 1.0
    unit = re.findall(r"\(([^()]+)\)", header)
    if unit and unit[-1] in UNITS:
        scale = UNITS[unit[-1]]
    return float(rows["50"]) * scale


def load(results, pbc):
    runs = defaultdict(dict)  # name → metric → value
    for file in os.listdir(results):
        m = FILE.match(file)
        if not m:
            continue
        name = m["name"].replace("_", " ")
        runs[name][m["metric"]] = median_of(os.path.join(results, file))
    with open(pbc, encoding="utf-8") as f:
        for line in f:
            name, ns, mallocs = line.rstrip("\n").split("\t")
            runs[name] = {"wallClock": float(ns), "mallocCountTotal": float(mallocs)}
    rows = defaultdict(dict)  # subject → impl → row
    sizes = {}
    for name, metrics in runs.items():
        m = NAME.match(name)
        if not m:
            sys.exit(f"table.py: benchmark name {name!r} does not follow '<subject> [<n> B] | <impl>'")
        sizes[m["subject"]] = int(m["bytes"])
        rows[m["subject"]][m["impl"]] = metrics
    return rows, sizes


def fmt_time(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.0f} ns"


def fmt_count(n):
    return f"{n:.0f}" if abs(n - round(n)) < 0.05 else f"{n:.2f}"


def subject_order(subject):
    group = ["content decode", "content encode", "envelope decode", "envelope encode", "message"]
    for i, g in enumerate(group):
        if subject.startswith(g):
            return (i, "mixed" not in subject, "128 KB" in subject, subject)
    return (len(group), False, False, subject)


def main():
    args = [a for a in sys.argv[1:] if a != "--require-memory"]
    if len(args) != 2:
        sys.exit(__doc__)
    rows, sizes = load(args[0], args[1])
    print("| benchmark | bytes/op | implementation | time/op | MB/s | mallocs/op | time ÷ RongWire's |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for subject in sorted(rows, key=subject_order):
        impls = rows[subject]
        if "RongWire" not in impls:
            continue  # a baseline whose RongWire row was filtered out (run.sh --filter)
        ours = impls.get("RongWire", {}).get("wallClock")
        first = True
        for impl in sorted(impls, key=lambda i: IMPL_ORDER.index(i) if i in IMPL_ORDER else 99):
            m = impls[impl]
            ns = m["wallClock"]
            mbs = sizes[subject] / ns * 1e3  # bytes per ns → MB/s (1e6 bytes)
            ratio = "" if impl == "RongWire" or not ours else f"{ns / ours:.2f}×"
            mallocs = fmt_count(m["mallocCountTotal"])
            if "mallocBytesCount" in m:
                mallocs += f" ({m['mallocBytesCount'] / sizes[subject]:.2f}× input bytes)"
            label = subject if first else ""
            size = f"{sizes[subject]:,}" if first else ""
            print(f"| {label} | {size} | {impl} | {fmt_time(ns)} | {mbs:,.0f} | {mallocs} | {ratio} |")
            first = False
    print()
    memory_met = targets(rows, sizes)
    if "--require-memory" in sys.argv and not memory_met:
        sys.exit("FAIL: the 128 KB decode memory target was not met (or not measured)")


def targets(rows, sizes):
    """The issue's targets, each with its figure."""

    def get(subject_prefix, impl, metric="wallClock"):
        for s, impls in rows.items():
            if s.startswith(subject_prefix) and impl in impls:
                return impls[impl].get(metric)
        return None

    lines = []

    def check(what, value, ok):
        if value is None:
            lines.append(f"- {what}: not measured in this run")
        else:
            lines.append(f"- {what}: {value} — {'met' if ok else 'MISSED'}")

    for op in ("decode", "encode"):
        ours = get(f"content {op} mixed corpus", "RongWire")
        base = get(f"content {op} mixed corpus", "JSONSerialization")
        if ours and base:
            check(f"mixed corpus {op} ≥ 8× faster than JSONSerialization", f"{base / ours:.1f}×", base / ours >= 8)
    txt = next((impls["RongWire"] for s, impls in rows.items() if s == "content decode TxtMsg" and "RongWire" in impls), None)
    if txt:
        check("typical RC:TxtMsg decode ≤ 1 µs", fmt_time(txt["wallClock"]), txt["wallClock"] <= 1000)
        check("typical RC:TxtMsg decode ≤ 4 mallocs", fmt_count(txt["mallocCountTotal"]), txt["mallocCountTotal"] <= 4)
    def exact(subject, impl):
        return rows.get(subject, {}).get(impl, {}).get("wallClock")

    # The owned decode and the in-place one (PacketView, "(view)" rows), against the same anchor.
    for way in ("up", "down"):
        c = exact(f"envelope decode PUBLISH {way}", "protobuf-c")
        for suffix in ("", " (view)"):
            ours = exact(f"envelope decode PUBLISH {way}{suffix}", "RongWire")
            if ours and c:
                check(f"PUBLISH {way} decode{suffix} within 2× of protobuf-c", f"{ours / c:.2f}× protobuf-c's time", ours / c <= 2)
    memory_met = False
    big = next((impls["RongWire"] for s, impls in rows.items() if "128 KB" in s and "RongWire" in impls), None)
    if big and "mallocBytesCount" in big:
        size = next(sz for s, sz in sizes.items() if "128 KB" in s)
        ratio = big["mallocBytesCount"] / size
        check("128 KB content decode ≤ 2× its size in peak extra memory (bound: all bytes malloc'd)",
              f"{ratio:.2f}× ({big['mallocBytesCount']:,.0f} bytes for {size:,})", ratio <= 2)
        memory_met = ratio <= 2
    print("Targets:")
    print("\n".join(lines))
    return memory_met


if __name__ == "__main__":
    main()
