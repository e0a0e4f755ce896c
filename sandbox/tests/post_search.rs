//! Post search: morphology, strict search, exclusions, extended syntax, paging and filters,
//! checked against a brute-force scan of the dataset.

mod common;

use common::*;
use serde_json::Value;

const BASE: &str = "/api/posts/search?token=demo";

async fn total(params: &str) -> u64 {
    ok(&format!("{BASE}&{params}")).await["total_count"]
        .as_u64()
        .unwrap()
}

fn has_form(words: &[String], form: &str) -> bool {
    words.iter().any(|w| w == form)
}

fn has_loose(words: &[String], query: &str) -> bool {
    words.iter().any(|w| loose(w, query))
}

#[tokio::test]
async fn morphology_finds_inflected_forms_and_strong_search_does_not() {
    let loose_total = total(&format!("q={}", enc("выборы"))).await;
    let strong_total = total(&format!("q={}&strongSearch=1", enc("выборы"))).await;
    assert_eq!(
        loose_total,
        posts_where(|w| has_loose(w, "выборы")).len() as u64
    );
    assert_eq!(
        strong_total,
        posts_where(|w| has_form(w, "выборы")).len() as u64
    );
    let only_inflected = posts_where(|w| has_form(w, "выборах") && !has_form(w, "выборы"));
    assert!(!only_inflected.is_empty());
    assert!(loose_total >= strong_total + only_inflected.len() as u64);

    // A post with "выборах" only is found by "выборы" with morphology, not without.
    let target = ds().posts[only_inflected[0] as usize].date;
    let window = format!("startDate={target}&endDate={target}&limit=50");
    let loose_ids = ids(&ok(&format!("{BASE}&q={}&{window}", enc("выборы"))).await["items"]);
    let strong_ids = ids(&ok(&format!(
        "{BASE}&q={}&strongSearch=1&{window}",
        enc("выборы")
    ))
    .await["items"]);
    let id = ds().posts[only_inflected[0] as usize].id;
    assert!(loose_ids.contains(&id));
    assert!(!strong_ids.contains(&id));

    let english = total("q=election").await;
    assert_eq!(
        english,
        posts_where(|w| has_loose(w, "election")).len() as u64
    );
    assert!(english > total("q=election&strongSearch=1").await);
}

#[tokio::test]
async fn partial_words_only_without_strong_search() {
    let partial = total(&format!("q={}", enc("выбо"))).await;
    assert_eq!(partial, posts_where(|w| has_loose(w, "выбо")).len() as u64);
    assert!(partial >= total(&format!("q={}", enc("выборы"))).await);
    assert_eq!(total(&format!("q={}&strongSearch=1", enc("выбо"))).await, 0);
}

#[tokio::test]
async fn plain_words_are_all_required_and_minus_words_exclude() {
    let both = total(&format!("q={}", enc("выборы закон"))).await;
    assert_eq!(
        both,
        posts_where(|w| has_loose(w, "выборы") && has_loose(w, "закон")).len() as u64
    );
    let minus = ok(&format!(
        "{BASE}&q={}&minusWords={}&limit=50",
        enc("выборы"),
        enc("закон депутат")
    ))
    .await;
    let expected = posts_where(|w| {
        has_loose(w, "выборы") && !has_loose(w, "закон") && !has_loose(w, "депутат")
    });
    assert_eq!(
        minus["total_count"].as_u64().unwrap(),
        expected.len() as u64
    );
    for id in ids(&minus["items"]) {
        let w = words(index_of_post(id));
        assert!(!has_loose(&w, "закон") && !has_loose(&w, "депутат"));
    }
}

