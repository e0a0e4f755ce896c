//! A campaign: the placements of adverts for one promoted channel, each at a price, and what
//! each brought. Every figure is a [`Figure`]; the hours are those of [`AFTER_HOURS`] (24, 48).
//!
//! - Reach of a placement at N hours = the reach of its ad post at N hours ([`reach_at`]).
//! - CPM of a placement at N hours = its price / (reach at N hours / 1000) ([`cpm`]).
//! - A placement's window = the [`WINDOW_HOURS`] from its instant. Placements whose windows
//!   overlap, directly or through others between them, share one window ([`window_groups`]).
//! - Change of a window over N hours = the promoted channel's count by N hours after the last
//!   placement minus its count before the first one ([`change_between`]: on hourly counts from
//!   the end of the hour before the first placement's hour, on daily counts from the end of the
//!   day before its day, so no arrival after a placement is lost).
//! - Normal change and spread of a window = the channel's normal change over as long at the
//!   window's start, and its spread ([`normal_change`]): the median change over every window of
//!   the same length, carried along their trend to that start, and the health check's spread of
//!   those carried changes, leaving out the windows that overlap the [`EFFECT_HOURS`] after any
//!   placement of the campaign or any known mention of the channel.
//! - Gain of a window = its change − its normal change. It is clearly beyond normal when it is
//!   more than 2 spreads ([`beyond_normal`]).
//! - Gain of a placement = its share of its window's gain; its spread is its window's (the
//!   window is what was measured; the split is by reach). Shares follow reach at 24 h: each
//!   placement's reach at 24 h / the window's total; equal shares when any placement of the
//!   window has no reach at 24 h (or none reached anyone), since a part left out would hand its
//!   gain to the others. Alone, a placement's share is 1.
//! - Cost per subscriber = price / gain, only when the window's gain is clearly beyond normal;
//!   within 2 spreads of 0 it is "within normal variation"; further below 0, no gain at all.
//! - Campaign totals: the prices summed when all are in one currency (every price counts, with
//!   figures or without); reach at 24 h summed; CPM = total price / (total reach at 24 h /
//!   1000); gain = the windows' gains summed, its spread √(Σ spread²) of the windows (apart,
//!   their noise is independent); cost per subscriber = total price / total gain, under the
//!   same 2-spread rule. A total whose part is missing for some placement is missing and names
//!   the first such placement: a partial sum would understate the campaign without a word.

use chrono::{NaiveDateTime, TimeDelta};

use super::after_mention::{beyond_normal, change_between, normal_change, AFTER_HOURS};
use super::dynamics::Reading;
use super::engagement::{Figure, Missing};
use super::growth::Growth;
use super::reach::{cpm, price_and_currency, price_per, reach_at, PriceError};
use crate::table::{Cell, Table};

pub use super::after_mention::EFFECT_HOURS;

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
    /// When the advert went out, UTC; `None` when neither typed nor read from the post.
    pub at: Option<NaiveDateTime>,
}

