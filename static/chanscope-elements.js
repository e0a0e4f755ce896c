// Chanscope's custom elements, one per widget, each rendering into an open shadow root, and the
// `mount*` functions embed.js exports. embed.js calls `load` with the addresses of the widgets'
// module, its wasm, the stylesheet for pages and the one for shadow roots (static/shadow-css.sh),
// and the API (see static/embed-entry.sh and docs/embedding.md).
//
// JavaScript rather than Rust: wasm-bindgen cannot extend HTMLElement, and the elements have to
// be defined before the module loads, to say so when it does not. What a widget shows is read
// from its DOM (a `data-error` kind, the loading box, a body under its heading) rather than
// reported by the module: the widgets bundle, this file included, is at its size ceiling.

// Tag → the module's mount function and the widget's own attributes.
const WIDGETS = {
  "channel-card": ["mountChannelCard", "channel variant"],
  "subscriber-chart": ["mountSubscriberChart", "channel group days controls"],
  "post-stats": ["mountPostStats", "post group"],
  "post-search": [
    "mountPostSearch",
    "query limit peer-type hide-forwards hide-deleted strong-search minus-words extended-syntax country category content-language",
  ],
  "multi-post-stats": ["mountMultiPostStats", "channel posts"],
};
const COMMON = " base-url token language timezone theme";
const FLAGS = /^(controls|hide-forwards|hide-deleted|strong-search|extended-syntax)$/;

// Parts a host page can style with ::part(); listed in docs/embedding.md.
const PARTS = [
  [".cs-widget", "widget"],
  [".cs-widget-title,.cs-card-title", "title"],
  [".cs-card", "card"],
  [".cs-chart", "chart"],
  [".cs-table-block", "table"],
  [".cs-banner", "error"],
];

const camel = (name) => name.replace(/-(\w)/g, (_, c) => c.toUpperCase());

// Settles once the page has painted a frame (what the gateway drew of a widget, or the host
// page's own content), or after 100 ms where no frame comes (a hidden document): the widgets'
// module and wasm are asked for after that first paint, not on the same connection before it,
// as the console's own module waits for its shell's paint (`boot.js`).
const firstPaint = new Promise((settle) => {
  // Whichever comes first cancels the other: nothing is left pending on the host page.
  const frame = requestAnimationFrame(() => {
    clearTimeout(fallback);
    settle();
  });
  const fallback = setTimeout(() => {
    cancelAnimationFrame(frame);
    settle();
  }, 100);
});

export function load(js, wasm, css, shadowCss, api) {
  const module = firstPaint.then(() => import(js)).then(async (m) => {
    await m.default({ module_or_path: wasm });
    m.configureEmbed(api);
    return m;
  });
  let ready, shadowSheets;
  // Fetched when the first element needs it: pages using only the functions get a <link>.
  const sheets = () =>
    (shadowSheets ??= fetch(shadowCss)
      .then((r) =>
        r.ok ? r.text() : Promise.reject(new Error(`the stylesheet answered ${r.status}`)),
      )
      .then((text) => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(text);
        return [sheet];
      }));
  const elementsReady = () => (ready ??= Promise.all([module, sheets()]));
  // What the gateway draws of a widget before the module has arrived (`/embed/<widget>/painted`),
  // with the stylesheet: both or nothing.
  const painted = (widget, query) =>
    Promise.all([
      fetch(new URL(`embed/${widget}/painted?${query}`, api)).then((r) =>
        r.status === 200 ? r.text() : null,
      ),
      sheets(),
    ]).catch(() => [null]);
  for (const [name, [mount, own]] of Object.entries(WIDGETS)) {
    const tag = "chanscope-" + name;
    // A second copy of embed.js (another address) must not define a tag twice.
    if (!customElements.get(tag)) {
      customElements.define(
        tag,
        class extends ChanscopeElement {
          static observedAttributes = (own + COMMON).split(" ");
          widget = name;
          mount = mount;
          ready = elementsReady;
          painted = painted;
        },
      );
    }
  }
  return module.then((m) => {
    // The functions for applications add the stylesheet to the page, once.
    const styled =
      (mount) =>
      (...args) => {
        const widget = mount(...args);
        if (!document.querySelector("link[data-chanscope-styles]")) {
          const link = document.createElement("link");
          link.rel = "stylesheet";
          link.href = css;
          link.dataset.chanscopeStyles = "";
          document.head.append(link);
        }
        return widget;
      };
    const api = { Client: m.Client, Widget: m.Widget };
    for (const [mount] of Object.values(WIDGETS)) api[mount] = styled(m[mount]);
    return api;
  });
}

class ChanscopeElement extends HTMLElement {
  // A page of the gateway's may carry the widget as the server drew it, in a declarative shadow
  // root: it stays until the module has drawn the same in a box of its own (#render).
  #root = this.shadowRoot ?? this.attachShadow({ mode: "open" });
  #painted = this.#root.childElementCount > 0;
  #asked = false;
  // Until a widget renders, the element's own children (its fallback) show through the slot.
  #slot = document.createElement("slot");
  #handle = null;
  #given = null;
  #shown = "";
  #queued = false;
  #watch = new MutationObserver(() => this.#look());

