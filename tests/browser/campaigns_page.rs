//! The Campaigns page in the browser, over a stubbed `fetch`: a kept campaign of two placements
//! refreshed as one job of three requests that states its cost first, and each placement's
//! figures and the totals as the page shows them; the form keeps what was typed and names every
//! problem before any request.
#![cfg(target_arch = "wasm32")]

use chanscope::campaigns::{Campaign, CampaignStore, PlacementEntry};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlInputElement};

mod app_support;
mod dom;

use app_support::{find_within, mount, pause as sleep, requests, stub_fetch};
use dom::click;

wasm_bindgen_test_configure!(run_in_browser);

/// Post statistics by hour: 48 hours from where the post's number says (12: 5 Jan 2024 10:00,
/// 99: 10 Jan 2024 10:00), 100 views in the first hour and 10 in each after. Subscribers of
/// @promoted by hour from 1 Jan 00:00 to 15 Jan 00:00 (337 readings, each the count at the end
/// of its hour): 1000 + 2 an hour, and 20 more in each of the 5 hours from 5 Jan 10:00 (hours
/// 106..=110). @daily's plan has no hours: by day, from 1 Jan to 14 Jan, each the count at the
/// end of its day, 1000 + 48 a day, and 100 more from 5 Jan on: the advert's own day, whose
/// end-of-day count already holds them. Post search finds no other mention of either channel.
const FAKE_FETCH: &str = r#"
const stamp = (at) => at.toISOString().slice(0, 16).replace('T', ' ');
let body;
if (u.pathname.endsWith('/posts/stat') && q.get('group') === 'hour') {
  const day = q.get('postId').endsWith('/12') ? 5 : 10;
  body = {
    viewsCount: 570, sharesCount: 0, commentsCount: 0, reactionsCount: 0,
    forwardsCount: 0, mentionsCount: 0, forwards: [], mentions: [],
    views: Array.from({ length: 48 }, (_, i) => ({
      date: stamp(new Date(Date.UTC(2024, 0, day, 10 + i))), viewsGrowth: i === 0 ? 100 : 10,
    })).reverse(),
  };
} else if (u.pathname.endsWith('/channels/subscribers') && q.get('channelId') === '@promoted'
    && q.get('group') === 'hour') {
  const jump = 4 * 24 + 10;
  body = Array.from({ length: 337 }, (_, h) => ({
    period: stamp(new Date(Date.UTC(2024, 0, 1, h))),
    participants_count: 1000 + 2 * h + 20 * Math.min(Math.max(h - jump + 1, 0), 5),
  })).reverse();
} else if (q.get('channelId') === '@daily' && q.get('group') === 'hour') {
  return Promise.resolve(new Response('{"status":"error","error":"no_active_subscription"}'));
} else if (q.get('channelId') === '@daily' && (q.get('group') ?? 'day') === 'day') {
  body = Array.from({ length: 14 }, (_, i) => ({
    period: stamp(new Date(Date.UTC(2024, 0, 1 + i))).slice(0, 10),
    participants_count: 1000 + 48 * i + (i >= 4 ? 100 : 0),
  })).reverse();
} else if (u.pathname.endsWith('/posts/search')) {
  body = { count: 0, total_count: 0, items: [], channels: [] };
} else {
  return Promise.resolve(new Response('{"status":"error","error":"unknown_error"}'));
}
"#;

/// The first element matching `selector`, waiting up to four seconds for it to appear.
async fn find(root: &Element, selector: &str) -> Element {
    find_within(root, selector, 4).await
}

fn value(root: &Element, selector: &str) -> Option<String> {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
        .get_attribute("data-value")
}

fn entry(post: &str, price: &str, date: &str) -> PlacementEntry {
    PlacementEntry {
        post: post.into(),
        price: price.into(),
        date: date.into(),
    }
}

/// Campaign `id` of @promoted with `placements`.
fn promoting(id: &str, placements: Vec<PlacementEntry>) -> Campaign {
    Campaign {
        name: format!("Campaign {id}"),
        promoted: "@promoted".into(),
        placements,
        ..Campaign::new(id.into())
    }
}

/// `campaign` kept alone, the console opened on the Campaigns page and the campaign's refresh
/// opened: the page and its Run button.
async fn open_refresh(campaign: Campaign) -> (Element, Element) {
    stub_fetch(FAKE_FETCH);
    let store = CampaignStore::open().await.unwrap();
    store.clear().await.unwrap();
    store.put(&campaign).await.unwrap();
    drop(store);
    let root = mount("/campaigns");
    let show = format!(
        "li.campaign[data-campaign='{}'] .campaign-show",
        campaign.id
    );
    click(&find(&root, &show).await);
    let run = find(&root, "li.campaign .job-run").await;
    (root, run)
}

/// Runs the job and waits for its figures: every answer in (the mentions come last, after the
/// figures first show), then the last placement's gain.
async fn run_to_the_end(root: &Element, run: &Element, placements: usize) {
    click(run);
    find(root, "li.campaign .job-done").await;
    let last = format!(
        "tr[data-placement='{}'] td[data-figure='gain_24h']",
        placements - 1
    );
    find(root, &last).await;
    for _ in 0..200 {
        if value(root, &last).is_some() {
            break;
        }
        sleep().await;
    }
}

