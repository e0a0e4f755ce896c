//! Every operation's exact query string and every validation rule, checked before sending.

use chanscope_api::limits::*;
use chanscope_api::ops::*;
use chanscope_api::{ChannelId, Operation, PeerType, PeriodGroup, PostId, Rule, ViewGrowthGroup};
use chrono::{TimeZone, Utc};

fn channel(text: &str) -> ChannelId {
    text.parse().expect("a valid channel identifier")
}

fn rules<O: Operation>(request: &O) -> Vec<(&'static str, Rule)> {
    match request.validate() {
        Ok(()) => Vec::new(),
        Err(invalid) => invalid
            .problems
            .into_iter()
            .map(|p| (p.param, p.rule))
            .collect(),
    }
}

#[test]
fn keyword_mentions_sends_only_what_differs_from_the_defaults() {
    let minimal = KeywordMentions::new("bitcoin");
    assert_eq!(KeywordMentions::PATH, "/words/mentions-by-channels");
    assert_eq!(minimal.query().encode(), "q=bitcoin");

    let mut full = KeywordMentions::new("  рубль курс ");
    full.peer_type = PeerType::Chat;
    full.start_date = Some(Utc.with_ymd_and_hms(2024, 1, 1, 0, 0, 0).unwrap());
    full.end_date = Some(Utc.with_ymd_and_hms(2024, 1, 31, 23, 59, 59).unwrap());
    full.hide_forwards = true;
    full.strong_search = true;
    full.minus_words = "спам реклама".into();
    full.extended_syntax = true;
    assert_eq!(
        full.query().encode(),
        "q=%D1%80%D1%83%D0%B1%D0%BB%D1%8C%20%D0%BA%D1%83%D1%80%D1%81&peerType=chat\
         &startDate=1704067200&endDate=1706745599&hideForwards=1&strongSearch=1\
         &minusWords=%D1%81%D0%BF%D0%B0%D0%BC%20%D1%80%D0%B5%D0%BA%D0%BB%D0%B0%D0%BC%D0%B0\
         &extendedSyntax=1"
    );
    assert_eq!(rules(&full), vec![]);
}

#[test]
fn keyword_mentions_needs_a_keyword_and_a_forward_period() {
    let mut request = KeywordMentions::new("   ");
    request.start_date = Some(Utc.with_ymd_and_hms(2024, 2, 1, 0, 0, 0).unwrap());
    request.end_date = Some(Utc.with_ymd_and_hms(2024, 1, 1, 0, 0, 0).unwrap());
    assert_eq!(
        rules(&request),
        vec![("q", Rule::Required), ("startDate", Rule::StartAfterEnd)]
    );
}

#[test]
fn channel_search_uses_snake_case_parameters() {
    let mut request = ChannelSearch::new("Russia");
    request.q = "crypto news".into();
    assert_eq!(ChannelSearch::PATH, "/channels/search");
    assert_eq!(request.query().encode(), "q=crypto%20news&country=Russia");

    request.search_by_description = true;
    request.peer_type = PeerType::All;
    request.language = "english".into();
    request.category = "Economics".into();
    request.limit = Some(100);
    assert_eq!(
        request.query().encode(),
        "q=crypto%20news&search_by_description=1&peer_type=all&country=Russia\
         &language=english&category=Economics&limit=100"
    );
    assert_eq!(rules(&request), vec![]);
}

#[test]
fn channel_search_leaves_out_its_defaults() {
    let mut request = ChannelSearch::new("Russia");
    request.category = "Economics".into();
    request.peer_type = PeerType::Channel;
    request.language = "russian".into();
    request.limit = Some(CHANNEL_SEARCH_LIMIT_DEFAULT);
    assert_eq!(
        request.query().encode(),
        "country=Russia&category=Economics"
    );
    assert_eq!(rules(&request), vec![]);
}

