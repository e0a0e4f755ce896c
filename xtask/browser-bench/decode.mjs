// Decoding one post-search answer (50 posts, `extended=1`): the console's decode path, in a
// bench-only wasm module built like the console, against `JSON.parse` of the same text, in the
// same page (site/decode.html). Each round times N of each back to back; the figure is the
// median over rounds of the time per answer. Then the channel report's health check over 90 days
// of hourly subscribers, the median over rounds of the time per check.

import { figure, median, newContext, round } from "./common.mjs";

const ROUNDS = 21;
const LIMIT_MS = 120_000;

export async function decode(browser, origin, picks) {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/bench/decode.html`, { timeout: LIMIT_MS });
    await page.waitForFunction(() => typeof window.benchDecode === "function", null, {
      timeout: LIMIT_MS,
    });
    const api = `/api/posts/search?${new URLSearchParams({ q: picks.keyword, limit: "50", extended: "1" })}`;
    const result = await page.evaluate(([path, rounds]) => window.benchDecode(path, rounds), [
      api,
      ROUNDS,
    ]);
    console.log(
      `    ${api}: ${result.posts} posts, ${(result.bytes / 1024).toFixed(1)} KiB; ` +
        `${result.iterations} decodes a round, ${ROUNDS} rounds`,
    );
    figure("decode.answer_kib", round(result.bytes / 1024, 1));
    const [jsonMs, wasmMs] = [median(result.jsonMs), median(result.wasmMs)];
    figure("decode.json_parse_ms", round(jsonMs, 3));
    figure("decode.wasm_ms", round(wasmMs, 3));
    figure("decode.ratio", round(wasmMs / jsonMs, 2));
    // The health check over 90 days of a planted channel's hourly counts (2,160 readings).
    const subscribers = `/api/channels/subscribers?${new URLSearchParams({
      channelId: "@bought_jump_news",
      group: "hour",
      startDate: String(Math.floor(Date.now() / 1000) - 90 * 86_400),
    })}`;
    const health = await page.evaluate(([path, rounds]) => window.benchHealth(path, rounds), [
      subscribers,
      ROUNDS,
    ]);
    console.log(
      `    health check: ${health.readings} hourly counts, ${health.findings} findings; ` +
        `${health.iterations} checks a round, ${ROUNDS} rounds`,
    );
    figure("health.readings", health.readings);
    figure("health.check_ms", round(median(health.ms), 2));
  } finally {
    await context.close();
  }
}
