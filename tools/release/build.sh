#!/usr/bin/env bash
# Builds a `rongwire` that runs without a Swift toolchain: release mode with the Swift standard
# library and Foundation linked statically, smoke-tested, and packed with the vectors, the spec,
# shell completions, a manual page and a checksum; and the C library librongwire (shared and
# static, the Swift runtime inside, with its header and pkg-config file) and the Python wheel
# that bundles it, both smoke-tested.
#
#   tools/release/build.sh [--out DIR]       (default: .build-release/dist)
#
# Writes DIR/rongwire-VERSION-linux-ARCH.tar.gz, DIR/librongwire-VERSION-linux-ARCH.tar.gz,
# DIR/rongwire-VERSION-py3-none-linux_ARCH.whl and a .sha256 beside each. What the binary and
# the library still link dynamically (`ldd`) is printed and written to DEPENDENCIES.txt: libc,
# libm, libstdc++ and libgcc_s (measured 2026-11-26), which every glibc Linux has; the Swift
# runtime and Foundation are inside.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
OUT="$ROOT/.build-release/dist"
while [ $# -gt 0 ]; do
    case "$1" in
        --out) [ $# -ge 2 ] || { echo "build.sh: --out needs a folder" >&2; exit 64; }; OUT=$2; shift 2 ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "build.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
    esac
done
mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
# The library's smoke test builds the C test through pkg-config with gcc, and the wheel is
# written and installed with Python and pip: Debian packages, installed when missing (the swift
# container images have none of gcc, python3 and pip).
missing=()
for p in pkg-config gcc libc6-dev python3 python3-pip; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})) && ! { command -v cc && command -v pkg-config && python3 -m pip --version; } >/dev/null 2>&1; then
    echo "installing ${missing[*]}"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi

echo "== building rongwire (release, --static-swift-stdlib)"
swift build -c release --product rongwire --static-swift-stdlib
RELEASE_BIN=$(swift build -c release --static-swift-stdlib --show-bin-path)
BIN="$RELEASE_BIN/rongwire"

VERSION=$("$BIN" --version)
ARCH=$(uname -m)
NAME="rongwire-$VERSION-linux-$ARCH"
STAGE="$OUT/$NAME"
rm -rf "$STAGE" && mkdir -p "$STAGE/bin" "$STAGE/completions"

# ---------------------------------------------------------------------------------------------
# librongwire: the C interface (Sources/CRongWire/include/rongwire.h) as a shared and a static
# library with the Swift runtime inside, and the Python wheel that bundles the shared one.

LIBNAME="librongwire-$VERSION-linux-$ARCH"
LIBSTAGE="$OUT/$LIBNAME"
rm -rf "$LIBSTAGE" && mkdir -p "$LIBSTAGE/lib/pkgconfig" "$LIBSTAGE/include"
grep -q "^#define RONGWIRE_VERSION \"$VERSION\"$" Sources/CRongWire/include/rongwire.h ||
    { echo "FAIL: RONGWIRE_VERSION in rongwire.h is not rongwire --version ($VERSION)" >&2; exit 1; }
grep -q "^__version__ = \"$VERSION\"$" bindings/python/rongwire/__init__.py ||
    { echo "FAIL: __version__ in bindings/python/rongwire/__init__.py is not $VERSION" >&2; exit 1; }

echo "== librongwire.so (release, the Swift runtime linked in, only rongwire_* exported)"
# SwiftPM links the Swift runtime statically into executables only (--static-swift-stdlib; its
# link of the .dynamic product fails on -lCoreFoundation), so both libraries are made here from
# the RongWireCStatic archive of the same build, joined first into one relocatable object: the
# static runtime's link arguments (-static-stdlib) hide every archive's symbols
# (--exclude-libs ALL), an object's stay global. This must come before the manual page below,
# whose plugin build recompiles the objects without --static-swift-stdlib.
swift build -c release --static-swift-stdlib --product RongWireCStatic
PRELINK=$(mktemp -d)
ld -r -o "$PRELINK/rongwirec.o" --whole-archive "$RELEASE_BIN/libRongWireCStatic.a" --no-whole-archive
swiftc -emit-library -static-stdlib -target "$ARCH-unknown-linux-gnu" -o "$LIBSTAGE/lib/librongwire.so" \
    "$PRELINK/rongwirec.o" -Xlinker -z -Xlinker defs \
    -Xlinker -soname=librongwire.so -Xlinker "--version-script=$ROOT/tools/release/librongwire.map" \
    2> >(grep -v "the use of .mktemp. is dangerous" >&2)
strip --strip-unneeded "$LIBSTAGE/lib/librongwire.so"
ldd "$LIBSTAGE/lib/librongwire.so" | tee "$LIBSTAGE/DEPENDENCIES.txt"
if grep -E "libswift|libFoundation|lib_FoundationICU|libdispatch|libBlocksRuntime" "$LIBSTAGE/DEPENDENCIES.txt"; then
    echo "FAIL: librongwire.so still needs a Swift runtime library" >&2
    exit 1
fi
exported=$(nm -D --defined-only "$LIBSTAGE/lib/librongwire.so" | awk '$2 == "T" { print $3 }' | sort | tr '\n' ' ')
echo "exported: $exported"
if nm -D --defined-only "$LIBSTAGE/lib/librongwire.so" | awk '$2 ~ /[TDBVW]/ { print $3 }' | grep -v '^rongwire_'; then
    echo "FAIL: librongwire.so exports symbols other than rongwire_*" >&2
    exit 1
fi
# Every function of the header is exported.
for f in $(grep -o '\brongwire_[a-z_]*(' Sources/CRongWire/include/rongwire.h | tr -d '(' | sort -u); do
    case " $exported " in *" $f "*) ;; *) echo "FAIL: librongwire.so does not export $f" >&2; exit 1 ;; esac
