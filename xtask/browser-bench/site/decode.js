// The decode benchmark's page: `benchDecode(apiPath, rounds)` fetches one answer and times the
// console's decoder (the bench-only module `decode-bench`, built by xtask) against JSON.parse;
// it returns the time per answer of each round, in ms. `benchHealth(apiPath, rounds)` times the
// channel report's health check over one answer of hourly subscribers, in ms per check.
import init, { decodePostSearch, healthCheck } from "./decode-bench.js";

await init({ module_or_path: new URL("decode-bench_bg.wasm", import.meta.url) });

// Long enough a round that the timer's resolution does not matter.
const ROUND_MS = 50;

function parseAll(text, times) {
  let posts = 0;
  for (let i = 0; i < times; i += 1) posts += JSON.parse(text).response.items.length;
  return posts;
}

function timed(run) {
  const start = performance.now();
  const posts = run();
  return { ms: performance.now() - start, posts };
}

window.benchDecode = async (apiPath, rounds) => {
  const text = await (await fetch(apiPath)).text();
  const posts = parseAll(text, 1);
  if (decodePostSearch(text, 1) !== posts) {
    throw new Error(`the decoder and JSON.parse disagree on ${apiPath}`);
  }
  let iterations = 1;
  while (timed(() => parseAll(text, iterations)).ms < ROUND_MS) iterations *= 2;
  const json = [];
  const wasm = [];
  for (let round = 0; round < rounds; round += 1) {
    const parsed = timed(() => parseAll(text, iterations));
    const decoded = timed(() => decodePostSearch(text, iterations));
    if (parsed.posts !== decoded.posts) throw new Error("a round decoded a different answer");
    json.push(parsed.ms / iterations);
    wasm.push(decoded.ms / iterations);
  }
  return {
    posts,
    bytes: new TextEncoder().encode(text).length,
    iterations,
    jsonMs: json,
    wasmMs: wasm,
  };
};

window.benchHealth = async (apiPath, rounds) => {
  const text = await (await fetch(apiPath)).text();
  const [readings, findings] = healthCheck(text, 1);
  if (readings === 0) throw new Error(`no hourly counts in ${apiPath}`);
  let iterations = 1;
  while (timed(() => healthCheck(text, iterations)).ms < ROUND_MS) iterations *= 2;
  const ms = [];
  for (let round = 0; round < rounds; round += 1) {
    ms.push(timed(() => healthCheck(text, iterations)).ms / iterations);
  }
  return { readings, findings, iterations, ms };
};
