// What the plain-DOM reference pages share.

// An element with attributes and children: strings become text nodes, never markup.
function build(node, attributes, children) {
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

export function el(tag, attributes, children) {
  return build(document.createElement(tag), attributes, children);
}

export function svgEl(tag, attributes, children) {
  return build(document.createElementNS("http://www.w3.org/2000/svg", tag), attributes, children);
}

// On submit of `form`, fetches the answer named by this page's `?api=` (the one the console asked
// for) and hands its `response` and the status line to `render`; an API error is shown instead.
export function renderOnSubmit(form, render) {
  const api = new URLSearchParams(location.search).get("api");
  const status = document.querySelector("#status");
  document.querySelector(form).addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await (await fetch(api)).json();
    if (answer.status === "ok") render(answer.response, status);
    else status.textContent = `The API answered: ${answer.error}`;
  });
}
