//! The channel report in the browser, over a stubbed `fetch`, for a plan without hourly
//! subscribers: the health check and the incoming mentions both fall back to days, the health
//! check explains the rise after a mention by the post that mentions the channel, and the
//! change after a mention is read from end-of-day counts; and, by the hour, a rise right after a
//! placement of a campaign kept in this browser is that placement's; and reading the posts
//! around a rise explained by a mention shows newcomers who do not read.
#![cfg(target_arch = "wasm32")]

use chanscope::campaigns::{Campaign, CampaignStore, PlacementEntry, CAMPAIGN_VERSION};
use wasm_bindgen_test::*;
use web_sys::Element;

mod app_support;
mod dom;
mod report_stubs;

use app_support::{find_within, mount, requests, stub_fetch};
use dom::click;
use report_stubs::{dense_fetch, FAKE_FETCH, READERS_FETCH, TRACKED_FETCH};

wasm_bindgen_test_configure!(run_in_browser);

async fn find(root: &Element, selector: &str) -> Element {
    find_within(root, selector, 6).await
}

#[wasm_bindgen_test]
async fn without_hours_the_report_reads_days() {
    stub_fetch(FAKE_FETCH);
    let root = mount("/channel-info?channel=%40promo");
    // The health check reads days: the +210 of six days ago, the day of @other's post, is that
    // post's rise, not a jump; of low confidence, as daily counts are.
    let rise = find(&root, ".report-health [data-finding='mention-rise']").await;
    let six_days_ago = (chrono::Utc::now() - chrono::TimeDelta::days(6))
        .format("%Y-%m-%d")
        .to_string();
    assert_eq!(rise.get_attribute("data-date"), Some(six_days_ago));
    assert_eq!(
        rise.get_attribute("data-confidence").as_deref(),
        Some("low")
    );
    assert_eq!(rise.get_attribute("data-change").as_deref(), Some("210"));
    let cause = rise.query_selector(".report-cause").unwrap().unwrap();
    assert_eq!(
        cause.get_attribute("data-source").as_deref(),
        Some("@other")
    );
    let health = root.query_selector(".report-health").unwrap().unwrap();
    assert_eq!(health.get_attribute("data-anomalies").as_deref(), Some("0"));
    assert!(health.text_content().unwrap().contains("Daily counts"));
    click(&find(&root, ".report-mentions .job-run").await);
    let row = find(&root, "tr[data-mention-post='t.me/other/1']").await;
    for _ in 0..200 {
        if row.get_attribute("data-change-day").is_some() {
            break;
        }
        app_support::pause().await;
    }
    // Posted six days ago at 10:00 (index 84 of the 91 days): counted from the end of the day
    // before (index 83, 1,830) to the end of the day 24 hours later (index 85, 2,050) and 48
    // hours later (index 86, 2,060): +220 over two days and +230 over three. Counting from the
    // end of its own day (2,040) would have lost the advert's 200.
    assert_eq!(row.get_attribute("data-change-day").as_deref(), Some("220"));
    assert_eq!(
        row.get_attribute("data-change-two-days").as_deref(),
        Some("230")
    );
    // Normal over two days: +20 in every window clear of the mention's 48 hours (no trend); all
    // equal, so the spread is the noise of 20 arrivals, √21, and 220 − 20 = 200 is beyond
    // normal.
    assert_eq!(row.get_attribute("data-normal-day").as_deref(), Some("20"));
    assert_eq!(
        row.get_attribute("data-spread-day"),
        Some(21f64.sqrt().to_string())
    );
    let day = row.query_selector("td[data-beyond]").unwrap().unwrap();
    assert_eq!(day.get_attribute("data-beyond").as_deref(), Some("true"));
    assert!(root.query_selector(".report-daily").unwrap().is_some());
    // Each section asked by hour, was refused, and asked by day: the cache answered the
    // second section's day from the first's.
    let asked: Vec<String> = requests()
        .into_iter()
        .filter(|url| url.contains("/channels/subscribers?") && url.contains("startDate"))
        .collect();
    assert!(
        asked.iter().any(|url| url.contains("group=hour"))
            && asked.iter().any(|url| !url.contains("group=")),
        "{asked:?}"
    );
    root.remove();
}

