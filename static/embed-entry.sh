#!/bin/sh
# Run by post-build.sh: writes `embed.js`, the stable address host pages import Chanscope's
# widgets from. It loads the widgets-only bundle (`chanscope-widgets`, built beside the console),
# never the console's own module. Trunk leaves that bundle's names and the widgets' stylesheet
# unhashed, so the hook names those files by content hash here (immutable caching, as for the
# console's files) and writes the entry with those names. ES modules are evaluated once per page,
# so every widget shares one instance.
set -eu
cd "$TRUNK_STAGING_DIR"
if [ ! -f components.css ]; then
  echo "embed-entry: the build has no components.css" >&2
  exit 1
fi
names=$(sh "$TRUNK_SOURCE_DIR/static/hash-bundle.sh" chanscope-widgets)
js=${names% *}
wasm=${names#* }
css="components-$(sha256sum components.css | cut -c1-16).css"
mv components.css "$css"
cat > embed.js <<ENTRY
// Chanscope widgets for host pages; see "Embedding" in the README. Generated at build time.
import init, * as chanscope from "./$js";
export * from "./$js";
const here = new URL(".", import.meta.url);
await init({ module_or_path: new URL("$wasm", here) });
chanscope.configureEmbed(new URL("api", here).href, new URL("$css", here).href);
ENTRY
