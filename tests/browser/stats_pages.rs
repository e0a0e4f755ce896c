//! The statistics pages in the browser, over a stubbed `fetch`: what they ask the API (one call
//! per channel, IDs in batches of 50) and what they show (chart legend, summary maths, tables with
//! totals, the growth of views and its running total, empty lists).
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use chanscope::api::browser::BrowserTransport;
use chanscope::api::Transport;
use chanscope::format::{format_rate, group_decimal, Locale};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

mod app_support;

use app_support::{find_within, mount, requests};

wasm_bindgen_test_configure!(run_in_browser);

/// Answers the calls of these pages from fixed data and records every URL asked for.
const FAKE_FETCH: &str = r#"
let body;
if (u.pathname.endsWith('/channels/subscribers')) {
  const alpha = [
    { period: '2024-01-04', participants_count: 130 },
    { period: '2024-01-03', participants_count: 150 },
    { period: '2024-01-02', participants_count: 110 },
    { period: '2024-01-01', participants_count: 100 },
  ];
  const beta = [
    { period: '2024-01-03', participants_count: '50' },
    { period: '2024-01-01', participants_count: 50 },
  ];
  body = q.get('channelId') === '@alpha' ? alpha : q.get('channelId') === '@beta' ? beta : [];
} else if (u.pathname.endsWith('/channels/get') && q.get('channelId') === '42') {
  body = { id: 42, title: 'Beta', username: '@beta', participants_count: 900 };
} else if (u.pathname.endsWith('/channels/get') && q.get('channelId') === '@alpha') {
  body = { id: 1, title: 'Alpha', username: '@alpha', participants_count: 2000 };
} else if (u.pathname.endsWith('/posts/stat-multi') && q.get('channelId') === '@broken'
    && q.get('postsIds').startsWith('51,')) {
  return Promise.resolve(new Response('{"status":"error","error":"quota_requests_reached"}'));
} else if (u.pathname.endsWith('/posts/stat-multi')) {
  body = q.get('postsIds').split(',').map(Number).filter((id) => id !== 77).map((id) => ({
    postId: id, viewsCount: id * 10, sharesCount: 1, commentsCount: 2, reactionsCount: 3,
  }));
} else if (u.pathname.endsWith('/posts/stat')) {
  body = {
    viewsCount: 1500, sharesCount: 12, commentsCount: 7, reactionsCount: 40,
    forwardsCount: 1, mentionsCount: 0,
    forwards: [{ postId: '901', postLink: 't.me/beta/9', postDate: 1704200000, channelId: 42, peerType: 'channel' }],
    mentions: [],
    views: [{ date: '2024-01-02', viewsGrowth: '30' }, { date: '2024-01-01', viewsGrowth: 100 }],
  };
  if (q.get('group') === 'hour') {
    // 48 hours from 1 Jan 10:00, newest first: 100 views in the first hour, then 10 an hour.
    body.views = Array.from({ length: 48 }, (_, i) => {
      const at = new Date(Date.UTC(2024, 0, 1, 10 + i));
      const date = at.toISOString().slice(0, 16).replace('T', ' ');
      return { date, viewsGrowth: i === 0 ? 100 : 10 };
    }).reverse();
  }
} else {
  return Promise.resolve(new Response('{"status":"error","error":"unknown_error"}'));
}
"#;

fn stub_fetch() {
    app_support::stub_fetch(FAKE_FETCH);
}

/// The first element matching `selector`, waiting up to two seconds for it to appear.
async fn find(root: &Element, selector: &str) -> Element {
    find_within(root, selector, 2).await
}

fn texts(root: &Element, selector: &str) -> Vec<String> {
    let found = root.query_selector_all(selector).unwrap();
    (0..found.length())
        .filter_map(|i| found.item(i)?.text_content())
        .map(|t| t.trim().to_owned())
        .collect()
}

