//! A campaign: the placements of adverts for one promoted channel, each at a price, and what
//! each brought. Every figure is a [`Figure`]; the hours are those of [`AFTER_HOURS`] (24, 48).
//!
//! - Reach of a placement at N hours = the reach of its ad post at N hours ([`reach_at`]).
//! - CPM of a placement at N hours = its price / (reach at N hours / 1000) ([`cpm`]).
//! - A placement's window = the [`WINDOW_HOURS`] from its instant. Placements whose windows
//!   overlap, directly or through others between them, share one window ([`window_groups`]).
//! - Gain of a window over N hours = the promoted channel's change from the first placement's
//!   instant to N hours after the last one's ([`change_after`]), minus its normal change over
//!   as many hours ([`normal_change`]). For a placement alone that is its change in the N hours
//!   after it minus the normal change over N hours.
//! - Gain of a placement = its share of its window's gain. Shares follow reach at 24 h: each
//!   placement's reach at 24 h / the window's total; equal shares when any placement of the
//!   window has no reach at 24 h (or none reached anyone), since a part left out would hand its
//!   gain to the others. Alone, a placement's share is 1.
//! - Cost per subscriber = price / gain; none when the gain is not above 0.
//! - Campaign totals: the prices summed when all are in one currency; reach at 24 h summed; CPM
//!   = total price / (total reach at 24 h / 1000); gain = the windows' gains summed; cost per
//!   subscriber = total price / total gain. A sum with a missing part is missing, for the
//!   same reason: a partial sum would understate the campaign.

use chrono::{NaiveDateTime, TimeDelta};

use super::after_mention::{change_after, normal_change, AFTER_HOURS};
use super::dynamics::Reading;
use super::engagement::{Figure, Missing};
use super::growth::Growth;
use super::reach::{cpm, price_and_currency, price_per, reach_at};
use crate::export::{Cell, Table};

/// How long after a placement its effect is read: the longest of [`AFTER_HOURS`].
pub const WINDOW_HOURS: u32 = 48;

/// One advert bought for the campaign.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    /// The ad post's link (`t.me/channel/123`).
    pub post: String,
    pub price: f64,
    /// The currency as typed with the price (empty when none).
    pub currency: String,
    /// When the advert went out, UTC.
    pub at: NaiveDateTime,
}

impl Placement {
    /// A placement with a price as typed (`1 500 ₽`, `$200`); `None` when it has no number.
    pub fn typed(post: &str, price: &str, at: NaiveDateTime) -> Option<Self> {
        let (price, currency) = price_and_currency(price)?;
        Some(Placement {
            post: post.to_owned(),
            price,
            currency,
            at,
        })
    }
}

/// What one placement brought; each array is over [`AFTER_HOURS`], in that order.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacementFigures {
    pub reach: [Figure; 2],
    pub cpm: [Figure; 2],
    /// Its share of its window's gain beyond normal growth.
    pub gain: [Figure; 2],
    pub cost_per_subscriber: [Figure; 2],
    /// Its part of its window's gain: 1 when it has the window to itself.
    pub share: f64,
    /// The other placements (indices) whose windows overlap its own; empty when none do.
    pub shared_with: Vec<usize>,
}

/// Placements that share one window, and the window's gain over [`AFTER_HOURS`].
#[derive(Clone, Debug, PartialEq)]
pub struct Window {
    /// Indices of the placements, in time order.
    pub placements: Vec<usize>,
    pub gain: [Figure; 2],
}

/// The campaign as a whole.
#[derive(Clone, Debug, PartialEq)]
pub struct Totals {
    /// The prices summed; `MixedCurrencies` when they are not all in one currency.
    pub price: Figure,
    /// That one currency (empty when none was typed or when they differ).
    pub currency: String,
    pub reach_24h: Figure,
    pub cpm_24h: Figure,
    /// Over [`AFTER_HOURS`].
    pub gain: [Figure; 2],
    /// Over [`AFTER_HOURS`].
    pub cost_per_subscriber: [Figure; 2],
}

