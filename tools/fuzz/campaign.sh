#!/usr/bin/env bash
# A fuzz campaign: every target for MINUTES each, one after the other, from a clean build, through
# run.sh (seeds, dictionary, coverage and allocation-meter checks as for any run). Prints a table of
# what each target did, and writes it to tools/fuzz/work/campaign/TIMESTAMP.md.
#
#   tools/fuzz/campaign.sh MINUTES [TARGET ...]      (default: every target)
#
# - Clean build: first every fuzzer is built (run.sh TARGET 0) in tools/fuzz/work/campaign/build,
#   removed beforehand, so no product of an earlier build is fuzzed, and a run.sh started meanwhile
#   (which builds in tools/fuzz/.build) does not disturb it. Then each target runs that build's
#   fuzzer (RONGWIRE_FUZZ_PREBUILT).
# - Bounded: each target runs MINUTES (libFuzzer's -max_total_time); run.sh is stopped if it has
#   not ended 5 minutes after that, the build if it takes more than 3 hours. A finding ends that
#   target's run and the campaign goes on with the next.
# - Corpora are kept: each target starts from tools/fuzz/work/TARGET/corpus as an earlier run left
#   it (plus the seeds) and leaves it there, grown. Findings land in tools/fuzz/findings/TARGET/
#   as for run.sh; keep each with crash-to-vector.py.
# - The table: inputs run, exec/s, coverage and features at INITED and at the end, corpus at the
#   end, new findings, and the machine's 1- and 5-minute load averages at the end of each run
#   (exec/s depend on them on shared cores).
#
# Exit status: 0 when every target ran without a finding, 1 otherwise (or when the build failed),
# 2 on a usage error.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
MINUTES=${1:?usage: campaign.sh MINUTES [TARGET ...]}
shift
case "$MINUTES" in
    '' | *[!0-9]*) echo "campaign.sh: MINUTES must be a whole number of minutes, not $MINUTES" >&2; exit 2 ;;
esac
if [ "$MINUTES" -lt 1 ] || [ "$MINUTES" -gt 600 ]; then
    echo "campaign.sh: MINUTES must be 1...600" >&2
    exit 2
fi
# Every target run.sh knows (its `TARGET) EXE=…` lines), so a new target joins the campaign.
read -r -a ALL <<< "$(sed -n 's/^    \([a-z-]*\)) EXE=.*/\1/p' "$HERE/run.sh" | tr '\n' ' ')"
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=("${ALL[@]}")
for t in "${TARGETS[@]}"; do
    case " ${ALL[*]} " in *" $t "*) ;; *) echo "campaign.sh: unknown target $t (${ALL[*]})" >&2; exit 2 ;; esac
done

SECONDS_EACH=$((MINUTES * 60))
CAMPAIGN="$HERE/work/campaign"
STAMP=$(date -u +%Y%m%dT%H%M%SZ)
REPORT="$CAMPAIGN/$STAMP.md"
mkdir -p "$CAMPAIGN"
rm -rf "$CAMPAIGN/build"
export RONGWIRE_FUZZ_SCRATCH="$CAMPAIGN/build"
# Nothing redrawn on a terminal: the campaign prints one line per target.
export RONGWIRE_PROGRESS=0

echo "campaign: ${#TARGETS[@]} targets x ${MINUTES} min from a clean build ($RONGWIRE_FUZZ_SCRATCH), about $(( ${#TARGETS[@]} * (MINUTES + 1) )) min after the build; started $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"

# The build: the first target's builds every module, the others link their executable.
build_start=$(date +%s)
for t in "${TARGETS[@]}"; do
    if ! timeout --kill-after=60 10800 "$HERE/run.sh" "$t" 0 > "$CAMPAIGN/$t.build.out" 2>&1; then
        tail -40 "$CAMPAIGN/$t.build.out" >&2
        echo "campaign: building $t failed (log in $CAMPAIGN/$t.build.out)" >&2
        exit 1
    fi