#[test]
fn channel_search_rules() {
    // Neither q nor category.
    let request = ChannelSearch::new("Russia");
    assert_eq!(rules(&request), vec![("q", Rule::QueryOrCategory)]);

    // q too short, counted in characters: two Cyrillic letters are four bytes.
    let mut request = ChannelSearch::new("Russia");
    request.q = "ку".into();
    assert_eq!(
        rules(&request),
        vec![("q", Rule::TooShort { min: 3, given: 2 })]
    );
    request.q = "кот".into();
    assert_eq!(rules(&request), vec![]);

    // A category alone is enough.
    let mut request = ChannelSearch::new("Russia");
    request.category = "Blogs".into();
    assert_eq!(rules(&request), vec![]);

    // country is required; limit within 1..=100.
    let mut request = ChannelSearch::new(" ");
    request.q = "news".into();
    request.limit = Some(101);
    assert_eq!(
        rules(&request),
        vec![
            ("country", Rule::Required),
            (
                "limit",
                Rule::AboveMax {
                    max: 100,
                    given: 101
                }
            )
        ]
    );
    request.limit = Some(0);
    request.country = "Russia".into();
    assert_eq!(
        rules(&request),
        vec![("limit", Rule::BelowMin { min: 1, given: 0 })]
    );
}

#[test]
fn subscriber_dynamics_query() {
    let mut request = SubscriberDynamics::new(channel("@durov"));
    assert_eq!(SubscriberDynamics::PATH, "/channels/subscribers");
    assert_eq!(request.query().encode(), "channelId=%40durov");
    request.group = PeriodGroup::Week;
    request.start_date = Some(Utc.with_ymd_and_hms(2024, 12, 1, 0, 0, 0).unwrap());
    request.end_date = Some(Utc.with_ymd_and_hms(2025, 1, 15, 0, 0, 0).unwrap());
    assert_eq!(
        request.query().encode(),
        "channelId=%40durov&startDate=1733011200&endDate=1736899200&group=week"
    );
    request.group = PeriodGroup::Day;
    assert!(!request.query().encode().contains("group"));
    request.group = PeriodGroup::Hour;
    assert_eq!(request.query().get("group"), Some("hour"));
    request.group = PeriodGroup::Month;
    assert_eq!(request.query().get("group"), Some("month"));
}

#[test]
fn the_last_days_start_on_the_hour() {
    let now = Utc.with_ymd_and_hms(2026, 11, 22, 14, 37, 12).unwrap();
    let request = SubscriberDynamics::last_days(&channel("@alpha"), PeriodGroup::Day, 30, now);
    assert_eq!(
        request.start_date,
        Some(Utc.with_ymd_and_hms(2026, 10, 23, 14, 0, 0).unwrap())
    );
    assert_eq!((request.group, request.end_date), (PeriodGroup::Day, None));
}

#[test]
fn channel_info_sends_each_identifier_form() {
    assert_eq!(ChannelInfo::PATH, "/channels/get");
    let cases = [
        ("@durov", "channelId=%40durov"),
        ("https://t.me/durov", "channelId=t.me%2Fdurov"),
        (
            "t.me/joinchat/AAAAAEk3Fv8a",
            "channelId=t.me%2Fjoinchat%2FAAAAAEk3Fv8a",
        ),
        ("1234567", "channelId=1234567"),
    ];
    for (input, query) in cases {
        assert_eq!(
            ChannelInfo::new(channel(input)).query().encode(),
            query,
            "{input}"
        );
    }
}

#[test]
fn multi_post_and_story_stats_queries() {
    let posts = MultiPostStats::new(channel("@durov"), vec![101, 202, 303]);
    assert_eq!(MultiPostStats::PATH, "/posts/stat-multi");
    assert_eq!(
        posts.query().encode(),
        "channelId=%40durov&postsIds=101%2C202%2C303"
    );
    let stories = MultiStoryStats::new(channel("t.me/durov"), vec![7, 8]);
    assert_eq!(MultiStoryStats::PATH, "/stories/stat-multi");
    assert_eq!(
        stories.query().encode(),
        "channelId=t.me%2Fdurov&storiesIds=7%2C8"
    );
}

#[test]
fn multi_stats_take_one_to_fifty_ids() {
    let fifty: Vec<u64> = (1..=STAT_MULTI_IDS_MAX as u64).collect();
    let fifty_one: Vec<u64> = (1..=STAT_MULTI_IDS_MAX as u64 + 1).collect();
    assert_eq!(
        rules(&MultiPostStats::new(channel("@a_channel"), fifty.clone())),
        vec![]
    );
    assert_eq!(
        rules(&MultiPostStats::new(
            channel("@a_channel"),
            fifty_one.clone()
        )),
        vec![("postsIds", Rule::TooManyIds { max: 50, given: 51 })]
    );
    assert_eq!(
        rules(&MultiPostStats::new(channel("@a_channel"), vec![])),
        vec![("postsIds", Rule::Required)]
    );
    assert_eq!(
        rules(&MultiStoryStats::new(channel("@a_channel"), fifty)),
        vec![]
    );
    assert_eq!(
        rules(&MultiStoryStats::new(channel("@a_channel"), fifty_one)),
        vec![("storiesIds", Rule::TooManyIds { max: 50, given: 51 })]
    );
    assert_eq!(
        rules(&MultiStoryStats::new(channel("@a_channel"), vec![])),
        vec![("storiesIds", Rule::Required)]
    );
}

