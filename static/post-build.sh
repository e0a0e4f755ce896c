#!/bin/sh
# Trunk's post-build hook (one hook: Trunk runs the hooks of one stage at the same time, and these
# steps must follow each other): the release build's glue minified (minify.sh), then the widgets'
# entry `embed.js` (embed-entry.sh) and the console's bundles besides the tools', the analyses'
# and the watchlist's (bundle-entry.sh), whose files these name by content; in debug builds, the
# preview's `index.html` without preloads (preview-preloads.sh).
set -eu
sh "$TRUNK_SOURCE_DIR/static/minify.sh"
sh "$TRUNK_SOURCE_DIR/static/embed-entry.sh"
sh "$TRUNK_SOURCE_DIR/static/bundle-entry.sh" analyses
sh "$TRUNK_SOURCE_DIR/static/bundle-entry.sh" watchlist
sh "$TRUNK_SOURCE_DIR/static/preview-preloads.sh"
