#!/usr/bin/env bash
# tools/testee-c/build.sh - builds the C testee: a second implementation of the frame kinds of
# spec/testee-protocol.md on protobuf-c.
#
#   tools/testee-c/build.sh          # installs missing Debian packages, then builds
#
# Outputs (BUILD defaults to tools/testee-c/build, which git ignores):
#   $BUILD/rongwire-testee-c         -O2
#   $BUILD/rongwire-testee-c-asan    AddressSanitizer + UndefinedBehaviorSanitizer; any report aborts
#   $BUILD/gen/                      C code protoc-c generates from spec/rongcloud.proto
#
# Run it with:  rongwire conform vectors --testee tools/testee-c/build/rongwire-testee-c-asan
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BUILD=${BUILD:-$HERE/build}
CC=${CC:-cc}

# protoc-c and the protobuf-c runtime (libprotobuf-c-dev: headers, library). Installed only when
# missing; apt-get needs root, as in CI.
packages=(protobuf-c-compiler libprotobuf-c-dev)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    echo "installing ${missing[*]}"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi

GEN=$BUILD/gen
rm -rf "$GEN"
mkdir -p "$GEN"
protoc-c --proto_path="$ROOT/spec" --c_out="$GEN" "$ROOT/spec/rongcloud.proto"
# Every message descriptor of the schema, so body.c needs no hand-kept list.
sed -n 's/^extern const ProtobufCMessageDescriptor \([a-z0-9_]*\);$/\&\1,/p' "$GEN/rongcloud.pb-c.h" >"$GEN/descriptors.inc"
if [ ! -s "$GEN/descriptors.inc" ]; then
    echo "build.sh: no message descriptors found in $GEN/rongcloud.pb-c.h" >&2
    exit 1
fi

SOURCES=("$HERE"/src/*.c "$GEN/rongcloud.pb-c.c")
FLAGS=(-std=c99 -Wall -Wextra -Werror -I"$HERE/src" -I"$GEN")
LIBS=(-lprotobuf-c)

"$CC" "${FLAGS[@]}" -O2 -o "$BUILD/rongwire-testee-c" "${SOURCES[@]}" "${LIBS[@]}"
"$CC" "${FLAGS[@]}" -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all \
    -o "$BUILD/rongwire-testee-c-asan" "${SOURCES[@]}" "${LIBS[@]}"
echo "built $BUILD/rongwire-testee-c and $BUILD/rongwire-testee-c-asan"