/// Every figure of a campaign.
#[derive(Clone, Debug, PartialEq)]
pub struct CampaignFigures {
    /// One per placement, in the order given.
    pub placements: Vec<PlacementFigures>,
    /// In time order.
    pub windows: Vec<Window>,
    pub totals: Totals,
}

/// The figures of `placements`, with `growth[i]` the hourly view growth of placement `i`'s post
/// (a placement without one has no reach) and `readings` the promoted channel's hourly
/// subscriber counts in time order.
pub fn campaign_figures(
    placements: &[Placement],
    growth: &[Vec<Growth>],
    readings: &[Reading],
) -> CampaignFigures {
    let reach: Vec<[Figure; 2]> = (0..placements.len())
        .map(|i| {
            let growth = growth.get(i).map_or(&[][..], Vec::as_slice);
            AFTER_HOURS.map(|hours| reach_at(growth, hours))
        })
        .collect();
    let windows: Vec<Window> = window_groups(placements)
        .into_iter()
        .map(|members| window(placements, members, readings))
        .collect();
    // Windows come in time order, placements in the order given: each placement is in exactly
    // one window, so every slot is filled once.
    let mut figures: Vec<Option<PlacementFigures>> = vec![None; placements.len()];
    for window in &windows {
        let reach_24h: Vec<Figure> = window.placements.iter().map(|&i| reach[i][0]).collect();
        for (&i, share) in window.placements.iter().zip(split_weights(&reach_24h)) {
            figures[i] = Some(placement_figures(
                &placements[i],
                reach[i],
                window,
                i,
                share,
            ));
        }
    }
    let placement_figures: Vec<PlacementFigures> = figures.into_iter().flatten().collect();
    let totals = totals(placements, &placement_figures, &windows);
    CampaignFigures {
        placements: placement_figures,
        windows,
        totals,
    }
}

/// The placements grouped by shared window: indices, each group and the groups in time order.
/// Two windows overlap when the later placement comes before the earlier one's window ends.
pub fn window_groups(placements: &[Placement]) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..placements.len()).collect();
    order.sort_by_key(|&i| placements[i].at);
    let length = TimeDelta::hours(i64::from(WINDOW_HOURS));
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut end: Option<NaiveDateTime> = None;
    for i in order {
        let at = placements[i].at;
        match groups.last_mut() {
            Some(group) if end.is_some_and(|end| at < end) => group.push(i),
            _ => groups.push(vec![i]),
        }
        // Windows are all as long and come in time order: the latest one ends last.
        end = Some(at + length);
    }
    groups
}

/// Each placement's share of a window's gain, from their reaches at 24 h: in proportion, or
/// equal when any is missing or they sum to nothing.
pub fn split_weights(reach_24h: &[Figure]) -> Vec<f64> {
    let reaches: Option<Vec<f64>> = reach_24h.iter().map(|r| r.ok()).collect();
    let total: f64 = reaches.iter().flatten().sum();
    match reaches {
        Some(reaches) if total > 0.0 => reaches.iter().map(|r| r / total).collect(),
        _ => vec![1.0 / reach_24h.len() as f64; reach_24h.len()],
    }
}

/// The gain beyond normal growth from `first` to `hours` after `last` (`first` ≤ `last`).
pub fn window_gain(
    readings: &[Reading],
    first: NaiveDateTime,
    last: NaiveDateTime,
    hours: u32,
) -> Figure {
    let span = u32::try_from(whole_hours_between(first, last))
        .ok()
        .and_then(|between| between.checked_add(hours))
        .ok_or(Missing::NoCounts { hours })?;
    let missing = Missing::NoCounts { hours: span };
    let change = change_after(readings, first, span).ok_or(missing)?;
    let normal = normal_change(readings, span).ok_or(missing)?;
    Ok(change as f64 - normal)
}

/// The hours from the hour of `from` to the hour of `to`: hourly counts are read by the hour
/// an instant falls in, so the change from `from` to `to + N h` spans this many hours plus N.
fn whole_hours_between(from: NaiveDateTime, to: NaiveDateTime) -> i64 {
    let hour = |t: NaiveDateTime| t.and_utc().timestamp().div_euclid(3600);
    hour(to) - hour(from)
}