done

echo "== librongwire.a (one relocatable object: the library, the Swift runtime and Foundation; only rongwire_* global)"
SWIFT_STATIC="$(dirname "$(readlink -f "$(command -v swift)")")/../lib/swift_static/linux"
# ld -r pulls from the runtime's archives only the members the library needs; the group lets
# members pulled late resolve symbols of archives listed earlier. swiftrt.o registers the
# object's Swift metadata sections at load, as it does for an executable.
ld -r -o "$PRELINK/rongwire.o" "$PRELINK/rongwirec.o" \
    "$SWIFT_STATIC/$ARCH/swiftrt.o" --start-group "$SWIFT_STATIC"/lib*.a --end-group
if nm -u "$PRELINK/rongwire.o" | grep -q ' U \$s'; then
    echo "FAIL: Swift symbols left undefined in librongwire.a:" >&2
    nm -u "$PRELINK/rongwire.o" | grep ' U \$s' | head >&2
    exit 1
fi
objcopy --wildcard --keep-global-symbol='rongwire_*' --strip-debug "$PRELINK/rongwire.o" "$PRELINK/librongwire.o"
rm -f "$LIBSTAGE/lib/librongwire.a"
ar rcs "$LIBSTAGE/lib/librongwire.a" "$PRELINK/librongwire.o"
rm -rf "$PRELINK"

cp Sources/CRongWire/include/rongwire.h "$LIBSTAGE/include/"
sed "s/@VERSION@/$VERSION/" bindings/c/rongwire.pc.in > "$LIBSTAGE/lib/pkgconfig/rongwire.pc"
cp bindings/c/README.md "$LIBSTAGE/README.md"
ls -l "$LIBSTAGE/lib"

# librongwire's smoke test and packing, before the rongwire tarball's manual page (whose build
# replaces the release objects).

echo "== the Python wheel (bundles librongwire.so)"
WHEEL=$(python3 bindings/python/build_wheel.py --lib "$LIBSTAGE/lib/librongwire.so" --out "$OUT")
ls -l "$WHEEL"

echo "== smoke test: the C test through pkg-config, against each library; the corpus through each"
LIBSMOKE=$(mktemp -d)
trap 'rm -rf "$LIBSMOKE"' EXIT
cp -R "$LIBSTAGE" "$LIBSMOKE/lib-rw"
export PKG_CONFIG_PATH="$LIBSMOKE/lib-rw/lib/pkgconfig"
TESTEE_C=tools/testee-c/src
CTEST_SOURCES=(bindings/c/test/rongwire-test.c "$TESTEE_C/json.c" "$TESTEE_C/region.c" "$TESTEE_C/buf.c")
# The shared library, found through its rpath; the static one, with pkg-config's private libs.
# shellcheck disable=SC2046
cc -std=c11 -O1 -I"$TESTEE_C" $(pkg-config --cflags rongwire) -o "$LIBSMOKE/rongwire-test-shared" "${CTEST_SOURCES[@]}" \
    $(pkg-config --libs rongwire) -Wl,-rpath,"$LIBSMOKE/lib-rw/lib" -lpthread
# shellcheck disable=SC2046
cc -std=c11 -O1 -I"$TESTEE_C" $(pkg-config --cflags rongwire) -o "$LIBSMOKE/rongwire-test-static" "${CTEST_SOURCES[@]}" \
    "$LIBSMOKE/lib-rw/lib/librongwire.a" $(pkg-config --static --libs-only-l rongwire | sed 's/-lrongwire//') -lpthread
ldd "$LIBSMOKE/rongwire-test-static" | grep -E "libswift|rongwire" && { echo "FAIL: the static test links a Swift or rongwire library" >&2; exit 1; }
for kind in shared static; do
    env -i PATH=/usr/bin:/bin "$LIBSMOKE/rongwire-test-$kind" selftest
    env -i PATH=/usr/bin:/bin "$BIN" conform vectors --testee "$LIBSMOKE/rongwire-test-$kind testee" | tail -1
done
# The wheel installed without a network or a compiler, then its testee over the whole corpus.
python3 -m pip install --quiet --no-index --no-deps --target "$LIBSMOKE/site" "$WHEEL"
cp bindings/python/rongwire_testee.py "$LIBSMOKE/"
env -i PATH=/usr/bin:/bin PYTHONPATH="$LIBSMOKE/site" python3 -c \
    'import rongwire; print("wheel:", rongwire.version(), rongwire.decode_content("RC:TxtMsg", b"{\"content\":\"hi\"}"))'
env -i PATH=/usr/bin:/bin PYTHONPATH="$LIBSMOKE/site" "$BIN" conform vectors --testee "python3 $LIBSMOKE/rongwire_testee.py" | tail -1

echo "== packing librongwire"
tar -C "$OUT" -czf "$OUT/$LIBNAME.tar.gz" "$LIBNAME"
(cd "$OUT" && sha256sum "$LIBNAME.tar.gz" > "$LIBNAME.tar.gz.sha256" && sha256sum "$(basename "$WHEEL")" > "$(basename "$WHEEL").sha256")
ls -l "$OUT/$LIBNAME.tar.gz" "$WHEEL"
cat "$OUT/$LIBNAME.tar.gz.sha256" "$WHEEL.sha256"

# ---------------------------------------------------------------------------------------------
# The rongwire tarball.

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
trap 'rm -rf "$SMOKE" "$LIBSMOKE"; [ -n "${PEER_PID:-}" ] && kill "$PEER_PID" 2>/dev/null || true' EXIT
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