#[test]
fn post_stats_query_for_each_post_form() {
    assert_eq!(PostStats::PATH, "/posts/stat");
    let cases = [
        ("t.me/durov/123", "postId=t.me%2Fdurov%2F123"),
        (
            "https://t.me/c/1234567/89",
            "postId=t.me%2Fc%2F1234567%2F89",
        ),
        ("987654321", "postId=987654321"),
    ];
    for (input, query) in cases {
        let post: PostId = input.parse().unwrap();
        assert_eq!(PostStats::new(post).query().encode(), query, "{input}");
    }
    let mut request = PostStats::new("t.me/durov/123".parse().unwrap());
    request.group = ViewGrowthGroup::Hour;
    assert_eq!(
        request.query().encode(),
        "postId=t.me%2Fdurov%2F123&group=hour"
    );
}

#[test]
fn post_search_query_with_every_parameter() {
    assert_eq!(PostSearch::PATH, "/posts/search");
    assert_eq!(PostSearch::new("nft").query().encode(), "q=nft");
    let request = PostSearch {
        limit: Some(50),
        offset: Some(1000),
        peer_type: PeerType::Channel,
        start_date: Some(Utc.with_ymd_and_hms(2024, 3, 1, 12, 0, 0).unwrap()),
        end_date: Some(Utc.with_ymd_and_hms(2024, 3, 2, 12, 0, 0).unwrap()),
        country: "Russia".into(),
        language: "russian".into(),
        category: "Crypto".into(),
        hide_forwards: true,
        hide_deleted: true,
        strong_search: true,
        minus_words: "scam".into(),
        extended_syntax: true,
        extended: true,
        ..PostSearch::new("\"ton wallet\" | nft")
    };
    assert_eq!(
        request.query().encode(),
        "q=%22ton%20wallet%22%20%7C%20nft&limit=50&offset=1000&peerType=channel\
         &startDate=1709294400&endDate=1709380800&country=Russia&language=russian\
         &category=Crypto&hideForwards=1&hideDeleted=1&strongSearch=1&minusWords=scam\
         &extendedSyntax=1&extended=1"
    );
    assert_eq!(rules(&request), vec![]);
}

#[test]
fn post_search_defaults_are_not_sent() {
    let request = PostSearch {
        limit: Some(POST_SEARCH_LIMIT_DEFAULT),
        offset: Some(0),
        peer_type: PeerType::All,
        ..PostSearch::new("nft")
    };
    assert_eq!(request.query().encode(), "q=nft");
}

#[test]
fn post_search_rules() {
    let request = PostSearch {
        limit: Some(51),
        offset: Some(1001),
        ..PostSearch::new("")
    };
    assert_eq!(
        rules(&request),
        vec![
            ("q", Rule::Required),
            ("limit", Rule::AboveMax { max: 50, given: 51 }),
            (
                "offset",
                Rule::AboveMax {
                    max: 1000,
                    given: 1001
                }
            ),
        ]
    );
    let request = PostSearch {
        limit: Some(0),
        ..PostSearch::new("nft")
    };
    assert_eq!(
        rules(&request),
        vec![("limit", Rule::BelowMin { min: 1, given: 0 })]
    );
}

#[test]
fn problems_read_as_clear_sentences() {
    let mut request = ChannelSearch::new("");
    request.q = "ab".into();
    request.limit = Some(500);
    let invalid = request.validate().unwrap_err();
    assert_eq!(
        invalid.to_string(),
        "q must be at least 3 characters long (it has 2); country is required; \
         limit can be at most 100 (got 500)"
    );
    assert_eq!(
        invalid
            .for_param("limit")
            .map(ToString::to_string)
            .as_deref(),
        Some("limit can be at most 100 (got 500)")
    );
    let none = ChannelSearch::new("Russia").validate().unwrap_err();
    assert_eq!(
        none.to_string(),
        "Enter a keyword (q) or choose a category: at least one is required"
    );
}
