//! What a campaign is as the user types it (kept as typed, so that nothing typed is lost), and
//! the check that reads it into what the requests and figures need, with every problem named.

use chrono::{NaiveDateTime, NaiveTime};
use serde::{Deserialize, Deserializer, Serialize};

use crate::api::ids::{ChannelId, IdError, PostId};
use crate::api::ViewGrowthGroup;
use crate::figures::reach::{price_and_currency, PriceError};
use crate::format::{parse_growth_date, parse_iso_date};
use crate::store::Record;

/// The layout of a campaign record this console writes, and the newest it reads.
pub const CAMPAIGN_VERSION: u32 = 1;

/// A promoted channel and the adverts bought for it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Campaign {
    /// The layout of the record: one of a later console is not read (it may mean other things).
    #[serde(deserialize_with = "known_version")]
    pub version: u32,
    /// Unique among the campaigns: the key of the stored record, and what an import matches on.
    pub id: String,
    pub name: String,
    /// The promoted channel as typed (`@name`, `t.me/name`).
    pub promoted: String,
    pub placements: Vec<PlacementEntry>,
}

/// One advert as typed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PlacementEntry {
    /// The ad post's link (`t.me/channel/123`).
    pub post: String,
    /// The price with its currency (`1 500 ₽`, `$200`).
    pub price: String,
    /// When it went out, UTC (`2026-11-20 14:00`); empty: the hour the post's statistics
    /// start.
    #[serde(default)]
    pub date: String,
}

impl Record for Campaign {
    const STORE: &'static str = "campaigns";

    fn id(&self) -> &str {
        &self.id
    }
}

fn known_version<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    let version = u32::deserialize(deserializer)?;
    if (1..=CAMPAIGN_VERSION).contains(&version) {
        Ok(version)
    } else {
        Err(serde::de::Error::custom(format!(
            "campaign version {version} is not one this console reads"
        )))
    }
}

impl Campaign {
    /// An empty campaign with id `id`, of this console's version, with one empty placement row.
    pub fn new(id: String) -> Campaign {
        Campaign {
            version: CAMPAIGN_VERSION,
            id,
            placements: vec![PlacementEntry::default()],
            ..Campaign::default()
        }
    }
}

/// A campaign read: what its requests and figures need.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    pub promoted: ChannelId,
    pub placements: Vec<CheckedPlacement>,
}

/// A placement read.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckedPlacement {
    pub post: PostId,
    pub price: f64,
    /// As typed with the price (empty when none).
    pub currency: String,
    /// `None` when left empty: the post's first hourly record gives it.
    pub at: Option<NaiveDateTime>,
}

/// What is wrong with a campaign as typed; rows are counted from 1.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    NoName,
    Promoted(IdError),
    NoPlacements,
    Post {
        row: usize,
        error: IdError,
    },
    /// A price that cannot be read, and why.
    Price {
        row: usize,
        error: PriceError,
    },
    /// A date in none of the accepted forms.
    Date {
        row: usize,
    },
}

/// The campaign read, or every problem of it (none is left for a request to find).
pub fn check(campaign: &Campaign) -> Result<Checked, Vec<Problem>> {
    let mut problems = Vec::new();
    if campaign.name.trim().is_empty() {
        problems.push(Problem::NoName);
    }
    let promoted = campaign
        .promoted
        .parse::<ChannelId>()
        .map_err(|error| problems.push(Problem::Promoted(error)))
        .ok();
    if campaign.placements.is_empty() {
        problems.push(Problem::NoPlacements);
    }
    let mut placements = Vec::with_capacity(campaign.placements.len());
    for (index, entry) in campaign.placements.iter().enumerate() {
        let row = index + 1;
        let post = entry
            .post
            .parse::<PostId>()
            .map_err(|error| problems.push(Problem::Post { row, error }))
            .ok();
        let price = price_and_currency(&entry.price)
            .map_err(|error| problems.push(Problem::Price { row, error }))
            .ok();
        let at = parse_date(&entry.date);
        if at.is_none() {
            problems.push(Problem::Date { row });
        }
        if let (Some(post), Some((price, currency)), Some(at)) = (post, price, at) {
            placements.push(CheckedPlacement {
                post,
                price,
                currency,
                at,
            });
        }
    }
    match promoted {
        Some(promoted) if problems.is_empty() => Ok(Checked {
            promoted,
            placements,
        }),
        _ => Err(problems),
    }
}

/// A date as typed, UTC: `2026-11-20 14:00`, `2026-11-20T14:00`, or a day alone (its
/// midnight); `Some(None)` when empty, `None` when unreadable. Read by the API layer's readers
/// of its own date strings: chrono's format parser, for this one field, took 16 KB of the
/// console's wasm.
pub fn parse_date(text: &str) -> Option<Option<NaiveDateTime>> {
    let text = text.trim();
    if text.is_empty() {
        return Some(None);
    }
    let at = parse_growth_date(ViewGrowthGroup::Hour, &text.replacen('T', " ", 1))
        .ok()
        .or_else(|| parse_iso_date(text).map(|day| day.and_time(NaiveTime::MIN)))?;
    Some(Some(at))
}