#[wasm_bindgen_test]
async fn a_refresh_states_its_cost_then_shows_each_placement_and_the_totals() {
    let (root, run) = open_refresh(promoting(
        "t1",
        vec![
            // No date: the post's first hourly record gives 5 Jan 10:00.
            entry("t.me/host/12", "1 000 ₽", ""),
            entry("t.me/host/99", "500 ₽", "2024-01-10 10:00"),
        ],
    ))
    .await;
    // Nothing is asked before Run: two post statistics, one subscriber dynamics and one post
    // search for the channel's other mentions.
    assert!(requests().is_empty());
    assert!(
        run.text_content().unwrap().starts_with("Run 4"),
        "{:?}",
        run.text_content()
    );
    run_to_the_end(&root, &run, 2).await;

    let asked = requests();
    assert_eq!(asked.len(), 4, "{asked:?}");
    assert!(
        asked.iter().any(|url| url.contains("/posts/search?")
            && url.contains("extendedSyntax=1")
            && url.contains("@promoted")),
        "{asked:?}"
    );
    assert_eq!(
        asked
            .iter()
            .filter(|url| url.contains("/posts/stat?") && url.contains("group=hour"))
            .count(),
        2
    );
    assert!(asked.iter().any(
        |url| url.contains("/channels/subscribers?channelId=@promoted")
            && url.contains("group=hour")
    ));

    let first = |figure: &str| {
        value(
            &root,
            &format!("tr[data-placement='0'] td[data-figure='{figure}']"),
        )
    };
    let second = |figure: &str| {
        value(
            &root,
            &format!("tr[data-placement='1'] td[data-figure='{figure}']"),
        )
    };
    // Reach: 100 + 23 × 10 = 330 at 24 h, 100 + 47 × 10 = 570 at 48 h.
    assert_eq!(first("reach_24h").as_deref(), Some("330"));
    assert_eq!(first("reach_48h").as_deref(), Some("570"));
    // CPM at 24 h: 1000 / (330 / 1000) and 500 / (330 / 1000).
    assert_eq!(first("cpm_24h"), Some((1000.0 / 0.33_f64).to_string()));
    assert_eq!(second("cpm_24h"), Some((500.0 / 0.33_f64).to_string()));
    // From the end of hour 105 (5 Jan 10:00) to the end of hour 129 (6 Jan 10:00) the channel
    // gained 24 × 2 + 5 × 20 = 148, and to the end of hour 153, 96 + 100 = 196; its normal
    // change over every window as long clear of both placements' 48 hours is 48 and 96, each
    // window alike (no trend): MAD 0, spread √49 = 7 and √97, the noise of as many arrivals.
    // Gains 100 and 100, far beyond 2 spreads.
    assert_eq!(first("gain_24h").as_deref(), Some("100"));
    assert_eq!(first("gain_48h").as_deref(), Some("100"));
    let spread = |row: &str| {
        root.query_selector(&format!(
            "tr[data-placement='{row}'] td[data-figure='gain_24h'] .campaign-spread"
        ))
        .unwrap()
        .and_then(|e| e.get_attribute("data-spread"))
    };
    assert_eq!(spread("0").as_deref(), Some("7"));
    assert_eq!(first("cost_per_subscriber_24h").as_deref(), Some("10"));
    // 10 Jan: 48 − 48 = 0, within 2 spreads: no cost per subscriber, and the cell says why.
    assert_eq!(second("gain_24h").as_deref(), Some("0"));
    assert_eq!(second("cost_per_subscriber_24h"), None);
    let cell = root
        .query_selector("tr[data-placement='1'] td[data-figure='cost_per_subscriber_24h']")
        .unwrap()
        .unwrap();
    assert_eq!(
        cell.text_content().unwrap().trim(),
        "within normal variation"
    );
    // Five days apart: each has its window to itself.
    assert_eq!(first("share").as_deref(), Some("1"));
    // Totals: 1500 ₽, reach 660, CPM 1500 / 0.66, gain 100 + 0 (± √(49 + 49), beyond 2 spreads),
    // 1500 / 100 = 15 a subscriber.
    let total = |figure: &str| value(&root, &format!(".campaign-totals [data-figure='{figure}']"));
    assert_eq!(total("total_price").as_deref(), Some("1500"));
    assert_eq!(total("total_reach_24h").as_deref(), Some("660"));
    assert_eq!(
        total("total_cpm_24h"),
        Some((1500.0 / 0.66_f64).to_string())
    );
    assert_eq!(total("total_gain_24h").as_deref(), Some("100"));
    assert_eq!(
        total("total_cost_per_subscriber_24h").as_deref(),
        Some("15")
    );
    // The chart marks both placements.
    assert!(root
        .query_selector("li.campaign .cs-chart")
        .unwrap()
        .is_some());
    root.remove();
}

