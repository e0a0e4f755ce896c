//! The figures a page shows beside its table, each under a stable name: the page draws them, and
//! its figures file (CSV and JSON, one row per figure) holds exactly the same values.
//!
//! - A set of posts or stories ([`SetFigures`]): the sums of its counters, average and median reach, the channel's ERR,
//!   the average ER, the best and the worst by views and by ER.
//! - A page of post search ([`PageTotals`]): posts, views, average and median reach (an album
//!   counted once), average ER.
//! - Keyword mentions ([`MentionTotals`]): channels, mentions, reach and reach per mention.
//! - One post ([`PostFigures`]): ER, ERR, reach at 12, 24 and 48 hours, ERR24, and the CPM of a
//!   price at 24 h, at 48 h and for all views.
//!
//! The definitions are those of [`super::engagement`] and [`super::reach`].

use crate::api::model::Post;
use crate::table::{Cell, Table};

use super::albums::publications;
use super::engagement::{
    average_er, average_reach, best_and_worst, channel_err, er, err, median_reach, Figure, Missing,
    PostCounts,
};
use super::growth::Growth;
use super::mentions::reach_per_mention;
use super::multi_stats::{totals, Counters, Totals};
use super::reach::{cpm, reach_at, REACH_HOURS};

/// One figure's value as a figures file holds it.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A computed number (a rate in percent, a reach, a price), or why there is none.
    Number(Figure),
    /// A count.
    Count(u64),
    /// The ID of a post or story; `None` when no record qualifies.
    Id(Option<i64>),
    /// Text as the user typed it (a currency).
    Text(String),
}

/// A figure under its stable, machine-readable name (`average_reach`, `err24_percent`).
#[derive(Clone, Debug, PartialEq)]
pub struct Named {
    pub name: &'static str,
    pub value: Value,
}

fn named(name: &'static str, value: Value) -> Named {
    Named { name, value }
}

/// The best and the worst record of a set by one key: their IDs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extremes {
    pub best: i64,
    pub worst: i64,
}

/// The figures of several posts or stories of one channel.
#[derive(Clone, Debug, PartialEq)]
pub struct SetFigures {
    /// The sums of the counters (the table's totals row).
    pub totals: Totals,
    pub average_reach: Figure,
    pub median_reach: Figure,
    /// The channel's ERR over the set: average reach / subscribers × 100.
    pub err: Figure,
    pub average_er: Figure,
    pub by_views: Option<Extremes>,
    pub by_er: Option<Extremes>,
}

impl SetFigures {
    /// The figures of `rows`, with `subscribers` as the base of ERR.
    pub fn of(rows: &[Counters], subscribers: Option<u64>) -> Self {
        let counts: Vec<PostCounts> = rows.iter().map(PostCounts::from).collect();
        let extremes = |key: &dyn Fn(&PostCounts) -> Figure| {
            best_and_worst(&counts, key).map(|(best, worst)| Extremes {
                best: rows[best].id,
                worst: rows[worst].id,
            })
        };
        SetFigures {
            totals: totals(rows),
            average_reach: average_reach(&counts),
            median_reach: median_reach(&counts),
            err: channel_err(&counts, subscribers),
            average_er: average_er(&counts),
            by_views: extremes(&|p| Ok(p.views as f64)),
            by_er: extremes(&er),
        }
    }

    /// The figures by name, in the order the page shows them.
    pub fn named(&self) -> Vec<Named> {
        let id = |e: Option<Extremes>, best: bool| {
            Value::Id(e.map(|e| if best { e.best } else { e.worst }))
        };
        let mut list = vec![
            named("views", Value::Count(self.totals.views)),
            named("shares", Value::Count(self.totals.shares)),
        ];
        if let Some(comments) = self.totals.comments {
            list.push(named("comments", Value::Count(comments)));
        }
        list.extend([
            named("reactions", Value::Count(self.totals.reactions)),
            named("average_reach", Value::Number(self.average_reach)),
            named("median_reach", Value::Number(self.median_reach)),
            named("err_percent", Value::Number(self.err)),
            named("average_er_percent", Value::Number(self.average_er)),
            named("best_by_views_id", id(self.by_views, true)),
            named("worst_by_views_id", id(self.by_views, false)),
            named("best_by_er_id", id(self.by_er, true)),
            named("worst_by_er_id", id(self.by_er, false)),
        ]);
        list
    }
}

/// The totals of one page of post search.
#[derive(Clone, Debug, PartialEq)]
pub struct PageTotals {
    /// Posts on the page, deleted ones included.
    pub posts: u64,
    /// Views of the page's publications not deleted (an album once).
    pub views: u64,
    /// Over publications: an album's posts count once, since views are counted per item.
    pub average_reach: Figure,
    pub median_reach: Figure,
    /// Over every post not deleted that has views.
    pub average_er: Figure,
    /// Posts of albums folded into their album for views and reach.
    pub folded: usize,
}

impl PageTotals {
    pub fn of(posts: &[Post]) -> Self {
        let counts: Vec<PostCounts> = posts.iter().map(PostCounts::from).collect();
        let published = publications(posts.iter());
        let folded = super::albums::folded_posts(&published);
        let reach: Vec<PostCounts> = published.iter().map(|p| PostCounts::from(p.post)).collect();
        let views = reach
            .iter()
            .filter(|c| !c.deleted)
            .fold(0u64, |sum, c| sum.saturating_add(c.views));
        PageTotals {
            posts: posts.len() as u64,
            views,
            average_reach: average_reach(&reach),
            median_reach: median_reach(&reach),
            average_er: average_er(&counts),
            folded,
        }
    }

