//! What pages and widgets compute for display that is not DOM and not a figure (the figures are
//! the `chanscope-figures` crate, re-exported as [`crate::figures`]): chart geometry, the order of
//! a sorted table, the pager of a search, how channels, groupings and changes are named, the note
//! on records that could not be read, what people paste, the repost sources a post search looks
//! up, the progress of a job of many requests, posts as an exported file, whether a failed
//! call means that the local preview's sandbox is not running, and the cookie that tells the
//! server of the pages the console's time zone. Pure functions that compile for
//! every target, so plain `cargo test` checks them; the components in `src/components/` draw
//! what they return.

pub mod card;
pub mod chart;
pub mod dynamics;
pub mod figure_text;
pub mod job;
pub mod labels;
pub mod line_chart;
pub mod pager;
pub mod paste;
pub mod post_file;
pub mod post_item;
pub mod post_page;
pub mod preview;
pub mod sort;
pub mod sources;
pub mod switch;
pub mod tiles;
pub mod unreadable;
pub mod zone_cookie;