impl Placement {
    /// A placement with a price as typed (`1 500 ₽`, `$200`), or why the price cannot be read.
    pub fn typed(post: &str, price: &str, at: Option<NaiveDateTime>) -> Result<Self, PriceError> {
        let (price, currency) = price_and_currency(price)?;
        Ok(Placement {
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
    /// Its window's normal spread over the same length of time.
    pub spread: [Figure; 2],
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
    /// The change beyond normal, and the normal spread over as long.
    pub gain: [Result<Gain, Missing>; 2],
}

/// A change beyond normal and the normal spread over as long.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gain {
    pub gain: f64,
    pub spread: f64,
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
    /// √(Σ spread²) of the windows, over [`AFTER_HOURS`].
    pub spread: [Figure; 2],
    /// Over [`AFTER_HOURS`].
    pub cost_per_subscriber: [Figure; 2],
}

/// Every figure of a campaign.
#[derive(Clone, Debug, PartialEq)]
pub struct CampaignFigures {
    /// One per placement, in the order given.
    pub placements: Vec<PlacementFigures>,
    /// In time order; placements without an instant are in none.
    pub windows: Vec<Window>,
    pub totals: Totals,
}

/// The figures of `placements`, with `growth[i]` the hourly view growth of placement `i`'s post
/// (a placement without one has no reach), `readings` the promoted channel's subscriber counts
/// (hourly or daily) in time order, and `mentions` the instants of the channel's known mentions
/// (left out of its normal change, as the placements are).
pub fn campaign_figures(
    placements: &[Placement],
    growth: &[Vec<Growth>],
    readings: &[Reading],
    mentions: &[NaiveDateTime],
) -> CampaignFigures {
    let reach: Vec<[Figure; 2]> = (0..placements.len())
        .map(|i| {
            let growth = growth.get(i).map_or(&[][..], Vec::as_slice);
            AFTER_HOURS.map(|hours| reach_at(growth, hours))
        })
        .collect();
    let busy: Vec<NaiveDateTime> = placements
        .iter()
        .filter_map(|p| p.at)
        .chain(mentions.iter().copied())
        .collect();
    let windows: Vec<Window> = window_groups(placements)
        .into_iter()
        .map(|members| window(placements, members, readings, &busy))
        .collect();
    let unplaced = Window {
        placements: Vec::new(),
        gain: [Err(Missing::NoDate); 2],
    };
    let mut figures: Vec<PlacementFigures> = placements
        .iter()
        .zip(&reach)
        .enumerate()
        .map(|(i, (placement, &reach))| placement_figures(placement, reach, &unplaced, i, 1.0))
        .collect();
    for window in &windows {
        let reach_24h: Vec<Figure> = window.placements.iter().map(|&i| reach[i][0]).collect();
        for (&i, share) in window.placements.iter().zip(split_weights(&reach_24h)) {
            figures[i] = placement_figures(&placements[i], reach[i], window, i, share);
        }
    }
    let totals = totals(placements, &figures, &windows);
    CampaignFigures {
        placements: figures,
        windows,
        totals,
    }
}

/// The placements that have an instant grouped by shared window: indices, each group and the
/// groups in time order. Two windows overlap when the later placement comes before the earlier
/// one's window ends.
pub fn window_groups(placements: &[Placement]) -> Vec<Vec<usize>> {
    let mut order: Vec<(NaiveDateTime, usize)> = placements
        .iter()
        .enumerate()
        .filter_map(|(i, p)| Some((p.at?, i)))
        .collect();
    order.sort();
    let length = TimeDelta::hours(i64::from(WINDOW_HOURS));
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut end: Option<NaiveDateTime> = None;
    for (at, i) in order {
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

/// The gain beyond normal from `first` to `hours` after `last` (`first` ≤ `last`), with the
/// normal spread over as long; windows overlapping the effect of a `busy` instant are not
/// normal.
pub fn window_gain(
    readings: &[Reading],
    (first, last): (NaiveDateTime, NaiveDateTime),
    hours: u32,
    busy: &[NaiveDateTime],
) -> Result<Gain, Missing> {
    let span_hours = |span: TimeDelta| u32::try_from(span.num_hours()).unwrap_or(u32::MAX);
    let asked = span_hours(last - first).saturating_add(hours);
    let change =
        change_between(readings, first, last, hours).ok_or(Missing::NoCounts { hours: asked })?;
    let normal =
        normal_change(readings, change.span(), change.from, busy).ok_or(Missing::NoNormal {
            hours: span_hours(change.span()),
        })?;
    Ok(Gain {
        gain: change.by as f64 - normal.change,
        spread: normal.spread,
    })
}

/// The window of the placements `members` (in time order, at least one, each with an instant).
fn window(
    placements: &[Placement],
    members: Vec<usize>,
    readings: &[Reading],
    busy: &[NaiveDateTime],
) -> Window {
    let span = members
        .first()
        .zip(members.last())
        .and_then(|(&first, &last)| Some((placements[first].at?, placements[last].at?)));
    let gain =
        AFTER_HOURS.map(|hours| window_gain(readings, span.ok_or(Missing::NoDate)?, hours, busy));
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
    let gain = window.gain.map(|g| g.map(|g| g.gain * share));
    PlacementFigures {
        reach,
        cpm: reach.map(|views| cpm(Some(placement.price), views)),
        gain,
        spread: window.gain.map(|g| g.map(|g| g.spread)),
        cost_per_subscriber: window.gain.map(|g| {
            let g = g?;
            cost_per_subscriber(Ok(placement.price), g.gain, g.spread, share)
        }),
        share,
        shared_with: window
            .placements
            .iter()
            .copied()
            .filter(|&i| i != index)
            .collect(),
    }
}

/// Price / (`share` × `gain`) when `gain` is clearly beyond normal (more than 2 × `spread`);
/// `WithinNormal` within 2 spreads of 0; `NoGain` below that.
pub fn cost_per_subscriber(price: Figure, gain: f64, spread: f64, share: f64) -> Figure {
    let price = price?;
    if beyond_normal(gain, spread) {
        price_per(Some(price), Ok(gain * share), 1.0, Missing::NoGain)
    } else if beyond_normal(-gain, spread) {
        Err(Missing::NoGain)
    } else {
        Err(Missing::WithinNormal)
    }
}

/// The first placement (its index) whose figure `of` is missing, as the missing part of a total.
fn first_missing(
    figures: &[PlacementFigures],
    of: impl Fn(&PlacementFigures) -> Figure,
) -> Result<(), Missing> {
    match figures.iter().position(|f| of(f).is_err()) {
        Some(i) => Err(Missing::OfPlacement { placement: i + 1 }),
        None => Ok(()),
    }
}

/// The campaign's totals from its placements' figures and windows.
fn totals(placements: &[Placement], figures: &[PlacementFigures], windows: &[Window]) -> Totals {
    let (price, currency) = total_price(placements);
    let reach_24h: Figure = first_missing(figures, |f| f.reach[0])
        .and_then(|()| figures.iter().map(|f| f.reach[0]).sum());
    let summed: [Result<Gain, Missing>; 2] = [0, 1].map(|h| {
        first_missing(figures, |f| f.gain[h])?;
        let start = Gain {
            gain: 0.0,
            spread: 0.0,
        };
        windows.iter().try_fold(start, |sum, w| {
            let g = w.gain[h]?;
            // Variances add: the spread of the sum is the root of the summed squares.
            Ok(Gain {
                gain: sum.gain + g.gain,
                spread: sum.spread.hypot(g.spread),
            })
        })
    });
    Totals {
        price,
        currency,
        reach_24h,
        cpm_24h: price.and_then(|price| cpm(Some(price), reach_24h)),
        gain: summed.map(|g| g.map(|g| g.gain)),
        spread: summed.map(|g| g.map(|g| g.spread)),
        cost_per_subscriber: summed.map(|g| {
            let g = g?;
            cost_per_subscriber(price, g.gain, g.spread, 1.0)
        }),
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
/// figure (or hour) left empty.
pub fn placements_export(placements: &[Placement], figures: &CampaignFigures) -> Table {
    const FIGURES: [&str; 5] = ["reach", "cpm", "gain", "spread", "cost_per_subscriber"];
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
                placement.at.map_or(Cell::Empty, |at| {
                    Cell::Text(at.format("%Y-%m-%d %H:%M").to_string())
                }),
                Cell::Float(placement.price),
                Cell::from(placement.currency.as_str()),
            ];
            let computed = [f.reach, f.cpm, f.gain, f.spread, f.cost_per_subscriber]
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
