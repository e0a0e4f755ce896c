// Starts the console. A file of its own rather than Trunk's inline loader, so that the page's
// Content-Security-Policy allows scripts from the site only (`script-src 'self'`), with no
// per-build hash or nonce. Trunk writes the hashed module names into the tag's data attributes.
const tag = document.querySelector("script[data-chanscope-boot]");

// An address with no query: the console draws the form's introduction, so the shell shows it
// too (it hides it otherwise, as a deep link's results come in its place: style.css). Shown by the
// shell, it is what the page's largest paint is, not the console's later drawing of it.
if (!location.search) document.getElementById("boot-shell")?.classList.add("boot-unasked");

// Settles once the browser has recorded the largest paint of the page's shell (its prerendered
// form, or "Loading…"). Only then is the console's module fetched, and only then does the console
// replace the shell (`app::replace_when_painted`): the shell's paint waits for nothing but the
// HTML and the stylesheet, and the module and its wasm do not share the connection with them
// before it. Where the browser cannot tell (no such entries, a page opened in the background), it
// settles at once; a paint not seen within a second settles it too.
globalThis.chanscopeShellPainted = new Promise((painted) => {
  const shell = document.getElementById("boot-shell");
  setTimeout(painted, 1000);
  const observable = globalThis.PerformanceObserver?.supportedEntryTypes?.includes(
    "largest-contentful-paint",
  );
  if (!shell || !observable || document.visibilityState === "hidden") {
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

// A shell with the page's answer written in by the gateway (`data-painted`) takes input: the
// console carries what is typed over when it takes the shell's place. Sent before then, its
// form would load the page again and lose it; Enter waits for the console instead.
document.getElementById("boot-shell")?.addEventListener("submit", (event) => event.preventDefault());

await globalThis.chanscopeShellPainted;
const { default: init } = await import(tag.dataset.js);
await init({ module_or_path: tag.dataset.wasm });
