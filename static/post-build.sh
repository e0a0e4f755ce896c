#!/bin/sh
# Trunk's post-build hook (one hook: Trunk runs the hooks of one stage at the same time, and these
# steps must follow each other): the release build's glue minified (minify.sh), then the widgets'
# entry `embed.js` (embed-entry.sh), which names the widgets' files by content.
set -eu
sh "$TRUNK_SOURCE_DIR/static/minify.sh"
sh "$TRUNK_SOURCE_DIR/static/embed-entry.sh"
