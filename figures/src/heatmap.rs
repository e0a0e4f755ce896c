//! When a set of posts was published: a grid of weekday × hour in the reader's time zone, each
//! cell with its posts and the average views of those not deleted, and the shade a drawing gives
//! a cell.
//!
//! - Average views of a cell = the views of its posts not deleted / their number.

use chrono::{DateTime, Datelike, FixedOffset, Timelike};

use crate::api::model::Post;

use super::engagement::{Figure, Missing};

/// The posts published in one hour of one weekday.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeatCell {
    /// Every post of the cell, deleted ones included.
    pub posts: u32,
    /// The posts of the cell not deleted: the base of the average views.
    pub counted: u32,
    /// The views of the posts counted.
    pub views: u64,
}

impl HeatCell {
    /// The views of the posts counted / their number.
    pub fn average_views(&self) -> Figure {
        if self.counted == 0 {
            return Err(Missing::NoPosts);
        }
        Ok(self.views as f64 / f64::from(self.counted))
    }

    fn add(&mut self, post: &Post) {
        self.posts = self.posts.saturating_add(1);
        if !post.is_deleted {
            self.counted = self.counted.saturating_add(1);
            self.views = self.views.saturating_add(post.views);
        }
    }
}

/// Posts by weekday (row 0 = Monday … 6 = Sunday) and hour (column 0–23), in one time zone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Heatmap {
    pub cells: [[HeatCell; 24]; 7],
    /// Posts whose date the calendar cannot place (beyond chrono's range): counted here so that
    /// the cells and these always add up to the posts given.
    pub skipped: u32,
}

impl Heatmap {
    /// The heatmap of `posts`, each placed by its date read with `offset(date)`, the zone's
    /// offset at that instant: a zone with clock changes gives a different offset on either side
    /// of a change, so each post lands in the hour its readers saw.
    pub fn of<'a>(
        posts: impl IntoIterator<Item = &'a Post>,
        offset: impl Fn(i64) -> FixedOffset,
    ) -> Heatmap {
        let mut map = Heatmap::default();
        for post in posts {
            match place(post.date, offset(post.date)) {
                Some((weekday, hour)) => map.cells[weekday][hour].add(post),
                None => map.skipped = map.skipped.saturating_add(1),
            }
        }
        map
    }

    /// The posts in the cells (those skipped left out).
    pub fn total(&self) -> u64 {
        self.all().map(|(_, _, cell)| u64::from(cell.posts)).sum()
    }

    /// The most posts of any cell; 0 when every cell is empty.
    pub fn max_posts(&self) -> u32 {
        self.all().map(|(_, _, cell)| cell.posts).max().unwrap_or(0)
    }

    /// The `(weekday, hour)` with the most posts; of equal ones the earliest in the week. `None`
    /// when no cell has a post.
    pub fn busiest(&self) -> Option<(usize, usize)> {
        let mut best: Option<(usize, usize, u32)> = None;
        for (weekday, hour, cell) in self.all() {
            if cell.posts > 0 && best.is_none_or(|(_, _, most)| cell.posts > most) {
                best = Some((weekday, hour, cell.posts));
            }
        }
        best.map(|(weekday, hour, _)| (weekday, hour))
    }

    /// Every cell with its weekday and hour, Monday 0:00 first.
    fn all(&self) -> impl Iterator<Item = (usize, usize, &HeatCell)> {
        self.cells.iter().enumerate().flat_map(|(weekday, row)| {
            row.iter()
                .enumerate()
                .map(move |(hour, cell)| (weekday, hour, cell))
        })
    }
}

/// The weekday (Monday = 0) and hour of Unix second `secs` on clocks at `offset`.
fn place(secs: i64, offset: FixedOffset) -> Option<(usize, usize)> {
    let local = DateTime::from_timestamp(secs, 0)?
        .naive_utc()
        .checked_add_offset(offset)?;
    Some((
        local.weekday().num_days_from_monday() as usize,
        local.hour() as usize,
    ))
}

/// The shade of a cell with `posts` on a scale of `0..=levels`, relative to the busiest cell's
/// `max_posts`: 0 only for an empty cell, `levels` for the busiest, and `posts / max_posts ×
/// levels` rounded up between, so that a single post still shows against an empty cell.
pub fn shade(posts: u32, max_posts: u32, levels: u32) -> u32 {
    if posts == 0 || max_posts == 0 {
        return 0;
    }
    let scaled = (u64::from(posts) * u64::from(levels)).div_ceil(u64::from(max_posts));
    u32::try_from(scaled).map_or(levels, |s| s.min(levels))
}