/// The `title` of each match: the exact figure of a stat tile.
fn titles(root: &Element, selector: &str) -> Vec<String> {
    let found = root.query_selector_all(selector).unwrap();
    (0..found.length())
        .filter_map(|i| {
            found
                .item(i)?
                .dyn_into::<Element>()
                .ok()?
                .get_attribute("title")
        })
        .collect()
}

fn text(root: &Element, selector: &str) -> String {
    texts(root, selector).into_iter().next().unwrap_or_default()
}

#[wasm_bindgen_test]
async fn subscriber_dynamics_overlays_channels_and_sums_up_their_change() {
    stub_fetch();
    let root = mount("/subscriber-dynamics?channel=@alpha,@beta");
    let summary = find(&root, ".dynamics-summary tr[data-channel='@beta']").await;

    let asked = requests();
    assert_eq!(asked.len(), 2, "{asked:?}");
    assert!(asked[0].ends_with("/channels/subscribers?channelId=@alpha"));
    assert!(asked[1].ends_with("/channels/subscribers?channelId=@beta"));

    assert_eq!(
        texts(&root, ".dynamics-chart .cs-chart-legend li"),
        ["@alpha", "@beta"]
    );
    let alpha = "tr[data-channel='@alpha']";
    assert_eq!(text(&root, &format!("{alpha} .summary-net")), "+30");
    assert_eq!(text(&root, &format!("{alpha} .summary-percent")), "+30%");
    assert_eq!(
        text(&root, &format!("{alpha} .summary-first")),
        "1001 Jan 2024"
    );
    assert_eq!(
        text(&root, &format!("{alpha} .summary-gain")),
        "+403 Jan 2024"
    );
    assert_eq!(
        text(&root, &format!("{alpha} .summary-drop")),
        "-204 Jan 2024"
    );
    let beta = summary.text_content().unwrap_or_default();
    assert!(beta.contains("0%"), "{beta}");
    assert_eq!(text(&root, "tr[data-channel='@beta'] .summary-gain"), "—");

    // Newest first, one column per channel, a dash where a channel has no record.
    let rows = texts(&root, ".dynamics-table tbody tr");
    assert_eq!(rows.len(), 4);
    let first_row = texts(&root, ".dynamics-table tbody tr:first-child td");
    assert_eq!(first_row, ["4 Jan 2024", "130", "—"]);

    // The relative view: each channel as a change since its first period, so @alpha runs from
    // 0 % to +30 % (+50 % at its peak, 150 on 3 Jan) and the axis is in percent, below 100.
    let ticks = |root: &Element| -> Vec<f64> {
        texts(root, ".dynamics-chart .cs-chart-ytick")
            .iter()
            .filter_map(|t| t.parse().ok())
            .collect()
    };
    // Subscriber counts run past 100 on the absolute axis. The chart draws once its box has been
    // laid out: before the page's first paint, after the render that shows the summary.
    find(&root, ".dynamics-chart .cs-chart-ytick").await;
    let absolute_ticks = ticks(&root);
    assert!(
        absolute_ticks.iter().any(|&t| t >= 100.0),
        "{absolute_ticks:?}"
    );
    let buttons = root.query_selector_all(".view-switch button").unwrap();
    let relative: HtmlElement = buttons.item(1).unwrap().dyn_into().unwrap();
    assert_eq!(relative.text_content().as_deref(), Some("Change, %"));
    // Pressed from the keyboard: it keeps the focus, written anew as pressed.
    relative.focus().unwrap();
    relative.click();
    find(
        &root,
        ".view-switch button:nth-child(2)[aria-pressed='true']",
    )
    .await;
    assert_eq!(
        text(&root, ".dynamics-chart .cs-chart-title"),
        "Change since the first period, %"
    );
    let relative_ticks = ticks(&root);
    assert!(relative_ticks.contains(&0.0), "{relative_ticks:?}");
    assert!(
        relative_ticks.iter().all(|&t| t < 100.0),
        "{relative_ticks:?}"
    );
    let focused = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .active_element()
        .unwrap();
    assert_eq!(focused.text_content().as_deref(), Some("Change, %"));
    assert_eq!(
        focused.get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    root.remove();
}

/// The first draw of `root`'s chart width, from its `viewBox`, once it is the width of its box.
async fn drawn_at_its_width(root: &Element) -> f64 {
    for _ in 0..100 {
        let svg = find(root, ".cs-chart-svg").await;
        let frame = find(root, ".cs-chart-frame").await;
        let view_box = svg.get_attribute("viewBox").unwrap_or_default();
        let width = view_box.split(' ').nth(2).unwrap_or_default().to_owned();
        if width == frame.client_width().to_string() {
            return width.parse().unwrap();
        }
        app_support::pause().await;
    }
    panic!("the chart is not drawn at the width of its box");
}

#[wasm_bindgen_test]
async fn the_dynamics_drawn_are_the_markup_the_server_writes() {
    use chanscope::api::envelope::decode;
    use chanscope::api::model::{Records, SubscriberCount};
    use chanscope::api::{HttpResponse, PeriodGroup};
    use chanscope::figures::dynamics::readings;
    use chanscope::sanitize::MarkupWriter;
    use chanscope::view::dynamics::{write_dynamics_answer, ChannelReadings, DynamicsLook};

    stub_fetch();
    let root = mount("/subscriber-dynamics?channel=@alpha");
    find(&root, ".dynamics-results .dynamics-summary").await;
    let width = drawn_at_its_width(&root).await;

    // @alpha's answer as the stubbed API gives it.
    let answer = HttpResponse::new(
        200,
        r#"{"status":"ok","response":[
            {"period":"2024-01-04","participants_count":130},
            {"period":"2024-01-03","participants_count":150},
            {"period":"2024-01-02","participants_count":110},
            {"period":"2024-01-01","participants_count":100}]}"#
            .to_owned(),
    );
    let records: Records<SubscriberCount> = decode(&answer).unwrap();
    let (read, unreadable) = readings(PeriodGroup::Day, &records);
    let mut m = MarkupWriter::default();
    let look = DynamicsLook {
        locale: Locale::En,
        group: PeriodGroup::Day,
        width,
        unreadable,
        records_note: None,
    };
    let channels = [ChannelReadings {
        name: "@alpha",
        readings: &read,
    }];
    assert!(write_dynamics_answer(&mut m, &look, &channels));
    let document = web_sys::window().unwrap().document().unwrap();
    let written = document.create_element("div").unwrap();
    written.set_inner_html(m.as_str());

    // What the console drew, without the table of every period (its own to draw, under it).
    let drawn = find(&root, ".dynamics-results")
        .await
        .clone_node_with_deep(true)
        .unwrap()
        .dyn_into::<Element>()
        .unwrap();
    drawn
        .query_selector(".dynamics-table")
        .unwrap()
        .unwrap()
        .remove();
    assert_eq!(drawn.inner_html(), written.inner_html());
    assert!(drawn
        .inner_html()
        .contains("<td class=\"summary-net cs-num cs-up\">+30</td>"));
    root.remove();
}

