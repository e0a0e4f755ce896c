//! What pages and widgets compute that is not DOM: chart geometry, the order of a sorted table,
//! albums counted once in reach totals, the note on records that could not be read, subscriber
//! dynamics and their summary, the growth of a post's views, the counters of several posts, the
//! pager of a search, engagement (ER, ERR, reach, CPM) and the named figures a page exports, and
//! how channels, groupings and changes are named; whether a failed call means that the local
//! preview's sandbox is not running; and the analyses: posting by weekday and hour,
//! the whole result of a post search, keyword trends and channels compared, and the progress of a
//! job of many requests; for a channel's page, its reach profile, its health check and the
//! change after each mention of it; for a campaign, what each placement brought; for a watch,
//! the history of its checks and the thresholds they cross. Pure functions over the API's records
//! that compile for every target, so plain `cargo test` checks them; the components in
//! `src/components/` draw what they return.

pub mod after_mention;
pub mod albums;
pub mod alerts;
pub mod campaign;
pub mod chart;
pub mod compare;
pub mod counts;
pub mod dynamics;
pub mod engagement;
pub mod figures;
pub mod growth;
pub mod health;
pub mod heatmap;
pub mod job;
pub mod labels;
pub mod media;
pub mod mentions;
pub mod multi_stats;
pub mod pager;
pub mod paste;
pub mod post_file;
pub mod preview;
pub mod profile;
pub mod reach;
pub mod restrictions;
pub mod robust;
pub mod search_analysis;
pub mod sort;
pub mod sources;
pub mod trend;
pub mod unreadable;
pub mod watch_history;
