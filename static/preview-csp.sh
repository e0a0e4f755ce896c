#!/bin/sh
# Run by post-build.sh in debug builds only (`trunk serve`): Trunk's live-reload client is an
# inline script that opens a WebSocket back to the server, and the page's Content-Security-Policy
# (index.html) refuses both. The preview's copy of the policy allows them; release builds keep the
# policy exactly as index.html has it. Portable sh: no `sed -i`.
set -eu
[ "${TRUNK_PROFILE:-}" = release ] && exit 0
cd "$TRUNK_STAGING_DIR"
strict="script-src 'self' 'wasm-unsafe-eval';"
if ! grep -q "$strict" index.html; then
  echo "preview-csp: index.html has no \"$strict\" to extend for live reload" >&2
  exit 1
fi
sed -e "s|$strict|script-src 'self' 'wasm-unsafe-eval' 'unsafe-inline';|" \
  -e "s|connect-src 'self'|connect-src 'self' ws://127.0.0.1:* ws://localhost:*|" \
  index.html > index.html.tmp
mv index.html.tmp index.html
