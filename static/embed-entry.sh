#!/bin/sh
# Run by post-build.sh: writes `embed.js`, the stable address host pages import Chanscope's
# widgets from. It loads the widgets-only bundle (`chanscope-widgets`, built beside the console),
# never the console's own module. Trunk leaves that bundle's names (a `data-type="worker"` link)
# and the widgets' stylesheet unhashed, so the hook names those files by content here (immutable
# caching, as for the console's files) and writes the entry with those names. ES modules are
# evaluated once per page, so every widget shares one instance.
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
for f in chanscope-widgets.js chanscope-widgets_bg.wasm components.css; do
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
css="components-$(sha256 < components.css | cut -c1-16).css"
mv components.css "$css"
cat > embed.js <<ENTRY
// Chanscope widgets for host pages; see docs/embedding.md. Generated at build time.
import init, * as chanscope from "./$js";
export * from "./$js";
const here = new URL(".", import.meta.url);
await init({ module_or_path: new URL("$wasm", here) });
chanscope.configureEmbed(new URL("api", here).href, new URL("$css", here).href);
ENTRY
