#!/bin/bash -eu
# Builds RongWire's fuzz targets (tools/fuzz) the way OSS-Fuzz and ClusterFuzzLite call it.
#
# Environment (set by the infrastructure; set them yourself to test locally):
#   SRC              the folder holding the checkout (SRC/rongwire)
#   OUT              where fuzzers, seed corpora (<fuzzer>_seed_corpus.zip), dictionaries and
#                    options go
#   WORK             scratch space: the build happens in WORK/fuzz-build, never in the checkout's
#                    own .build, so every run builds the sources it is given
#   SANITIZER        address (the only sanitizer the Swift targets support; coverage for reports)
#   FUZZING_ENGINE   libfuzzer
#   RONGWIRE         optional: a built rongwire binary, for the catalog the seed and dictionary
#                    scripts read (otherwise one is built in WORK/rongwire-build)
#
# In the base image, precompile_swift sets SWIFTFLAGS for $SANITIZER (and copies the symbolizer);
# elsewhere this script sets the same flags itself. Any failure ends the script with an error:
# a fuzzer that did not build is never skipped.
#
# Local test:  SRC=/tmp/s OUT=/tmp/o WORK=/tmp/w SANITIZER=address FUZZING_ENGINE=libfuzzer \
#              .clusterfuzzlite/build.sh      (with a copy of the repository in /tmp/s/rongwire)
set -o pipefail
: "${SRC:?SRC must name the folder holding rongwire/}" "${OUT:?}" "${WORK:?}"
SANITIZER=${SANITIZER:-address}
FUZZING_ENGINE=${FUZZING_ENGINE:-libfuzzer}
if [ "$FUZZING_ENGINE" != "libfuzzer" ]; then
    echo "RongWire's Swift targets support libFuzzer only (FUZZING_ENGINE=$FUZZING_ENGINE)" >&2
    exit 1
fi
case "$SANITIZER" in
    address | coverage) ;;
    *) echo "unsupported SANITIZER=$SANITIZER (address or coverage)" >&2; exit 1 ;;
esac
REPO="$SRC/rongwire"
FUZZ="$REPO/tools/fuzz"
mkdir -p "$OUT" "$WORK"

if command -v precompile_swift > /dev/null 2>&1; then
    # shellcheck disable=SC1091
    . precompile_swift
else
    # What precompile_swift exports for a package of swift-tools-version 6.1 (tools/fuzz). The
    # form -Xswiftc -sanitize=fuzzer,address keeps libFuzzer's coverage instrumentation on this
    # toolchain; --sanitize=fuzzer --sanitize=address (its SWIFT6_2FLAGS) loses it.
    SWIFTFLAGS="-Xswiftc -parse-as-library -Xswiftc -static-stdlib --static-swift-stdlib"
    if [ "$SANITIZER" = "coverage" ]; then
        SWIFTFLAGS="$SWIFTFLAGS -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping -Xswiftc -sanitize=fuzzer"
    else
        SWIFTFLAGS="$SWIFTFLAGS -Xswiftc -sanitize=fuzzer,$SANITIZER --sanitize=$SANITIZER"
        for f in ${CFLAGS:-}; do SWIFTFLAGS="$SWIFTFLAGS -Xcc=$f"; done
    fi
fi

# Two changes to those flags, both checked by CI (a fuzzer that runs must say "allocation meter
# on" and must not warn about missing coverage):
# - no -parse-as-library: the targets have a main.swift, whose entry point SwiftPM renames and
#   links (<Target>_main); with the flag the link fails with that symbol undefined;
# - SwiftPM's own --sanitize=fuzzer: only then does SwiftPM leave `main` to libFuzzer. With
#   -Xswiftc -sanitize=fuzzer alone it links the main.swift entry point, and the "fuzzer" runs
#   nothing and exits 0.
SWIFTFLAGS="${SWIFTFLAGS//-Xswiftc -parse-as-library/}"
if [ "$SANITIZER" != "coverage" ]; then SWIFTFLAGS="--sanitize=fuzzer $SWIFTFLAGS"; fi

# The fuzz targets: every executable of tools/fuzz, built fresh in WORK.
FUZZERS="content:FuzzContent envelope:FuzzEnvelope message:FuzzMessage vector-loader:FuzzVectorLoader peer-loader:FuzzPeerLoader control:FuzzControl wire:FuzzWire options:FuzzOptions nim:FuzzNIM"
SCRATCH="$WORK/fuzz-build"
cd "$FUZZ"
# shellcheck disable=SC2086
BIN=$(swift build -c release $SWIFTFLAGS --scratch-path "$SCRATCH" --show-bin-path)
for pair in $FUZZERS; do rm -f "$BIN/${pair##*:}"; done
# shellcheck disable=SC2086
swift build -c release $SWIFTFLAGS --scratch-path "$SCRATCH" 2>&1 | { grep -vE "Cannot export local symbol '__asan" || true; }

# A plain rongwire binary to read the catalog for seeds and dictionaries ($RONGWIRE if given).
if [ -z "${RONGWIRE:-}" ]; then
    (cd "$REPO" && swift build --product rongwire --scratch-path "$WORK/rongwire-build")
    RONGWIRE="$WORK/rongwire-build/debug/rongwire"
fi

for pair in $FUZZERS; do
    target=${pair%%:*}
    exe=${pair##*:}
    if [ ! -x "$BIN/$exe" ]; then
        echo "FAIL: $exe was not built" >&2
        exit 1
    fi
    cp "$BIN/$exe" "$OUT/$exe"
    seeds="$WORK/seeds-$target"
    rm -rf "$seeds"
    python3 "$FUZZ/seed_corpus.py" "$target" "$seeds" --rongwire "$RONGWIRE"
    # zip(1) is not on every builder; Python's zipfile is.
    rm -f "$OUT/${exe}_seed_corpus.zip"
    (cd "$seeds" && python3 -m zipfile -c "$OUT/${exe}_seed_corpus.zip" .)
    python3 "$FUZZ/make_dict.py" "$target" "$OUT/$exe.dict" --rongwire "$RONGWIRE"
    # As tools/fuzz/run.sh: inputs up to the content limit plus an envelope; one allocation above
    # 64 MiB is a finding at once (the bodies meter the total per input themselves).
    printf '[libfuzzer]\nmax_len = 140000\nmalloc_limit_mb = 64\n' > "$OUT/$exe.options"
    echo "built $OUT/$exe"
done
