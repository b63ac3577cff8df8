#!/usr/bin/env bash
# Builds a `rongwire` that runs without a Swift toolchain: release mode with the Swift standard
# library and Foundation linked statically, smoke-tested, and packed with the vectors, the spec,
# shell completions, a manual page and a checksum.
#
#   tools/release/build.sh [--out DIR]       (default: .build-release/dist)
#
# Writes DIR/rongwire-VERSION-linux-ARCH.tar.gz and DIR/rongwire-VERSION-linux-ARCH.tar.gz.sha256.
# What the binary still links dynamically (`ldd`) is printed and written to the tarball's
# DEPENDENCIES.txt: libc, libm, libstdc++ and libgcc_s (measured 2026-11-26), which every glibc
# Linux has; the Swift runtime and Foundation are inside the binary.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
OUT="$ROOT/.build-release/dist"
while [ $# -gt 0 ]; do
    case "$1" in
        --out) [ $# -ge 2 ] || { echo "build.sh: --out needs a folder" >&2; exit 64; }; OUT=$2; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "build.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
    esac
done
mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)

echo "== building rongwire (release, --static-swift-stdlib)"
swift build -c release --product rongwire --static-swift-stdlib
BIN="$(swift build -c release --static-swift-stdlib --show-bin-path)/rongwire"

VERSION=$("$BIN" --version)
ARCH=$(uname -m)
NAME="rongwire-$VERSION-linux-$ARCH"
STAGE="$OUT/$NAME"
rm -rf "$STAGE" && mkdir -p "$STAGE/bin" "$STAGE/completions"
cp "$BIN" "$STAGE/bin/rongwire"
strip "$STAGE/bin/rongwire" 2>/dev/null || true
cp -R vectors spec docs "$STAGE/"
cp README.md "$STAGE/"

echo "== what the binary still links dynamically"
ldd "$STAGE/bin/rongwire" | tee "$STAGE/DEPENDENCIES.txt"
if grep -E "libswift|libFoundation|lib_FoundationICU|libdispatch|libBlocksRuntime" "$STAGE/DEPENDENCIES.txt"; then
    echo "FAIL: the binary still needs a Swift runtime library" >&2
    exit 1
fi

echo "== completions (argument-parser)"
for shell in bash zsh fish; do
    "$STAGE/bin/rongwire" --generate-completion-script "$shell" > "$STAGE/completions/rongwire.$shell"
done

echo "== manual page (argument-parser's generate-manual plugin, from the release build)"
swift package --disable-sandbox generate-manual --configuration release >/dev/null
mkdir -p "$STAGE/man/man1"
cp .build/plugins/GenerateManual/outputs/rongwire/rongwire.1 "$STAGE/man/man1/rongwire.1"

echo "== smoke test: no toolchain on PATH, no Swift library path, from the staged folder"
SMOKE=$(mktemp -d)
trap 'rm -rf "$SMOKE"; [ -n "${PEER_PID:-}" ] && kill "$PEER_PID" 2>/dev/null || true' EXIT
cp -R "$STAGE" "$SMOKE/rw"
(
    cd "$SMOKE/rw"
    env -i PATH=/usr/bin:/bin HOME="$SMOKE" ./bin/rongwire conform vectors --spec spec | tail -1
)
env -i PATH=/usr/bin:/bin HOME="$SMOKE" "$SMOKE/rw/bin/rongwire" peer --port 0 --log-level warning > "$SMOKE/peer.out" 2>&1 &
PEER_PID=$!
for _ in $(seq 100); do grep -q "listening on" "$SMOKE/peer.out" 2>/dev/null && break; sleep 0.1; done
grep "listening on" "$SMOKE/peer.out" || { echo "FAIL: the static peer did not start" >&2; cat "$SMOKE/peer.out" >&2; exit 1; }
kill "$PEER_PID"; wait "$PEER_PID" 2>/dev/null || true; PEER_PID=""

echo "== packing"
tar -C "$OUT" -czf "$OUT/$NAME.tar.gz" "$NAME"
(cd "$OUT" && sha256sum "$NAME.tar.gz" > "$NAME.tar.gz.sha256")
ls -l "$OUT/$NAME.tar.gz"
cat "$OUT/$NAME.tar.gz.sha256"
