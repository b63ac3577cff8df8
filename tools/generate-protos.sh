#!/usr/bin/env bash
# tools/generate-protos.sh - regenerate (or check) the Swift code for spec/rongcloud.proto
#
#   tools/generate-protos.sh           writes both copies below, and the BodyType tables
#   tools/generate-protos.sh --check   regenerates into a temporary directory and diffs with the
#                                      committed files; exit 1 when one differs
#
# Also writes Sources/RongEnvelope/Bodies/Generated/BodyType+Generated.swift (the BodyType enum,
# one case per message, and every field's number, label and type) with
# tools/generate-body-types.py, which needs only python3.
#
# Two copies of the same code: Sources/RongEnvelope/Bodies/Generated/rongcloud.pb.swift at
# `package` visibility (RongEnvelope's public API never shows a generated type; RongPeer and the
# tests use them inside the package), and tools/benchmarks/Sources/BenchProtos/rongcloud.pb.swift
# at `public` visibility, for the benchmarks, a separate package that cannot see `package`
# symbols and whose SwiftProtobuf baseline must run the very code RongEnvelope runs.
#
# Needs `protoc` (Debian's protobuf-compiler; installed with apt-get when missing and running as
# root) and the `protoc-gen-swift` plugin, built once from swift-protobuf at the version below
# into .build-protoc/ (gitignored; the first build takes a few minutes). Set PROTOC_GEN_SWIFT to
# use a plugin built elsewhere. The output is post-processed (unchecked_storage below).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
# Keep in step with the swift-protobuf requirement in Package.swift: the generated code and the
# runtime library must come from the same release line.
swift_protobuf_version=${SWIFT_PROTOBUF_VERSION:-1.39.0}
scratch="$root/.build-protoc"
proto_dir="$root/spec"
proto_file="rongcloud.proto"
out_file="rongcloud.pb.swift"
# Where each copy goes (relative to the repository root) and its protoc-gen-swift options.
targets=(
  "Sources/RongEnvelope/Bodies/Generated|Visibility=Package,UseAccessLevelOnImports=true"
  "tools/benchmarks/Sources/BenchProtos|Visibility=Public"
)

mode=generate
case "${1:-}" in
  "") ;;
  --check) mode=check ;;
  -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

ensure_protoc() {
  command -v protoc >/dev/null 2>&1 && return
  if [ "$(id -u)" -ne 0 ]; then
    echo "protoc is missing; install Debian's protobuf-compiler (apt-get install protobuf-compiler)" >&2
    exit 1
  fi
  echo "== installing protobuf-compiler" >&2
  apt-get update >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y protobuf-compiler >&2
}

plugin="${PROTOC_GEN_SWIFT:-$scratch/build/release/protoc-gen-swift}"

ensure_plugin() {
  [ -x "$plugin" ] && return
  echo "== building protoc-gen-swift $swift_protobuf_version (once, into .build-protoc/)" >&2
  mkdir -p "$scratch"
  if [ ! -d "$scratch/swift-protobuf" ]; then
    git clone --quiet --branch "$swift_protobuf_version" \
      https://github.com/apple/swift-protobuf.git "$scratch/swift-protobuf"
  fi
  swift build -c release --product protoc-gen-swift \
    --package-path "$scratch/swift-protobuf" --scratch-path "$scratch/build" >&2
}

# generate_into DIR OPTIONS: writes DIR/rongcloud.pb.swift.
generate_into() {
  mkdir -p "$1"
  protoc --plugin=protoc-gen-swift="$plugin" \
    --swift_opt="$2" \
    --swift_out="$1" \
    -I "$proto_dir" "$proto_dir/$proto_file"
  unchecked_storage "$1/$out_file"
}

# The stored properties of the generated _StorageClass (UpStreamMessage, DownStreamMessage) get
# @exclusivity(unchecked): every field decode is an inout access to a class property, and its
# dynamic exclusivity check was a third of a PUBLISH body decode (tools/benchmarks). The storage
# is reached only through the message struct's copy-on-write accessors, which never overlap two
# accesses, and Sendable checking rules out concurrent mutation.
unchecked_storage() {
  awk '
    /^  fileprivate class _StorageClass \{$/ { inside = 1; print; next }
    inside && /^    var _/ { sub(/^    var _/, "    @exclusivity(unchecked) var _"); print; next }
    inside && /^$/ { inside = 0 }
    { print }
  ' "$1" > "$1.tmp"
  mv "$1.tmp" "$1"
  grep -q "@exclusivity(unchecked) var _" "$1" || { echo "generate-protos.sh: no _StorageClass property found to mark" >&2; exit 1; }
}

ensure_protoc
ensure_plugin

tables_dir="Sources/RongEnvelope/Bodies/Generated"
tables_file="BodyType+Generated.swift"

if [ "$mode" = check ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  stale=0
  for target in "${targets[@]}"; do
    dir=${target%%|*}
    generate_into "$tmp/$dir" "${target#*|}"
    if ! diff -u "$root/$dir/$out_file" "$tmp/$dir/$out_file"; then
      echo "error: $dir/$out_file is stale; run tools/generate-protos.sh" >&2
      stale=1
    fi
  done
  python3 "$root/tools/generate-body-types.py" "$tmp/$tables_file"
  if ! diff -u "$root/$tables_dir/$tables_file" "$tmp/$tables_file"; then
    echo "error: $tables_dir/$tables_file is stale; run tools/generate-protos.sh" >&2
    stale=1
  fi
  [ "$stale" = 0 ] || exit 1
  echo "generated code is up to date"
else
  for target in "${targets[@]}"; do
    dir=${target%%|*}
    generate_into "$root/$dir" "${target#*|}"
    echo "wrote $dir/$out_file"
  done
  python3 "$root/tools/generate-body-types.py" "$root/$tables_dir/$tables_file"
  echo "wrote $tables_dir/$tables_file"
fi
