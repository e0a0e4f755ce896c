//! `channel_report`: what the console's channel report shows, assembled from the same API calls
//! and the same figures: the card, the subscriber change over 7 and 30 days, the health check
//! with its verdict, findings, confidence and evidence, the mentions with the change after each,
//! and, when asked, the reach profile (reach, ERR, ERR24) over the channel's last posts.
//!
//! Its requests: the card; 90 days of subscribers by hour (a second request by day when the plan
//! gives no hours); one post search for the posts that mention the channel; and with the reach
//! profile, one post-statistics request per post probed ([`AUTO_POSTS`]). The 7- and 30-day
//! changes are read from the 90 days, which costs no request of their own.

use chrono::{DateTime, NaiveDateTime, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use chanscope_api::format::Locale;
use chanscope_api::model::{Channel, PostSearchResponse, Records, SubscriberCount};
use chanscope_api::ops::{ChannelInfo, PostStats, SubscriberDynamics};
use chanscope_api::{ApiErrorKind, ChannelId, Error, PeriodGroup, PostId, ViewGrowthGroup};
use chanscope_figures::after_mention::after_mention;
use chanscope_figures::dynamics::{change_since, readings, Reading};
use chanscope_figures::engagement::PostCounts;
use chanscope_figures::growth::growth_series;
use chanscope_figures::health::causes::{mention_search, mentions, recent_post};
use chanscope_figures::health::verdict::{clean_doubts, Verdict};
use chanscope_figures::health::{low_err, restriction_findings, subscriber_findings};
use chanscope_figures::profile::{message_numbers, Probe, Profile, ProfilePost, AUTO_POSTS};
use chanscope_figures::restrictions::{flag_text, flags};

use super::ask::{unconfirmed, words, Asker};
use super::health::{health_out, HealthOut};
use super::out::{definitions, round, Definition, Value, FIGURES_DOC};

/// Days of subscribers the health check reads.
pub const HEALTH_DAYS: u32 = 90;
/// The report's requests at most without the reach profile: the card, subscribers by hour and
/// by day, the mention search.
pub const BASE_REQUESTS: u32 = 4;

#[derive(Deserialize, JsonSchema)]
pub struct ReportArgs {
    /// The channel: `@username`, `t.me/username`, `t.me/joinchat/CODE` or the service's ID.
    pub channel: String,
    /// Also read the reach profile (reach at 12/24/48 h, ERR, ERR24, ER) over the channel's
    /// last 10 posts: 10 more requests, so the call needs `confirm_requests`.
    #[serde(default)]
    pub reach_profile: bool,
    /// The requests you agree to spend, when the call costs more than 10.
    #[serde(default)]
    #[schemars(with = "u32")]
    pub confirm_requests: Option<u32>,
}

/// The channel report.
#[derive(Serialize, JsonSchema)]
pub struct Report {
    pub channel: Card,
    pub change_7d: Change,
    pub change_30d: Change,
    pub health: HealthOut,
    /// Only when `reach_profile` was asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reach: Option<Reach>,
    /// Posts of other channels that mention this one over 90 days, newest first, with the
    /// subscriber change beyond normal after each.
    pub mentions: Vec<Mention>,
    /// The search returns at most 50 posts: more mentions may exist.
    pub mentions_may_be_more: bool,
    /// API requests this call made, and the most it could have made.
    pub requests: u32,
    pub requests_at_most: u32,
    pub definitions: Vec<Definition>,
    pub docs: &'static str,
}

/// The card's figures.
#[derive(Serialize, JsonSchema)]
pub struct Card {
    pub id: i64,
    pub title: String,
    pub username: String,
    pub link: String,
    pub subscribers: u64,
    pub ci_index: Option<f64>,
    pub category: Option<String>,
    pub country: Option<String>,
    pub language: Option<String>,
    /// The service's restrictions in words (red label: inflated subscribers; black label: fraud).
    pub restrictions: Vec<String>,
}

/// A subscriber change.
#[derive(Serialize, JsonSchema)]
pub struct Change {
    pub net: Option<i64>,
    pub percent: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missing: Option<String>,
}

/// The reach profile.
#[derive(Serialize, JsonSchema)]
pub struct Reach {
    pub posts: usize,
    /// Message numbers that answered nothing (deleted or unused).
    pub skipped: usize,
    pub average_reach_24h: Value,
    pub median_reach_24h: Value,
    pub average_reach_12h: Value,
    pub average_reach_48h: Value,
    pub err_percent: Value,
    pub err24_percent: Value,
    pub er_percent: Value,
}

/// A mention and what came after it.
#[derive(Serialize, JsonSchema)]
pub struct Mention {
    pub at: String,
    pub source: String,
    pub post: String,
    pub views: Option<u64>,
    pub gain_24h: Option<Gain>,
    pub gain_48h: Option<Gain>,
}

/// A change beyond normal with its spread.
#[derive(Serialize, JsonSchema)]
pub struct Gain {
    pub gain: f64,
    pub spread: f64,
    pub beyond_normal: bool,
}

/// The requests the report may make.
pub fn cost(args: &ReportArgs) -> u32 {
    BASE_REQUESTS + if args.reach_profile { AUTO_POSTS } else { 0 }
}

pub async fn channel_report(ask: &Asker, args: ReportArgs) -> Result<Report, String> {
    let at_most = cost(&args);
    if let Some(ask_first) = unconfirmed("channel_report", at_most, args.confirm_requests) {
        return Err(ask_first);
    }
    let id: ChannelId = args
        .channel
        .parse()
        .map_err(|e| format!("channelId: {e}"))?;
    let now = Utc::now();
    let channel = ask.send(&ChannelInfo::new(id.clone())).await?;
    let (group, records) = hours_or_days(ask, &id, now).await?;
    // Without the mentions the check still runs: rises stay unexplained, and the answer says so.
    let found = match mention_search(&channel.username, HEALTH_DAYS, now) {
        Some(search) => match ask.call(&search).await {
            Ok(found) => Some(found),
            // A limit is said with its wait, as every other call's; any other failure leaves
            // rises unexplained, and the answer says the search was not made.
            Err(e) if e.retry_after_secs().is_some() => return Err(words(&e)),
            Err(_) => None,
        },
        None => None,
    };
    let (read, _) = readings(group, &records);
    let causes = found
        .as_ref()
        .map_or_else(Vec::new, |f| mentions(f, channel.id));
    let subscribers = channel.participants_count;
    let restrictions: Vec<String> = flags(&channel)
        .iter()
        .map(|f| flag_text(f, Locale::En))
        .collect();
    let today = now.date_naive();
    let mut found_all = restriction_findings(&restrictions, today);
    found_all.extend(subscriber_findings(&read, group, &causes));
    let reach = match (args.reach_profile, &found) {
        (true, Some(found)) => Some(profile(ask, &channel, found).await?),
        _ => None,
    };
    if let Some(err) = reach.as_ref().and_then(|r| r.err.ok()) {
        found_all.extend(low_err(err, subscribers, today));
    }
    found_all.sort_by_key(|f| (f.date, f.movement().map(|m| m.start)));
    let verdict = Verdict::of(&found_all, &clean_doubts(&read, group, subscribers));
    let by = if group == PeriodGroup::Hour {
        "hour"
    } else {
        "day"
    };
    let busy: Vec<NaiveDateTime> = causes.iter().map(|c| c.at).collect();
    let gain = |at, hours| {
        after_mention(&read, at, hours, &busy).map(|a| Gain {
            gain: round(a.gain()),
            spread: round(a.normal.spread),
            beyond_normal: a.beyond(),
        })
    };
    let mentions_out = causes
        .iter()
        .map(|c| Mention {
            at: c.at.format("%Y-%m-%d %H:%M").to_string(),
            source: c.source.clone(),
            post: c.post.clone(),
            views: c.views,
            gain_24h: gain(c.at, 24),
            gain_48h: gain(c.at, 48),
        })
        .collect();
    let mut named = vec![
        "subscribers",
        "change_7d, change_30d",
        "verdict",
        "confidence",
    ];
    named.extend(["finding.excess, finding.spreads", "mention.gain_Nh"]);
    if reach.is_some() {
        named.extend(["average_reach_Nh, median_reach_Nh", "err", "err24", "er"]);
    }
    Ok(Report {
        change_7d: change(&read, 7),
        change_30d: change(&read, 30),
        health: health_out(&found_all, &verdict, (read.len(), by), found.is_some()),
        reach: reach.map(|p| Reach {
            posts: p.publications,
            skipped: p.skipped,
            average_reach_24h: p.average_reach[1].into(),
            median_reach_24h: p.median_reach[1].into(),
            average_reach_12h: p.average_reach[0].into(),
            average_reach_48h: p.average_reach[2].into(),
            err_percent: p.err.into(),
            err24_percent: p.err24.into(),
            er_percent: p.er.into(),
        }),
        mentions: mentions_out,
        mentions_may_be_more: found.as_ref().is_some_and(|f| {
            f.items.len() >= chanscope_api::limits::POST_SEARCH_LIMIT_MAX as usize
        }),
        channel: card(&channel, restrictions),
        requests: ask.requests(),
        requests_at_most: at_most,
        definitions: definitions(&named),
        docs: FIGURES_DOC,
    })
}

fn card(channel: &Channel, restrictions: Vec<String>) -> Card {
    Card {
        id: channel.id,
        title: channel.title.clone(),
        username: channel.username.clone(),
        link: channel.link.clone(),
        subscribers: channel.participants_count,
        ci_index: channel.ci_index,
        category: channel.category.clone(),
        country: channel.country.clone(),
        language: channel.language.clone(),
        restrictions,
    }
}

fn change(read: &[Reading], days: u32) -> Change {
    match change_since(read, days) {
        Ok(since) => Change {
            net: Some(since.net),
            percent: since.percent.map(round),
            missing: None,
        },
        Err(why) => Change {
            net: None,
            percent: None,
            missing: Value::from(Err(why)).missing,
        },
    }
}

/// The subscribers of `id` over [`HEALTH_DAYS`] by hour where the plan allows, else by day, as
/// the console's health check and campaigns read them.
pub async fn hours_or_days(
    ask: &Asker,
    id: &ChannelId,
    now: DateTime<Utc>,
) -> Result<(PeriodGroup, Records<SubscriberCount>), String> {
    let op = |group| SubscriberDynamics::last_days(id, group, HEALTH_DAYS, now);
    match ask.call(&op(PeriodGroup::Hour)).await {
        Ok(records) => Ok((PeriodGroup::Hour, records)),
        Err(Error::Api(e))
            if matches!(e.kind, ApiErrorKind::Plan | ApiErrorKind::InvalidParameter) =>
        {
            Ok((PeriodGroup::Day, ask.send(&op(PeriodGroup::Day)).await?))
        }
        Err(e) => Err(words(&e)),
    }
}

/// The reach profile over the [`AUTO_POSTS`] message numbers down from the newest one the
/// mention search names, one post-statistics request by hour each, as the console probes them.
async fn profile(
    ask: &Asker,
    channel: &Channel,
    found: &PostSearchResponse,
) -> Result<Profile, String> {
    let Some(newest) = recent_post(found, channel.id, &channel.username) else {
        return Ok(Profile::of(&[], Some(channel.participants_count)));
    };
    let username = channel.username.trim().trim_start_matches('@');
    let mut probes = Vec::new();
    for message in message_numbers(newest, AUTO_POSTS) {
        let post_id = if username.is_empty() {
            let id = channel.tg_id.unwrap_or(channel.id).max(0) as u64;
            PostId::Private {
                channel: id,
                message,
            }
        } else {
            PostId::Link {
                username: username.to_owned(),
                message,
            }
        };
        let request = PostStats {
            group: ViewGrowthGroup::Hour,
            ..PostStats::new(post_id)
        };
        match ask.call(&request).await {
            Ok(stats) => probes.push(Probe::Found(ProfilePost {
                message,
                counts: PostCounts::from(&stats),
                growth: growth_series(ViewGrowthGroup::Hour, &stats.views).0,
                repost: None,
                album: None,
            })),
            // A number deleted or never used is skipped, as the console skips it.
            Err(Error::Api(e)) if !stops(e.kind) => probes.push(Probe::Missing),
            Err(e) => return Err(words(&e)),
        }
    }
    Ok(Profile::of(&probes, Some(channel.participants_count)))
}

/// Errors that would fail every further probe too: the probing stops at them.
fn stops(kind: ApiErrorKind) -> bool {
    matches!(
        kind,
        ApiErrorKind::FloodControl { .. }
            | ApiErrorKind::Quota
            | ApiErrorKind::Auth
            | ApiErrorKind::Plan
            | ApiErrorKind::Upstream
    )
}
