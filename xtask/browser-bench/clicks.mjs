// Click to painted: from the click on a form's submit button to the first frame after the
// expected DOM is present, in the console and in a plain-DOM page that fetches the same answer
// from the same /api and renders the same fields (site/). Both are timed by the same code in the
// page, in the same browser, alternately, after one warm-up run each.

import { hourlyMonth } from "./pages.mjs";
import { figure, median, newContext, round } from "./common.mjs";
import { clickToPainted } from "./painted.mjs";

const RUNS = 15;
const LIMIT_MS = 60_000;
const SUBMIT = "main form button[type=submit]";
const POST_SEARCH_LIMIT = 50;

// One timed run: `prepare` loads the page and fills its form; then the click on its submit.
async function timeOnce(page, prepare, expect) {
  await prepare(page);
  return clickToPainted(page, SUBMIT, expect);
}

// The two subjects of each comparison. The console's forms are filled as a person would; its
// first run's /api request is what the plain page is given to fetch, so both get one answer.
function subjects(origin, picks) {
  const month = hourlyMonth(picks);
  return [
    {
      name: "post_search",
      api: "/api/posts/search",
      console: {
        expect: { selector: "ol.post-list > li", count: POST_SEARCH_LIMIT },
        async prepare(page) {
          await page.goto(`${origin}/post-search`, { timeout: LIMIT_MS });
          await page.fill("#ps-q", picks.keyword);
          await page.check("#ps-extended");
          await page.click("details.advanced > summary");
          await page.fill("#ps-limit", String(POST_SEARCH_LIMIT));
        },
      },
      plain: {
        page: "post-search.html",
        expect: { selector: "#posts > li", count: POST_SEARCH_LIMIT },
      },
    },
    {
      name: "chart",
      api: "/api/channels/subscribers",
      console: {
        expect: { selector: "svg path", points: month.points },
        async prepare(page) {
          await page.goto(`${origin}/subscriber-dynamics`, { timeout: LIMIT_MS });
          await page.fill("#sd-channel-0", picks.channel);
          await page.selectOption("#sd-group", "hour");
          await page.selectOption("#sd-period", "custom");
          await page.fill("#sd-start", month.start);
          await page.fill("#sd-end", month.end);
        },
      },
      plain: {
        page: "chart.html",
        expect: { selector: "svg path", points: month.points },
      },
    },
  ];
}

export async function clicks(browser, origin, picks) {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    // Every /api request of the run: the subject's own request is picked from among them, as
    // a page may ask more after it (post search names repost sources by channel info).
    let requests = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) requests.push(url.pathname + url.search);
    });
    for (const subject of subjects(origin, picks)) {
      const { console: app, plain } = subject;
      requests = [];
      await timeOnce(page, app.prepare, app.expect);
      const own = requests.filter((r) => r.startsWith(`${subject.api}?`));
      if (own.length !== 1) {
        throw new Error(
          `${subject.name}: the console asked ${own.length} times for ${subject.api}, not once: ${requests.join(", ")}`,
        );
      }
      const [asked] = own;
      const plainUrl = `${origin}/bench/${plain.page}?${new URLSearchParams({ api: asked })}`;
      const openPlain = (p) => p.goto(plainUrl, { timeout: LIMIT_MS });
      await timeOnce(page, openPlain, plain.expect);
      const times = { console: [], plain: [] };
      for (let run = 0; run < RUNS; run += 1) {
        times.console.push(await timeOnce(page, app.prepare, app.expect));
        times.plain.push(await timeOnce(page, openPlain, plain.expect));
      }
      const [appMs, plainMs] = [median(times.console), median(times.plain)];
      console.log(`    ${subject.name}: ${asked}`);
      console.log(`      console ms: ${times.console.map((t) => t.toFixed(1)).join(" ")}`);
      console.log(`      plain ms:   ${times.plain.map((t) => t.toFixed(1)).join(" ")}`);
      figure(`click.${subject.name}.console_ms`, round(appMs, 1));
      figure(`click.${subject.name}.plain_ms`, round(plainMs, 1));
      figure(`click.${subject.name}.ratio`, round(appMs / plainMs, 2));
    }
  } finally {
    await context.close();
  }
}
