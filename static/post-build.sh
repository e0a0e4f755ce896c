#!/bin/sh
# Trunk's post-build hook (one hook: Trunk runs the hooks of one stage at the same time, and these
# steps must follow each other): the release build's glue minified (minify.sh), then the widgets'
# entry `embed.js` (embed-entry.sh), which names the widgets' files by content, and in debug
# builds the page's policy opened to the live-reload client (preview-csp.sh).
set -eu
sh "$TRUNK_SOURCE_DIR/static/minify.sh"
sh "$TRUNK_SOURCE_DIR/static/embed-entry.sh"
sh "$TRUNK_SOURCE_DIR/static/preview-csp.sh"