#[wasm_bindgen_test]
async fn a_rise_after_a_tracked_placement_is_the_placements() {
    let store = CampaignStore::open().await.unwrap();
    store.clear().await.unwrap();
    let ten_days_ago = chrono::Utc::now().date_naive() - chrono::TimeDelta::days(10);
    store
        .put(&Campaign {
            version: CAMPAIGN_VERSION,
            id: "c1".to_owned(),
            name: "Spring push".to_owned(),
            promoted: "t.me/tracked".to_owned(),
            placements: vec![PlacementEntry {
                post: "t.me/partner_news/5".to_owned(),
                price: "1 000 ₽".to_owned(),
                date: format!("{} 12:00", ten_days_ago.format("%Y-%m-%d")),
            }],
        })
        .await
        .unwrap();
    stub_fetch(TRACKED_FETCH);
    let root = mount("/channel-info?channel=%40tracked");
    let rise = find(&root, ".report-health [data-finding='mention-rise']").await;
    // The five hours' 1,500 and their own +2 each.
    assert_eq!(rise.get_attribute("data-change").as_deref(), Some("1510"));
    assert_eq!(
        rise.get_attribute("data-start"),
        Some(format!("{}T12:00", ten_days_ago.format("%Y-%m-%d")))
    );
    let cause = rise.query_selector(".report-cause").unwrap().unwrap();
    assert_eq!(
        cause.get_attribute("data-source").as_deref(),
        Some("Spring push")
    );
    assert!(cause
        .text_content()
        .unwrap()
        .contains("your campaign «Spring push»"));
    let health = root.query_selector(".report-health").unwrap().unwrap();
    assert_eq!(health.get_attribute("data-anomalies").as_deref(), Some("0"));
    // No post names the channel's own, so no profile runs: the posts around the rise cannot
    // be found, and the finding says what to do instead of offering requests.
    assert!(rise
        .query_selector(".report-readers-needs-profile")
        .unwrap()
        .is_some());
    assert!(rise
        .query_selector(".report-readers-run")
        .unwrap()
        .is_none());
    store.clear().await.unwrap();
    root.remove();
}

/// Waits up to six seconds for the first element matching `selector` to have its attribute
/// `name` read `value`, and gives it. Found again each time: the page may draw another element
/// in its place.
async fn attribute_becomes(root: &Element, selector: &str, name: &str, value: &str) -> Element {
    for _ in 0..300 {
        if let Ok(Some(found)) = root.query_selector(selector) {
            if found.get_attribute(name).as_deref() == Some(value) {
                return found;
            }
        }
        app_support::pause().await;
    }
    let found = find(root, selector).await;
    assert_eq!(
        found.get_attribute(name).as_deref(),
        Some(value),
        "{}",
        found.outer_html()
    );
    found
}

#[wasm_bindgen_test]
async fn reading_the_posts_around_an_explained_rise_unmasks_newcomers_who_do_not_read() {
    stub_fetch(READERS_FETCH);
    let root = mount("/channel-info?channel=%40boughtad");
    let rise = find(&root, ".report-health [data-finding='mention-rise']").await;
    assert_eq!(rise.get_attribute("data-change").as_deref(), Some("10000"));
    assert_eq!(rise.get_attribute("data-shape").as_deref(), Some("sudden"));
    // 10 % of the mention's 150,000 views.
    assert_eq!(
        rise.get_attribute("data-explains").as_deref(),
        Some("15000")
    );
    assert_eq!(rise.get_attribute("data-readers"), None);
    assert!(rise
        .text_content()
        .unwrap()
        .contains("Its readers can bring at most 15,000 (10 % of the 150,000 views"));
    // Explained, but its newcomers' reading not checked: clean, of medium confidence, and the
    // band says why.
    let verdict = find(&root, "[data-figure='health']").await;
    assert_eq!(
        verdict.get_attribute("data-value").as_deref(),
        Some("clean")
    );
    assert_eq!(
        verdict.get_attribute("data-confidence").as_deref(),
        Some("medium")
    );
    assert!(verdict
        .text_content()
        .unwrap()
        .contains("whether the newcomers after a mention read was not checked"));
    assert!(root
        .query_selector("[data-summary='readers']")
        .unwrap()
        .is_none());
    // The profile, from post 200 that the mention names, knows posts 191 to 200 (one each 12
    // hours). From them the rise's start is at message 176: the day before it ends at 174,
    // the six posts up to there and two more each side are 167..=176; its end is at 176, and
    // the six from there and two more each side are 174..=183. 17 numbers, stated first.
    find(&root, ".report-profile .job-done").await;
    let run = find(&root, ".report-health .report-readers-run").await;
    assert_eq!(
        run.text_content().as_deref(),
        Some("Read the posts around it — 17 requests")
    );
    let stats_asked = || {
        requests()
            .into_iter()
            .filter(|url| url.contains("/posts/stat?"))
            .count()
    };
    let before_click = stats_asked();
    click(&run);
    let judged = attribute_becomes(
        &root,
        ".report-health [data-finding='beyond-mention']",
        "data-readers",
        "not-followed",
    )
    .await;
    // Reach 4,000 before on 20,000 and after on 30,000: ERR24 20 % → 13.33 %.
    let err = |selector: &str| {
        judged
            .query_selector(selector)
            .unwrap()
            .unwrap()
            .get_attribute("data-value")
    };
    assert_eq!(err("[data-err-before]").as_deref(), Some("20.00"));
    assert_eq!(err("[data-err-after]").as_deref(), Some("13.33"));
    let readers = judged.query_selector(".report-readers").unwrap().unwrap();
    assert_eq!(
        readers.get_attribute("data-posts-before").as_deref(),
        Some("6")
    );
    assert_eq!(
        readers.get_attribute("data-posts-after").as_deref(),
        Some("6")
    );
    assert_eq!(
        judged.get_attribute("data-confidence").as_deref(),
        Some("medium")
    );
    // The verdict was made after the readers: one possible warning sign.
    let verdict =
        attribute_becomes(&root, "[data-figure='health']", "data-value", "warnings").await;
    assert_eq!(
        verdict
            .query_selector("a")
            .unwrap()
            .unwrap()
            .text_content()
            .as_deref(),
        Some("1 possible warning sign")
    );
    let band = find(&root, "[data-summary='readers']").await;
    assert_eq!(
        band.get_attribute("data-readers").as_deref(),
        Some("not-followed")
    );
    let value = |selector: &str| {
        band.query_selector(selector)
            .unwrap()
            .unwrap()
            .get_attribute("data-value")
    };
    assert_eq!(value("[data-err-before]").as_deref(), Some("20.00"));
    assert_eq!(value("[data-err-after]").as_deref(), Some("13.33"));
    // Every one of the 17 numbers was asked once, none of them before the click (the cache
    // answers the profile's own).
    let asked: Vec<u64> = requests()
        .into_iter()
        .filter(|url| url.contains("/posts/stat?"))
        .skip(before_click)
        .filter_map(|url| {
            url.split("t.me/boughtad/")
                .nth(1)?
                .split('&')
                .next()?
                .parse()
                .ok()
        })
        .collect();
    let mut sorted = asked.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (167..=183).collect::<Vec<u64>>(), "{asked:?}");
    root.remove();
}

