// Every page of the console, with a result shown: deep links, since every page keeps its submitted
// form in the address (the query keys are the `Params` of each page in src/pages/). Inputs are
// the end-to-end suite's picks, which find something in the sandbox's dataset. The eight tools
// come first, then the start page, the analyses, the watchlist and the campaigns.

const DAY_MS = 86_400_000;

function link(path, params) {
  return `${path}?${new URLSearchParams(params)}`;
}

// Multi-statistics pages are sent in batches of 50; one batch is the common case.
const MULTI_IDS = 20;

// Every page wraps its answer in `.results` (src/pages/form_request.rs), dimmed as `.stale`
// while a newer one loads; `found` is what shows that the answer has something in it.
const RESULTS = "main .results:not(.stale)";
const TABLE_ROW = `${RESULTS} tbody tr:not(.cs-table-empty)`;
const CARD = `${RESULTS} .cs-card`;
// An analysis's job (src/view/job.rs): finished, or waiting for the person's go-ahead.
const JOB_DONE = "main .job-done";
const CONFIRM = "main .job-confirm button";

export function consolePages(picks) {
  const page = (name, path, params, found) => ({ name, path: link(path, params), found });
  return [
    page("keyword-mentions", "/keyword-mentions", { q: picks.keyword }, TABLE_ROW),
    page(
      "channel-search",
      "/channel-search",
      { q: picks.channel_query, country: picks.channel_country },
      CARD,
    ),
    page(
      "subscriber-dynamics",
      "/subscriber-dynamics",
      { channel: picks.channel, period: "30" },
      `${RESULTS} path.cs-chart-line`,
    ),
    page("channel-info", "/channel-info", { channel: picks.channel }, CARD),
    page(
      "multi-post-stats",
      "/multi-post-stats",
      { channel: picks.channel, ids: picks.post_ids.slice(0, MULTI_IDS).join(",") },
      TABLE_ROW,
    ),
    page(
      "multi-story-stats",
      "/multi-story-stats",
      { channel: picks.channel, ids: picks.story_ids.join(",") },
      TABLE_ROW,
    ),
    page("post-stats", "/post-stats", { post: picks.post_link }, `${RESULTS} .cs-tile`),
    page(
      "post-search",
      "/post-search",
      { q: picks.keyword, extended: "true" },
      `${RESULTS} .post-list > li`,
    ),
    // The start page: the box, what this browser keeps (nothing on a first visit) and the tools
    // by job; nothing asked of the API.
    { name: "start", path: "/", found: "[data-app-ready] main .home .home-job ul.tools a" },
    // An analysis whose plan is within the settings' threshold runs as the page opens.
    page(
      "compare-channels",
      "/compare-channels",
      { channels: picks.compare_channels.join(",") },
      [JOB_DONE, "main .compare-table tbody tr"],
    ),
    page(
      "keyword-trend",
      "/keyword-trend",
      { q1: picks.rising_keyword, q2: picks.broad_keyword },
      [JOB_DONE, "main .trend-summary"],
    ),
    // A search to its end may take 21 requests, above the default threshold: the page opens
    // with its cost, asking before it starts, which is what a person following the link sees.
    page("search-analysis", "/search-analysis", { q: picks.rising_keyword }, CONFIRM),
    // A first visit watches nothing yet: the list's empty state and its import.
    { name: "watchlist", path: "/watchlist", found: "[data-app-ready] main .watchlist-page .cs-empty:not(.cs-held)" },
    // The same for campaigns: none kept yet, and the button that starts one.
    { name: "campaigns", path: "/campaigns", found: "[data-app-ready] main .campaigns-page .cs-empty:not(.cs-held)" },
  ];
}

// The 31 whole days (the most the API allows hourly) that end the day before the sandbox's
// `now`: 744 hourly records, all in the past.
export function hourlyMonth(picks) {
  const now = Number(picks.now) * 1000;
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  const end = now - DAY_MS;
  return { start: day(end - 30 * DAY_MS), end: day(end), points: 31 * 24 };
}
