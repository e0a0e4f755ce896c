//! The console end to end: every page against the in-process sandbox in headless Chromium.
//!
//! One browser serves every scenario, one after another; each scenario opens its page afresh
//! with the storage it needs. Run after building the console:
//! `CHANSCOPE_DIST=<root>/dist cargo test -p chanscope-e2e --test console`.
//!
//! The scenarios live by topic in this folder's modules; this file lists them in the order they
//! run and holds the helpers they share.

mod across_pages;
mod analyses;
mod campaigns;
mod channel_report;
mod channels;
mod journey;
mod post_stats;
mod search;
mod shortlist;

use std::process::ExitCode;
use std::time::Duration;

use chanscope_api::format::{group_thousands, Locale};
use chanscope_e2e::runner::Scenario;
use chanscope_e2e::{ensure, scenarios, Harness, HarnessOptions, Res, Session};
use serde_json::Value;

use across_pages::{
    back_and_forward_restore_views, deep_link_shows_results_without_submit,
    missing_token_is_explained, one_console_across_pages, russian_interface,
    token_never_in_address_bar, unknown_route_shows_not_found,
};
use analyses::{
    compare_three_channels, keyword_trend_over_four_weeks, search_analysis_of_1050_posts,
    watch_alert_notifies_once, watchlist_news_after_the_clock_moves,
};
use campaigns::{
    campaign_gain_within_normal_variation_has_no_cost, campaign_of_two_adverts_finds_their_gain,
    one_advert_read_by_hour_and_by_day_agrees,
};
use channel_report::{
    masked_purchase_is_beyond_its_mention, mention_explains_a_steep_rise,
    mentions_show_the_change_after_each, organic_rise_whose_readers_followed,
    planted_jump_is_found_on_its_day, reach_profile_equals_the_replayed_post_stats,
    slow_box_of_bots_is_a_box, smooth_channel_has_no_subscriber_finding,
    thin_reach_channel_has_low_err,
};
use channels::{
    channel_info_shows_card, channel_info_unknown_channel,
    subscriber_dynamics_refuses_bad_channel_id, subscriber_dynamics_shows_counts,
};
use journey::{pasted_channel_to_report_watch_compare_and_back, pasted_post_and_words};
use post_stats::{
    multi_post_stats_batches_over_50_ids, multi_post_stats_shows_posts,
    multi_story_stats_shows_stories, multi_story_stats_without_plan, post_stats_shows_counters,
    post_stats_unknown_post,
};
use search::{
    channel_search_needs_q_or_category, channel_search_shows_channels, keyword_mentions_requires_q,
    keyword_mentions_shows_channels, post_search_names_every_repost_source,
    post_search_refuses_limit_over_50, post_search_shows_posts,
};
use shortlist::compare_selected_opens_exactly_the_selected;

const SCENARIOS: &[(&str, Scenario)] = scenarios![
    keyword_mentions_shows_channels,
    keyword_mentions_requires_q,
    channel_search_shows_channels,
    channel_search_needs_q_or_category,
    subscriber_dynamics_shows_counts,
    subscriber_dynamics_refuses_bad_channel_id,
    channel_info_shows_card,
    channel_info_unknown_channel,
    reach_profile_equals_the_replayed_post_stats,
    planted_jump_is_found_on_its_day,
    smooth_channel_has_no_subscriber_finding,
    mention_explains_a_steep_rise,
    thin_reach_channel_has_low_err,
    masked_purchase_is_beyond_its_mention,
    slow_box_of_bots_is_a_box,
    organic_rise_whose_readers_followed,
    mentions_show_the_change_after_each,
    campaign_of_two_adverts_finds_their_gain,
    campaign_gain_within_normal_variation_has_no_cost,
    one_advert_read_by_hour_and_by_day_agrees,
    multi_post_stats_shows_posts,
    multi_post_stats_batches_over_50_ids,
    multi_story_stats_shows_stories,
    multi_story_stats_without_plan,
    post_stats_shows_counters,
    post_stats_unknown_post,
    post_search_shows_posts,
    post_search_refuses_limit_over_50,
    post_search_names_every_repost_source,
    compare_selected_opens_exactly_the_selected,
    deep_link_shows_results_without_submit,
    back_and_forward_restore_views,
    token_never_in_address_bar,
    missing_token_is_explained,
    russian_interface,
    unknown_route_shows_not_found,
    compare_three_channels,
    keyword_trend_over_four_weeks,
    search_analysis_of_1050_posts,
    pasted_channel_to_report_watch_compare_and_back,
    pasted_post_and_words,
    // Before the watchlist's own: it saves a watch of its own and checks it once.
    one_console_across_pages,
    // Last: they move the shared sandbox's clock on, which no later scenario could undo.
    watchlist_news_after_the_clock_moves,
    watch_alert_notifies_once,
];

fn main() -> ExitCode {
    chanscope_e2e::runner::main(SCENARIOS, HarnessOptions::default())
}

// ---- helpers -------------------------------------------------------------------------------

/// A count as tables and exact figures show it in English: `12,345`.
fn exact(n: &Value) -> String {
    group_thousands(int(n), Locale::En)
}

/// Numbers may come as numeric strings.
fn int(n: &Value) -> i64 {
    n.as_i64()
        .or_else(|| n.as_str().and_then(|s| s.trim().parse().ok()))
        .unwrap_or(i64::MIN)
}

/// The subscriber counts of a `/channels/subscribers` answer, oldest first; `period` reads a
/// record's period (a day or an hour) and drops the records it cannot read.
fn subscribers<T: Ord>(answer: &Value, period: impl Fn(&str) -> Option<T>) -> Vec<(T, i64)> {
    let mut counts: Vec<(T, i64)> = answer
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| {
            Some((
                period(&chanscope_e2e::text(&r["period"]))?,
                int(&r["participants_count"]),
            ))
        })
        .collect();
    counts.sort();
    counts
}

/// Asserts the page sent nothing to `op` since `mark`, after giving it time to.
async fn assert_nothing_sent(h: &Harness, mark: usize, op: &str) -> Res<()> {
    tokio::time::sleep(Duration::from_millis(700)).await;
    let sent = h.sent(mark, op);
    ensure(sent.is_empty(), || {
        format!("an invalid form was sent anyway: {sent:?}")
    })
}

/// Opens `path` with the demo token, fills `fields` and submits.
async fn submit_form(h: &Harness, path: &str, fields: &[(&str, &str)]) -> Res<usize> {
    h.browser.open(path, &Session::DEMO).await?;
    let mark = h.site.log.mark();
    for (key, value) in fields {
        h.browser.fill(key, value).await?;
    }
    h.browser.submit().await?;
    Ok(mark)
}
