#!/bin/sh
# Trunk pre-build hook: the console's one stylesheet, written to target/console.css before Trunk
# reads index.html. One file rather than four: each stylesheet blocks the first render. The
# widgets' stylesheet (components.css) stays a file of its own for host pages, and the sources stay
# apart by purpose: the shell and theme, the shared components, and the families of pages.
set -eu
cd "$TRUNK_SOURCE_DIR"
mkdir -p target
out=target/console.css
tmp="$out.tmp"
cat static/style.css static/components.css static/search-pages.css static/stats-pages.css \
  static/analysis-pages.css > "$tmp"
# Rewriting an unchanged file would look like an edit to `trunk serve`'s watcher.
if cmp -s "$tmp" "$out"; then rm "$tmp"; else mv "$tmp" "$out"; fi