    pub fn named(&self) -> Vec<Named> {
        vec![
            named("posts", Value::Count(self.posts)),
            named("views", Value::Count(self.views)),
            named("average_reach", Value::Number(self.average_reach)),
            named("median_reach", Value::Number(self.median_reach)),
            named("average_er_percent", Value::Number(self.average_er)),
        ]
    }
}

/// The figures of one post.
#[derive(Clone, Debug, PartialEq)]
pub struct PostFigures {
    pub er: Figure,
    pub err: Figure,
    /// Reach at each of [`REACH_HOURS`], in that order.
    pub reach: [Figure; 3],
    /// Reach at 24 h / subscribers × 100.
    pub err24: Figure,
    pub cpm_24h: Figure,
    pub cpm_48h: Figure,
    pub cpm_total: Figure,
    /// The currency typed with the price (empty when none).
    pub currency: String,
}

impl PostFigures {
    /// The figures of a post with `counts`, its hourly view `growth` (`None` when the answer by
    /// hour is not there), its channel's `subscribers` and a typed `price` with its currency.
    pub fn of(
        counts: &PostCounts,
        growth: Option<&[Growth]>,
        subscribers: Option<u64>,
        price: Option<(f64, String)>,
    ) -> Self {
        let at = |hours| growth.map_or(Err(Missing::NoGrowth), |g| reach_at(g, hours));
        let (reach_24h, reach_48h) = (at(24), at(48));
        let (price, currency) = match price {
            Some((price, currency)) => (Some(price), currency),
            None => (None, String::new()),
        };
        let total: Figure = if counts.views == 0 {
            Err(Missing::NoViews)
        } else {
            Ok(counts.views as f64)
        };
        PostFigures {
            er: er(counts),
            err: err(counts.views, subscribers),
            err24: reach_24h.and_then(|r| err(r.round() as u64, subscribers)),
            cpm_24h: cpm(price, reach_24h),
            cpm_48h: cpm(price, reach_48h),
            cpm_total: cpm(price, total),
            reach: REACH_HOURS.map(at),
            currency,
        }
    }

    pub fn named(&self) -> Vec<Named> {
        vec![
            named("er_percent", Value::Number(self.er)),
            named("err_percent", Value::Number(self.err)),
            named("reach_12h", Value::Number(self.reach[0])),
            named("reach_24h", Value::Number(self.reach[1])),
            named("reach_48h", Value::Number(self.reach[2])),
            named("err24_percent", Value::Number(self.err24)),
            named("cpm_24h", Value::Number(self.cpm_24h)),
            named("cpm_48h", Value::Number(self.cpm_48h)),
            named("cpm_total", Value::Number(self.cpm_total)),
            named("currency", Value::Text(self.currency.clone())),
        ]
    }
}

/// The totals of keyword mentions over every channel listed.
#[derive(Clone, Debug, PartialEq)]
pub struct MentionTotals {
    pub channels: u64,
    pub mentions: u64,
    /// Views of the mentioning posts of every channel.
    pub reach: u64,
    pub reach_per_mention: Figure,
}

impl MentionTotals {
    /// The totals of channels' `(mentions, views)`.
    pub fn of(channels: impl IntoIterator<Item = (u64, u64)>) -> Self {
        let (count, mentions, reach) =
            channels
                .into_iter()
                .fold((0u64, 0u64, 0u64), |(count, mentions, reach), (m, v)| {
                    (
                        count + 1,
                        mentions.saturating_add(m),
                        reach.saturating_add(v),
                    )
                });
        MentionTotals {
            channels: count,
            mentions,
            reach,
            reach_per_mention: reach_per_mention(reach, mentions),
        }
    }

    pub fn named(&self) -> Vec<Named> {
        vec![
            named("channels", Value::Count(self.channels)),
            named("mentions", Value::Count(self.mentions)),
            named("reach", Value::Count(self.reach)),
            named("reach_per_mention", Value::Number(self.reach_per_mention)),
        ]
    }
}

/// The figures of a page as a file: one row per figure with its name, its value, and (when it
/// has none) why, in the words `why` gives.
pub fn figures_table(figures: &[Named], why: impl Fn(Missing) -> String) -> Table {
    let rows = figures
        .iter()
        .map(|figure| {
            let (value, reason) = match &figure.value {
                Value::Number(Ok(x)) => (Cell::Float(*x), Cell::Empty),
                Value::Number(Err(missing)) => (Cell::Empty, Cell::Text(why(*missing))),
                Value::Count(n) => (Cell::from(*n), Cell::Empty),
                Value::Id(id) => (Cell::from(*id), Cell::Empty),
                Value::Text(text) => (Cell::Text(text.clone()), Cell::Empty),
            };
            vec![Cell::from(figure.name), value, reason]
        })
        .collect();
    Table {
        headers: ["figure", "value", "missing_because"]
            .map(str::to_owned)
            .to_vec(),
        rows,
    }
}
