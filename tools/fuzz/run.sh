#!/usr/bin/env bash
# Builds the fuzz targets (release + ASan + libFuzzer coverage), seeds the corpus from vectors/,
# writes a dictionary from the catalog, and runs TARGET for SECONDS (libFuzzer's progress on one
# line on a terminal; its whole output in tools/fuzz/work/TARGET/fuzz.log).
#
#   tools/fuzz/run.sh TARGET SECONDS [extra libFuzzer flags]      (SECONDS 0: build only)
#   TARGET: content | envelope | message | vector-loader | peer-loader | control | wire | options | nim
#
# Findings land in tools/fuzz/findings/TARGET/ (crash-*, timeout-*, oom-*); keep each one with
# tools/fuzz/crash-to-vector.py. Exit status: 0 = no finding, 1 = finding or coverage problem.
# RONGWIRE_FUZZ_PREBUILT=DIR runs DIR's fuzzer (e.g. .clusterfuzzlite/build.sh's OUT) instead of
# building one; RONGWIRE_FUZZ_SCRATCH=DIR builds in DIR instead of tools/fuzz/.build.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
TARGET=${1:?usage: run.sh TARGET SECONDS}
SECONDS_TO_RUN=${2:?usage: run.sh TARGET SECONDS}
shift 2

case "$TARGET" in
    content) EXE=FuzzContent ;;
    envelope) EXE=FuzzEnvelope ;;
    message) EXE=FuzzMessage ;;
    vector-loader) EXE=FuzzVectorLoader ;;
    peer-loader) EXE=FuzzPeerLoader ;;
    control) EXE=FuzzControl ;;
    wire) EXE=FuzzWire ;;
    options) EXE=FuzzOptions ;;
    nim) EXE=FuzzNIM ;;
    *) echo "unknown target $TARGET (content, envelope, message, vector-loader, peer-loader, control, wire, options, nim)" >&2; exit 2 ;;
esac

cd "$HERE"
WORK="$HERE/work/$TARGET"
FINDINGS="$HERE/findings/$TARGET"
mkdir -p "$WORK/corpus" "$WORK/seeds" "$FINDINGS"

if [ -n "${RONGWIRE_FUZZ_PREBUILT:-}" ]; then
    # Fuzzers built elsewhere with the same instrumentation (.ci/run passes .clusterfuzzlite's
    # OUT, so one sanitizer build serves both); the checks below still prove coverage and the
    # allocation meter are on.
    BIN="$RONGWIRE_FUZZ_PREBUILT/$EXE"
    if [ ! -x "$BIN" ]; then
        echo "FAIL: RONGWIRE_FUZZ_PREBUILT=$RONGWIRE_FUZZ_PREBUILT has no executable $EXE" >&2
        exit 1
    fi
