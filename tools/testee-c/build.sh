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

# protoc-c, the protobuf-c runtime (libprotobuf-c-dev: headers, library, protobuf-c.proto) and
# google/protobuf/descriptor.proto, which protobuf-c.proto imports (libprotobuf-dev). Installed
# only when missing; apt-get needs root, as in CI.
packages=(protobuf-c-compiler libprotobuf-c-dev libprotobuf-dev)
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
# The schema as written: the declared type of every field.
protoc-c --proto_path="$ROOT/spec" --c_out="$GEN" "$ROOT/spec/rongcloud.proto"
# The same schema with every string field marked string_as_bytes, under the C package
# ModulesWire: protobuf-c keeps a string as a NUL-terminated char * and packs it with strlen, so
# a string holding U+0000 would be cut; as bytes it keeps its length (see src/body.c).
sed -E \
    -e 's/^(\s*(optional|required|repeated)\s+string\s+\w+\s*=\s*[0-9]+)\s*;/\1 [(pb_c_field).string_as_bytes = true];/' \
    -e 's|^package Modules;$|package Modules;\nimport "protobuf-c/protobuf-c.proto";\noption (pb_c_file).c_package = "ModulesWire";|' \
    "$ROOT/spec/rongcloud.proto" >"$GEN/rongcloud_wire.proto"
protoc-c --proto_path=/usr/include --proto_path="$GEN" --c_out="$GEN" "$GEN/rongcloud_wire.proto"
if grep -q PROTOBUF_C_TYPE_STRING "$GEN/rongcloud_wire.pb-c.c"; then
    echo "build.sh: a string field was not turned into bytes in $GEN/rongcloud_wire.proto" >&2
    exit 1
fi
# Every message descriptor of both, so body.c needs no hand-kept list (body_init checks that
# the two lists match field by field).
for h in rongcloud rongcloud_wire; do
    inc=$GEN/descriptors${h#rongcloud}.inc
    sed -n 's/^extern const ProtobufCMessageDescriptor \([a-z0-9_]*\);$/\&\1,/p' "$GEN/$h.pb-c.h" >"$inc"
    if [ ! -s "$inc" ]; then
        echo "build.sh: no message descriptors found in $GEN/$h.pb-c.h" >&2
        exit 1
    fi
done

SOURCES=("$HERE"/src/*.c "$GEN/rongcloud.pb-c.c" "$GEN/rongcloud_wire.pb-c.c")
FLAGS=(-std=c99 -Wall -Wextra -Werror -I"$HERE/src" -I"$GEN")
LIBS=(-lprotobuf-c)

"$CC" "${FLAGS[@]}" -O2 -o "$BUILD/rongwire-testee-c" "${SOURCES[@]}" "${LIBS[@]}"
"$CC" "${FLAGS[@]}" -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all \
    -o "$BUILD/rongwire-testee-c-asan" "${SOURCES[@]}" "${LIBS[@]}"
shown=${BUILD#"$ROOT"/}
echo "built $shown/rongwire-testee-c and $shown/rongwire-testee-c-asan"
