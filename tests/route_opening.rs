//! The console's channel-info page is where the API crate's opening calls (what the gateway
//! preloads with the page) expect it: at the same path, reading the channel under the same query
//! key, so that a link the console makes preloads what the page then asks for.

use chanscope::api::client::path_and_query;
use chanscope::api::opening::{
    channel_history, channel_info_request, opening_calls, CHANNEL_INFO_PATH, CHANNEL_QUERY_KEY,
};
use chanscope::route::{route_href, ChannelQuery, Route};
use chrono::{DateTime, Utc};

#[test]
fn the_channel_info_route_is_at_the_preloaded_path() {
    assert_eq!(Route::ChannelInfo.to_path(), CHANNEL_INFO_PATH);
    assert_eq!(Route::of_path(CHANNEL_INFO_PATH), Route::ChannelInfo);
}

#[test]
fn a_link_to_channel_info_preloads_what_the_page_asks_for() {
    let now = DateTime::<Utc>::from_timestamp(1_795_455_850, 0).unwrap();
    let href = route_href(Route::ChannelInfo, &ChannelQuery::new("@deal_live975"));
    let (path, query) = href.split_once('?').unwrap();
    assert_eq!(query, format!("{CHANNEL_QUERY_KEY}=%40deal_live975"));

    // The page reads the same channel back from its address, and builds its calls from it.
    let read: ChannelQuery = serde_urlencoded::from_str(query).unwrap();
    let info = channel_info_request(&read.channel).unwrap();
    let history = channel_history(&info.channel_id, now);
    assert_eq!(
        opening_calls(path, query, now),
        [path_and_query(&info), path_and_query(&history)]
    );
}
