//! `campaign_gains`: what a campaign's placements brought, as the console's campaign tracker
//! computes it: per placement its reach and CPM at 24 and 48 h, the promoted channel's gain
//! beyond its normal growth with its spread, and a cost per subscriber only when that gain is
//! clearly beyond normal; and the totals.
//!
//! Its requests: one post-statistics request by hour per placement; the promoted channel's
//! subscribers over 90 days by hour (a second by day when the plan gives no hours); and, when it
//! is named by username, one post search for its other mentions (left out of its normal change).

use chrono::{NaiveDateTime, NaiveTime, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use chanscope_api::format::{parse_growth_date, parse_iso_date};
use chanscope_api::ops::PostStats;
use chanscope_api::{ChannelId, PeriodGroup, PostId, ViewGrowthGroup};
use chanscope_figures::campaign::{campaign_figures, Placement, Totals};
use chanscope_figures::dynamics::readings;
use chanscope_figures::engagement::Figure;
use chanscope_figures::growth::growth_series;
use chanscope_figures::health::causes::{mention_instants, mention_search};
use chanscope_figures::reach::price_and_currency;

use super::ask::{unconfirmed, Asker};
use super::out::{definitions, Definition, Value, FIGURES_DOC};
use super::report::{hours_or_days, HEALTH_DAYS};

#[derive(Deserialize, JsonSchema)]
pub struct CampaignArgs {
    /// The promoted channel: `@username`, `t.me/username` or the service's ID (a username also
    /// finds its other mentions, kept out of its normal growth).
    pub promoted: String,
    /// The adverts bought, at most 50.
    pub placements: Vec<PlacementArgs>,
    /// The requests you agree to spend, when the call costs more than 10.
    #[serde(default)]
    #[schemars(with = "u32")]
    pub confirm_requests: Option<u32>,
}

#[derive(Deserialize, JsonSchema)]
pub struct PlacementArgs {
    /// The ad post: `t.me/channel/123` or the service's post ID.
    pub post: String,
    /// The price as written, with its currency: `1500 RUB`, `$200`, `1 500 ₽`.
    pub price: String,
    /// When it went out, UTC: `2026-11-20 14:00` or `2026-11-20`; when left out, the hour its
    /// post's statistics start.
    pub at: Option<String>,
}

/// The most placements one call takes: one post-statistics request each.
pub const MAX_PLACEMENTS: usize = 50;

/// A campaign's figures.
#[derive(Serialize, JsonSchema)]
pub struct Gains {
    pub placements: Vec<PlacementOut>,
    pub totals: TotalsOut,
    /// Whether the subscribers were read by `hour` or by `day` (daily counts widen the windows
    /// by up to a day).
    pub counts_by: &'static str,
    pub mentions_left_out: usize,
    pub requests: u32,
    pub requests_at_most: u32,
    pub definitions: Vec<Definition>,
    pub docs: &'static str,
}

#[derive(Serialize, JsonSchema)]
pub struct PlacementOut {
    pub post: String,
    pub at: Option<String>,
    pub price: f64,
    pub currency: String,
    pub reach_24h: Value,
    pub reach_48h: Value,
    pub cpm_24h: Value,
    pub cpm_48h: Value,
    /// Its share of its window's gain beyond normal, and the window's spread.
    pub gain_24h: Value,
    pub gain_48h: Value,
    pub spread_24h: Value,
    pub spread_48h: Value,
    /// Only when the window's gain is more than 2 spreads beyond normal.
    pub cost_per_subscriber_24h: Value,
    pub cost_per_subscriber_48h: Value,
    /// Its part of its window's gain (1 alone), and the placements (from 1) sharing its window.
    pub share: f64,
    pub shared_with: Vec<usize>,
}

#[derive(Serialize, JsonSchema)]
pub struct TotalsOut {
    pub price: Value,
    pub currency: String,
    pub reach_24h: Value,
    pub cpm_24h: Value,
    pub gain_24h: Value,
    pub gain_48h: Value,
    pub spread_24h: Value,
    pub spread_48h: Value,
    pub cost_per_subscriber_24h: Value,
    pub cost_per_subscriber_48h: Value,
}

/// The requests the call may make.
pub fn cost(args: &CampaignArgs) -> u32 {
    let search = u32::from(username(&args.promoted).is_some());
    u32::try_from(args.placements.len())
        .unwrap_or(u32::MAX)
        .saturating_add(2 + search)
}

fn username(promoted: &str) -> Option<String> {
    match promoted.parse::<ChannelId>().ok()? {
        ChannelId::Username(name) | ChannelId::Link(name) => Some(name),
        ChannelId::Invite(_) | ChannelId::Numeric(_) => None,
    }
}

/// A date as the console's campaign form reads it: `2026-11-20 14:00`, `…T14:00`, or a day.
fn parse_at(text: &str) -> Option<NaiveDateTime> {
    let text = text.trim();
    parse_growth_date(ViewGrowthGroup::Hour, &text.replacen('T', " ", 1))
        .ok()
        .or_else(|| parse_iso_date(text).map(|day| day.and_time(NaiveTime::MIN)))
}

pub async fn campaign_gains(ask: &Asker, args: CampaignArgs) -> Result<Gains, String> {
    let promoted: ChannelId = args
        .promoted
        .parse()
        .map_err(|e| format!("promoted: {e}"))?;
    if args.placements.is_empty() || args.placements.len() > MAX_PLACEMENTS {
        return Err(format!("placements: give 1 to {MAX_PLACEMENTS}"));
    }
    let mut typed = Vec::new();
    for (i, p) in args.placements.iter().enumerate() {
        let row = i + 1;
        let post: PostId = p
            .post
            .parse()
            .map_err(|e| format!("placement {row}: post: {e}"))?;
        let (price, currency) = price_and_currency(&p.price).map_err(|e| {
            format!(
                "placement {row}: price \"{}\" cannot be read ({e:?})",
                p.price
            )
        })?;
        let at = match p.at.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            Some(text) => Some(parse_at(text).ok_or_else(|| {
                format!(
                    "placement {row}: at \"{text}\": write 2026-11-20 14:00 or 2026-11-20 (UTC)"
                )
            })?),
            None => None,
        };
        typed.push((post, price, currency, at));
    }
    let at_most = cost(&args);
    if let Some(ask_first) = unconfirmed("campaign_gains", at_most, args.confirm_requests) {
        return Err(ask_first);
    }
    let now = Utc::now();
    let mut placements = Vec::new();
    let mut growth = Vec::new();
    for (post, price, currency, at) in typed {
        let request = PostStats {
            group: ViewGrowthGroup::Hour,
            ..PostStats::new(post.clone())
        };
        let series = growth_series(ViewGrowthGroup::Hour, &ask.send(&request).await?.views).0;
        placements.push(Placement {
            post: post.to_string(),
            price,
            currency,
            at: at.or(series.first().map(|g| g.at)),
        });
        growth.push(series);
    }
    let (group, records) = hours_or_days(ask, &promoted, now).await?;
    let name = username(&args.promoted);
    let found = match name
        .as_deref()
        .and_then(|n| mention_search(n, HEALTH_DAYS, now))
    {
        Some(search) => Some(ask.send(&search).await?),
        None => None,
    };
    let mentions = found
        .as_ref()
        .map_or_else(Vec::new, |f| mention_instants(f, name.as_deref()));
    let (read, _) = readings(group, &records);
    let figures = campaign_figures(&placements, &growth, &read, &mentions);
    let out = placements
        .iter()
        .zip(&figures.placements)
        .map(|(p, f)| PlacementOut {
            post: p.post.clone(),
            at: p.at.map(|at| at.format("%Y-%m-%d %H:%M").to_string()),
            price: p.price,
            currency: p.currency.clone(),
            reach_24h: f.reach[0].into(),
            reach_48h: f.reach[1].into(),
            cpm_24h: f.cpm[0].into(),
            cpm_48h: f.cpm[1].into(),
            gain_24h: f.gain[0].into(),
            gain_48h: f.gain[1].into(),
            spread_24h: f.spread[0].into(),
            spread_48h: f.spread[1].into(),
            cost_per_subscriber_24h: f.cost_per_subscriber[0].into(),
            cost_per_subscriber_48h: f.cost_per_subscriber[1].into(),
            share: super::out::round(f.share),
            shared_with: f.shared_with.iter().map(|i| i + 1).collect(),
        })
        .collect();
    Ok(Gains {
        placements: out,
        totals: totals(&figures.totals),
        counts_by: if group == PeriodGroup::Hour {
            "hour"
        } else {
            "day"
        },
        mentions_left_out: mentions.len(),
        requests: ask.requests(),
        requests_at_most: at_most,
        definitions: definitions(&["reach_Nh", "cpm", "gain_Nh", "cost_per_subscriber_Nh"]),
        docs: FIGURES_DOC,
    })
}

fn totals(t: &Totals) -> TotalsOut {
    let v = |f: Figure| Value::from(f);
    TotalsOut {
        price: v(t.price),
        currency: t.currency.clone(),
        reach_24h: v(t.reach_24h),
        cpm_24h: v(t.cpm_24h),
        gain_24h: v(t.gain[0]),
        gain_48h: v(t.gain[1]),
        spread_24h: v(t.spread[0]),
        spread_48h: v(t.spread[1]),
        cost_per_subscriber_24h: v(t.cost_per_subscriber[0]),
        cost_per_subscriber_48h: v(t.cost_per_subscriber[1]),
    }
}
