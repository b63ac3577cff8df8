#!/usr/bin/env bash
# Builds the fuzz targets (release + ASan + libFuzzer coverage), seeds the corpus from vectors/,
# writes a dictionary from the catalog, and runs TARGET for SECONDS with libFuzzer's progress.
#
#   tools/fuzz/run.sh TARGET SECONDS [extra libFuzzer flags]
#   TARGET: content | envelope | message | vector-loader
#
# Findings land in tools/fuzz/findings/TARGET/ (crash-*, timeout-*, oom-*); keep each one with
# tools/fuzz/crash-to-vector.py. Exit status: 0 = no finding, 1 = finding or coverage problem.
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
    *) echo "unknown target $TARGET (content, envelope, message, vector-loader)" >&2; exit 2 ;;
esac

cd "$HERE"
# The working form on Swift 6.3.1: --sanitize=fuzzer alone gives coverage but no ASan, and
# --sanitize=fuzzer --sanitize=address drops the coverage instrumentation.
swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address --product "$EXE" 2>&1 | grep -vE "Cannot export local symbol '__asan" || true
BIN="$HERE/.build/release/$EXE"
[ -x "$BIN" ] || { echo "build of $EXE failed" >&2; exit 1; }

WORK="$HERE/work/$TARGET"
FINDINGS="$HERE/findings/$TARGET"
mkdir -p "$WORK/corpus" "$WORK/seeds" "$FINDINGS"
(cd "$ROOT" && swift build --product rongwire >/dev/null)
RONGWIRE="$(cd "$ROOT" && swift build --show-bin-path)/rongwire"
python3 "$HERE/seed_corpus.py" "$TARGET" "$WORK/seeds" --rongwire "$RONGWIRE"
python3 "$HERE/make_dict.py" "$TARGET" "$WORK/$TARGET.dict" --rongwire "$RONGWIRE"

LOG="$WORK/fuzz.log"
set +e
"$BIN" "$WORK/corpus" "$WORK/seeds" \
    -dict="$WORK/$TARGET.dict" \
    -max_total_time="$SECONDS_TO_RUN" \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -malloc_limit_mb=16 \
    -max_len=140000 \
    -print_final_stats=1 \
    -artifact_prefix="$FINDINGS/" \
    "$@" 2>&1 | tee "$LOG"
STATUS=${PIPESTATUS[0]}
set -e
if grep -q "Is the code instrumented for coverage" "$LOG"; then
    echo "FAIL: libFuzzer sees no coverage instrumentation" >&2
    exit 1
fi
if [ "$STATUS" -ne 0 ]; then
    echo "FAIL: $TARGET finding in $FINDINGS (libFuzzer exit $STATUS)" >&2
    exit 1
fi
echo "OK: $TARGET ran ${SECONDS_TO_RUN}s without a finding"
