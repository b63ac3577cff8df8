#!/bin/bash -eu
# Builds RongWire's fuzz targets the way OSS-Fuzz and ClusterFuzzLite call it.
#
# Environment (set by the infrastructure; set them yourself to test locally):
#   SRC              folder holding the rongwire checkout (SRC/rongwire)
#   OUT              where fuzzers, seed corpora (<fuzzer>_seed_corpus.zip) and dictionaries go
#   WORK             scratch space
#   SANITIZER        address (default) | undefined | coverage
#   FUZZING_ENGINE   libfuzzer (the only engine Swift supports)
#   RONGWIRE         optional: a built rongwire binary (otherwise one is built in WORK)
#
# Local test:  SRC=/tmp/s OUT=/tmp/o WORK=/tmp/w SANITIZER=address FUZZING_ENGINE=libfuzzer build.sh
# (with /tmp/s/rongwire a checkout or a symlink to one).
: "${SRC:?SRC must name the folder holding rongwire/}" "${OUT:?}" "${WORK:?}"
SANITIZER=${SANITIZER:-address}
FUZZING_ENGINE=${FUZZING_ENGINE:-libfuzzer}
if [ "$FUZZING_ENGINE" != "libfuzzer" ]; then
    echo "RongWire's Swift targets support libFuzzer only (FUZZING_ENGINE=$FUZZING_ENGINE)" >&2
    exit 1
fi
case "$SANITIZER" in
    address) FLAGS="-Xswiftc -sanitize=fuzzer,address" ;;
    undefined) FLAGS="-Xswiftc -sanitize=fuzzer,undefined" ;;
    coverage) FLAGS="-Xswiftc -sanitize=fuzzer -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping" ;;
    *) echo "unsupported SANITIZER=$SANITIZER" >&2; exit 1 ;;
esac
REPO="$SRC/rongwire"
FUZZ="$REPO/tools/fuzz"
mkdir -p "$OUT" "$WORK"

# The fuzz targets (all executables of tools/fuzz).
cd "$FUZZ"
# shellcheck disable=SC2086
swift build -c release --sanitize=fuzzer $FLAGS 2>&1 | grep -vE "Cannot export local symbol '__asan" || true
BIN=$(swift build -c release --sanitize=fuzzer $FLAGS --show-bin-path)

# A plain rongwire binary to read the catalog for seeds and dictionaries ($RONGWIRE if given).
if [ -z "${RONGWIRE:-}" ]; then
    (cd "$REPO" && swift build --product rongwire --scratch-path "$WORK/rongwire-build" >/dev/null)
    RONGWIRE="$WORK/rongwire-build/debug/rongwire"
fi

for pair in content:FuzzContent envelope:FuzzEnvelope message:FuzzMessage vector-loader:FuzzVectorLoader; do
    target=${pair%%:*}
    exe=${pair##*:}
    [ -x "$BIN/$exe" ] || continue
    cp "$BIN/$exe" "$OUT/$exe"
    seeds="$WORK/seeds-$target"
    rm -rf "$seeds"
    python3 "$FUZZ/seed_corpus.py" "$target" "$seeds" --rongwire "$RONGWIRE"
    # zip(1) is not on every builder; Python's zipfile is.
    (cd "$seeds" && python3 -m zipfile -c "$OUT/${exe}_seed_corpus.zip" .)
    python3 "$FUZZ/make_dict.py" "$target" "$OUT/$exe.dict" --rongwire "$RONGWIRE"
    printf '[libfuzzer]\nmax_len = 140000\nmalloc_limit_mb = 16\n' > "$OUT/$exe.options"
    echo "built $OUT/$exe"
done
