// A step between two pages through the navigation, click to painted (painted.mjs): from the click
// on the navigation's link (in its job's menu, opened before) to the frame that shows the next page's form, in one running console.
// The walk goes round post search, compare, the watchlist and channel info; its first round warms
// up (each page's first render) and is not counted.

import { figure, median, newContext, round } from "./common.mjs";
import { clickToPainted } from "./painted.mjs";

const ROUNDS = 6;
const LIMIT_MS = 60_000;
// Each page of the walk and what shows that it has been rendered.
const WALK = [
  { path: "/post-search", ready: "#ps-q" },
  { path: "/compare-channels", ready: "#cc-channel-0" },
  { path: "/watchlist", ready: ".watchlist-page" },
  { path: "/channel-info", ready: "#ci-channel" },
];

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
      const expect = { selector: `[data-app-ready] ${next.ready}`, count: 1 };
      // A page of a job with several is in the job's menu: opened first, as a person does; the
      // step is timed from the click on the page's link.
      const toggle = `.nav-job:has(a[href='${next.path}']) > .nav-job-toggle`;
      if ((await page.locator(toggle).count()) > 0) await page.click(toggle);
      const ms = await clickToPainted(page, `.tools-nav a[href='${next.path}']`, expect);
      if (step > WALK.length) counted.push(ms);
    }
    if ((await page.evaluate(() => performance.timeOrigin)) !== document) {
      throw new Error("a step between pages loaded a document");
    }
  } finally {
    await context.close();
  }
  console.log(`      step ms: ${counted.map((t) => t.toFixed(1)).join(" ")}`);
  figure("step.median_ms", round(median(counted), 1));
  figure("step.max_ms", round(Math.max(...counted), 1));
}
