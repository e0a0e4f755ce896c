// The plain-DOM reference for post search: the least a page can do to show what the console's
// post search shows for each post, without a framework: the channel (linked), date, snippet,
// media, counters, ER and ERR, links to the post and its statistics, and the page's totals.
// Post texts are untrusted: the only markup kept from a snippet is <mark>, made into elements;
// the rest is text.
import { el, renderOnSubmit } from "./plain.js";

const list = document.querySelector("#posts");
const totals = document.querySelector("#totals");
const rates = new Intl.NumberFormat("en", { maximumFractionDigits: 1 });
const numbers = new Intl.NumberFormat("en");
const dates = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });
const ENTITIES = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

renderOnSubmit("#search", (response, status) => {
  const { items, channels, total_count: total } = response;
  const channelOf = new Map(channels.map((c) => [c.id, c]));
  status.textContent = `Showing 1–${items.length} of ${numbers.format(total)}`;
  totals.replaceChildren(...pageTotals(items));
  list.replaceChildren(...items.map((post) => item(post, channelOf.get(post.channel_id))));
});

const rate = (value) => (Number.isFinite(value) ? `${rates.format(value)}%` : "—");
const er = (post) =>
  ((post.shares_count + post.comments_count + post.reactions_count) / post.views) * 100;

// Posts, views, average and median reach, average ER (deleted posts left out of the figures).
function pageTotals(items) {
  const kept = items.filter((post) => !post.is_deleted);
  const views = kept.map((post) => post.views).sort((a, b) => a - b);
  const sum = views.reduce((a, b) => a + b, 0);
  const mid = views.length >> 1;
  const median = views.length % 2 ? views[mid] : (views[mid - 1] + views[mid]) / 2;
  const ers = kept.filter((post) => post.views > 0).map(er);
  return [
    ["Posts", numbers.format(items.length)],
    ["Views", numbers.format(sum)],
    ["Average reach", numbers.format(Math.round(sum / views.length))],
    ["Median reach", numbers.format(Math.round(median))],
    ["Average ER", rate(ers.reduce((a, b) => a + b, 0) / ers.length)],
  ].flatMap(([name, value]) => [el("dt", {}, [name]), el("dd", {}, [value])]);
}

function item(post, channel) {
  const avatar = channel?.image100 ? `https:${channel.image100}` : "";
  return el("li", { class: "post" }, [
    el("header", {}, [
      avatar ? el("img", { src: avatar, alt: "", width: "40", height: "40" }, []) : "",
      el("a", { href: `/channel-info?channel=${post.channel_id}` }, [
        channel?.title ?? `#${post.channel_id}`,
      ]),
      el("time", { datetime: new Date(post.date * 1000).toISOString() }, [
        dates.format(post.date * 1000),
      ]),
    ]),
    post.media?.media_type ? el("span", { class: "badge" }, [post.media.media_type]) : "",
    el("p", { class: "snippet" }, snippet(post.snippet ?? "")),
    el("dl", {}, [
      ["Views", post.views],
      ["Shares", post.shares_count],
      ["Comments", post.comments_count],
      ["Reactions", post.reactions_count],
      ["ER", rate(er(post))],
      ["ERR", rate((post.views / channel?.participants_count) * 100)],
    ].flatMap(([name, value]) => [
      el("dt", {}, [name]),
      el("dd", {}, [typeof value === "number" ? numbers.format(value) : value]),
    ])),
    el("a", { href: `https://${post.link}`, rel: "noopener noreferrer" }, ["Open in Telegram"]),
    el("a", { href: `/post-stats?post=${encodeURIComponent(post.link)}` }, ["Post statistics"]),
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
