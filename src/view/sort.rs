//! The order of a sortable table: what a cell sorts by, the column and direction chosen, and the
//! comparison that keeps missing values last. `components::table` draws the table.

use std::cmp::Ordering;

/// What a cell sorts by.
#[derive(Clone, Debug, PartialEq)]
pub enum SortKey {
    Number(f64),
    /// Compared without regard to case.
    Text(String),
    /// Sorts after every value in either direction.
    Missing,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Ascending,
    Descending,
}

/// The column a table is sorted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sort {
    pub column: usize,
    pub direction: Direction,
}

impl Sort {
    /// The sort after activating `column`'s header: ascending first, then toggling.
    pub fn toggled(current: Option<Sort>, column: usize) -> Sort {
        let direction = match current {
            Some(sort) if sort.column == column && sort.direction == Direction::Ascending => {
                Direction::Descending
            }
            _ => Direction::Ascending,
        };
        Sort { column, direction }
    }
}

/// `a` against `b` in `direction`; a missing value is greater than any other in both directions.
pub fn compare(a: &SortKey, b: &SortKey, direction: Direction) -> Ordering {
    let ordered = |ordering: Ordering| match direction {
        Direction::Ascending => ordering,
        Direction::Descending => ordering.reverse(),
    };
    match (a, b) {
        (SortKey::Missing, SortKey::Missing) => Ordering::Equal,
        (SortKey::Missing, _) => Ordering::Greater,
        (_, SortKey::Missing) => Ordering::Less,
        (SortKey::Number(x), SortKey::Number(y)) => ordered(x.total_cmp(y)),
        (SortKey::Text(x), SortKey::Text(y)) => ordered(x.cmp(y)),
        // Mixed kinds in one column: numbers first, consistently.
        (SortKey::Number(_), SortKey::Text(_)) => ordered(Ordering::Less),
        (SortKey::Text(_), SortKey::Number(_)) => ordered(Ordering::Greater),
    }
}

/// `rows` in the order a table shows them under `sort`, each row's key in the sorted column read
/// by `key` (`None` where the row has no such cell, which sorts as missing); ties keep the order
/// they came in.
pub fn sorted<'a, R>(
    rows: &'a [R],
    sort: Option<Sort>,
    key: impl Fn(&'a R, usize) -> Option<&'a SortKey>,
) -> Vec<&'a R> {
    let mut shown: Vec<&R> = rows.iter().collect();
    if let Some(sort) = sort {
        const MISSING: SortKey = SortKey::Missing;
        shown.sort_by(|a, b| {
            let a = key(a, sort.column).unwrap_or(&MISSING);
            let b = key(b, sort.column).unwrap_or(&MISSING);
            compare(a, b, sort.direction)
        });
    }
    shown
}