#[wasm_bindgen_test]
async fn hourly_dynamics_over_a_year_is_refused_before_sending() {
    stub_fetch();
    let root = mount("/subscriber-dynamics?channel=@alpha&group=hour&period=365");
    let error = find(&root, ".dynamics-group .field-error").await;
    assert!(error
        .text_content()
        .unwrap_or_default()
        .contains("at most 31 days"));
    // Pages of earlier tests stay mounted (removed from the document, not destroyed), so only
    // this page's call is looked for.
    let asked = requests();
    assert!(
        asked.iter().all(|u| !u.contains("/channels/subscribers")),
        "{asked:?}"
    );
    root.remove();
}

#[wasm_bindgen_test]
async fn a_hundred_and_twenty_post_ids_go_in_three_calls_with_totals() {
    stub_fetch();
    let ids: Vec<String> = (1..=120).map(|id| id.to_string()).collect();
    let root = mount(&format!(
        "/multi-post-stats?channel=@alpha&ids={}",
        ids.join(",")
    ));
    find(&root, ".stats-table tfoot").await;

    let all = requests();
    // The channel's information once, for the subscribers behind ERR; the IDs in three calls.
    assert_eq!(
        all.iter()
            .filter(|u| u.contains("/channels/get?channelId=@alpha"))
            .count(),
        1,
        "{all:?}"
    );
    let asked: Vec<String> = all
        .into_iter()
        .filter(|u| u.contains("/posts/stat-multi"))
        .collect();
    assert_eq!(asked.len(), 3, "{asked:?}");
    let batch = |from: u64, to: u64| {
        (from..=to)
            .map(|id| id.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    assert!(asked[0].ends_with(&format!("postsIds={}", batch(1, 50))));
    assert!(asked[1].ends_with(&format!("postsIds={}", batch(51, 100))));
    assert!(asked[2].ends_with(&format!("postsIds={}", batch(101, 120))));

    assert_eq!(text(&root, ".batch-summary"), "IDs: 120; requests sent: 3");
    // The first 50 rows are drawn; the rest on request. Totals cover all 119.
    assert_eq!(texts(&root, ".stats-table tbody tr").len(), 50);
    let more = find(&root, ".cs-table-more").await;
    assert_eq!(more.text_content().unwrap_or_default(), "Show all 119 rows");
    more.unchecked_ref::<HtmlElement>().click();
    find(&root, ".stats-table tbody tr:nth-child(119)").await;
    assert_eq!(texts(&root, ".stats-table tbody tr").len(), 119);
    assert!(root.query_selector(".cs-table-more").unwrap().is_none());
    // Views are id * 10 for every id but 77, which is not returned.
    let views: u64 = (1..=120u64).filter(|id| *id != 77).map(|id| id * 10).sum();
    let totals = texts(&root, ".stats-table tfoot td");
    assert_eq!(totals[0], "Total");
    assert_eq!(totals[1].replace(',', ""), views.to_string());
    assert_eq!(totals[2], "119");
    assert_eq!(totals[3], "238");
    assert_eq!(totals[4], "357");
    assert_eq!(texts(&root, ".not-returned li"), ["77"]);
    // The set's figures, computed here from the same data: views id × 10, 6 interactions each,
    // 2,000 subscribers.
    let kept: Vec<f64> = (1..=120u32)
        .filter(|id| *id != 77)
        .map(|id| f64::from(id) * 10.0)
        .collect();
    let average = kept.iter().sum::<f64>() / kept.len() as f64;
    let average_er = kept.iter().map(|v| 6.0 / v * 100.0).sum::<f64>() / kept.len() as f64;
    let rate = |p: f64| format_rate(p, Locale::En);
    assert_eq!(
        texts(&root, ".stats-summary dd"),
        [
            format!("{}", average.round()),
            // The 60th of 119 views in order: id 60.
            "600".to_owned(),
            rate(average / 2000.0 * 100.0),
            rate(average_er),
            "▲ 120 ▼ 1".to_owned(),
            "▲ 1 ▼ 120".to_owned(),
        ]
    );
    assert_eq!(totals[5], rate(average_er));
    assert_eq!(totals[6], rate(average / 2000.0 * 100.0));
    root.remove();
}

#[wasm_bindgen_test]
async fn post_stats_show_counters_growth_reposts_and_no_mentions() {
    stub_fetch();
    let root = mount("/post-stats?post=t.me/alpha/5");
    find(&root, ".growth-chart").await;
    assert!(requests()[0].ends_with("/posts/stat?postId=t.me/alpha/5"));

    assert_eq!(
        titles(&root, ".cs-tile-value"),
        ["1,500", "12", "7", "40", "1", "0"]
    );
    // In time order, with the running total beside each day.
    assert_eq!(
        texts(&root, ".growth-table tbody tr:first-child td"),
        ["1 Jan 2024", "100", "100"]
    );
    assert_eq!(
        texts(&root, ".growth-table tbody tr:last-child td"),
        ["2 Jan 2024", "30", "130"]
    );
    let cumulative = root
        .query_selector(".growth-mode button:last-child")
        .unwrap()
        .unwrap();
    cumulative.unchecked_ref::<HtmlElement>().click();
    find(&root, ".growth-mode button:last-child[aria-pressed='true']").await;
    assert!(text(&root, ".growth-chart .cs-chart-title").contains("in all"));

    // Reposts and mentions are drawn a couple of tasks after the rest (`components::Later`).
    let link = find(&root, ".forwards-list tbody a[href]").await;
    assert_eq!(
        link.get_attribute("href").as_deref(),
        Some("https://t.me/beta/9")
    );
    assert_eq!(
        find(&root, ".mentions-list .cs-empty-title")
            .await
            .text_content()
            .as_deref(),
        Some("No mentions")
    );
    // The reposting channel by name, from its information, linking to its page.
    let named = find(
        &root,
        ".forwards-list tbody td:nth-child(3) a[href='/channel-info?channel=%40beta']",
    )
    .await;
    assert_eq!(named.text_content().as_deref(), Some("Beta (@beta)"));
    root.remove();
}

#[wasm_bindgen_test]
async fn post_stats_figures_come_from_the_counters_and_hourly_growth() {
    stub_fetch();
    let root = mount("/post-stats?post=t.me/alpha/5&price=1650%20RUB");
    find(&root, ".post-figures .cpm-list").await;
    // The page asked by day; reach needs the growth by hour, ERR the channel's subscribers.
    let asked = requests();
    assert!(
        asked
            .iter()
            .any(|u| u.ends_with("/posts/stat?postId=t.me/alpha/5&group=hour")),
        "{asked:?}"
    );
    assert!(
        asked
            .iter()
            .any(|u| u.ends_with("/channels/get?channelId=@alpha")),
        "{asked:?}"
    );
    for _ in 0..100 {
        if texts(&root, ".post-figure-list dd")
            .iter()
            .all(|t| !t.starts_with('—'))
        {
            break;
        }
        BrowserTransport::new()
            .sleep(Duration::from_millis(20))
            .await;
    }
    // Computed here from the stub's numbers: 1,500 views, 12 + 7 + 40 interactions, 2,000
    // subscribers, hourly growth 100 then 10 an hour.
    let rate = |p: f64| format_rate(p, Locale::En);
    let reach = |hours: f64| 100.0 + (hours - 1.0) * 10.0;
    let cpm = |views: f64| {
        format!(
            "{} RUB",
            group_decimal(1650.0 / (views / 1000.0), 2, Locale::En)
        )
    };
    assert_eq!(
        texts(&root, ".post-figure-list:not(.cpm-list) dd"),
        [
            rate(59.0 / 1500.0 * 100.0),
            rate(1500.0 / 2000.0 * 100.0),
            "210".to_owned(),
            "330".to_owned(),
            "570".to_owned(),
            rate(reach(24.0) / 2000.0 * 100.0),
        ]
    );
    assert_eq!(
        texts(&root, ".cpm-list dd"),
        [cpm(reach(24.0)), cpm(reach(48.0)), cpm(1500.0)]
    );
    root.remove();
}

#[wasm_bindgen_test]
async fn a_failed_batch_is_named_and_no_partial_table_is_shown() {
    stub_fetch();
    let ids: Vec<String> = (1..=120).map(|id| id.to_string()).collect();
    let root = mount(&format!(
        "/multi-post-stats?channel=@broken&ids={}",
        ids.join(",")
    ));
    let failed = find(&root, ".batch-failed").await;
    assert_eq!(
        failed.text_content().unwrap_or_default(),
        "Request 2 of 3 (IDs 51–100) failed; no results are shown."
    );
    assert!(root.query_selector(".cs-banner-error").unwrap().is_some());
    assert!(root.query_selector(".stats-table").unwrap().is_none());
    root.remove();
}
