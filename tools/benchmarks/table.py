#!/usr/bin/env python3
"""One table from a benchmark run: tools/benchmarks/run.sh calls this.

    table.py RESULTS_DIR PBC_TSV [--require-memory]

RESULTS_DIR holds the `--format histogramPercentiles` export of `swift package benchmark`, one
file per benchmark and metric, or one such folder per round (`1/`, `2/`, ...: run.sh --rounds),
of which each row's fastest median is kept; PBC_TSV is c/pbc-bench's output (a row once per
round and once more: the fastest time is kept). Benchmark names read
`<subject> [<bytes> B] | <implementation>`; rows of one subject did the same work on the same
bytes. Prints a markdown table: median time per op, MB/s, mallocs per op, and for every row
how many times RongWire's time it took (a baseline at 5.0× is five times slower than RongWire;
protobuf-c below 1× is faster), next to the same row's time, ratio and mallocs in before.tsv
(the table of 2026-11-24, before issue 18). Then issue 18's targets, met or missed. With
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
    rounds = sorted(d for d in os.listdir(results) if d.isdigit() and os.path.isdir(os.path.join(results, d)))
    for folder in [os.path.join(results, d) for d in rounds] or [results]:
        for file in os.listdir(folder):
            m = FILE.match(file)
            if not m:
                continue
            name = m["name"].replace("_", " ")
            value = median_of(os.path.join(folder, file))
            old = runs[name].get(m["metric"])
            # Time: the fastest round. Allocations are exact: the highest, should a round differ.
            if old is not None:
                value = min(old, value) if m["metric"] == "wallClock" else max(old, value)
            runs[name][m["metric"]] = value
    with open(pbc, encoding="utf-8") as f:
        for line in f:
            name, ns, mallocs = line.rstrip("\n").split("\t")
            # run.sh runs the anchor twice (before and after the Swift side): the faster time.
            ns = min(float(ns), runs.get(name, {}).get("wallClock", float("inf")))
            runs[name] = {"wallClock": ns, "mallocCountTotal": float(mallocs)}
    rows = defaultdict(dict)  # subject → impl → row
    sizes = {}
    for name, metrics in runs.items():
        m = NAME.match(name)
        if not m:
            sys.exit(f"table.py: benchmark name {name!r} does not follow '<subject> [<n> B] | <impl>'")
        sizes[m["subject"]] = int(m["bytes"])
        rows[m["subject"]][m["impl"]] = metrics
    return rows, sizes


def load_before(path):
    """subject → impl → (time in ns or None, mallocs) from before.tsv; empty when it is absent."""
    before = defaultdict(dict)
    if not os.path.exists(path):
        return before
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            subject, impl, ns, mallocs = line.rstrip("\n").split("\t")
            before[subject][impl] = (float(ns) if ns else None, float(mallocs))
    return before


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
    before = load_before(os.path.join(os.path.dirname(os.path.abspath(__file__)), "before.tsv"))
    print("| benchmark | bytes/op | implementation | time/op | MB/s | mallocs/op | time ÷ RongWire's "
          "| 2026-11-24: time/op | ÷ RongWire's | mallocs/op |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for subject in sorted(rows, key=subject_order):
        impls = rows[subject]
        if "RongWire" not in impls:
            continue  # a baseline whose RongWire row was filtered out (run.sh --filter)
        ours = impls.get("RongWire", {}).get("wallClock")
        old = before.get(subject, {})
        old_ours = old.get("RongWire", (None, 0))[0]
        first = True
        for impl in sorted(impls, key=lambda i: IMPL_ORDER.index(i) if i in IMPL_ORDER else 99):
            m = impls[impl]
            ns = m["wallClock"]
            mbs = sizes[subject] / ns * 1e3  # bytes per ns → MB/s (1e6 bytes)
            ratio = "" if impl == "RongWire" or not ours else f"{ns / ours:.2f}×"
            mallocs = fmt_count(m["mallocCountTotal"])
            if "mallocBytesCount" in m:
                mallocs += f" ({m['mallocBytesCount'] / sizes[subject]:.2f}× input bytes)"
            old_ns, old_mallocs = old.get(impl, (None, None))
            old_time = fmt_time(old_ns) if old_ns else "—"
            old_ratio = "" if impl == "RongWire" or not (old_ns and old_ours) else f"{old_ns / old_ours:.2f}×"
            old_m = "—" if old_mallocs is None else fmt_count(old_mallocs)
            label = subject if first else ""
            size = f"{sizes[subject]:,}" if first else ""
            print(f"| {label} | {size} | {impl} | {fmt_time(ns)} | {mbs:,.0f} | {mallocs} | {ratio} "
                  f"| {old_time} | {old_ratio} | {old_m} |")
            first = False
    print()
    memory_met = targets(rows, sizes, before)
    if "--require-memory" in sys.argv and not memory_met:
        sys.exit("FAIL: the 128 KB decode memory target was not met (or not measured)")


def targets(rows, sizes, before):
    """Issue 18's targets, each with its figure. Returns whether the CI memory bound held."""

    lines = []

    def check(what, value, ok):
        if value is None:
            lines.append(f"- {what}: not measured in this run")
        else:
            lines.append(f"- {what}: {value} — {'met' if ok else 'MISSED'}")

    def exact(subject, impl, metric="wallClock"):
        return rows.get(subject, {}).get(impl, {}).get(metric)

    # Content: the owned values and the borrowed view (ContentView, "(view)" rows).
    for op, suffix in (("decode", ""), ("decode", " (view)"), ("decode", " (view, one string read)"), ("encode", "")):
        ours = exact(f"content {op} mixed corpus ×100{suffix}", "RongWire")
        base = exact(f"content {op} mixed corpus ×100", "JSONSerialization")
        if ours and base:
            check(f"mixed corpus {op}{suffix} ≥ 8× faster than JSONSerialization", f"{base / ours:.1f}×", base / ours >= 8)
    for suffix in ("", " (view)"):
        txt = exact("content decode TxtMsg" + suffix, "RongWire")
        if txt:
            check(f"typical RC:TxtMsg decode{suffix} ≤ 300 ns", fmt_time(txt), txt <= 300)

    # Against protobuf-c on the same bytes: the owned decode and the in-place one (PacketView,
    # "(view)" rows), and the encode.
    for subject, limit in (("envelope decode PUBLISH up", 1.5), ("envelope decode PUBLISH down", 1.5),
                           ("envelope decode pull ×200", 1.5), ("envelope encode PUBLISH up", 2),
                           ("envelope encode PUBLISH down", 2)):
        c = exact(subject, "protobuf-c")
        for suffix in ("", " (view)"):
            ours = exact(subject + suffix, "RongWire")
            if ours and c:
                check(f"{subject.removeprefix('envelope ')}{suffix} ≤ {limit}× protobuf-c's time",
                      f"{ours / c:.2f}×", ours / c <= limit)

    # No row allocates more than it did before issue 18 (a "(view)" row against its owned row).
    worse = []
    compared = 0
    for subject, impls in rows.items():
        m = impls.get("RongWire", {}).get("mallocCountTotal")
        old = before.get(subject.removesuffix(" (view)"), {}).get("RongWire")
        if m is None or old is None:
            continue
        compared += 1
        if m > old[1]:
            worse.append(f"{subject} {fmt_count(m)} > {fmt_count(old[1])}")
    if compared:
        check(f"no RongWire row with more mallocs per op than on 2026-11-24 ({compared} rows compared)",
              "; ".join(worse) if worse else "none more", not worse)

    memory_met = False
    for suffix in ("", " (view)"):
        subject = "content decode TxtMsg 128 KB" + suffix
        big = rows.get(subject, {}).get("RongWire")
        if not big or "mallocBytesCount" not in big:
            continue
        size = sizes[subject]
        ratio = big["mallocBytesCount"] / size
        check(f"128 KB content decode{suffix} ≤ 1× its size in extra memory (bound: every byte malloc'd, the decoded "
              "text's own storage included)",
              f"{ratio:.4f}× ({big['mallocBytesCount']:,.0f} bytes for {size:,})", ratio <= 1)
        # CI holds the exact byte count in Thresholds/; this looser bound only catches a broken run.
        if suffix == "":
            memory_met = ratio <= 2
    print("Targets:")
    print("\n".join(lines))
    return memory_met


if __name__ == "__main__":
    main()
