//! The figures of Chanscope: what the console, its widgets and any server compute from the API's
//! records, each a pure function with its definition in its doc comment and exact-number tests
//! (`tests/`). It builds natively and for wasm32, and knows nothing of drawing: the console's
//! components draw what these return.
//!
//! - A post and a page of posts: engagement (ER, ERR, reach, CPM; `engagement`), the reach of a
//!   post over time (`reach`, from its view growth, `growth`), the counters of several posts
//!   (`multi_stats`), albums counted once (`albums`), the kind of a post's media (`media`), the
//!   named figures a page exports with their definitions (`named`), and mentions (`mentions`).
//! - A channel: its subscriber dynamics (`dynamics`), its counts and changes as text (`counts`),
//!   its restrictions (`restrictions`), the reach profile (`profile`), the health check
//!   (`health`, with robust statistics in `robust`) and the change after each mention of it
//!   (`after_mention`).
//! - The analyses: channels compared (`compare`), keyword trends (`trend`), the whole result of a
//!   post search (`search_analysis`) and posting by weekday and hour (`heatmap`).
//! - A campaign's placements and what each brought (`campaign`); a watch's history and the
//!   thresholds its checks cross (`watch_history`, `alerts`).
//! - What they are handed on as: series of points for charts (`points`) and tables for CSV and
//!   JSON files (`table`).

pub(crate) use chanscope_api as api;
pub(crate) use chanscope_api::format;

pub mod after_mention;
pub mod albums;
pub mod alerts;
pub mod campaign;
pub mod compare;
pub mod counts;
pub mod dynamics;
pub mod engagement;
pub mod growth;
pub mod health;
pub mod heatmap;
pub mod media;
pub mod mentions;
pub mod multi_stats;
pub mod named;
pub mod points;
pub mod profile;
pub mod reach;
pub mod restrictions;
pub mod robust;
pub mod search_analysis;
pub mod table;
pub mod trend;
pub mod watch_history;
