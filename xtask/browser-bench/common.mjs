// What every part of the browser benchmark shares: how figures are printed for xtask, the
// picks, the browser and its flags, medians.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

// xtask reads every `key=value` line of standard output (a key has no space) as a figure (a
// number) or a note (one line of text); everything else is progress for people.
export function figure(key, value) {
  console.log(`${key}=${value}`);
}

export function note(key, text) {
  console.log(`${key}=${String(text).replace(/\s+/g, " ")}`);
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function round(value, digits) {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

// The `key=value` lines `bench-picks` printed; lists of IDs split on commas.
export function readPicks(path) {
  const picks = {};
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const at = line.indexOf("=");
    if (at > 0) picks[line.slice(0, at)] = line.slice(at + 1);
  }
  for (const key of ["post_ids", "story_ids", "compare_channels"]) {
    picks[key] = picks[key] ? picks[key].split(",") : [];
  }
  return picks;
}

// Packages come from the tools directory xtask installed them in, not from beside this file.
export function requireFrom(prefix) {
  return createRequire(join(prefix, "package.json"));
}

export const CHROMIUM = "/usr/bin/chromium";

// Headless Chromium as root on a machine without a GPU or outside network: no sandbox, no
// background traffic that would count as bytes or compete for the two cores.
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export async function launch(playwright) {
  return playwright.chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    timeout: 60_000,
  });
}

// A browser context as every measured page gets it: a desktop window, English, UTC (so that the
// days of a custom period are whole UTC days, as the sandbox counts hours).
export function newContext(browser) {
  return browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: "en-US",
    timezoneId: "UTC",
  });
}
