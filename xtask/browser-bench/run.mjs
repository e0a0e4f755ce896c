// The browser section of `cargo xtask bench`, against a gateway that serves the release build
// (with the plain-DOM reference pages and the decode module under /bench/) in front of a sandbox:
//
//   node run.mjs --prefix DIR --origin URL --picks FILE --out DIR
//
// --prefix: where package.json's packages are installed; --picks: `bench-picks` output; --out:
// where Lighthouse reports go. Prints `key=value` figures for xtask, which holds the targets.
// A part that fails prints `error.<part>=…` and the others still run.

import { parseArgs } from "node:util";

import { answers } from "./answers.mjs";
import { clicks } from "./clicks.mjs";
import { figure, launch, newContext, note, readPicks, requireFrom } from "./common.mjs";
import { decode } from "./decode.mjs";
import { lighthouse, stopLighthouse } from "./lighthouse.mjs";
import { consolePages } from "./pages.mjs";
import { steps } from "./steps.mjs";
import { EMBED_READY, wire } from "./wire.mjs";

const { values: args } = parseArgs({
  options: {
    prefix: { type: "string" },
    origin: { type: "string" },
    picks: { type: "string" },
    out: { type: "string" },
  },
});
for (const name of ["prefix", "origin", "picks", "out"]) {
  if (!args[name]) throw new Error(`--${name} is required`);
}

// xtask sends SIGTERM past its time limit, a terminal SIGINT on Ctrl-C; Playwright closes its
// browser on either, and Lighthouse's command line, in a process group of its own, is told here.
for (const [signal, code] of [["SIGTERM", 143], ["SIGINT", 130]]) {
  process.on(signal, () => {
    stopLighthouse();
    process.exit(code);
  });
}

const picks = readPicks(args.picks);
const pages = consolePages(picks);
const playwright = requireFrom(args.prefix)("playwright-core");
let failed = false;

async function part(name, measure) {
  console.log(`  ${name}`);
  try {
    await measure();
  } catch (error) {
    failed = true;
    note(`error.${name}`, error.message.split("\n")[0]);
    console.error(error.stack);
  }
}

// Lighthouse of a page that shows an error or nothing found would measure the wrong thing. The
// same visit counts what each page, and the host page of widgets, writes to the browser's console
// as an error or a warning (uncaught exceptions included): there should be none.
async function resultsShown(browser) {
  const context = await newContext(browser);
  const messages = [];
  try {
    const page = await context.newPage();
    // Through the DevTools protocol, as DevTools' own console gets them: the page's
    // `console.warn`/`console.error`, uncaught exceptions, and the browser's own entries (a
    // failed load, a refused resource, a deprecation).
    const cdp = await context.newCDPSession(page);
    let current = "";
    const keep = (kind, text) => messages.push(`${current}: ${kind}: ${text}`);
    cdp.on("Runtime.consoleAPICalled", ({ type, args }) => {
      if (type === "error" || type === "warning") {
        keep(type, args.map((a) => a.value ?? a.description ?? "").join(" "));
      }
    });
    cdp.on("Runtime.exceptionThrown", ({ exceptionDetails }) =>
      keep("uncaught", exceptionDetails.exception?.description ?? exceptionDetails.text),
    );
    cdp.on("Log.entryAdded", ({ entry }) => {
      if (entry.level === "error" || entry.level === "warning") {
        keep(`${entry.source} ${entry.level}`, `${entry.text} ${entry.url ?? ""}`.trim());
      }
    });
    await cdp.send("Runtime.enable");
    await cdp.send("Log.enable");
    const visits = [
      ...pages,
      { name: "embed.html", path: "/embed.html", found: EMBED_READY },
    ];
    for (const { name, path, found } of visits) {
      current = name;
      await page.goto(args.origin + path, { timeout: 60_000 });
      for (const selector of [found].flat()) {
        await page
          .waitForSelector(selector, { timeout: 30_000 })
          .catch(() => Promise.reject(new Error(`${name}: ${path} shows no ${selector}`)));
      }
      console.log(`    ${name}: ${path}`);
    }
  } finally {
    await context.close();
  }
  for (const message of messages) console.log(`    console: ${message}`);
  figure("console.messages", messages.length);
}

// The deep links people land on (the console's pages as `pages` has them, and the channel
// card's iframe page), for the answers' timing on a phone's profile.
function deepLinks() {
  const named = ["channel-info", "post-search", "subscriber-dynamics", "post-stats"];
  const channel = encodeURIComponent(picks.channel);
  const links = pages
    .filter(({ name }) => named.includes(name))
    .map(({ name, path, found }) => ({ name, path, found: [found].flat()[0] }))
    // Subscriber dynamics as a link to a channel's dynamics usually comes: the API's default
    // period (its last 10 days), which names no day. A preset such as the pages' 30 days counts
    // back from today in the visitor's time zone, which a first visit does not tell the server.
    .map((link) =>
      link.name === "subscriber-dynamics"
        ? { ...link, path: `/subscriber-dynamics?channel=${channel}` }
        : link,
    );
  links.push({
    name: "element-card",
    path: `/bench/element.html?channel=${channel}`,
    found: ".cs-card",
    shadow: "chanscope-channel-card",
  });
  links.push({
    name: "embed-card",
    path: `/embed/channel-card?channel=${channel}`,
    found: ".cs-card",
    shadow: "chanscope-channel-card",
  });
  return links;
}

const browser = await launch(playwright);
try {
  await part("pages", () => resultsShown(browser));
  await part("wire", () => wire(browser, args.origin, picks));
  await part("clicks", () => clicks(browser, args.origin, picks));
  await part("steps", () => steps(browser, args.origin));
  await part("decode", () => decode(browser, args.origin, picks));
  await part("answers", () => answers(browser, args.origin, deepLinks()));
} finally {
  await browser.close();
}
// Alone on the machine's cores: Lighthouse's simulated throttling scales what it observed.
const card = deepLinks().find(({ name }) => name === "embed-card");
await part("lighthouse", () => lighthouse(args.prefix, args.origin, [...pages, card], args.out));
process.exitCode = failed ? 1 : 0;
