// `node brotli.mjs FILE...`: the brotli size (quality 11, the most a server precompresses with)
// of each file, one number a line in the order given. A file's `FILE.br` beside it is taken as
// it is when present: that is what a server would send.
import { existsSync, readFileSync, statSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

for (const file of process.argv.slice(2)) {
  const precompressed = `${file}.br`;
  const size = existsSync(precompressed)
    ? statSync(precompressed).size
    : brotliCompressSync(readFileSync(file), {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: statSync(file).size,
        },
      }).length;
  console.log(size);
}
