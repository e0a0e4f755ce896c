// Lighthouse on each console page with a result shown: its command line as people run it, with
// its defaults (mobile form factor, simulated throttling), one fresh Chromium per run. Each page
// is measured RUNS times and its figures are the medians, as Lighthouse's own guidance on
// variability advises: its simulated throttling scales the tasks it observes on this machine, and
// two runs of one build of post search, minutes apart, scored 89 and 96.

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { CHROMIUM, CHROMIUM_FLAGS, figure, median, note, round } from "./common.mjs";

const CATEGORIES = ["performance", "accessibility", "best-practices"];
const LIMIT_MS = 180_000;
const RUNS = 3;

export async function lighthouse(prefix, origin, pages, outDir) {
  const cli = join(prefix, "node_modules", "lighthouse", "cli", "index.js");
  for (const { name, path } of pages) {
    const reports = [];
    for (let index = 1; index <= RUNS; index += 1) {
      const reportPath = join(outDir, `lighthouse-${name}-${index}.json`);
      await run(process.execPath, [
        cli,
        origin + path,
        "--quiet",
        "--output=json",
        `--output-path=${reportPath}`,
        `--only-categories=${CATEGORIES.join(",")}`,
        `--chrome-flags=${["--headless=new", ...CHROMIUM_FLAGS].join(" ")}`,
      ]);
      const lhr = JSON.parse(readFileSync(reportPath, "utf8"));
      if (lhr.runtimeError) note(`lighthouse.${name}.error`, lhr.runtimeError.code);
      reports.push({ lhr, reportPath });
    }
    for (const category of CATEGORIES) {
      const scores = reports
        .map(({ lhr }) => lhr.categories[category]?.score)
        .filter((score) => typeof score === "number");
      if (scores.length === 0) continue;
      const key = `lighthouse.${name}.${category.replace("-", "_")}`;
      const score = median(scores);
      figure(key, Math.round(score * 100));
      console.log(`    ${key}: ${scores.map((s) => Math.round(s * 100)).join(" ")}`);
      // What pulls the score down, from the run that scored the median (with an odd number of
      // runs, one of them did).
      const middle = reports.find(({ lhr }) => lhr.categories[category]?.score === score);
      const failing = middle ? failingAudits(middle.lhr, category) : [];
      if (failing.length > 0) note(`${key}.failing`, failing.join(","));
    }
    const lcps = reports
      .map(({ lhr }) => lhr.audits["largest-contentful-paint"]?.numericValue)
      .filter((lcp) => typeof lcp === "number");
    if (lcps.length > 0) figure(`lighthouse.${name}.lcp_s`, round(median(lcps) / 1000, 2));
    const shifts = reports
      .map(({ lhr }) => lhr.audits["cumulative-layout-shift"]?.numericValue)
      .filter((cls) => typeof cls === "number");
    if (shifts.length > 0) figure(`lighthouse.${name}.cls`, round(median(shifts), 3));
    console.log(`    ${name}: reports ${reports.map(({ reportPath }) => reportPath).join(" ")}`);
  }
}

// The audits of a category that pull its score down: failed binary checks, and scored audits
// (metrics, opportunities) below Lighthouse's own "passed" mark of 0.9.
function failingAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => {
      if (!audit || audit.score === null) return false;
      if (["notApplicable", "informative", "manual", "error"].includes(audit.scoreDisplayMode)) {
        return false;
      }
      return audit.score < (audit.scoreDisplayMode === "binary" ? 1 : 0.9);
    })
    .map((audit) => audit.id);
}

// Lighthouse's command line stops the Chromium it started when interrupted (SIGINT), and only
// then. So it runs in a process group of its own, out of reach of the signal that ends this
// benchmark, and is interrupted by this process when it takes too long or the benchmark ends.
const running = new Set();

export function stopLighthouse() {
  for (const child of running) child.kill("SIGINT");
}

function run(program, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      stdio: ["ignore", "inherit", "inherit"],
      detached: true,
    });
    running.add(child);
    const timer = setTimeout(() => {
      child.kill("SIGINT");
      setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
    }, LIMIT_MS);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      running.delete(child);
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`lighthouse ${args[1]}: exit ${code ?? signal}`));
    });
  });
}