done
BUILT=$(dirname "$(sed -n 's/^OK: .* built: //p' "$CAMPAIGN/${TARGETS[0]}.build.out")")
BUILD_TIME=$(( $(date +%s) - build_start ))
echo "campaign: built in $((BUILD_TIME / 60)) min $((BUILD_TIME % 60)) s: $BUILT, load $(cut -d' ' -f1-3 /proc/loadavg)"
unset RONGWIRE_FUZZ_SCRATCH
export RONGWIRE_FUZZ_PREBUILT="$BUILT"

# "#N INITED cov: C ft: F corp: A/Bb ..." -> field after KEY on the line.
field() { sed -n "s|.* $1: *\([^ ]*\).*|\1|p" <<< "$2"; }
# libFuzzer's final stat NAME from LOG (-print_final_stats), or FALLBACK.
final_stat() { sed -n "s/^stat::$1:[[:space:]]*//p" "$3" 2>/dev/null | tail -1 | grep . || echo "$2"; }
# 1234567 -> 1,234,567
grouped() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<< "${1:-?}"; }

ROWS=()
FOUND=0
for t in "${TARGETS[@]}"; do
    findings="$HERE/findings/$t"
    mkdir -p "$findings"
    before=$(find "$findings" -type f | wc -l)
    start=$(date +%s)
    set +e
    timeout --kill-after=60 $((SECONDS_EACH + 300)) "$HERE/run.sh" "$t" "$SECONDS_EACH" > "$CAMPAIGN/$t.out" 2>&1
    status=$?
    set -e
    took=$(( $(date +%s) - start ))
    log="$HERE/work/$t/fuzz.log"
    after=$(find "$findings" -type f | wc -l)
    new=$((after - before))
    inited=$(grep -E "^#[0-9]+[[:space:]]+INITED" "$log" 2>/dev/null | tail -1 || true)
    last=$(grep -E "^#[0-9]+[[:space:]]+(DONE|NEW|REDUCE|pulse|RELOAD)" "$log" 2>/dev/null | tail -1 || true)
    runs=$(final_stat number_of_executed_units "$(sed -n 's/^#\([0-9]*\).*/\1/p' <<< "$last")" "$log")
    rate=$(final_stat average_exec_per_sec "$(field exec/s "$last")" "$log")
    corpus=$(field corp "$last")
    load=$(cut -d' ' -f1-2 /proc/loadavg | sed 's| | / |')
    case $status in
        0) result="ok" ;;
        124 | 137) result="stopped after $((took / 60)) min (timeout)"; FOUND=1 ;;
        *) result="FINDING (run.sh exit $status)"; FOUND=1 ;;
    esac
    [ "$new" -eq 0 ] || FOUND=1
    ROWS+=("| $t | $(grouped "$runs") | $(grouped "$rate") | $(field cov "$inited") → $(field cov "$last") | $(field ft "$inited") → $(field ft "$last") | ${corpus:-?} | $new | $load | $result |")
    echo "campaign: $t: $result, $(grep -E '^(OK|FAIL):' "$CAMPAIGN/$t.out" | tail -1 || true) [${took}s, load $load]"
done

{
    echo "Fuzz campaign $STAMP: \`tools/fuzz/campaign.sh $MINUTES${*:+ $*}\`, ${MINUTES} min per target, release + ASan + libFuzzer + the allocation meter, from a clean build ($((BUILD_TIME / 60)) min); $(nproc) cores, $(uname -sm)."
    echo
    echo "| Target | Inputs run | exec/s | cov (INITED → end) | ft (INITED → end) | Corpus at end (inputs/bytes) | New findings | Load at end (1 / 5 min) | Result |"
    echo "|---|---:|---:|---|---|---|---:|---:|---|"
    printf '%s\n' "${ROWS[@]}"
} > "$REPORT"
echo
cat "$REPORT"
echo
echo "campaign: report in $REPORT"
exit $FOUND
