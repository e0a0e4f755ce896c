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

const { default: init } = await import(tag.dataset.js);
await init({ module_or_path: tag.dataset.wasm });
