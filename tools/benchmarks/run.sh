#!/usr/bin/env bash
# tools/benchmarks/run.sh - runs every benchmark and prints one table.
#
#   tools/benchmarks/run.sh                 # all benchmarks + the protobuf-c anchor → table
#   tools/benchmarks/run.sh --filter REGEX  # only benchmarks whose name matches (Swift side)
#   tools/benchmarks/run.sh --rounds N      # run the Swift side N times (default 3) and keep each
#                                           # row's fastest median (1: a single pass)
#   tools/benchmarks/run.sh --check         # malloc counts of RongWire's benchmarks against
#                                           # Thresholds/, and the 128 KB memory target (what CI
#                                           # runs; wall time is not checked)
#   tools/benchmarks/run.sh --update        # rewrite Thresholds/ after an intended change
#   tools/benchmarks/run.sh --anchor-instructions  # protobuf-c's instructions per op (callgrind),
#                                           # to set beside instructions.sh's up-decode-view etc.
#   tools/benchmarks/instructions.sh        # instructions per op under valgrind: exact, for
#                                           # judging a change on shared cores
#
# The table (markdown) goes to stdout and to .build-bench/table.md; per benchmark: time per op
# (median), MB/s, mallocs per op, and how many times RongWire's time each baseline takes.
# Installs protobuf-c (Debian packages) when missing, as tools/testee-c/build.sh does.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=$HERE/.build-bench
MODE=table
FILTER=()
ROUNDS=3
while (($#)); do
    case "$1" in
    --check) MODE=check ;;
    --update) MODE=update ;;
    --anchor-instructions) MODE=anchor ;;
    --filter) FILTER=(--filter "$2"); shift ;;
    --rounds) ROUNDS=$2; shift ;;
    -h | --help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done
cd "$HERE"

# Only RongWire's own rows have malloc thresholds: the baselines' allocations are not ours.
OURS='.*\| RongWire$'
case "$MODE" in
check)
    mkdir -p "$OUT"
    set +e
    swift package benchmark thresholds check --filter "$OURS" --metric mallocCountTotal --no-progress 2>&1 |
        tee "$OUT/check.log"
    rc=${PIPESTATUS[0]}
    set -e
    # The plugin (benchmark 1.38.1) exits 1 for both directions; its error names which one.
    if ((rc == 0)); then
        echo "malloc counts: as in tools/benchmarks/Thresholds/"
    elif grep -q "benchmarkThresholdImprovement" "$OUT/check.log"; then
        echo "FAIL: malloc counts went down; record them with tools/benchmarks/run.sh --update" >&2
        exit 1
    else
        echo "FAIL: malloc counts regressed or the check failed (exit $rc); see the tables above" >&2
        exit 1
    fi
    # The memory target: every byte malloc'd while decoding a 128 KB content, at most twice its size.
    rm -rf "$OUT/results" && mkdir -p "$OUT/results" && : >"$OUT/none.tsv"
    swift package --allow-writing-to-directory "$OUT" benchmark --filter 'content decode TxtMsg 128 KB .*\| RongWire$' \
        --no-progress --format histogramPercentiles --path "$OUT/results" >"$OUT/memory.log" 2>&1 ||
        { tail -40 "$OUT/memory.log" >&2; exit 1; }
    python3 "$HERE/table.py" "$OUT/results" "$OUT/none.tsv" --require-memory
    exit 0
    ;;
update)
    rm -rf Thresholds
    swift package --allow-writing-to-package-directory benchmark thresholds update --filter "$OURS" \
        --metric mallocCountTotal --no-progress
    # The tool writes file names with spaces turned into underscores but looks them up by the
    # benchmark's own name (benchmark 1.38.1); names here have no underscores, so undo it.
    for f in Thresholds/*_*; do mv "$f" "${f//_/ }"; done
    exit 0
    ;;
esac

# protoc-c and the protobuf-c runtime for the C anchor.
packages=(protobuf-c-compiler libprotobuf-c-dev)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    echo "installing ${missing[*]}" >&2
    apt-get update >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >&2
fi

rm -rf "$OUT"
mkdir -p "$OUT/gen" "$OUT/fixtures" "$OUT/results"
echo "building (release)..." >&2
swift build -c release --product bench-fixtures >&2
"$(swift build -c release --show-bin-path)/bench-fixtures" "$OUT/fixtures"
protoc-c --proto_path="$ROOT/spec" --c_out="$OUT/gen" "$ROOT/spec/rongcloud.proto"
cc -std=c99 -O2 -Wall -Wextra -Werror -I"$OUT/gen" -o "$OUT/pbc-bench" \
    "$HERE/c/pbc-bench.c" "$OUT/gen/rongcloud.pb-c.c" -lprotobuf-c

if [[ $MODE == anchor ]]; then
    command -v valgrind >/dev/null || { apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends valgrind >&2; }
    N=200
    printf '%-32s %14s\n' "protobuf-c op" "instr/op"
    for op in "decode PUBLISH up" "decode PUBLISH down" "decode pull ×200" "encode PUBLISH up" "encode PUBLISH down" "encode pull ×200"; do
        counts=()
        for n in 0 "$N"; do
            counts+=("$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$OUT/pbc-bench" "$OUT/fixtures" "$op" "$n" 2>&1 |
                sed -n 's/.*Collected : \([0-9]*\).*/\1/p')")
        done
        printf '%-32s %14d\n' "$op" $(((counts[1] - counts[0]) / N))
    done
    exit 0
fi

# The Swift side runs ROUNDS times with the anchor before, between and after, and table.py keeps
# each row's fastest median, baselines and RongWire alike: the cores' speed drifts over minutes
# (other tenants, clocks), and one slow moment would otherwise skew the ratios of the rows it
# falls on. Every ratio still compares rows of the same run of this script.
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: --rounds takes a positive number" >&2; exit 2; }
echo "running the protobuf-c anchor..." >&2
"$OUT/pbc-bench" "$OUT/fixtures" >"$OUT/pbc-bench.tsv"
for ((round = 1; round <= ROUNDS; round++)); do
    echo "running the Swift benchmarks, round $round of $ROUNDS (a few minutes each)..." >&2
    mkdir -p "$OUT/results/$round"
    swift package --allow-writing-to-directory "$OUT" benchmark "${FILTER[@]}" --no-progress \
        --format histogramPercentiles --path "$OUT/results/$round" >"$OUT/swift-benchmarks-$round.log" 2>&1 ||
        { tail -40 "$OUT/swift-benchmarks-$round.log" >&2; exit 1; }
    echo "running the protobuf-c anchor again..." >&2
    "$OUT/pbc-bench" "$OUT/fixtures" >>"$OUT/pbc-bench.tsv"
done

python3 "$HERE/table.py" "$OUT/results" "$OUT/pbc-bench.tsv" | tee "$OUT/table.md"
