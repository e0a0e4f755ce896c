#!/bin/sh
# Run by post-build.sh (Trunk's post-build hook) before files are named: in release builds, the
# wasm-bindgen glue of the console and the widgets, the console's loader (boot.js) and the widgets'
# stylesheet minified with esbuild (installed by `cargo xtask setup`), about 1.6 KiB less after
# brotli for each glue file, 0.7 KiB for the loader and 1 KiB for the stylesheet. None of these
# files carries an `integrity` attribute; the console's stylesheet, which does, is minified by
# console-css.sh before Trunk hashes it.
set -eu
[ "${TRUNK_PROFILE:-}" = release ] || exit 0
if ! command -v esbuild > /dev/null; then
  echo "minify: esbuild is not on PATH; release builds run through cargo xtask build" >&2
  exit 1
fi
cd "$TRUNK_STAGING_DIR"
for f in chanscope-*.js boot.js components.css; do
  if [ ! -f "$f" ]; then
    echo "minify: the build has no $f" >&2
    exit 1
  fi
  esbuild "$f" --minify --log-level=warning --outfile="$f.min"
  mv "$f.min" "$f"
done