/// The window of the placements `members` (in time order, at least one).
fn window(placements: &[Placement], members: Vec<usize>, readings: &[Reading]) -> Window {
    let span = members
        .first()
        .zip(members.last())
        .map(|(&first, &last)| (placements[first].at, placements[last].at));
    let gain = AFTER_HOURS.map(|hours| {
        let (first, last) = span.ok_or(Missing::NoCounts { hours })?;
        window_gain(readings, first, last, hours)
    });
    Window {
        placements: members,
        gain,
    }
}

/// The figures of placement `index` in `window`, with its `share` of the window's gain.
fn placement_figures(
    placement: &Placement,
    reach: [Figure; 2],
    window: &Window,
    index: usize,
    share: f64,
) -> PlacementFigures {
    let gain = window.gain.map(|gain| gain.map(|gain| gain * share));
    PlacementFigures {
        reach,
        cpm: reach.map(|views| cpm(Some(placement.price), views)),
        gain,
        cost_per_subscriber: gain.map(|gain| cost_per_subscriber(Ok(placement.price), gain)),
        share,
        shared_with: window
            .placements
            .iter()
            .copied()
            .filter(|&i| i != index)
            .collect(),
    }
}

/// Price / gain; none when the gain is not above 0.
pub fn cost_per_subscriber(price: Figure, gain: Figure) -> Figure {
    price_per(Some(price?), gain, 1.0, Missing::NoGain)
}

/// The campaign's totals from its placements' figures and windows.
fn totals(placements: &[Placement], figures: &[PlacementFigures], windows: &[Window]) -> Totals {
    let (price, currency) = total_price(placements);
    let reach_24h: Figure = figures.iter().map(|f| f.reach[0]).sum();
    let gain: [Figure; 2] = [0, 1].map(|h| windows.iter().map(|w| w.gain[h]).sum());
    Totals {
        price,
        currency,
        reach_24h,
        cpm_24h: price.and_then(|price| cpm(Some(price), reach_24h)),
        gain,
        cost_per_subscriber: gain.map(|gain| cost_per_subscriber(price, gain)),
    }
}

/// The prices summed and their one currency; `MixedCurrencies` (and no currency) when two
/// differ. Currencies are compared as typed: the figures know no exchange rates.
pub fn total_price(placements: &[Placement]) -> (Figure, String) {
    let currency = placements.first().map_or("", |p| p.currency.as_str());
    if placements.iter().any(|p| p.currency != currency) {
        return (Err(Missing::MixedCurrencies), String::new());
    }
    (
        Ok(placements.iter().map(|p| p.price).sum()),
        currency.to_owned(),
    )
}

/// The placements and their figures as a file: one row per placement in the order given (its
/// post, hour, price and currency, each figure over [`AFTER_HOURS`] and its share), a missing
/// figure left empty.
pub fn placements_export(placements: &[Placement], figures: &CampaignFigures) -> Table {
    const FIGURES: [&str; 4] = ["reach", "cpm", "gain", "cost_per_subscriber"];
    let headers = ["post", "at_utc", "price", "currency"]
        .map(str::to_owned)
        .into_iter()
        .chain(
            FIGURES
                .iter()
                .flat_map(|name| AFTER_HOURS.map(|h| format!("{name}_{h}h"))),
        )
        .chain(["share".to_owned()])
        .collect();
    let rows = placements
        .iter()
        .zip(&figures.placements)
        .map(|(placement, f)| {
            let known = [
                Cell::from(placement.post.as_str()),
                Cell::Text(placement.at.format("%Y-%m-%d %H:%M").to_string()),
                Cell::Float(placement.price),
                Cell::from(placement.currency.as_str()),
            ];
            let computed = [f.reach, f.cpm, f.gain, f.cost_per_subscriber]
                .into_iter()
                .flatten()
                .map(|figure| figure.map_or(Cell::Empty, Cell::Float));
            known
                .into_iter()
                .chain(computed)
                .chain([Cell::Float(f.share)])
                .collect()
        })
        .collect();
    Table { headers, rows }
}