  constructor() {
    super();
    if (this.#painted) this.#parts();
    else this.#root.append(this.#slot);
  }

  connectedCallback() {
    this.#queue();
  }

  disconnectedCallback() {
    this.#queue();
  }

  attributeChangedCallback() {
    this.#queue();
  }

  // One update for all the attributes set in a task; a move (disconnected, then connected at
  // once) changes nothing.
  #queue() {
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      if (!this.isConnected) {
        this.#unmount();
        this.#given = null;
        return;
      }
      this.#paint();
      this.ready().then(
        ([m, sheets]) => this.#render(m, sheets),
        (e) => this.#failed(e),
      );
    });
  }

  // Once, before the module is there: the gateway's drawing of a widget it draws (the channel
  // card), through the gateway the widget calls (no `base-url` or `token` of its own), shown
  // until the module has drawn the same (#render). One that comes after the module is dropped.
  #paint() {
    if (this.#asked || this.#painted || this.widget !== "channel-card") return;
    this.#asked = true;
    const options = this.#options();
    if ("baseUrl" in options || "token" in options) return;
    const query = new URLSearchParams();
    for (const name of this.constructor.observedAttributes)
      if (this.hasAttribute(name)) query.set(name, this.getAttribute(name));
    // Without a `timezone` the module writes dates in the browser's zone: the gateway is told
    // it, so that what it draws is the same.
    if (!query.has("timezone")) {
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (zone) query.set("timezone", zone);
    }
    this.painted(this.widget, query).then(([body, sheets]) => {
      if (body === null || this.#handle || this.#painted || !this.isConnected) return;
      this.#painted = true;
      this.#root.adoptedStyleSheets = sheets;
      this.#root.innerHTML = body;
      this.#parts();
    });
  }

  #options() {
    const options = {};
    for (const name of this.constructor.observedAttributes) {
      let value = this.getAttribute(name);
      if (value === null) continue;
      if (FLAGS.test(name) && /^(|true|false|1|0)$/.test(value))
        value = !/^(false|0)$/.test(value);
      options[camel(name)] = value;
    }
    return options;
  }

  #render(m, sheets) {
    if (!this.isConnected) return;
    const options = this.#options();
    const key = JSON.stringify(options);
    if (key === this.#given?.key) return;
    const dropped = this.#given && Object.keys(this.#given.options).some((k) => !(k in options));
    this.#given = { key, options };
    try {
      if (this.#handle && !dropped) {
        // A bad value throws and leaves the widget (and what it shows) as it was.
        this.#handle.update(options);
        this.#shown = "";
        return;
      }
      this.#shown = "";
      this.#unmount();
      // A fresh box each time: the module leaves its event listeners on the box it rendered
      // into, and they go with it.
      const box = document.createElement("div");
      this.#root.adoptedStyleSheets = sheets;
      this.#handle = m[this.mount](box, options);
      const watched = { childList: true, subtree: true, characterData: true };
      if (this.#painted) {
        // What the server drew stays until the box shows data or an error, then gives way to
        // it in one task: the same markup, so nothing moves.
        this.#painted = false;
        const swap = new MutationObserver(() => {
          if (!/^(data|error)$/.test(this.#state(box))) return;
          swap.disconnect();
          this.#root.replaceChildren(box);
          this.#watch.observe(this.#root, watched);
          this.#look();
        });
        swap.observe(box, watched);
        return;
      }
      this.#root.replaceChildren(box);
      this.#watch.observe(this.#root, watched);
      this.#look();
    } catch (e) {
      if (!this.#handle) this.#say(e.message);
      this.#emit("chanscope-error", { code: "options", message: e.message });
    }
  }

  #unmount() {
    this.#watch.disconnect();
    if (this.#handle) {
      this.#handle.unmount();
      this.#handle.free();
      this.#handle = null;
    }
    if (!this.#painted) this.#root.replaceChildren(this.#slot);
  }

  #failed(e) {
    if (this.#shown === "failed") return;
    this.#shown = "failed";
    // What the server drew stays: it is the answer, only the module is missing.
    if (this.#painted) return this.#emit("chanscope-error", { code: "load", message: e.message });
    // Briefly on the page; the browser's reason in the event.
    this.#say("Chanscope could not load.");
    this.#emit("chanscope-error", { code: "load", message: e.message });
  }

  // A short notice above the fallback content.
  #say(text) {
    const p = document.createElement("p");
    p.part = "error";
    p.setAttribute("role", "alert");
    p.textContent = text;
    // The stylesheet may be what failed.
    p.style.cssText = "margin:0 0 4px;font:14px system-ui,sans-serif;color:#b42318";
    this.#root.replaceChildren(p, this.#slot);
  }

  // After each render: the parts, and an event when the widget has come to show data or an error.
  #look() {
    const root = this.#root;
    this.#parts();
    const failure = root.querySelector("[data-error]");
    const shown = this.#state(root);
    if (shown === this.#shown) return;
    this.#shown = shown;
    if (shown === "data") {
      const title = root.querySelector(".cs-widget-title,.cs-card-title");
      this.#emit("chanscope-load", {
        title: title ? title.textContent.trim() : "",
        empty: !!root.querySelector(".cs-empty"),
      });
    } else if (shown === "error") {
      const what = failure.querySelector(".cs-banner-what");
      this.#emit("chanscope-error", {
        code: failure.dataset.error,
        message: what ? what.textContent.trim() : "",
      });
    }
  }

  // The parts a host page styles the widget by (`::part()`).
  #parts() {
    for (const [css, part] of PARTS)
      for (const el of this.#root.querySelectorAll(css)) el.part.add(part);
  }

  // What `root` shows: an error, the loading box, data, or nothing yet.
  #state(root) {
    return root.querySelector("[data-error]")
      ? "error"
      : root.querySelector(".cs-loading")
        ? "loading"
        : root.querySelector(".cs-widget > *") &&
            !root.querySelector(".cs-widget > section > header:only-child")
          ? "data"
          : "";
  }

  #emit(type, detail) {
    this.dispatchEvent(
      new CustomEvent(type, {
        bubbles: true,
        composed: true,
        detail: { widget: this.widget, options: this.#given?.options ?? this.#options(), ...detail },
      }),
    );
  }
}
