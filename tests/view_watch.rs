//! The watchlist's checks: what a check finds new, the baseline it leaves, the news it keeps,
//! and where a watch's target leads.

use chanscope::api::model::{Channel, KeywordMentionsResponse, MentionsByChannel, Post};
use chanscope::store::Record;
use chanscope::view::labels::channel_name;
use chanscope::watchlist::{
    check_since, new_channels, new_posts, subscriber_change, CheckAnswer, News, Seen, Watch,
    WatchKind, WatchTarget, SEEN_POSTS_MAX,
};

mod fixtures;

use fixtures::{post_at, search_watch, NOW};

fn mention(channel_id: i64, last_mention_date: i64) -> MentionsByChannel {
    MentionsByChannel {
        channel_id,
        last_mention_date,
        ..MentionsByChannel::default()
    }
}

/// An answer of keyword mentions: `items`, and the channels it describes.
fn mentions_answer(items: &[MentionsByChannel], channels: &[Channel]) -> KeywordMentionsResponse {
    KeywordMentionsResponse {
        items: items.to_vec().into(),
        channels: channels.to_vec().into(),
    }
}

/// A keyword-mentions watch of `q=brand`, made at `NOW`, not checked yet.
fn mentions_watch(name: &str) -> Watch {
    Watch::new(
        "k1".into(),
        name.into(),
        WatchTarget::KeywordMentions {
            query: "q=brand".into(),
        },
        NOW,
    )
}

fn ids(posts: &[&Post]) -> Vec<i64> {
    posts.iter().map(|post| post.id).collect()
}

#[test]
fn a_second_check_finds_exactly_the_posts_added_since_the_first() {
    let first = [
        post_at(30, NOW - 100),
        post_at(20, NOW - 200),
        post_at(10, NOW - 300),
    ];
    let watch = search_watch("w1");
    assert!(
        new_posts(&watch.seen, &first).is_empty(),
        "a first check only sets the baseline"
    );
    let watch = watch.after_check(CheckAnswer::Posts(&first), NOW);
    assert_eq!(watch.checked_at, Some(NOW));
    assert_eq!(
        watch.seen,
        Seen::Posts {
            ids: vec![30, 20, 10],
            newest_date: Some(NOW - 100),
        }
    );

    // The second answer overlaps the first (the hour before it) and brings two new posts.
    let second = [
        post_at(50, NOW + 500),
        post_at(40, NOW + 400),
        post_at(30, NOW - 100),
    ];
    assert_eq!(ids(&new_posts(&watch.seen, &second)), [50, 40]);
    let watch = watch.after_check(CheckAnswer::Posts(&second), NOW + 600);
    assert_eq!(
        watch.seen,
        Seen::Posts {
            ids: vec![50, 40, 30, 20, 10],
            newest_date: Some(NOW + 500),
        }
    );
    assert_eq!(watch.checked_at, Some(NOW + 600));
    assert!(new_posts(&watch.seen, &second).is_empty());
}

#[test]
fn a_check_that_saw_no_posts_is_still_a_baseline() {
    let watch = search_watch("w1").after_check(CheckAnswer::Posts(&[]), NOW);
    assert_eq!(
        watch.seen,
        Seen::Posts {
            ids: vec![],
            newest_date: None,
        }
    );
    let answer = [
        post_at(7, NOW + 10),
        post_at(7, NOW + 10),
        post_at(6, NOW + 5),
    ];
    // A post listed twice (pages that overlap) is new once.
    assert_eq!(ids(&new_posts(&watch.seen, &answer)), [7, 6]);
}

#[test]
fn the_baseline_is_newest_first_whatever_the_order_of_the_answer() {
    let answer = [
        post_at(1, NOW - 50),
        post_at(3, NOW - 10),
        post_at(2, NOW - 30),
    ];
    let watch = search_watch("w1").after_check(CheckAnswer::Posts(&answer), NOW);
    assert_eq!(
        watch.seen,
        Seen::Posts {
            ids: vec![3, 2, 1],
            newest_date: Some(NOW - 10),
        }
    );
    // An older answer does not move the newest date back.
    let older = [post_at(0, NOW - 900)];
    let watch = watch.after_check(CheckAnswer::Posts(&older), NOW + 1);
    assert_eq!(
        watch.seen,
        Seen::Posts {
            ids: vec![0, 3, 2, 1],
            newest_date: Some(NOW - 10),
        }
    );
}

#[test]
fn the_seen_cap_keeps_the_newest_posts() {
    let full: Vec<Post> = (0..SEEN_POSTS_MAX as i64)
        .map(|n| post_at(10_000 - n, NOW - n))
        .collect();
    let watch = search_watch("w1").after_check(CheckAnswer::Posts(&full), NOW);
    let fresh = [post_at(20_002, NOW + 20), post_at(20_001, NOW + 10)];
    let watch = watch.after_check(CheckAnswer::Posts(&fresh), NOW + 30);
    let Seen::Posts { ids, newest_date } = &watch.seen else {
        panic!("a post search keeps posts: {:?}", watch.seen);
    };
    assert_eq!(ids.len(), SEEN_POSTS_MAX);
    assert_eq!(ids[..4], [20_002, 20_001, 10_000, 9_999]);
    // The two oldest of the first answer made room.
    assert_eq!(ids.last(), Some(&(10_000 - SEEN_POSTS_MAX as i64 + 3)));
    assert!(!ids.contains(&(10_000 - SEEN_POSTS_MAX as i64 + 1)));
    assert_eq!(*newest_date, Some(NOW + 20));
}

