#!/bin/sh
# Run by the post-build steps in Trunk's staging directory: names a bundle that Trunk built but
# left unhashed (`NAME.js` and `NAME_bg.wasm`, a `data-type="worker"` link) by the content of
# both files, for immutable caching as Trunk's own files have, and prints the two new names.
set -eu
name=$1
for f in "$name.js" "${name}_bg.wasm"; do
  if [ ! -f "$f" ]; then
    echo "hash-bundle: the build has no $f" >&2
    exit 1
  fi
done
hash=$(cat "$name.js" "${name}_bg.wasm" | sha256sum | cut -c1-16)
mv "$name.js" "$name-$hash.js"
mv "${name}_bg.wasm" "$name-${hash}_bg.wasm"
echo "$name-$hash.js $name-${hash}_bg.wasm"
