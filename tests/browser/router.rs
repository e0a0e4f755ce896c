//! Browser tests of the console's router: addresses read into a path and a query, paths into
//! routes, and links followed in memory mode (the test page's own address never changes).
#![cfg(target_arch = "wasm32")]

use chanscope::api::client::path_and_query;
use chanscope::api::opening::{
    channel_history, channel_info_request, opening_calls, CHANNEL_INFO_PATH, CHANNEL_QUERY_KEY,
};
use chanscope::route::{
    route_href, use_location, use_navigator, ChannelQuery, Location, Route, RouteLink, Router,
    SearchQuery, TOOLS,
};
use chrono::{DateTime, Utc};
use wasm_bindgen_test::*;
use yew::prelude::*;
use yew_router::Routable;

mod dom;
mod mount;

use dom::{click, find};
use mount::{mount, settle, texts};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn an_address_splits_into_path_and_query() {
    let at = Location::parse("/post-search?q=ton&offset=20#top");
    assert_eq!(&*at.path, "/post-search");
    assert_eq!(&*at.query, "q=ton&offset=20");
    assert_eq!(at.route(), Route::PostSearch);
    let bare = Location::parse("/channel-info");
    assert_eq!(&*bare.query, "");
    assert_eq!(bare.route(), Route::ChannelInfo);
}

#[wasm_bindgen_test]
fn paths_map_to_routes_and_back() {
    assert_eq!(Route::of_path("/"), Route::Home);
    assert_eq!(Route::of_path("/keyword-mentions"), Route::KeywordMentions);
    assert_eq!(Route::of_path("/multi-story-stats"), Route::MultiStoryStats);
    for route in TOOLS {
        assert_eq!(Route::of_path(&route.to_path()), route);
    }
    // A trailing slash names the same page; anything else is not found.
    assert_eq!(Location::parse("/post-stats/").route(), Route::PostStats);
    assert_eq!(Location::parse("/").route(), Route::Home);
    assert_eq!(Location::parse("/post-stats/1").route(), Route::NotFound);
    assert_eq!(Location::parse("/admin").route(), Route::NotFound);
}

#[wasm_bindgen_test]
fn a_query_reads_into_a_form() {
    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Form {
        q: String,
        offset: u32,
    }
    let at = Location::parse("/post-search?q=%D1%82%D0%BE%D0%BD+coin&offset=20");
    assert_eq!(
        at.query::<Form>(),
        Some(Form {
            q: "тон coin".into(),
            offset: 20
        })
    );
    assert_eq!(
        Location::parse("/post-search?offset=x").query::<Form>(),
        None
    );
}

#[function_component(Where)]
fn where_am_i() -> Html {
    let location = use_location();
    let navigator = use_navigator();
    let replace = Callback::from(move |_: MouseEvent| {
        if let Some(navigator) = &navigator {
            navigator.replace("/channel-info?channel=%40durov");
        }
    });
    html! {
        <>
            <p class="at">{ format!("{:?} {}", location.route(), location.query) }</p>
            <RouteLink href={route_href(Route::PostSearch, &SearchQuery { q: "ton".into() })}
                classes="go">{ "search" }</RouteLink>
            <button class="replace" onclick={replace}>{ "replace" }</button>
        </>
    }
}

#[derive(Properties, PartialEq)]
struct AtProps {
    start: AttrValue,
}

#[function_component(At)]
fn at(props: &AtProps) -> Html {
    html! { <Router start={Some(props.start.clone())}><Where /></Router> }
}

#[wasm_bindgen_test]
async fn links_and_the_navigator_change_the_address_in_memory() {
    let page_address = web_sys::window().unwrap().location().href().unwrap();
    let root = mount::<At>(AtProps {
        start: "/keyword-mentions?q=rust".into(),
    })
    .await;
    let shown = |root: &web_sys::Element| texts(root, ".at").join("");
    assert_eq!(shown(&root), "KeywordMentions q=rust");
    click(&find(&root, "a.go"));
    settle().await;
    assert_eq!(shown(&root), "PostSearch q=ton");
    click(&find(&root, "button.replace"));
    settle().await;
    assert_eq!(shown(&root), "ChannelInfo channel=%40durov");
    // Memory mode leaves the page's own address alone.
    assert_eq!(
        web_sys::window().unwrap().location().href().unwrap(),
        page_address
    );
}

// Channel info is where the API crate's opening calls (what the gateway preloads with the page)
// expect it: at the same path, reading the channel under the same query key, so that a link the
// console makes preloads what the page then asks for.

#[wasm_bindgen_test]
fn the_channel_info_route_is_at_the_preloaded_path() {
    assert_eq!(Route::ChannelInfo.to_path(), CHANNEL_INFO_PATH);
    assert_eq!(Route::of_path(CHANNEL_INFO_PATH), Route::ChannelInfo);
}

#[wasm_bindgen_test]
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

/// The links the gateway writes at the foot of the channel report's card (natively, without the
/// router) are the router's own addresses.
#[wasm_bindgen_test]
fn the_report_cards_links_are_the_routers_addresses() {
    use chanscope::api::opening::POST_STATS_PATH;
    use chanscope::view::card::{page_href, POST_SEARCH_PATH, SUBSCRIBER_DYNAMICS_PATH};
    assert_eq!(Route::PostStats.to_path(), POST_STATS_PATH);
    for asked in ["@name", "t.me/+AbC d&e", "1234"] {
        assert_eq!(
            page_href(SUBSCRIBER_DYNAMICS_PATH, &[("channel", asked)]),
            route_href(Route::SubscriberDynamics, &ChannelQuery::new(asked))
        );
        assert_eq!(
            page_href(POST_SEARCH_PATH, &[("q", asked)]),
            route_href(
                Route::PostSearch,
                &SearchQuery {
                    q: asked.to_owned()
                }
            )
        );
    }
}
