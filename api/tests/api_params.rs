//! `Operation::PARAMS` is the single list of an operation's parameters (the gateway forwards
//! exactly these): a request with every field set sends each of them, in that order, and
//! nothing else.

use chanscope_api::ops::*;
use chanscope_api::{ChannelId, Operation, PeerType, PeriodGroup, PostId, ViewGrowthGroup};
use chrono::{TimeZone, Utc};

fn channel() -> ChannelId {
    "@durov".parse().expect("a valid channel identifier")
}

/// The names `request` sends, after checking that it is a valid, fully populated request.
fn sent<O: Operation>(request: &O) -> Vec<&'static str> {
    assert_eq!(request.validate(), Ok(()), "{}", O::PATH);
    request
        .query()
        .pairs()
        .iter()
        .map(|(name, _)| *name)
        .collect()
}

fn assert_params_match<O: Operation>(request: &O) {
    let names = sent(request);
    assert_eq!(names, O::PARAMS, "{}: query names vs PARAMS", O::PATH);
    assert!(!O::PARAMS.contains(&"token"), "{}", O::PATH);
}

#[test]
fn every_operation_sends_exactly_its_params() {
    let start = Utc.with_ymd_and_hms(2025, 1, 1, 0, 0, 0).unwrap();
    let end = Utc.with_ymd_and_hms(2025, 2, 1, 0, 0, 0).unwrap();

    assert_params_match(&KeywordMentions {
        peer_type: PeerType::Chat,
        start_date: Some(start),
        end_date: Some(end),
        hide_forwards: true,
        strong_search: true,
        minus_words: "spam".into(),
        extended_syntax: true,
        ..KeywordMentions::new("bitcoin")
    });
    assert_params_match(&ChannelSearch {
        q: "crypto".into(),
        search_by_description: true,
        peer_type: PeerType::All,
        language: "english".into(),
        category: "tech".into(),
        limit: Some(50),
        ..ChannelSearch::new("ru")
    });
    assert_params_match(&SubscriberDynamics {
        start_date: Some(start),
        end_date: Some(end),
        group: PeriodGroup::Week,
        ..SubscriberDynamics::new(channel())
    });
    assert_params_match(&ChannelInfo::new(channel()));
    assert_params_match(&MultiPostStats::new(channel(), vec![1, 2, 3]));
    assert_params_match(&MultiStoryStats::new(channel(), vec![4, 5]));
    let post: PostId = "t.me/durov/42".parse().expect("a valid post identifier");
    assert_params_match(&PostStats {
        group: ViewGrowthGroup::Hour,
        ..PostStats::new(post)
    });
    assert_params_match(&PostSearch {
        limit: Some(50),
        offset: Some(100),
        peer_type: PeerType::Channel,
        start_date: Some(start),
        end_date: Some(end),
        country: "ru".into(),
        language: "russian".into(),
        category: "news".into(),
        hide_forwards: true,
        hide_deleted: true,
        strong_search: true,
        minus_words: "spam".into(),
        extended_syntax: true,
        extended: true,
        ..PostSearch::new("ton")
    });
}

#[test]
fn the_two_multi_statistics_differ_only_in_the_id_list() {
    assert_eq!(MultiPostStats::PARAMS, ["channelId", "postsIds"]);
    assert_eq!(MultiStoryStats::PARAMS, ["channelId", "storiesIds"]);
}
