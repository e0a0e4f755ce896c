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
const tools = [tag.dataset.js, tag.dataset.wasm];
const analysesFiles = [tag.dataset.analysesJs, tag.dataset.analysesWasm];
// The module and wasm of this page's bundle, and those of the other.
const [[js, wasm], other] = analyses ? [analysesFiles, tools] : [tools, analysesFiles];

// A link to a page of the other bundle is a page load that needs that bundle's module and wasm.
// When a pointer rests on such a link (65 ms), or it is pressed, touched or focused, both files
// are fetched into the browser's cache (`rel=prefetch`, in the CORS mode of the other page's
// preloads), once per page, so that the click finds them there or on their way. Nothing is
// fetched for a visitor who does not reach for such a link, nor under Save-Data.
if (other.every(Boolean) && !navigator.connection?.saveData) {
  const intents = ["pointerover", "pointerout", "pointerdown", "touchstart", "focusin"];
  let resting;
  const leadsToOther = (target) => {
    const link = target instanceof Element ? target.closest("a[href]") : null;
    if (!link || link.origin !== location.origin) return false;
    return ANALYSES.includes(link.pathname.replace(/\/+$/, "")) !== Boolean(analyses);
  };
  const prefetch = () => {
    clearTimeout(resting);
    for (const type of intents) document.removeEventListener(type, onIntent, true);
    for (const href of other) {
      const link = document.createElement("link");
      link.rel = "prefetch";
      link.href = href;
      link.crossOrigin = "anonymous";
      document.head.append(link);
    }
  };
  function onIntent(event) {
    if (event.type === "pointerover" || event.type === "pointerout") clearTimeout(resting);
    if (event.type === "pointerout" || !leadsToOther(event.target)) return;
    if (event.type === "pointerover") resting = setTimeout(prefetch, 65);
    else prefetch();
  }
  for (const type of intents) {
    document.addEventListener(type, onIntent, { capture: true, passive: true });
  }
}

const { default: init } = await import(js);
await init({ module_or_path: wasm });
