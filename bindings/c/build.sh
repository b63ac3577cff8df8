#!/usr/bin/env bash
# bindings/c/build.sh - builds the C test of librongwire (bindings/c/test/rongwire-test.c) with
# AddressSanitizer and UndefinedBehaviorSanitizer, against a built library.
#
#   bindings/c/build.sh [LIBDIR]     LIBDIR holds libRongWireC.so (default: the debug build's
#                                    folder, `swift build --show-bin-path`) or librongwire.so
#
# Output (git ignores it): bindings/c/build/rongwire-test, linked with an rpath to LIBDIR. Run
#   bindings/c/build/rongwire-test selftest
#   rongwire conform vectors --testee "bindings/c/build/rongwire-test testee"
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
LIBDIR=${1:-$(cd "$ROOT" && swift build --show-bin-path)}
LIBDIR=$(cd "$LIBDIR" && pwd)
CC=${CC:-cc}
# A C compiler with the sanitizers' runtimes (gcc brings libasan and libubsan) and libc's
# headers; installed only when missing (apt-get needs root, as in CI).
missing=()
for p in gcc libc6-dev; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    echo "installing ${missing[*]}"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi
if [ -e "$LIBDIR/librongwire.so" ]; then LIB=rongwire; else LIB=RongWireC; fi
[ -e "$LIBDIR/lib$LIB.so" ] || { echo "build.sh: no libRongWireC.so or librongwire.so in $LIBDIR (swift build --product RongWireC)" >&2; exit 1; }
mkdir -p "$HERE/build"
# The request reader is the C testee's (tools/testee-c/src): JSON, its region allocator, buffers.
TESTEE_C=$ROOT/tools/testee-c/src
"$CC" -std=c11 -Wall -Wextra -Werror -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
    -fno-sanitize-recover=all -I"$ROOT/Sources/CRongWire/include" -I"$TESTEE_C" \
    -o "$HERE/build/rongwire-test" "$HERE/test/rongwire-test.c" "$TESTEE_C/json.c" "$TESTEE_C/region.c" "$TESTEE_C/buf.c" \
    -L"$LIBDIR" -l"$LIB" -Wl,-rpath,"$LIBDIR" -lpthread
echo "built ${HERE#"$ROOT"/}/build/rongwire-test against $LIBDIR/lib$LIB.so"
