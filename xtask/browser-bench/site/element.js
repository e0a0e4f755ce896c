// A portal's page with `<chanscope-channel-card channel="…">`, the channel from the address
// (`?channel=…`): the page the bench opens to see when the card is painted against when the
// widgets' wasm arrives.
const card = document.createElement("chanscope-channel-card");
card.setAttribute("channel", new URLSearchParams(location.search).get("channel") ?? "");
document.querySelector("main").append(card);
