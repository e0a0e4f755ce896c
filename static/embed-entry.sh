#!/bin/sh
# Trunk post-build hook: writes `embed.js`, the stable address host pages import Chanscope's
# widgets from. Trunk names the module, the wasm and the stylesheet by content hash, so the entry
# is written per build with those names. It loads the console's own module (there is no second
# build); ES modules are evaluated once per page, so every widget shares one instance.
set -eu
cd "$TRUNK_STAGING_DIR"
js=$(ls chanscope-*.js | grep -v '_bg\.js$' | head -n 1)
wasm=$(ls chanscope-*_bg.wasm | head -n 1)
css=$(ls components-*.css | head -n 1)
if [ -z "$js" ] || [ -z "$wasm" ] || [ -z "$css" ]; then
  echo "embed-entry: the build has no chanscope module, wasm or components stylesheet" >&2
  exit 1
fi
cat > embed.js <<ENTRY
// Chanscope widgets for host pages; see "Embedding" in the README. Generated at build time.
import init, * as chanscope from "./$js";
export * from "./$js";
const here = new URL(".", import.meta.url);
await init({ module_or_path: new URL("$wasm", here) });
chanscope.configureEmbed(new URL("api", here).href, new URL("$css", here).href);
ENTRY
