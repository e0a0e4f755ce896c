#!/bin/sh
# Run by post-build.sh: writes `embed.js`, the stable address host pages load Chanscope's
# widgets from. It defines the custom elements (`chanscope-elements.js`) and loads the
# widgets-only bundle (`chanscope-widgets`, built beside the console), never the console's own
# module. Trunk leaves that bundle's names (a `data-type="worker"` link), the elements' module and
# the widgets' stylesheet unhashed, so the hook names those files by content here (immutable
# caching, as for the console's files) and writes the entry with those names. ES modules are
# evaluated once per page, so every widget shares one instance. The bundle is imported
# dynamically, so that the elements, defined first, can say so when it fails to load.
set -eu
cd "$TRUNK_STAGING_DIR"
# SHA-256 of standard input in hex, from whichever tool the system has: coreutils on Linux,
# shasum on macOS and the BSDs, openssl elsewhere.
sha256() {
  if command -v sha256sum > /dev/null; then sha256sum
  elif command -v shasum > /dev/null; then shasum -a 256
  elif command -v openssl > /dev/null; then openssl dgst -sha256 -r
  else
    echo "embed-entry: no sha256sum, shasum or openssl to name the widgets' files" >&2
    return 1
  fi
}
for f in chanscope-widgets.js chanscope-widgets_bg.wasm chanscope-elements.js components.css; do
  if [ ! -f "$f" ]; then
    echo "embed-entry: the build has no $f" >&2
    exit 1
  fi
done
hash=$(cat chanscope-widgets.js chanscope-widgets_bg.wasm | sha256 | cut -c1-16)
js="chanscope-widgets-$hash.js"
wasm="chanscope-widgets-${hash}_bg.wasm"
mv chanscope-widgets.js "$js"
mv chanscope-widgets_bg.wasm "$wasm"
sh "$TRUNK_SOURCE_DIR/static/shadow-css.sh" components.css components-shadow.css \
  "$TRUNK_SOURCE_DIR/static/elements.css"
shadow="components-shadow-$(sha256 < components-shadow.css | cut -c1-16).css"
mv components-shadow.css "$shadow"
css="components-$(sha256 < components.css | cut -c1-16).css"
mv components.css "$css"
elements="chanscope-elements-$(sha256 < chanscope-elements.js | cut -c1-16).js"
mv chanscope-elements.js "$elements"
cat > embed.js <<ENTRY
// Chanscope widgets for host pages; see docs/embedding.md. Generated at build time.
import { load } from "./$elements";
const here = new URL(".", import.meta.url);
export const {
  Client, Widget, mountChannelCard, mountSubscriberChart, mountPostStats, mountPostSearch,
  mountMultiPostStats,
} = await load(new URL("./$js", here).href, new URL("./$wasm", here),
  new URL("./$css", here).href, new URL("./$shadow", here), new URL("api", here).href);
ENTRY
