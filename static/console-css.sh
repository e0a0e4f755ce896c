#!/bin/sh
# Trunk pre-build hook: the console's one stylesheet, written to target/console.css before Trunk
# reads index.html. One file rather than four: each stylesheet blocks the first render. The
# widgets' stylesheet (components.css) stays a file of its own for host pages, and the sources stay
# apart by purpose: the shell and theme, the shared components, and the families of pages.
# Release builds minify it with esbuild (installed by `cargo xtask setup`): a quarter fewer bytes
# after brotli. Trunk hashes the file and sets its `integrity` after this hook, so it is minified
# here, never later.
set -eu
cd "$TRUNK_SOURCE_DIR"
mkdir -p target
out=target/console.css
joined=target/console.joined.css
tmp="$out.tmp"
cat static/style.css static/components.css static/search-pages.css static/stats-pages.css \
  static/analysis-pages.css > "$joined"
if [ "${TRUNK_PROFILE:-}" = release ]; then
  if ! command -v esbuild > /dev/null; then
    echo "console-css: esbuild is not on PATH; release builds run through cargo xtask build" >&2
    exit 1
  fi
  esbuild "$joined" --minify --log-level=warning --outfile="$tmp"
else
  cp "$joined" "$tmp"
fi
rm "$joined"
# Rewriting an unchanged file would look like an edit to `trunk serve`'s watcher.
if cmp -s "$tmp" "$out"; then rm "$tmp"; else mv "$tmp" "$out"; fi