#[tokio::test]
async fn extended_syntax() {
    let x = |q: &str| format!("q={}&extendedSyntax=1", enc(q));
    let russian = total(&format!("q={}", enc("выборы"))).await;
    let english = total("q=election").await;
    assert_eq!(total(&x("выборы | election")).await, russian + english);
    assert_eq!(
        total(&x("выборы -закон")).await,
        total(&format!("q={}&minusWords={}", enc("выборы"), enc("закон"))).await
    );
    assert_eq!(
        total(&x("выбор*")).await,
        posts_where(|w| w.iter().any(|f| f.starts_with("выбор"))).len() as u64
    );
    assert_eq!(
        total(&x("=выборах")).await,
        posts_where(|w| has_form(w, "выборах")).len() as u64
    );
    assert_eq!(
        total(&x("(выборах | выборов) -закон")).await,
        posts_where(|w| {
            (has_form(w, "выборах")
                || has_form(w, "выборов")
                || has_loose(w, "выборах")
                || has_loose(w, "выборов"))
                && !has_loose(w, "закон")
        })
        .len() as u64
    );

    // A phrase: the two words next to each other, in order (exact forms under strongSearch).
    let sample = words(newest());
    let (a, b) = (&sample[0], &sample[1]);
    let adjacent = posts_where(|w| w.windows(2).any(|p| p[0] == *a && p[1] == *b));
    let phrase = format!("\"{a} {b}\"");
    let found = total(&format!("{}&strongSearch=1", x(&phrase))).await;
    assert_eq!(found, adjacent.len() as u64);
    assert!(found >= 1);
    assert!(found <= total(&format!("q={}&strongSearch=1", enc(&format!("{a} {b}")))).await);
    assert_eq!(
        error(&format!("{BASE}&{}", x("(выборы"))).await,
        "param q is invalid: unbalanced parentheses"
    );
}

