#!/usr/bin/env bash
# tools/benchmarks/instructions.sh - instructions per op, counted by valgrind
#
#   tools/benchmarks/instructions.sh              # the default cases
#   tools/benchmarks/instructions.sh CASE...      # some cases (bench-instructions lists them)
#   N=50 tools/benchmarks/instructions.sh ...     # ops per count (default 20)
#
# Wall time on shared cores moves by tens of percent; instruction counts do not. Each case runs
# once with N ops and once with none under callgrind; the difference over N is printed, with
# the subject of the benchmark it mirrors. Installs valgrind (Debian package) when missing.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
if ! command -v valgrind >/dev/null; then
    echo "installing valgrind" >&2
    apt-get update >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends valgrind >&2
fi
swift build -c release --product bench-instructions >&2
BIN=$(swift build -c release --show-bin-path)/bench-instructions
N=${N:-20}
CASES=("$@")
if ((${#CASES[@]} == 0)); then
    CASES=(mixed-decode mixed-decode-jsonserialization mixed-encode txt-decode typsts-decode rcntf-decode ref-decode grp-decode
        up-decode up-body down-decode down-body pull-decode pull-body up-value down-value pull-value down-inbound up-outbound pull-inbound)
fi
# Swift seeds its hashes per process; fixed seeds make dictionary probes, and so the counts,
# repeatable.
export SWIFT_DETERMINISTIC_HASHING=1
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN" "$1" "$2" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '%-32s %14s\n' case "instr/op"
for c in "${CASES[@]}"; do
    base=$(count "$c" 0)
    total=$(count "$c" "$N")
    printf '%-32s %14d\n' "$c" $(((total - base) / N))
done
