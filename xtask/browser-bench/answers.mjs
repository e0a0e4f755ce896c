// Deep links opened as a phone opens a link somebody sent: Lighthouse's mobile profile (slow 4G:
// 150 ms round trips, 1.6 Mbps down, 750 kbps up; a CPU four times slower), nothing cached.
// Timed from the navigation to the answer painted: not the page's shell, its figures, i.e. the
// second animation frame after the answer is in the document and laid out where it can be seen.
// Each link is opened RUNS times in a fresh context; its figure is the median.

import { figure, median, newContext, round } from "./common.mjs";

const RUNS = 3;
const LIMIT_MS = 60_000;

// What Lighthouse's mobile preset simulates, applied for real through the DevTools protocol.
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1638.4 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

// Runs in the page from its first byte: records when `found` (a selector, looked for in the
// document or, with `shadow`, in that element's shadow root) is first laid out and visible, and
// when the widgets' wasm arrived, if it did.
function watch({ found, shadow }) {
  const state = { painted: null };
  window.__answer = state;
  const root = () => (shadow ? document.querySelector(shadow)?.shadowRoot : document);
  const visible = () =>
    [...(root()?.querySelectorAll(found) ?? [])].some(
      (el) => el.getClientRects().length > 0 && !el.closest("[hidden]"),
    );
  const check = () => {
    if (state.painted !== null || !visible()) return;
    state.painted = -1;
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        state.painted = performance.now();
      }),
    );
  };
  // A shadow root's content is not seen by an observer of the document: looked at every frame.
  const frame = () => {
    check();
    if (state.painted === null) requestAnimationFrame(frame);
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  requestAnimationFrame(frame);
}

async function once(browser, url, target) {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.addInitScript(watch, target);
    await page.goto(url, { waitUntil: "commit", timeout: LIMIT_MS });
    await page.waitForFunction(() => window.__answer?.painted > 0, null, { timeout: LIMIT_MS });
    if (target.shadow) {
      await page.waitForFunction(
        () => performance.getEntriesByType("resource").some((e) => e.name.endsWith(".wasm")),
        null,
        { timeout: LIMIT_MS },
      );
    }
    // Awaited here: the context closes in `finally`.
    return await page.evaluate(() => {
      const wasm = performance
        .getEntriesByType("resource")
        .filter((e) => e.name.endsWith(".wasm"))
        .map((e) => e.responseEnd);
      return { painted: window.__answer.painted, wasm: wasm.length ? Math.min(...wasm) : null };
    });
  } finally {
    await context.close();
  }
}

// `links`: `{ name, path, found, shadow? }`. Figures: `answers.<name>.painted_ms`, and for a
// widget `answers.<name>.before_wasm_ms` (how long before its wasm had arrived the answer was
// painted; negative: after).
export async function answers(browser, origin, links) {
  for (const link of links) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await once(browser, origin + link.path, link));
    const painted = median(runs.map((r) => r.painted));
    figure(`answers.${link.name}.painted_ms`, Math.round(painted));
    const gaps = runs.filter((r) => r.wasm !== null).map((r) => r.wasm - r.painted);
    if (link.shadow && gaps.length === runs.length) {
      figure(`answers.${link.name}.before_wasm_ms`, Math.round(median(gaps)));
    }
    console.log(
      `    ${link.name}: painted ${runs.map((r) => round(r.painted, 0)).join(" ")} ms; ` +
        `wasm arrived ${runs.map((r) => (r.wasm === null ? "-" : round(r.wasm, 0))).join(" ")} ms`,
    );
  }
}