#[wasm_bindgen_test]
async fn a_side_left_short_is_read_in_a_next_round_placed_by_the_posts_read() {
    stub_fetch(&dense_fetch());
    let root = mount("/channel-info?channel=%40denseold");
    find(&root, ".report-profile .job-done").await;
    // Placed at the pace of the profile's posts (one each 12 hours), the first round reads
    // 167..=183: the rise and after it, but nothing as old as the day before it.
    let run = find(&root, ".report-health .report-readers-run").await;
    assert_eq!(
        run.text_content().as_deref(),
        Some("Read the posts around it — 17 requests")
    );
    let stats_asked = || -> Vec<u64> {
        requests()
            .into_iter()
            .filter(|url| url.contains("/posts/stat?"))
            .filter_map(|url| {
                url.split("t.me/denseold/")
                    .nth(1)?
                    .split('&')
                    .next()?
                    .parse()
                    .ok()
            })
            .collect()
    };
    let profile_asked = stats_asked().len();
    click(&run);
    let first = attribute_becomes(
        &root,
        ".report-health [data-start]",
        "data-readers",
        "too-few",
    )
    .await;
    let readers = first.query_selector(".report-readers").unwrap().unwrap();
    assert_eq!(
        readers.get_attribute("data-posts-before").as_deref(),
        Some("0")
    );
    // The posts read now place the day before the rise at message 164: ten numbers more,
    // 157..=166, none asked before.
    let more = find(&root, ".report-health .report-readers-more").await;
    assert_eq!(
        more.text_content().as_deref(),
        Some("Read 10 more posts around it — 10 requests")
    );
    let first_round: Vec<u64> = stats_asked()[profile_asked..].to_vec();
    click(&more);
    let judged = attribute_becomes(
        &root,
        ".report-health [data-start]",
        "data-readers",
        "not-followed",
    )
    .await;
    assert_eq!(
        judged.get_attribute("data-finding").as_deref(),
        Some("beyond-mention")
    );
    let readers = judged.query_selector(".report-readers").unwrap().unwrap();
    assert_eq!(
        readers.get_attribute("data-posts-before").as_deref(),
        Some("6")
    );
    let err = |selector: &str| {
        judged
            .query_selector(selector)
            .unwrap()
            .unwrap()
            .get_attribute("data-value")
    };
    assert_eq!(err("[data-err-before]").as_deref(), Some("20.00"));
    assert_eq!(err("[data-err-after]").as_deref(), Some("13.33"));
    let mut second_round: Vec<u64> = stats_asked()[profile_asked + first_round.len()..].to_vec();
    second_round.sort_unstable();
    assert_eq!(second_round, (157..=166).collect::<Vec<u64>>());
    // Enough on both sides: no third round.
    assert!(root
        .query_selector(".report-readers-more")
        .unwrap()
        .is_none());
    root.remove();
}
