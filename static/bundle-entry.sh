#!/bin/sh
# Run by post-build.sh as `bundle-entry.sh NAME`: a bundle of the console besides the tools'
# (`chanscope-NAME`; see `app::Bundle`). Trunk builds it beside the console but leaves its names
# unhashed and loads nothing of it, so this names its files by content hash (hash-bundle.sh) and
# writes those names into the boot tag of `index.html` (`data-NAME-js`, `data-NAME-wasm`), where
# `static/boot.js` reads them for the bundle's pages.
set -eu
name=$1
cd "$TRUNK_STAGING_DIR"
names=$(sh "$TRUNK_SOURCE_DIR/static/hash-bundle.sh" "chanscope-$name")
js=${names% *}
wasm=${names#* }
base="${TRUNK_PUBLIC_URL:-/}"
if ! grep -q 'data-chanscope-boot ' index.html; then
  echo "bundle-entry: index.html has no boot tag (data-chanscope-boot)" >&2
  exit 1
fi
sed -i "s|data-chanscope-boot |data-chanscope-boot data-$name-js=\"$base$js\" data-$name-wasm=\"$base$wasm\" |" index.html
