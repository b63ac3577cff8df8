#!/usr/bin/env bash
# The shell part of RongWire's CI action (action.yml at the repository root): runs
# `rongwire conform` against a testee, keeps the JUnit and JSON reports and the log in one
# folder, and hands their paths and the counts to the CI system. It works the same outside
# GitHub Actions (outputs then go to stdout only), which is how .ci/run exercises it.
set -euo pipefail

usage() {
    cat <<'USAGE'
Usage: tools/action/conform.sh --testee COMMAND [options]

Runs the RongWire conformance vectors against COMMAND (a program speaking the testee
protocol, spec/testee-protocol.md) and writes junit.xml, report.json and conform.log to the
report folder. The exit status is rongwire conform's: 0 all passed, 1 something failed (a
failing vector, a crash, a timeout, a stale failure-list entry), 2 vectors or files could not
be read, 64 usage error.

Options:
  --testee COMMAND      The testee command line (required).
  --vectors PATH        Vector file or folder (default: this repository's vectors/).
  --failure-list FILE   Expected failures, one vector id per line with '# why'.
  --level LEVEL         required, recommended or optional (default: optional = run all).
  --spec DIR            Spec folder for requirement coverage (default: this repository's spec/).
  --timeout SECONDS     Per-vector testee timeout (default: rongwire's, 10).
  --report-dir DIR      Where the reports go (default: $RUNNER_TEMP/rongwire-conform, else
                        ./rongwire-conform).
  --rongwire BIN        The rongwire binary (default: $RONGWIRE_BIN, then `rongwire` on PATH,
                        then one built here with `swift build -c release`).
  -h, --help            This text.

On GitHub Actions the outputs junit, json-report, log, summary, passed, failed and skipped are
written to $GITHUB_OUTPUT and the summary line to $GITHUB_STEP_SUMMARY.
USAGE
}

die() { echo "conform.sh: $*" >&2; exit 64; }

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
testee="" vectors="$HERE/vectors" failures="" level="optional" spec="$HERE/spec" timeout=""
reports="${RUNNER_TEMP:-.}/rongwire-conform" rongwire="${RONGWIRE_BIN:-}"

while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --testee|--vectors|--failure-list|--level|--spec|--timeout|--report-dir|--rongwire)
            [ $# -ge 2 ] || die "$1 needs a value"
            case "$1" in
                --testee) testee=$2 ;;
                --vectors) vectors=$2 ;;
                --failure-list) failures=$2 ;;
                --level) level=$2 ;;
                --spec) spec=$2 ;;
                --timeout) timeout=$2 ;;
                --report-dir) reports=$2 ;;
                --rongwire) rongwire=$2 ;;
            esac
            shift 2 ;;
        *) die "unknown argument '$1' (see --help)" ;;
    esac
done

[ -n "$testee" ] || die "--testee is required (see --help)"
case "$level" in required|recommended|optional) ;; *)
    die "--level must be one of required, recommended, optional (got '$level')" ;;
esac
[ -e "$vectors" ] || die "no vectors at '$vectors'"
[ -z "$failures" ] || [ -f "$failures" ] || die "no failure list at '$failures'"

if [ -z "$rongwire" ]; then
    if command -v rongwire >/dev/null 2>&1; then
        rongwire=$(command -v rongwire)
    else
        echo "conform.sh: no rongwire given or on PATH; building it (swift build -c release)" >&2
        (cd "$HERE" && swift build -c release --product rongwire >&2)
        rongwire="$(cd "$HERE" && swift build -c release --show-bin-path)/rongwire"
    fi
fi
[ -x "$rongwire" ] || die "rongwire binary '$rongwire' is not executable"

mkdir -p "$reports"
reports=$(cd "$reports" && pwd)
junit="$reports/junit.xml" json="$reports/report.json" log="$reports/conform.log"

args=(conform "$vectors" --testee "$testee" --level "$level" --junit "$junit" --json-report "$json")
[ -d "$spec" ] && args+=(--spec "$spec")
[ -n "$failures" ] && args+=(--failure-list "$failures")
[ -n "$timeout" ] && args+=(--timeout "$timeout")

set +e
"$rongwire" "${args[@]}" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e

# The runner's last line is "N passed, N failed, N skipped" (spec/testee-protocol.md).
summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped' "$log" | tail -1 || true)
read -r passed failed skipped < <(printf '%s\n' "$summary" |
    sed -nE 's/^([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped.*/\1 \2 \3/p'; echo)
{
    echo "junit=$junit"
    echo "json-report=$json"
    echo "log=$log"
    echo "summary=${summary:-rongwire conform exited $status before its summary line}"
    echo "passed=${passed:-0}"
    echo "failed=${failed:-0}"
    echo "skipped=${skipped:-0}"
    echo "exit-code=$status"
} > "$reports/outputs.txt"
if [ -n "${GITHUB_OUTPUT:-}" ]; then cat "$reports/outputs.txt" >> "$GITHUB_OUTPUT"; fi
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    printf '### RongWire conformance\n\n`%s`\n\nReports: `%s`, `%s`\n' \
        "${summary:-no summary (exit $status)}" "$junit" "$json" >> "$GITHUB_STEP_SUMMARY"
fi
echo "conform.sh: exit $status; reports in $reports"
exit "$status"
