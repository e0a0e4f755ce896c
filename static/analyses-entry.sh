#!/bin/sh
# Run by post-build.sh: the console's second bundle (`chanscope-analyses`, the analyses and the
# watchlist; see `app::Bundle`). Trunk builds it beside the console but leaves its names unhashed
# and loads nothing of it, so this names its files by content hash (hash-bundle.sh) and writes
# those names into the boot tag of `index.html`, where `static/boot.js` reads them for the
# bundle's pages.
set -eu
cd "$TRUNK_STAGING_DIR"
names=$(sh "$TRUNK_SOURCE_DIR/static/hash-bundle.sh" chanscope-analyses)
js=${names% *}
wasm=${names#* }
base="${TRUNK_PUBLIC_URL:-/}"
if ! grep -q 'data-chanscope-boot ' index.html; then
  echo "analyses-entry: index.html has no boot tag (data-chanscope-boot)" >&2
  exit 1
fi
sed -i "s|data-chanscope-boot |data-chanscope-boot data-analyses-js=\"$base$js\" data-analyses-wasm=\"$base$wasm\" |" index.html
