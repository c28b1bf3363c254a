#!/usr/bin/env bash
# Builds the page into web/dist/: crates/web compiled to WebAssembly, wasm-bindgen's
# JavaScript glue beside it, and the static files of web/static/. Serve web/dist/ with any
# static file server (python3 -m http.server -d web/dist) and open it.
#
# Needs the Rust toolchain only: the wasm32 target is added through rustup when missing, and
# the wasm-bindgen command, which must be the very version of the library in Cargo.lock, is
# installed into target/wasm-bindgen-VERSION/ (never over one of your own) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
if [ -z "$version" ]; then
    echo "web/build.sh: no wasm-bindgen in Cargo.lock" >&2
    exit 1
fi
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
bindgen=wasm-bindgen
if ! command -v wasm-bindgen >/dev/null || [ "$(wasm-bindgen --version)" != "wasm-bindgen $version" ]; then
    tools="$PWD/target/wasm-bindgen-$version"
    bindgen="$tools/bin/wasm-bindgen"
    if [ ! -x "$bindgen" ]; then
        # A debug build: it compiles in under a minute instead of nine, and it only rewrites
        # one small module.
        cargo install wasm-bindgen-cli --version "$version" --debug --root "$tools"
    fi
fi

# WebAssembly's 128-bit SIMD (every browser since 2021): the choice of item scans the list
# lengths 16 at a time, as AVX2 does natively.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128"
cargo build -p dlx-web --lib --target wasm32-unknown-unknown --profile web
out=web/dist
staging=$(mktemp -d "web/.dist.XXXXXX")
trap 'rm -rf "$staging"' EXIT
chmod 755 "$staging"
"$bindgen" --target web --no-typescript --remove-name-section --remove-producers-section --out-dir "$staging" \
    target/wasm32-unknown-unknown/web/dlx_web.wasm
cp web/static/* "$staging/"
# The new page replaces the old only once it is whole.
rm -rf "$out"
mv "$staging" "$out"
trap - EXIT
wasm="$out/dlx_web_bg.wasm"
echo "web/build.sh: $out/index.html ready ($(wc -c < "$wasm") bytes of WebAssembly, $(gzip -9 < "$wasm" | wc -c) gzipped)"