#[test]
fn keyword_mentions_report_channels_not_seen_before() {
    let watch = mentions_watch("Brand mentions");
    let first = [mention(5, NOW - 50), mention(9, NOW - 10)];
    assert!(new_channels(&watch.seen, &first).is_empty());
    let watch = watch.after_check(CheckAnswer::Mentions(&mentions_answer(&first, &[])), NOW);
    assert_eq!(watch.seen, Seen::Channels { ids: vec![9, 5] });

    let second = [
        mention(9, NOW + 5),
        mention(12, NOW + 3),
        mention(7, NOW + 1),
    ];
    assert_eq!(new_channels(&watch.seen, &second), [12, 7]);
    let watch = watch.after_check(
        CheckAnswer::Mentions(&mentions_answer(&second, &[])),
        NOW + 10,
    );
    assert_eq!(
        watch.seen,
        Seen::Channels {
            ids: vec![9, 12, 7, 5]
        }
    );
    assert_eq!(
        check_since(&watch),
        None,
        "mentions are read for the whole period"
    );
}

#[test]
fn a_channel_watch_reports_the_change_of_its_participants() {
    let watch = Watch::new(
        "c1".into(),
        "Durov".into(),
        WatchTarget::Channel {
            channel: "@durov".into(),
        },
        NOW,
    );
    assert_eq!(subscriber_change(&watch.seen, 1_000), None);
    let watch = watch.after_check(
        CheckAnswer::Channel {
            participants: 1_000,
        },
        NOW,
    );
    assert_eq!(
        watch.seen,
        Seen::Subscribers {
            count: 1_000,
            at: NOW
        }
    );
    assert_eq!(subscriber_change(&watch.seen, 1_250), Some(250));
    assert_eq!(subscriber_change(&watch.seen, 990), Some(-10));
    assert_eq!(
        subscriber_change(&watch.seen, u64::MAX),
        Some(i64::MAX - 1_000)
    );
    assert_eq!(check_since(&watch), None);
}

#[test]
fn an_answer_of_another_kind_changes_nothing() {
    let watch = search_watch("w1");
    let after = watch
        .clone()
        .after_check(CheckAnswer::Channel { participants: 5 }, NOW);
    assert_eq!(after, watch);
    assert_eq!(subscriber_change(&Seen::Channels { ids: vec![1] }, 5), None);
    assert!(new_posts(&Seen::Channels { ids: vec![1] }, &[post_at(1, NOW)]).is_empty());
}

#[test]
fn a_post_search_check_starts_an_hour_before_the_previous_one() {
    let watch = search_watch("w1");
    assert_eq!(check_since(&watch), None);
    let watch = watch.after_check(CheckAnswer::Posts(&[]), NOW);
    assert_eq!(check_since(&watch), Some(NOW - 3_600));
}

#[test]
fn targets_link_back_to_their_pages() {
    let search = WatchTarget::PostSearch {
        query: "q=brand&peerType=channel".into(),
    };
    assert_eq!(search.href(), "/post-search?q=brand&peerType=channel");
    assert_eq!(search.kind(), WatchKind::PostSearch);
    let mentions = WatchTarget::KeywordMentions {
        query: String::new(),
    };
    assert_eq!(mentions.href(), "/keyword-mentions");
    let channel = WatchTarget::Channel {
        channel: "t.me/some name".into(),
    };
    assert_eq!(channel.path(), "/channel-info");
    assert_eq!(channel.href(), "/channel-info?channel=t.me%2Fsome%20name");
    assert_eq!(
        WatchTarget::Channel {
            channel: "@durov".into()
        }
        .href(),
        "/channel-info?channel=%40durov"
    );
}

#[test]
fn kinds_are_named_as_in_the_file() {
    let targets = [
        WatchTarget::PostSearch {
            query: "q=a".into(),
        },
        WatchTarget::KeywordMentions {
            query: "q=a".into(),
        },
        WatchTarget::Channel {
            channel: "@a".into(),
        },
    ];
    for (target, kind) in targets.iter().zip(WatchKind::ALL) {
        assert_eq!(target.kind(), kind);
        let written = serde_json::to_value(target).unwrap();
        assert_eq!(written["kind"], kind.as_str());
        assert_eq!(
            serde_json::from_value::<WatchKind>(written["kind"].clone()).unwrap(),
            kind
        );
        assert_eq!(
            &serde_json::from_value::<WatchTarget>(written).unwrap(),
            target
        );
    }
}

