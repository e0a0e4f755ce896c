#!/bin/sh
# Run by post-build.sh: in a debug build (`cargo xtask serve`), Trunk's preloads of the tools'
# module and wasm are taken out of `index.html`. The preview answers every path of the console
# with that one page, so on a page of the analyses the preloads would fetch the tools' debug wasm
# (7.6 MB), unused, and Chromium would warn of it; boot.js then loads each page's own bundle
# alone. Release builds keep them: `cargo xtask build` writes each page of `dist/routes/` with its
# own bundle's preloads (xtask/src/prerender.rs), and the gateway sends each page its own.
set -eu
[ "${TRUNK_PROFILE:-}" = release ] && exit 0
cd "$TRUNK_STAGING_DIR"
before=$(grep -c '<link rel="modulepreload"' index.html || true)
sed -i 's|<link rel="modulepreload"[^>]*><link rel="preload"[^>]*as="fetch"[^>]*>||' index.html
if [ "$before" = 0 ] || grep -q '<link rel="modulepreload"\|as="fetch"' index.html; then
  echo "preview-preloads: index.html does not hold Trunk's two preloads (Trunk.toml's pattern_preload)" >&2
  exit 1
fi
