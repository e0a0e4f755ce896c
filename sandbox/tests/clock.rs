//! Posts dated after "now" that appear as the clock moves (in-process and over HTTP), the
//! keyword whose mentions rise, and the word with more results than the API pages through.

mod common;

use std::sync::Arc;

use axum::http::{Method, StatusCode};
use common::*;
use serde_json::Value;

use sandbox::dataset::{
    BROAD_FIRST_DAY, BROAD_KEYWORD, DAY, FUTURE_DAYS, PLANTED_POST_ID_BASE, RISE_DAYS,
    RISING_KEYWORD,
};
use sandbox::search::tokens::normalise;
use sandbox::server::CLOCK_STEP_MAX;
use sandbox::{Dataset, Size, State};

const WEEK: i64 = 7 * DAY;

/// A dataset of its own, the same as the shared one, whose clock a test may move.
fn fresh() -> Arc<State> {
    Arc::new(State::new(Dataset::generate(1, Size::Small, NOW), config()))
}

async fn envelope_at(state: &Arc<State>, uri: &str) -> Value {
    let (status, _, body) = send(state, Method::GET, uri).await;
    assert_eq!(status, StatusCode::OK, "{uri}");
    serde_json::from_slice(&body).unwrap()
}

async fn ok_at(state: &Arc<State>, uri: &str) -> Value {
    let v = envelope_at(state, uri).await;
    assert_eq!(v["status"], "ok", "{uri}: {v}");
    v["response"].clone()
}

async fn error_at(state: &Arc<State>, uri: &str) -> String {
    let v = envelope_at(state, uri).await;
    assert_eq!(v["status"], "error", "{uri}: {v}");
    v["error"].as_str().unwrap().to_owned()
}

fn has_loose(post: u32, query: &str) -> bool {
    let query = normalise(query);
    words(post).iter().any(|w| loose(w, &query))
}

/// Posts (indices) dated in `from..=to` whose words match `query` loosely.
fn matching_between(query: &str, from: i64, to: i64) -> Vec<u32> {
    (0..ds().posts.len() as u32)
        .filter(|&i| (from..=to).contains(&ds().posts[i as usize].date))
        .filter(|&i| has_loose(i, query))
        .collect()
}

async fn total_at(state: &Arc<State>, params: &str) -> u64 {
    ok_at(state, &format!("/api/posts/search?token=demo&{params}")).await["total_count"]
        .as_u64()
        .unwrap()
}

