// Click to painted, as every timed click of the bench measures it: from the click, seen in the
// capture phase before any handler of the page, to the second animation frame after the expected
// DOM is present, i.e. once the frame with it has been painted.

const LIMIT_MS = 60_000;

// Runs in the page before the click. `trigger`: what the click lands on (a CSS selector);
// `expect`: `selector` and either `count` (that many elements) or `points` (a chart line with at
// least that many points).
function instrument({ trigger, expect }) {
  const state = { t0: null, t1: null };
  window.__clickToPainted = state;
  const points = (el) =>
    el.tagName.toLowerCase() === "polyline"
      ? (el.getAttribute("points") || "").trim().split(/\s+/).length
      : ((el.getAttribute("d") || "").match(/[ML]/g) || []).length;
  const present = () => {
    const found = [...document.querySelectorAll(expect.selector)];
    return expect.points
      ? found.some((el) => points(el) >= expect.points)
      : found.length >= expect.count;
  };
  document.addEventListener(
    "click",
    (event) => {
      if (state.t0 === null && event.target.closest(trigger)) {
        state.t0 = performance.now();
      }
    },
    true,
  );
  const observer = new MutationObserver(() => {
    if (state.t0 === null || !present()) return;
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

// Clicks `trigger` on `page` as it stands and answers the milliseconds to painted `expect`.
export async function clickToPainted(page, trigger, expect) {
  await page.evaluate(instrument, { trigger, expect });
  await page.click(trigger);
  await page.waitForFunction(() => window.__clickToPainted.t1 !== null, null, {
    timeout: LIMIT_MS,
  });
  return page.evaluate(() => window.__clickToPainted.t1 - window.__clickToPainted.t0);
}
