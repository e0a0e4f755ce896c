// The host page's script: three widgets and a channel picker, as a portal would write it.
import { mountChannelCard, mountSubscriberChart, mountPostSearch } from "./embed.js";

const pick = document.querySelector("#channel-pick");
const card = mountChannelCard("#channel-card", { channel: pick.value, variant: "compact" });
const chart = mountSubscriberChart("#subscribers", { channel: pick.value, days: 30 });
mountPostSearch("#mentions", { query: "market", limit: 5 });

pick.addEventListener("change", () => {
  card.update({ channel: pick.value });
  chart.update({ channel: pick.value });
});