fn sum(mentions: &Value, field: &str) -> i64 {
    mentions["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i[field].as_i64().unwrap())
        .sum()
}

#[test]
fn posts_are_generated_for_the_days_after_now_and_hidden() {
    let ds = ds();
    let hidden = ds.visible().start;
    assert!(hidden > 0);
    assert!(ds.posts[..hidden]
        .iter()
        .all(|p| p.date > NOW && p.date <= NOW + FUTURE_DAYS * DAY));
    assert!(ds.posts[hidden..].iter().all(|p| p.date <= NOW));
    // Every channel goes on at its own pace: a few dozen posts a day in all, the planted
    // channels 1.5 a day each.
    let per_day = hidden as f64 / FUTURE_DAYS as f64;
    assert!((50.0..=110.0).contains(&per_day), "{per_day}");
    // Posts to come take the next IDs of their range (generated, planted) and the next message
    // numbers, so the posts that exist keep theirs.
    for planted in [false, true] {
        let of_range = |&i: &usize| (ds.posts[i].id >= PLANTED_POST_ID_BASE) == planted;
        let next = &ds.posts[(0..hidden).rev().find(of_range).unwrap()];
        let newest = (hidden..ds.posts.len()).find(of_range).unwrap();
        let newest_existing = &ds.posts[newest];
        assert_eq!(next.id, newest_existing.id + 1);
        assert_eq!(ds.post_by_id(next.id), None);
        assert_eq!(ds.post_by_id(newest_existing.id), Some(newest as u32));
        let channel = &ds.channels[next.channel as usize];
        let existing = channel.posts.iter().filter(|&&p| ds.is_visible(p)).count();
        assert_eq!(next.message as usize, existing + 1);
    }
}

#[tokio::test]
async fn a_post_appears_when_the_clock_reaches_its_date() {
    let state = fresh();
    let ds = &state.dataset;
    // The first post to come, and a word of it.
    let index = ds.visible().start - 1;
    let post = &ds.posts[index];
    let channel = &ds.channels[post.channel as usize];
    let word = words(index as u32)[0].clone();
    let stat = format!("/api/posts/stat?token=demo&postId={}", post.id);
    let link = format!(
        "/api/posts/stat?token=demo&postId=t.me/{}/{}",
        channel.usernames[0], post.message
    );
    let multi = format!(
        "/api/posts/stat-multi?token=demo&channelId={}&postsIds={}",
        channel.id, post.id
    );
    let search = format!(
        "/api/posts/search?token=demo&q={}&strongSearch=1&startDate={}&endDate={}&limit=50",
        enc(&word),
        post.date - DAY,
        post.date + DAY
    );
    let found = |v: &Value| ids(&v["items"]).contains(&post.id);

    assert_eq!(error_at(&state, &stat).await, "post not found");
    assert_eq!(error_at(&state, &link).await, "post not found");
    assert_eq!(ok_at(&state, &multi).await, serde_json::json!([]));
    let before = ok_at(&state, &search).await;
    assert!(!found(&before));

    // One second short of its date it is still to come; at its date it is there.
    let wait = (post.date - NOW) as u32;
    assert_eq!(ds.advance(wait - 1), post.date - 1);
    assert_eq!(error_at(&state, &stat).await, "post not found");
    assert_eq!(ds.advance(1), post.date);
    let stats = ok_at(&state, &stat).await;
    assert_eq!(stats["viewsCount"], 0, "no time to be seen yet");
    assert_eq!(ok_at(&state, &link).await, stats);
    assert_eq!(ok_at(&state, &multi).await[0]["postId"], post.id);
    let after = ok_at(&state, &search).await;
    assert!(found(&after));
    assert_eq!(
        after["total_count"].as_u64().unwrap(),
        before["total_count"].as_u64().unwrap() + 1
    );
    // An hour later it has views.
    ds.advance(3_600);
    assert!(ok_at(&state, &stat).await["viewsCount"].as_u64().unwrap() > 0);
}

#[tokio::test]
async fn reposts_and_mentions_to_come_are_not_listed() {
    let state = fresh();
    let ds = &state.dataset;
    let hidden = ds.visible().start as u32;
    // A post that exists, reposted by a post still to come.
    let (&source, reposts) = ds
        .forwards
        .iter()
        .filter(|(s, r)| **s >= hidden && r[0] < hidden)
        .min_by_key(|(s, _)| **s)
        .unwrap();
    let uri = format!(
        "/api/posts/stat?token=demo&postId={}",
        ds.posts[source as usize].id
    );
    let now_listed = reposts.iter().filter(|&&r| r >= hidden).count();
    let before = ok_at(&state, &uri).await;
    assert_eq!(before["forwardsCount"], now_listed);
    ds.advance((FUTURE_DAYS * DAY) as u32);
    let after = ok_at(&state, &uri).await;
    assert_eq!(after["forwardsCount"], reposts.len());
    assert_eq!(
        after["forwards"][0]["postId"],
        ds.posts[reposts[0] as usize].id.to_string()
    );
}

#[tokio::test]
async fn a_day_later_the_search_and_the_mentions_count_exactly_the_new_posts() {
    let state = fresh();
    let q = enc(BROAD_KEYWORD);
    let since = NOW - 30 * DAY;
    let mentions = format!("/api/words/mentions-by-channels?token=demo&q={q}&startDate={since}");
    let total_before = total_at(&state, &format!("q={q}")).await;
    let mentions_before = ok_at(&state, &mentions).await;
    assert_eq!(
        sum(&mentions_before, "mentions_count") as u64,
        matching_between(BROAD_KEYWORD, since, NOW).len() as u64
    );

    let new = matching_between(BROAD_KEYWORD, NOW + 1, NOW + DAY);
    assert!(new.len() >= BROAD_FIRST_DAY, "{}", new.len());
    assert_eq!(state.dataset.advance(DAY as u32), NOW + DAY);

    let total_after = total_at(&state, &format!("q={q}")).await;
    assert_eq!(total_after, total_before + new.len() as u64);
    let page = ok_at(
        &state,
        &format!("/api/posts/search?token=demo&q={q}&limit={}", new.len()),
    )
    .await;
    let expected: Vec<u64> = new.iter().map(|&i| ds().posts[i as usize].id).collect();
    assert_eq!(
        ids(&page["items"]),
        expected,
        "the newest page is the new posts"
    );
    let mentions_after = ok_at(&state, &mentions).await;
    assert_eq!(
        sum(&mentions_after, "mentions_count"),
        sum(&mentions_before, "mentions_count") + new.len() as i64
    );
    let last = mentions_after["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["last_mention_date"].as_i64().unwrap())
        .max()
        .unwrap();
    assert_eq!(last, ds().posts[new[0] as usize].date);
    // The default period ends at the moved clock too.
    let default = ok_at(
        &state,
        &format!("/api/words/mentions-by-channels?token=demo&q={q}"),
    )
    .await;
    assert_eq!(
        sum(&default, "mentions_count") as usize,
        matching_between(BROAD_KEYWORD, NOW + DAY - 10 * DAY, NOW + DAY).len()
    );
}

#[tokio::test]
async fn the_clock_moves_over_http_and_refuses_bad_steps() {
    let state = fresh();
    let post = |uri: String| {
        let state = Arc::clone(&state);
        async move { send(&state, Method::POST, &uri).await }
    };
    let (status, headers, body) = post("/sandbox/clock?advance=3600".to_owned()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(headers
        .iter()
        .any(|(k, v)| k == "content-type" && v.starts_with("application/json")));
    assert_eq!(body, format!("{{\"now\":{}}}", NOW + 3_600).into_bytes());
    let (_, _, body) = post(format!("/sandbox/clock?advance={CLOCK_STEP_MAX}")).await;
    let now = NOW + 3_600 + i64::from(CLOCK_STEP_MAX);
    assert_eq!(body, format!("{{\"now\":{now}}}").into_bytes());
    assert_eq!(state.dataset.current(), now);
    // Every post generated exists now, and the answers say so.
    assert_eq!(state.dataset.visible(), 0..state.dataset.posts.len());
    let newest = &state.dataset.posts[0];
    let stat = ok_at(
        &state,
        &format!("/api/posts/stat?token=demo&postId={}", newest.id),
    )
    .await;
    assert!(stat["viewsCount"].as_u64().unwrap() > 0);

    let message = format!("advance must be a whole number of seconds from 1 to {CLOCK_STEP_MAX}\n");
    for bad in [
        "/sandbox/clock",
        "/sandbox/clock?advance=",
        "/sandbox/clock?advance=0",
        "/sandbox/clock?advance=-60",
        "/sandbox/clock?advance=1.5",
        "/sandbox/clock?advance=day",
        "/sandbox/clock?advance=2592001",
        "/sandbox/clock?advance=99999999999",
    ] {
        let (status, _, body) = post(bad.to_owned()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(String::from_utf8(body).unwrap(), message, "{bad}");
    }
    assert_eq!(
        state.dataset.current(),
        now,
        "refused steps leave the clock"
    );
    let (status, _, _) = send(&state, Method::GET, "/sandbox/clock?advance=60").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(state.dataset.current(), now);
}

/// Posts of the rising keyword in the week that ends at `end`, as post search counts them and
/// as a scan of the words finds them.
async fn rising_in_week(end: i64) -> u64 {
    let start = end - WEEK + 1;
    let found = ok(&format!(
        "/api/posts/search?token=demo&q={RISING_KEYWORD}&startDate={start}&endDate={end}"
    ))
    .await;
    let total = found["total_count"].as_u64().unwrap();
    assert_eq!(
        total,
        matching_between(RISING_KEYWORD, start, end).len() as u64
    );
    total
}

#[tokio::test]
async fn the_rising_keyword_is_mentioned_more_week_after_week() {
    let q = RISING_KEYWORD;
    // The last 8 weeks, oldest first.
    let mut weeks = Vec::new();
    for k in (0..8).rev() {
        weeks.push(rising_in_week(NOW - k * WEEK).await);
    }
    let (first, second): (u64, u64) = (weeks[..4].iter().sum(), weeks[4..].iter().sum());
    eprintln!("{RISING_KEYWORD} per week: {weeks:?}");
    assert!(second as f64 >= 1.5 * first as f64, "{weeks:?}");
    // About 15 a day in the last week, one or two a day when it started.
    assert!((70..=140).contains(&weeks[7]), "{weeks:?}");
    let start = NOW - RISE_DAYS * DAY;
    assert_eq!(
        ok(&format!(
            "/api/posts/search?token=demo&q={q}&endDate={}",
            start - 1
        ))
        .await["total_count"],
        0
    );
    let first_week = ok(&format!(
        "/api/posts/search?token=demo&q={q}&startDate={start}&endDate={}",
        start + WEEK
    ))
    .await["total_count"]
        .as_u64()
        .unwrap();
    assert!((3..=25).contains(&first_week), "{first_week}");

    // In channels of every kind: many channels, and the word a hashtag of its own.
    let mentions = ok(&format!(
        "/api/words/mentions-by-channels?token=demo&q={q}&startDate={}",
        NOW - 30 * DAY
    ))
    .await;
    assert!(mentions["items"].as_array().unwrap().len() >= 20);
    let tagged = format!("#{RISING_KEYWORD}");
    let page = ok(&format!("/api/posts/search?token=demo&q={q}&limit=50")).await;
    for item in page["items"].as_array().unwrap() {
        assert!(item["text"].as_str().unwrap().contains(&tagged), "{item}");
    }

    // And it goes on rising in the days still to come.
    let state = fresh();
    let shown = total_at(&state, &format!("q={q}")).await;
    let to_come = matching_between(RISING_KEYWORD, NOW + 1, NOW + FUTURE_DAYS * DAY).len() as u64;
    assert!(to_come >= weeks[7], "{to_come} after {weeks:?}");
    state.dataset.advance((FUTURE_DAYS * DAY) as u32);
    assert_eq!(total_at(&state, &format!("q={q}")).await, shown + to_come);
}

#[tokio::test]
async fn the_broad_keyword_has_more_results_than_the_pages_reach() {
    let q = enc(BROAD_KEYWORD);
    let deepest = ok(&format!(
        "/api/posts/search?token=demo&q={q}&offset=1000&limit=50"
    ))
    .await;
    let total = deepest["total_count"].as_u64().unwrap();
    assert!(total > 1_050, "{total}");
    assert_eq!(
        total,
        posts_where(|w| w.iter().any(|f| loose(f, BROAD_KEYWORD))).len() as u64
    );
    assert_eq!(deepest["count"], 50);
}

#[tokio::test]
async fn the_same_seed_and_now_give_the_same_bytes_after_the_clock_moves() {
    let (a, b) = (fresh(), fresh());
    for state in [&a, &b] {
        state.dataset.advance(DAY as u32);
    }
    let newest = &a.dataset.posts[a.dataset.visible().start];
    let uris = [
        format!(
            "/api/posts/search?token=demo&q={}&extended=1&limit=50",
            enc(BROAD_KEYWORD)
        ),
        format!("/api/words/mentions-by-channels?token=demo&q={RISING_KEYWORD}"),
        format!("/api/posts/stat?token=demo&postId={}&group=hour", newest.id),
    ];
    for uri in &uris {
        let first = send(&a, Method::GET, uri).await.2;
        assert_eq!(send(&b, Method::GET, uri).await.2, first, "{uri}");
        // A day earlier the answer was another.
        assert_ne!(send(state(), Method::GET, uri).await.2, first, "{uri}");
    }
}
