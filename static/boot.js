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

// The console is three bundles (`app::Bundle` in the Rust source): the overview and the eight
// tools (Trunk's module, `data-js` and `data-wasm`), and the two below, each with its pages, whose
// module the build's post-build hook names in `data-<bundle>-js` and `data-<bundle>-wasm`, beside
// Trunk's. A test (`tests/bundles.rs`) holds these lists to `route::BUNDLES` in `src/route.rs`.
const BUNDLES = {
  analyses: ["/compare-channels", "/keyword-trend", "/search-analysis"],
  watchlist: ["/watchlist"],
};
const pathOf = (pathname) => pathname.replace(/\/+$/, "");
const bundleOf = (path) => Object.keys(BUNDLES).find((name) => BUNDLES[name].includes(path)) ?? "tools";
const filesOf = (name) =>
  name === "tools"
    ? [tag.dataset.js, tag.dataset.wasm]
    : [tag.dataset[`${name}Js`], tag.dataset[`${name}Wasm`]];
const named = (name) => filesOf(name).every(Boolean);
// This page's bundle; the tools' where the boot tag does not name it.
const wanted = bundleOf(pathOf(location.pathname));
const bundle = named(wanted) ? wanted : "tools";
const [js, wasm] = filesOf(bundle);

// A link to a page of another bundle is a page load that needs that bundle's module and wasm.
// When a pointer rests on such a link (65 ms), or it is pressed, touched or focused, both files
// are fetched into the browser's cache (`rel=prefetch`, in the CORS mode of the other page's
// preloads), once per bundle and page, so that the click finds them there or on their way.
// Nothing is fetched for a visitor who does not reach for such a link, nor under Save-Data.
const others = ["tools", ...Object.keys(BUNDLES)].filter((name) => name !== bundle && named(name));
if (others.length > 0 && !navigator.connection?.saveData) {
  const intents = ["pointerover", "pointerout", "pointerdown", "touchstart", "focusin"];
  const fetched = new Set();
  let resting;
  // The other bundle `target`'s link leads to, if it is not fetched yet.
  const leadsTo = (target) => {
    const link = target instanceof Element ? target.closest("a[href]") : null;
    if (!link || link.origin !== location.origin) return null;
    const name = bundleOf(pathOf(link.pathname));
    return others.includes(name) && !fetched.has(name) ? name : null;
  };
  const prefetch = (name) => {
    if (fetched.has(name)) return;
    fetched.add(name);
    if (fetched.size === others.length) {
      clearTimeout(resting);
      for (const type of intents) document.removeEventListener(type, onIntent, true);
    }
    for (const href of filesOf(name)) {
      const link = document.createElement("link");
      link.rel = "prefetch";
      link.href = href;
      link.crossOrigin = "anonymous";
      document.head.append(link);
    }
  };
  function onIntent(event) {
    if (event.type === "pointerover" || event.type === "pointerout") clearTimeout(resting);
    if (event.type === "pointerout") return;
    const name = leadsTo(event.target);
    if (!name) return;
    if (event.type === "pointerover") resting = setTimeout(() => prefetch(name), 65);
    else prefetch(name);
  }
  for (const type of intents) {
    document.addEventListener(type, onIntent, { capture: true, passive: true });
  }
}

const { default: init } = await import(js);
await init({ module_or_path: wasm });
