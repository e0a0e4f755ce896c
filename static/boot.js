// Starts the console. A file of its own rather than Trunk's inline loader, so that the page's
// Content-Security-Policy allows scripts from the site only (`script-src 'self'`), with no
// per-build hash or nonce. Trunk writes the hashed module names into the tag's data attributes.
const tag = document.querySelector("script[data-chanscope-boot]");

// Settles once the browser has recorded the largest paint of the page's shell (its prerendered
// form, or "Loading…"), or after 300 ms where it cannot tell: the console replaces the shell only
// then (`app::replace_when_painted`), so that the shell is seen, and counted, as the page's first
// paint of its content even where the module arrives at once.
globalThis.chanscopeShellPainted = new Promise((painted) => {
  const shell = document.getElementById("boot-shell");
  setTimeout(painted, 300);
  const observable = globalThis.PerformanceObserver?.supportedEntryTypes?.includes(
    "largest-contentful-paint",
  );
  if (!shell || !observable) {
    painted();
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntries().some((entry) => entry.element && shell.contains(entry.element))) {
      observer.disconnect();
      painted();
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
});

// The console is two bundles (`app::Bundle` in the Rust source): the overview and the eight tools
// (Trunk's module, `data-js` and `data-wasm`), and the pages below, whose module the build's
// post-build hook names in `data-analyses-js` and `data-analyses-wasm`, beside Trunk's. A test
// (`tests/bundles.rs`) holds this list to the analyses of `src/route.rs`.
const ANALYSES = ["/compare-channels", "/keyword-trend", "/search-analysis", "/watchlist"];
const path = location.pathname.replace(/\/+$/, "");
const analyses = ANALYSES.includes(path) && tag.dataset.analysesJs;
const [js, wasm] = analyses
  ? [tag.dataset.analysesJs, tag.dataset.analysesWasm]
  : [tag.dataset.js, tag.dataset.wasm];
const { default: init } = await import(js);
await init({ module_or_path: wasm });