#[test]
fn a_check_keeps_what_it_found_new_until_the_next_one() {
    let first = [post_at(30, NOW - 100), post_at(20, NOW - 200)];
    let watch = search_watch("w9").checked(CheckAnswer::Posts(&first), NOW);
    assert_eq!(
        watch.news,
        News::default(),
        "a first check finds nothing new"
    );
    assert_eq!(watch.news.count(), 0);

    let second = [
        post_at(41, NOW + 50),
        post_at(40, NOW + 90),
        post_at(30, NOW - 100),
        post_at(20, NOW - 200),
    ];
    let watch = watch.checked(CheckAnswer::Posts(&second), NOW + 3_600);
    let found: Vec<(i64, i64)> = watch.news.posts.iter().map(|p| (p.id, p.date)).collect();
    assert_eq!(found, [(40, NOW + 90), (41, NOW + 50)], "newest first");
    assert_eq!(watch.news.count(), 2);
    assert_eq!(watch.checked_at, Some(NOW + 3_600));

    // The next check with nothing new clears the news.
    let watch = watch.checked(CheckAnswer::Posts(&second), NOW + 7_200);
    assert_eq!(watch.news.count(), 0);

    // Survives the store's JSON.
    let back: Watch = serde_json::from_str(&watch.to_json()).unwrap();
    assert_eq!(back, watch);
}

#[test]
fn a_channel_check_reports_the_subscriber_change_and_mentions_new_channels() {
    let channel = Watch::new(
        "c1".into(),
        "Channel".into(),
        WatchTarget::Channel {
            channel: "@name".into(),
        },
        NOW,
    );
    let channel = channel.checked(
        CheckAnswer::Channel {
            participants: 1_000,
        },
        NOW,
    );
    assert_eq!(channel.news.subscriber_change, None);
    let channel = channel.checked(
        CheckAnswer::Channel {
            participants: 1_250,
        },
        NOW + 60,
    );
    assert_eq!(channel.news.subscriber_change, Some(250));
    assert_eq!(channel.news.count(), 1);
    let unchanged = channel.checked(
        CheckAnswer::Channel {
            participants: 1_250,
        },
        NOW + 120,
    );
    assert_eq!(unchanged.news.subscriber_change, Some(0));
    assert_eq!(unchanged.news.count(), 0, "no change is nothing new");

    let mentions = mentions_watch("Keyword");
    let mentions = mentions.checked(
        CheckAnswer::Mentions(&mentions_answer(&[mention(7, NOW - 10)], &[])),
        NOW,
    );
    let mentions = mentions.checked(
        CheckAnswer::Mentions(&mentions_answer(
            &[mention(9, NOW + 5), mention(7, NOW)],
            &[],
        )),
        NOW + 60,
    );
    assert_eq!(mentions.news.channels, [9]);
    // An answer of another kind is no check of this watch.
    let same = mentions
        .clone()
        .checked(CheckAnswer::Channel { participants: 5 }, NOW + 90);
    assert_eq!(same, mentions);
}

#[test]
fn new_channels_keep_the_names_the_answer_gave_them() {
    let described = |id: i64, title: &str, username: &str| Channel {
        id,
        title: title.into(),
        username: username.into(),
        ..Channel::default()
    };
    let watch = mentions_watch("Brand mentions").checked(
        CheckAnswer::Mentions(&mentions_answer(&[mention(5, NOW - 50)], &[])),
        NOW,
    );
    let channels = [
        described(12, "  Price Hub ", "money_daily85"),
        described(7, "", "@coin_hub518"),
        described(5, "Seen before", "seen"),
    ];
    let watch = watch.checked(
        CheckAnswer::Mentions(&mentions_answer(
            &[
                mention(12, NOW + 5),
                mention(7, NOW + 4),
                mention(30, NOW + 3),
                mention(5, NOW + 2),
            ],
            &channels,
        )),
        NOW + 60,
    );
    assert_eq!(watch.news.channels, [12, 7, 30]);
    // The title, else the username; a channel the answer did not describe has no name.
    assert_eq!(watch.news.channel_names, ["Price Hub", "@coin_hub518", ""]);
    let names: Vec<_> = (0..4).map(|i| watch.news.channel_name(i)).collect();
    assert_eq!(names, [Some("Price Hub"), Some("@coin_hub518"), None, None]);
    assert_eq!(channel_name(&described(1, " ", "")), None);
    // Kept with the watch: the names come back from its JSON, and a watch saved without them
    // still reads.
    let json = serde_json::to_string(&watch).expect("a watch serializes");
    let read: Watch = serde_json::from_str(&json).expect("and reads back");
    assert_eq!(read.news, watch.news);
    let old = json.replace(r#","channel_names":["Price Hub","@coin_hub518",""]"#, "");
    assert_ne!(old, json, "the names were in the JSON");
    let read_old: Watch = serde_json::from_str(&old).expect("a watch saved before reads");
    assert_eq!(read_old.news.channel_name(0), None);
    assert_eq!(read_old.news.channels, [12, 7, 30]);
    // An answer that describes none of the new channels leaves no list of names.
    let unnamed = watch.checked(
        CheckAnswer::Mentions(&mentions_answer(&[mention(41, NOW + 90)], &[])),
        NOW + 120,
    );
    assert_eq!(unnamed.news.channels, [41]);
    assert!(unnamed.news.channel_names.is_empty());
}