else
    # The working form on Swift 6.3.1: --sanitize=fuzzer alone gives coverage but no ASan, and
    # --sanitize=fuzzer --sanitize=address drops the coverage instrumentation. The old binary is
    # removed first, so a failed build can never fuzz stale code.
    FLAGS=(-c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
    # RONGWIRE_FUZZ_SCRATCH=DIR builds in DIR instead of tools/fuzz/.build (campaign.sh: a clean
    # build of its own, which a run.sh started meanwhile does not touch).
    if [ -n "${RONGWIRE_FUZZ_SCRATCH:-}" ]; then FLAGS+=(--scratch-path "$RONGWIRE_FUZZ_SCRATCH"); fi
    BIN="$(swift build "${FLAGS[@]}" --show-bin-path)/$EXE"
    rm -f "$BIN"
    set +e
    swift build "${FLAGS[@]}" --product "$EXE" > "$WORK/build.log" 2>&1
    BUILD_STATUS=$?
    set -e
    # ASan's runtime makes the linker print one harmless line per exported symbol; hide those.
    grep -vE "Cannot export local symbol '__asan" "$WORK/build.log" || true
    if [ "$BUILD_STATUS" -ne 0 ] || [ ! -x "$BIN" ]; then
        echo "FAIL: building $EXE failed (swift build exit $BUILD_STATUS; log in $WORK/build.log)" >&2
        exit 1
    fi
fi

(cd "$ROOT" && swift build --product rongwire > "$WORK/rongwire-build.log" 2>&1) || {
    cat "$WORK/rongwire-build.log" >&2
    echo "FAIL: building rongwire (for the catalog) failed" >&2
    exit 1
}
RONGWIRE="$(cd "$ROOT" && swift build --show-bin-path)/rongwire"
python3 "$HERE/seed_corpus.py" "$TARGET" "$WORK/seeds" --rongwire "$RONGWIRE"
python3 "$HERE/make_dict.py" "$TARGET" "$WORK/$TARGET.dict" --rongwire "$RONGWIRE"
# SECONDS 0: build, seed and write the dictionary only (campaign.sh builds every target before it
# times any; libFuzzer itself would read -max_total_time=0 as "no limit").
if [ "$SECONDS_TO_RUN" = 0 ]; then
    echo "OK: $TARGET built: $BIN"
    exit 0
fi

# -malloc_limit_mb: a single allocation above 64 MiB is a finding at once, with its stack (the
# bodies' allocation meter checks the total live bytes per input against a smaller budget).
LOG="$WORK/fuzz.log"
FUZZ_ARGS=("$WORK/corpus" "$WORK/seeds"
    -dict="$WORK/$TARGET.dict"
    -max_total_time="$SECONDS_TO_RUN"
    -timeout=10
    -rss_limit_mb=2048
    -malloc_limit_mb=64
    -max_len=140000
    -print_final_stats=1
    -artifact_prefix="$FINDINGS/"
    "$@")
# Progress is for terminals: libFuzzer's status lines (#N ... exec/s) redrawn on one line when
# stderr is a terminal and CI is unset; otherwise the whole output goes to the log only, and a
# failure prints its end. RONGWIRE_PROGRESS=1 or 0 forces it, as for the rongwire CLI.
show_progress() {
    if [ -n "${RONGWIRE_PROGRESS:-}" ]; then [ "$RONGWIRE_PROGRESS" != 0 ]; return; fi
    [ -z "${CI:-}" ] && [ -t 2 ] && [ "${TERM:-}" != dumb ]
}
set +e
if show_progress; then
    "$BIN" "${FUZZ_ARGS[@]}" 2>&1 | tee "$LOG" | while IFS= read -r line; do
        case "$line" in
            "#"*) printf '\r\033[K%s' "${line:0:110}" >&2 ;;
        esac
    done
    STATUS=${PIPESTATUS[0]}
    printf '\r\033[K' >&2
else
    "$BIN" "${FUZZ_ARGS[@]}" > "$LOG" 2>&1
    STATUS=$?
fi
set -e
if [ "$STATUS" -ne 0 ]; then
    echo "--- the end of $LOG:" >&2
    tail -n 80 "$LOG" >&2
fi
if grep -q "Is the code instrumented for coverage" "$LOG"; then
    echo "FAIL: libFuzzer sees no coverage instrumentation" >&2
    exit 1
fi
if ! grep -q "allocation meter on" "$LOG"; then
    echo "FAIL: the allocation meter is off (the limit invariant was not checked)" >&2
    exit 1
fi
if [ "$STATUS" -ne 0 ]; then
    echo "FAIL: $TARGET finding in $FINDINGS (libFuzzer exit $STATUS)" >&2
    exit 1
fi
FINAL=$(grep -E "^#[0-9]+[[:space:]]+DONE" "$LOG" | tail -1)
RATE=$(sed -n 's/^stat::average_exec_per_sec:[[:space:]]*//p' "$LOG" | tail -1)
echo "OK: $TARGET ran ${SECONDS_TO_RUN}s without a finding: ${FINAL:-no DONE line} (${RATE:-?} exec/s)"
