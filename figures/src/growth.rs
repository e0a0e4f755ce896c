//! The growth of a post's views (the `views` of post statistics) read for a chart and a table.

use chrono::NaiveDateTime;

use crate::api::model::ViewGrowthPoint;
use crate::api::ViewGrowthGroup;
use crate::format::parse_growth_date;

/// One readable view-growth record.
#[derive(Clone, Debug, PartialEq)]
pub struct Growth {
    pub at: NaiveDateTime,
    pub views: f64,
}

/// The readable records in time order, and how many could not be read (an unreadable date or a
/// growth that is not a finite number).
pub fn growth_series(group: ViewGrowthGroup, points: &[ViewGrowthPoint]) -> (Vec<Growth>, usize) {
    let mut read: Vec<Growth> = points
        .iter()
        .filter(|p| p.views_growth.is_finite())
        .filter_map(|p| {
            let at = parse_growth_date(group, &p.date).ok()?;
            Some(Growth {
                at,
                views: p.views_growth,
            })
        })
        .collect();
    let unreadable = points.len() - read.len();
    read.sort_by_key(|g| g.at);
    (read, unreadable)
}

/// Running totals of the growth per period: the views accumulated by the end of each.
pub fn cumulative(growth: &[Growth]) -> Vec<f64> {
    growth
        .iter()
        .scan(0.0, |total, g| {
            *total += g.views;
            Some(*total)
        })
        .collect()
}
