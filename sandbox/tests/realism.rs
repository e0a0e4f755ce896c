//! The generated data in the ranges real channels show (ER, ERR, view growth), in the values the
//! service uses (countries, languages, categories), with avatars the sandbox serves itself, and
//! a clock that follows time when no `--now` is given.

mod common;

use std::sync::Arc;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use serde_json::Value;
use tower::ServiceExt;

use chanscope_api::catalog::{self, Field};
use sandbox::dataset::{clock_now, Clock, DAY};
use sandbox::{router, Dataset, Size, State};

use common::{ds, ok, send, state, NOW};

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn share_within(values: &[f64], lo: f64, hi: f64) -> f64 {
    values.iter().filter(|v| (lo..=hi).contains(*v)).count() as f64 / values.len() as f64
}

/// ER and ERR (percent) of every post that is not deleted and has views, as the answers report
/// them now; ERR against the channel's current participants.
fn er_and_err() -> (Vec<f64>, Vec<f64>) {
    let ds = ds();
    let (mut er, mut err) = (Vec::new(), Vec::new());
    for i in ds.visible() {
        let p = &ds.posts[i];
        let c = ds.counters(i as u32);
        if p.deleted || c.views == 0 {
            continue;
        }
        let interactions = c.shares + c.comments + c.reactions;
        er.push(interactions as f64 / c.views as f64 * 100.0);
        // Posts whose growth is over: a young post has not reached its audience yet.
        let subscribers = ds.participants(p.channel);
        if ds.now - p.date > 15 * DAY && subscribers > 0 {
            err.push(c.views as f64 / subscribers as f64 * 100.0);
        }
    }
    (er, err)
}

#[test]
fn engagement_is_in_the_ranges_of_real_channels() {
    let (er, err) = er_and_err();
    assert!(er.len() > 9_000, "{}", er.len());
    let (er_median, err_median) = (median(er.clone()), median(err.clone()));
    eprintln!(
        "posts {}: median ER {er_median:.2}%, {:.0}% within 0.5–10%, {:.0}% at 0; \
         median ERR {err_median:.1}%, {:.0}% within 5–60%",
        er.len(),
        share_within(&er, 0.5, 10.0) * 100.0,
        share_within(&er, 0.0, 0.0) * 100.0,
        share_within(&err, 5.0, 60.0) * 100.0,
    );
    assert!((0.5..=10.0).contains(&er_median), "median ER {er_median}");
    // Posts of a few dozen views often have no interaction at all, as in real channels.
    assert!(share_within(&er, 0.5, 10.0) > 0.75, "ER in 0.5–10%");
    assert!(er.iter().all(|&e| e <= 15.0), "no ER above 15%");
    assert!(
        (5.0..=60.0).contains(&err_median),
        "median ERR {err_median}"
    );
    assert!(share_within(&err, 5.0, 60.0) > 0.8, "ERR in 5–60%");
}

#[tokio::test]
async fn answers_carry_the_counters_that_grow_with_the_views() {
    let ds = ds();
    // The newest posts: their views and interactions are still growing, in step.
    let newest = ds.visible().start as u32;
    for post in newest..newest + 40 {
        let p = &ds.posts[post as usize];
        let c = ds.counters(post);
        let stat = ok(&format!("/api/posts/stat?token=demo&postId={}", p.id)).await;
        assert_eq!(stat["viewsCount"], c.views);
        assert_eq!(stat["sharesCount"], c.shares);
        assert_eq!(stat["commentsCount"], c.comments);
        assert_eq!(stat["reactionsCount"], c.reactions);
        assert!(c.views < u64::from(p.final_views));
        let interactions = c.shares + c.comments + c.reactions;
        assert!(interactions <= c.views / 5 + 3, "{post}: {c:?}");
    }
}

/// Views of a `/posts/stat?group=hour` answer, point by point (oldest first).
fn hourly(stat: &Value) -> Vec<u64> {
    stat["views"]
        .as_array()
        .unwrap()
        .iter()
        .map(|point| match &point["viewsGrowth"] {
            Value::String(s) => s.parse().unwrap(),
            n => n.as_u64().unwrap(),
        })
        .collect()
}

#[tokio::test]
async fn views_grow_fast_in_the_first_day_and_slowly_after() {
    let ds = ds();
    let grown: Vec<u32> = (0..ds.posts.len() as u32)
        .filter(|&i| ds.now - ds.posts[i as usize].date > 20 * DAY)
        .filter(|&i| ds.posts[i as usize].final_views > 2_000)
        .step_by(97)
        .take(25)
        .collect();
    assert_eq!(grown.len(), 25);
    for post in grown {
        let id = ds.posts[post as usize].id;
        let stat = ok(&format!(
            "/api/posts/stat?token=demo&postId={id}&group=hour"
        ))
        .await;
        let points = hourly(&stat);
        // Hour by hour over the whole 15-day window (the first point is a part of an hour).
        assert!(points.len() >= 360, "{}", points.len());
        let total = stat["viewsCount"].as_u64().unwrap() as f64;
        assert_eq!(points.iter().sum::<u64>() as f64, total);
        let within = |hours: usize| points[..hours].iter().sum::<u64>() as f64 / total;
        assert!(
            (0.5..=0.8).contains(&within(24)),
            "{id}: 24 h {}",
            within(24)
        );
        assert!(
            (0.72..=0.91).contains(&within(48)),
            "{id}: 48 h {}",
            within(48)
        );
        assert!(within(12) < within(24) && within(24) < within(48));
    }
}

