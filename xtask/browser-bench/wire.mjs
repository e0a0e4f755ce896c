// Bytes on the wire: every response's encoded size as the network stack received it (CDP
// `Network.loadingFinished.encodedDataLength`, headers included), summed over a first visit with an
// empty cache until the network has been idle for half a second.

import { consolePages } from "./pages.mjs";
import { figure, newContext, round } from "./common.mjs";

const IDLE_MS = 500;
const LIMIT_MS = 60_000;

// What shows that the three widgets of `embed.html` have their answers (as the end-to-end
// suite checks them).
export const EMBED_READY = [
  "#channel-card .cs-card-title",
  "#subscribers .cs-widget-value",
  "#mentions .cs-widget-post",
];

export async function wire(browser, origin, picks) {
  const postSearch = consolePages(picks).find((page) => page.name === "post-search");
  for (const [key, url, ready] of [
    ["console", origin + postSearch.path, [postSearch.found]],
    ["embed", `${origin}/embed.html`, EMBED_READY],
  ]) {
    const { bytes, requests } = await bytesUntilIdle(browser, url, ready);
    console.log(`    ${url}: ${requests} responses`);
    figure(`wire.${key}_kib`, round(bytes / 1024, 1));
  }
}

async function bytesUntilIdle(browser, url, ready) {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const inFlight = new Set();
    let bytes = 0;
    let requests = 0;
    let lastActivity = Date.now();
    cdp.on("Network.requestWillBeSent", ({ requestId }) => {
      inFlight.add(requestId);
      lastActivity = Date.now();
    });
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
      inFlight.delete(requestId);
      bytes += encodedDataLength;
      requests += 1;
      lastActivity = Date.now();
    });
    cdp.on("Network.loadingFailed", ({ requestId }) => {
      inFlight.delete(requestId);
      lastActivity = Date.now();
    });
    await cdp.send("Network.enable");
    await page.goto(url, { waitUntil: "load", timeout: LIMIT_MS });
    for (const selector of ready) {
      await page.waitForSelector(selector, { timeout: LIMIT_MS });
    }
    // Playwright's own `networkidle` fires once, possibly before the answer was asked for; this
    // waits for quiet after the answer is shown (avatars and other late requests included).
    const deadline = Date.now() + LIMIT_MS;
    while (inFlight.size > 0 || Date.now() - lastActivity < IDLE_MS) {
      if (Date.now() > deadline) throw new Error(`${url}: the network never went idle`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { bytes, requests };
  } finally {
    await context.close();
  }
}
