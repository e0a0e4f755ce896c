// A step between two pages through the navigation: from the click on the navigation's link to the
// second animation frame after the next page's form is present, in one running console. The walk
// goes round post search, compare, the watchlist and channel info; its first round warms up (each
// page's first render) and is not counted.

import { figure, median, newContext, round } from "./common.mjs";

const ROUNDS = 6;
const LIMIT_MS = 60_000;
// Each page of the walk and what shows that it has been rendered.
const WALK = [
  { path: "/post-search", ready: "#ps-limit" },
  { path: "/compare-channels", ready: "#cc-channel-0" },
  { path: "/watchlist", ready: ".watchlist-page" },
  { path: "/channel-info", ready: "#ci-channel" },
];

// Runs in the page before the click. t0: the click on a navigation link, seen in the capture
// phase before the router's handler; t1: the second animation frame after `ready` holds.
function instrument(ready) {
  const state = { t0: null, t1: null };
  window.__step = state;
  document.addEventListener(
    "click",
    (event) => {
      if (state.t0 === null && event.target.closest(".tools-nav a")) {
        state.t0 = performance.now();
      }
    },
    true,
  );
  const observer = new MutationObserver(() => {
    if (state.t0 === null || !document.querySelector(ready)) return;
    observer.disconnect();
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        state.t1 = performance.now();
      }),
    );
  });
  observer.observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
}

export async function steps(browser, origin) {
  const context = await newContext(browser);
  const counted = [];
  try {
    const page = await context.newPage();
    await page.goto(origin + WALK[0].path, { timeout: LIMIT_MS });
    await page.waitForSelector(`[data-app-ready] ${WALK[0].ready}`, { timeout: LIMIT_MS });
    const document = await page.evaluate(() => performance.timeOrigin);
    for (let step = 1; step <= ROUNDS * WALK.length; step++) {
      const next = WALK[step % WALK.length];
      await page.evaluate(instrument, `[data-app-ready] ${next.ready}`);
      await page.click(`.tools-nav a[href='${next.path}']`);
      await page.waitForFunction(() => window.__step.t1 !== null, null, { timeout: LIMIT_MS });
      const ms = await page.evaluate(() => window.__step.t1 - window.__step.t0);
      if (step > WALK.length) counted.push(ms);
    }
    if ((await page.evaluate(() => performance.timeOrigin)) !== document) {
      throw new Error("a step between pages loaded a document");
    }
  } finally {
    await context.close();
  }
  figure("step.median_ms", round(median(counted), 1));
  figure("step.max_ms", round(Math.max(...counted), 1));
}