#[tokio::test]
async fn channels_are_created_before_their_first_post() {
    let ds = ds();
    for c in &ds.channels {
        if let Some(&first) = c.posts.first() {
            assert!(c.created_at < ds.posts[first as usize].date, "{}", c.id);
        }
    }
    let c = ds.channels.iter().find(|c| !c.posts.is_empty()).unwrap();
    let info = ok(&format!("/api/channels/get?token=demo&channelId={}", c.id)).await;
    let first = ds.posts[c.posts[0] as usize].date;
    assert!(info["created_at"].as_i64().unwrap() < first);
}

#[test]
fn countries_languages_and_categories_are_the_services() {
    for c in &ds().channels {
        assert!(
            catalog::find(Field::Country, c.country).is_some(),
            "{}",
            c.country
        );
        assert!(
            catalog::find(Field::Language, c.language).is_some(),
            "{}",
            c.language
        );
        assert!(
            catalog::find(Field::Category, c.category).is_some(),
            "{}",
            c.category
        );
    }
    let countries: std::collections::BTreeSet<&str> =
        ds().channels.iter().map(|c| c.country).collect();
    assert!(!countries.contains("us") && !countries.contains("gb"));
}

#[tokio::test]
async fn avatars_are_served_where_the_answers_point() {
    let c = &ds().channels[3];
    let info = ok(&format!("/api/channels/get?token=demo&channelId={}", c.id)).await;
    for (key, size) in [("image100", "100"), ("image640", "640")] {
        let url = info[key].as_str().unwrap();
        let path = url.strip_prefix("//127.0.0.1:8090").unwrap();
        let (status, headers, body) = send(state(), axum::http::Method::GET, path).await;
        assert_eq!(status, StatusCode::OK, "{url}");
        let content_type = headers.iter().find(|(k, _)| k == "content-type").unwrap();
        assert_eq!(content_type.1, "image/svg+xml");
        let svg = String::from_utf8(body).unwrap();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.contains(&format!("width=\"{size}\"")));
        let initials = sandbox::avatars::initials(&c.title);
        assert!(svg.contains(&format!(">{initials}</text>")), "{svg}");
    }
    for missing in [
        "/avatars/99-100.svg",
        "/avatars/10003-64.svg",
        "/avatars/x.png",
    ] {
        let (status, _, _) = send(state(), axum::http::Method::GET, missing).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
    }
}

async fn image100_with_host(state: &Arc<State>, host: &str) -> String {
    let request = Request::builder()
        .uri("/api/channels/get?token=demo&channelId=10003")
        .header(header::HOST, host)
        .body(Body::empty())
        .unwrap();
    let response = router(Arc::clone(state)).oneshot(request).await.unwrap();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let v: Value = serde_json::from_slice(&body).unwrap();
    v["response"]["image100"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn avatar_urls_name_the_configured_host_or_the_requests() {
    let url = image100_with_host(state(), "localhost:4321").await;
    assert_eq!(url, "//localhost:4321/avatars/10003-100.svg");
    // A Host that could shape the URL otherwise is not used.
    let url = image100_with_host(state(), "evil.example/x\"").await;
    assert_eq!(url, "//127.0.0.1:8090/avatars/10003-100.svg");

    let mut config = common::config();
    config.public_host = Some("127.0.0.1:8123".to_owned());
    let pinned = Arc::new(State::new(Dataset::generate(1, Size::Small, NOW), config));
    let url = image100_with_host(&pinned, "127.0.0.1:8080").await;
    assert_eq!(url, "//127.0.0.1:8123/avatars/10003-100.svg");
}

#[tokio::test]
async fn without_a_fixed_now_the_clock_moves_on() {
    // Generated three days ago, answering now.
    let generated = clock_now() - 3 * DAY;
    let mut live = Dataset::generate(1, Size::Small, generated);
    assert_eq!(live.current(), live.now);
    live.clock = Clock::Live;
    let before = clock_now();
    let current = live.current();
    assert!(before <= current && current <= clock_now());
    assert!(current - live.now >= 3 * DAY);

    // The newest post of then has gained views since the instant of generation, and posts
    // dated since have appeared.
    let fixed = Dataset::generate(1, Size::Small, generated);
    let newest = fixed.visible().start as u32;
    assert!(live.views(newest) > fixed.views(newest));
    assert_eq!(live.views_at(newest, live.now), fixed.views(newest));
    assert!(live.visible().start < fixed.visible().start);
    // Participants are known up to now, and default periods end today.
    assert!(live.participants_at(0, current).is_some());
    let state = Arc::new(State::new(live, common::config()));
    let (_, _, body) = send(
        &state,
        axum::http::Method::GET,
        "/api/channels/subscribers?token=m-stat&channelId=10000",
    )
    .await;
    let v: Value = serde_json::from_slice(&body).unwrap();
    let today = chrono::DateTime::from_timestamp(current, 0).unwrap();
    let newest = v["response"][0]["period"].as_str().unwrap();
    assert_eq!(newest, today.format("%Y-%m-%d").to_string(), "{v}");
}