#[wasm_bindgen_test]
async fn placements_within_48_hours_share_a_window_and_split_its_gain() {
    let (root, run) = open_refresh(promoting(
        "t2",
        vec![
            entry("t.me/host/12", "1 000 ₽", ""),
            // Twelve hours later: the two 48-hour windows overlap.
            entry("t.me/host/13", "1 000 ₽", "2024-01-05 22:00"),
        ],
    ))
    .await;
    run_to_the_end(&root, &run, 2).await;
    let row = |i: usize, figure: &str| {
        value(
            &root,
            &format!("tr[data-placement='{i}'] td[data-figure='{figure}']"),
        )
    };
    // Both reach 330 at 24 h, so each has half of the window. The window runs from 5 Jan 10:00
    // to 24 h after 22:00, 36 hours: 36 × 2 + 100 = 172 gained, 72 normal, 100 beyond; 50 each.
    assert_eq!(row(0, "share").as_deref(), Some("0.5"));
    assert_eq!(row(1, "share").as_deref(), Some("0.5"));
    assert_eq!(row(0, "gain_24h").as_deref(), Some("50"));
    assert_eq!(row(1, "gain_24h").as_deref(), Some("50"));
    // 1000 ₽ / 50 subscribers.
    assert_eq!(row(1, "cost_per_subscriber_24h").as_deref(), Some("20"));
    let note = root
        .query_selector("tr[data-placement='0'] td[data-figure='share']")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert_eq!(note, "Shares a window with t.me/host/13; its part: 50%");
    let total = |figure: &str| value(&root, &format!(".campaign-totals [data-figure='{figure}']"));
    assert_eq!(total("total_gain_24h").as_deref(), Some("100"));
    root.remove();
}

#[wasm_bindgen_test]
async fn without_hours_the_gain_is_read_by_the_day() {
    let (root, run) = open_refresh(Campaign {
        promoted: "@daily".into(),
        ..promoting("t3", vec![entry("t.me/host/12", "1 000 ₽", "")])
    })
    .await;
    assert!(run.text_content().unwrap().starts_with("Run 3"));
    run_to_the_end(&root, &run, 1).await;
    // The hourly request refused, the daily one asked after it (`day` is the API's default
    // grouping, so it goes unsaid): one unit, two requests.
    let asked: Vec<String> = requests()
        .into_iter()
        .filter(|url| url.contains("/channels/subscribers?"))
        .collect();
    assert_eq!(asked.len(), 2, "{asked:?}");
    assert!(
        asked[0].contains("group=hour") && !asked[1].contains("group="),
        "{asked:?}"
    );
    let figure = |name: &str| {
        value(
            &root,
            &format!("tr[data-placement='0'] td[data-figure='{name}']"),
        )
    };
    // Placed 5 Jan 10:00: counted from the end of 4 Jan (1144), the day before, to the end of
    // 6 Jan (1340) for 24 h and of 7 Jan (1388) for 48 h: 196 over two days against a normal
    // 96, 244 over three against 144 (every window clear of 5 Jan 10:00 to 7 Jan 10:00 alike,
    // spreads √97 and √145): 100 beyond normal both ways. Counted from the end of 5 Jan (1292), as the
    // day's own count, the advert's 100 would be lost.
    assert_eq!(figure("gain_24h").as_deref(), Some("100"));
    assert_eq!(figure("gain_48h").as_deref(), Some("100"));
    assert_eq!(figure("cost_per_subscriber_24h").as_deref(), Some("10"));
    assert!(root
        .query_selector("li.campaign .campaign-daily")
        .unwrap()
        .is_some());
    root.remove();
}

fn type_into(root: &Element, selector: &str, text: &str) {
    let input: HtmlInputElement = root
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
        .unchecked_into();
    input.set_value(text);
    dom::dispatch(&input, "Event", "input", &[]);
}

#[wasm_bindgen_test]
async fn the_form_names_every_problem_and_keeps_what_was_typed() {
    stub_fetch(FAKE_FETCH);
    let root = mount("/campaigns");
    click(&find(&root, ".campaign-new:not([disabled])").await);
    find(&root, "#cp-name").await;
    type_into(&root, "#cp-name", "Spring");
    type_into(&root, "#cp-promoted", "t.me/host/12");
    sleep().await;
    type_into(&root, "#cp-post-1", "t.me/host/5");
    sleep().await;
    type_into(&root, "#cp-price-1", "free");
    sleep().await;
    click(&find(&root, ".campaign-save").await);
    sleep().await;
    let errors: Vec<String> = {
        let list = root
            .query_selector_all(".campaign-form .field-error")
            .unwrap();
        (0..list.length())
            .filter_map(|i| list.item(i)?.text_content())
            .collect()
    };
    // The promoted channel is a post link, and the price has no number.
    assert_eq!(errors.len(), 2, "{errors:?}");
    let typed = |selector: &str| {
        root.query_selector(selector)
            .unwrap()
            .unwrap()
            .unchecked_into::<HtmlInputElement>()
            .value()
    };
    assert_eq!(typed("#cp-name"), "Spring");
    assert_eq!(typed("#cp-price-1"), "free");
    assert!(requests().is_empty());
    root.remove();
}
