#!/usr/bin/env bash
# tools/benchmarks/instructions.sh - instructions per op, counted by valgrind, and the CI gate on them
#
#   tools/benchmarks/instructions.sh              # the default cases
#   tools/benchmarks/instructions.sh CASE...      # some cases (bench-instructions lists them)
#   tools/benchmarks/instructions.sh --check      # the default cases against instructions-thresholds.tsv:
#                                                 # exit 1 if any is above its recorded count by more than
#                                                 # TOLERANCE percent (default 1); an improvement is reported
#   tools/benchmarks/instructions.sh --update     # record the default cases' counts in instructions-thresholds.tsv
#   N=50 tools/benchmarks/instructions.sh ...     # ops per count (default 20)
#   tools/benchmarks/instructions.sh mixed-decode-json mixed-decode-capi
#                                                 # librongwire's decode against the Swift call
#                                                 # with the same output: the ratio is printed
#
# Wall time on shared cores moves by tens of percent; instruction counts do not. Each case runs
# once with N ops and once with none under callgrind; the difference over N is printed, with
# the subject of the benchmark it mirrors. Installs valgrind (Debian package) when missing.
# The counts are exact for one toolchain and one machine type (same binary, fixed hash seeds):
# the tolerance only absorbs libc and valgrind differences between machines.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
if ! command -v valgrind >/dev/null; then
    echo "installing valgrind" >&2
    apt-get update >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends valgrind >&2
fi
swift build -c release --product bench-instructions >&2
# valgrind 3.19 (Debian 12) gives up on DWARF 5 debug info, which clang writes for the C
# targets linked in with librongwire's (CRongWire, Yams' CYaml): callgrind runs a copy without
# debug info, the same code, so the same counts.
BIN=$(swift build -c release --show-bin-path)/bench-instructions-nodebug
objcopy --strip-debug "${BIN%-nodebug}" "$BIN"
N=${N:-20}
MODE=print
if (($# > 0)) && [[ $1 == --check || $1 == --update ]]; then
    MODE=${1#--}
    shift
    (($# == 0)) || { echo "usage: $0 [--check | --update] (the default cases only)" >&2; exit 2; }
fi
TABLE="$HERE/instructions-thresholds.tsv"
TOLERANCE=${TOLERANCE:-1}
CASES=("$@")
if ((${#CASES[@]} == 0)); then
    CASES=(mixed-decode mixed-decode-view mixed-decode-view-read mixed-decode-jsonserialization mixed-encode txt-decode txt-decode-view typsts-decode rcntf-decode ref-decode grp-decode
        up-decode up-body down-decode down-body pull-decode pull-body up-value down-value pull-value down-inbound up-outbound pull-inbound
        up-encode down-encode pull-encode up-encode-value down-encode-value pull-encode-value up-encode-swiftprotobuf down-encode-swiftprotobuf pull-encode-swiftprotobuf
        up-decode-view down-decode-view pull-decode-view down-inbound-view pull-inbound-view
        mixed-decode-json mixed-decode-capi)
fi
# A C-interface case against its Swift counterpart, counted in the same run: CASE SWIFT-CASE
# LIMIT (percent above the Swift call allowed). Printed when both ran; --check fails above the
# limit. mixed-decode-json is the Swift decode plus the normalized JSON bytes, the output
# rongwire_decode_content gives (CInterfaceCases.swift); the difference is the boundary.
RATIOS=("mixed-decode-capi mixed-decode-json 10")
# Swift seeds its hashes per process; fixed seeds make dictionary probes, and so the counts,
# repeatable.
export SWIFT_DETERMINISTIC_HASHING=1
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN" "$1" "$2" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
declare -A COUNTS
printf '%-32s %14s\n' case "instr/op"
for c in "${CASES[@]}"; do
    base=$(count "$c" 0)
    total=$(count "$c" "$N")
    [[ -n $base && -n $total ]] || { echo "FAIL: callgrind gave no count for $c" >&2; exit 1; }
    COUNTS[$c]=$(((total - base) / N))
    printf '%-32s %14d\n' "$c" "${COUNTS[$c]}"
done
ratio_failed=0
for r in "${RATIOS[@]}"; do
    read -r c swift limit <<<"$r"
    [[ -n ${COUNTS[$c]:-} && -n ${COUNTS[$swift]:-} ]] || continue
    permille=$((COUNTS[$c] * 1000 / COUNTS[$swift]))
    printf '%s / %s: %d.%03d (limit %d%% above)\n' "$c" "$swift" $((permille / 1000)) $((permille % 1000)) "$limit"
    if ((COUNTS[$c] * 100 > COUNTS[$swift] * (100 + limit))); then
        echo "FAIL: $c costs more than $limit% above $swift" >&2
        ratio_failed=1
    fi
done
case $MODE in
print) ;;
update)
    {
        echo "# instructions per op (tools/benchmarks/instructions.sh --update, N=$N); the CI gate is --check"
        for c in "${CASES[@]}"; do printf '%s\t%d\n' "$c" "${COUNTS[$c]}"; done
    } >"$TABLE"
    echo "recorded ${#CASES[@]} cases in $TABLE"
    ;;
check)
    [[ -f $TABLE ]] || { echo "FAIL: no $TABLE (record one with --update)" >&2; exit 1; }
    failed=0
    for c in "${CASES[@]}"; do
        want=$(awk -F'\t' -v c="$c" '$1 == c { print $2 }' "$TABLE")
        [[ -n $want ]] || { echo "FAIL: $c has no recorded count in $TABLE (--update)" >&2; failed=1; continue; }
        got=${COUNTS[$c]}
        # got > want * (1 + TOLERANCE/100), in integers.
        if ((got * 100 > want * (100 + TOLERANCE))); then
            echo "FAIL: $c: $got instructions per op, recorded $want (+$(((got - want) * 1000 / want / 10)).$(((got - want) * 1000 / want % 10))%, tolerance $TOLERANCE%)" >&2
            failed=1
        elif ((got * 100 < want * (100 - TOLERANCE))); then
            echo "improved: $c: $got instructions per op, recorded $want: record it with --update"
        fi
    done
    ((failed == 0 && ratio_failed == 0)) || exit 1
    echo "OK: ${#CASES[@]} cases within $TOLERANCE% of $TABLE"
    ;;
esac
((ratio_failed == 0)) || exit 1
