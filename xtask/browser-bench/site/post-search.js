// The plain-DOM reference for post search: the least a page can do to show what the console's
// post search shows for each post, without a framework. Post texts are untrusted: the only
// markup kept from a snippet is <mark>, made into elements; the rest is text.
import { el, renderOnSubmit } from "./plain.js";

const list = document.querySelector("#posts");
const numbers = new Intl.NumberFormat("en");
const dates = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });
const ENTITIES = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

renderOnSubmit("#search", (response, status) => {
  const { items, channels, total_count: total } = response;
  const channelOf = new Map(channels.map((c) => [c.id, c]));
  status.textContent = `Showing 1–${items.length} of ${numbers.format(total)}`;
  list.replaceChildren(...items.map((post) => item(post, channelOf.get(post.channel_id))));
});

function item(post, channel) {
  const avatar = channel?.image100 ? `https:${channel.image100}` : "";
  return el("li", { class: "post" }, [
    el("header", {}, [
      avatar ? el("img", { src: avatar, alt: "", width: "40", height: "40" }, []) : "",
      el("strong", {}, [channel?.title ?? `#${post.channel_id}`]),
      el("time", { datetime: new Date(post.date * 1000).toISOString() }, [
        dates.format(post.date * 1000),
      ]),
    ]),
    el("p", { class: "snippet" }, snippet(post.snippet ?? "")),
    el("dl", {}, [
      ["Views", post.views],
      ["Shares", post.shares_count],
      ["Comments", post.comments_count],
      ["Reactions", post.reactions_count],
    ].flatMap(([name, value]) => [el("dt", {}, [name]), el("dd", {}, [numbers.format(value)])])),
    el("a", { href: `https://${post.link}`, rel: "noopener noreferrer" }, ["Open in Telegram"]),
  ]);
}

// Text and <mark> elements from a snippet; any other tag is dropped.
function snippet(html) {
  const nodes = [];
  let mark = null;
  for (const part of html.split(/(<[^>]*>)/)) {
    if (part === "<mark>") {
      mark = el("mark", {}, []);
      nodes.push(mark);
    } else if (part === "</mark>") {
      mark = null;
    } else if (part && !part.startsWith("<")) {
      const text = part.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);
      if (mark) mark.append(text);
      else nodes.push(text);
    }
  }
  return nodes;
}