#[tokio::test]
async fn pages_are_disjoint_and_newest_first() {
    let q = format!("q={}", enc("закон"));
    let first = ok(&format!("{BASE}&{q}&limit=10")).await;
    let second = ok(&format!("{BASE}&{q}&limit=10&offset=10")).await;
    let both = ok(&format!("{BASE}&{q}&limit=20")).await;
    assert_eq!(first["count"], 10);
    assert_eq!(second["count"], 10);
    let mut joined = ids(&first["items"]);
    joined.extend(ids(&second["items"]));
    assert_eq!(joined, ids(&both["items"]));
    let dates: Vec<i64> = both["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["date"].as_i64().unwrap())
        .collect();
    assert!(dates.windows(2).all(|d| d[0] >= d[1]));
    assert_eq!(
        both["total_count"].as_u64().unwrap(),
        posts_where(|w| has_loose(w, "закон")).len() as u64
    );
    // The default page is 20.
    assert_eq!(ok(&format!("{BASE}&{q}")).await["count"], 20);
}

#[tokio::test]
async fn limits_are_enforced() {
    let q = format!("q={}", enc("закон"));
    assert_eq!(ok(&format!("{BASE}&{q}&limit=50")).await["count"], 50);
    assert_eq!(
        error(&format!("{BASE}&{q}&limit=51")).await,
        "param limit must be at most 50"
    );
    assert_eq!(
        error(&format!("{BASE}&{q}&limit=0")).await,
        "param limit must be at least 1"
    );
    assert_eq!(
        error(&format!("{BASE}&{q}&offset=1001")).await,
        "param offset must be at most 1000"
    );
    assert_eq!(
        error(&format!("{BASE}&{q}&limit=x")).await,
        "param limit is invalid"
    );
    assert_eq!(error(&format!("{BASE}&q=%20")).await, "param q required");
    // A common word has more than 1,000 matches, so the deepest page is full.
    let common = format!("q={}&strongSearch=1", enc("и"));
    let deep = ok(&format!("{BASE}&{common}&offset=1000&limit=5")).await;
    assert!(deep["total_count"].as_u64().unwrap() > 1_005);
    assert_eq!(deep["count"], 5);
}

#[tokio::test]
async fn deleted_and_reposted_posts_can_be_hidden() {
    let q = format!("q={}", enc("закон"));
    let all = posts_where(|w| has_loose(w, "закон"));
    let kept = |f: &dyn Fn(&sandbox::dataset::Post) -> bool| {
        all.iter().filter(|&&i| f(&ds().posts[i as usize])).count() as u64
    };
    let no_deleted = ok(&format!("{BASE}&{q}&hideDeleted=1&limit=50")).await;
    assert_eq!(
        no_deleted["total_count"].as_u64().unwrap(),
        kept(&|p| !p.deleted)
    );
    assert!(kept(&|p| !p.deleted) < all.len() as u64);
    assert!(no_deleted["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["is_deleted"] == 0));
    let no_reposts = ok(&format!("{BASE}&{q}&hideForwards=1&limit=50")).await;
    assert_eq!(
        no_reposts["total_count"].as_u64().unwrap(),
        kept(&|p| p.forward_of.is_none())
    );
    assert!(no_reposts["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["forwarded_from"].is_null()));
    assert!(kept(&|p| p.forward_of.is_none()) < all.len() as u64);
    // Reposts name their source channel by ID.
    let repost = all
        .iter()
        .find(|&&i| ds().posts[i as usize].forward_of.is_some())
        .unwrap();
    let p = &ds().posts[*repost as usize];
    let page = ok(&format!(
        "{BASE}&{q}&startDate={0}&endDate={0}&limit=50",
        p.date
    ))
    .await;
    let item = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["id"] == p.id)
        .unwrap();
    let source = &ds().posts[p.forward_of.unwrap() as usize];
    assert_eq!(
        item["forwarded_from"],
        ds().channels[source.channel as usize].id
    );
}

#[tokio::test]
async fn channel_filters_and_dates() {
    let q = format!("q={}", enc("новые"));
    let matching = posts_where(|w| has_loose(w, "новые"));
    let channel_of = |i: &u32| &ds().channels[ds().posts[*i as usize].channel as usize];
    for (param, value, pick) in [
        (
            "country",
            "ru",
            (|c: &sandbox::dataset::Channel| c.country) as fn(&_) -> &str,
        ),
        ("language", "ukrainian", |c| c.language),
        ("category", "politics", |c| c.category),
        ("peerType", "chat", |c| c.peer.as_str()),
    ] {
        let page = ok(&format!("{BASE}&{q}&{param}={value}&limit=50")).await;
        let expected = matching
            .iter()
            .filter(|i| pick(channel_of(i)) == value)
            .count();
        assert!(expected > 0, "{param}");
        assert_eq!(
            page["total_count"].as_u64().unwrap(),
            expected as u64,
            "{param}"
        );
        for item in page["items"].as_array().unwrap() {
            let c = channel_of_id(item["channel_id"].as_u64().unwrap());
            assert_eq!(pick(c), value);
        }
    }
    let (start, end) = (NOW - 40 * 86_400, NOW - 20 * 86_400);
    let page = ok(&format!(
        "{BASE}&{q}&startDate={start}&endDate={end}&limit=50"
    ))
    .await;
    let expected = matching
        .iter()
        .filter(|&&i| (start..=end).contains(&ds().posts[i as usize].date))
        .count();
    assert_eq!(page["total_count"].as_u64().unwrap(), expected as u64);
    assert!(page["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| (start..=end).contains(&p["date"].as_i64().unwrap())));
}

#[tokio::test]
async fn extended_adds_brief_channels_and_snippets_mark_matches() {
    let q = format!("q={}", enc("выборы"));
    let plain = ok(&format!("{BASE}&{q}&limit=5")).await;
    assert!(plain.get("channels").is_none());
    let page = ok(&format!("{BASE}&{q}&limit=30&extended=1")).await;
    let mut wanted: Vec<u64> = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["channel_id"].as_u64().unwrap())
        .collect();
    wanted.sort_unstable();
    wanted.dedup();
    assert_eq!(ids(&page["channels"]), wanted);
    let channel = &page["channels"][0];
    let mut keys: Vec<&String> = channel.as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "about",
            "id",
            "image100",
            "image640",
            "link",
            "participants_count",
            "title",
            "username"
        ]
    );
    assert!(channel["image100"]
        .as_str()
        .unwrap()
        .starts_with("//127.0.0.1:8090/avatars/"));
    let item: &Value = &page["items"][0];
    assert!(item["snippet"].as_str().unwrap().contains("<mark>"));
    assert!(!item["snippet"].as_str().unwrap().contains("<b>"));
    let link = item["link"].as_str().unwrap();
    assert!(link.starts_with("t.me/"));
}
