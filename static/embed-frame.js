// The script of the gateway's iframe pages (`/embed/<widget>?…`, gateway/src/embed_page.rs): when
// the page was asked for it (`autoheight=1`), the widget's height posted to the parent page, to
// each origin allowed to frame it (the browser delivers it only to the one that is the parent),
// so that the parent can size the frame.
const body = document.body;
const widget = body.firstElementChild;
if (body.hasAttribute("data-autoheight") && window.parent !== window && widget) {
  const origins = (body.dataset.origins || "").split(" ").filter(Boolean);
  let last = -1;
  new ResizeObserver(() => {
    const height = Math.ceil(widget.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    for (const origin of origins) window.parent.postMessage({ type: "chanscope:height", height }, origin);
  }).observe(widget);
}
