//! Reusable widgets of the console (and of embedded pages): every one reads the language and time
//! zone from the [`crate::ui::Ui`] context and styles itself with the `cs-` classes of
//! `static/components.css`.

pub mod capture;
pub mod channel_card;
pub mod chart;
pub mod export_buttons;
pub mod figure;
pub mod file_input;
pub mod later;
pub mod page_header;
pub mod picking;
pub mod rich_text;
pub mod stats_table;
pub mod status;
pub mod table;
pub mod tiles;

pub use channel_card::{CardVariant, ChannelCard};
pub use chart::LineChart;
pub use export_buttons::ExportButtons;
pub use file_input::{file_buttons, imported_text, on_file_text};
pub use later::{use_next_task, Later};
pub use page_header::page_header;
pub use picking::{use_picking, Picking};
pub use rich_text::{render_nodes, RichText, SafeHtml};
pub use stats_table::{stats_summary, stats_table, StatsTableText};
pub use status::{EmptyState, ErrorBanner, Loading, Reading};
pub use table::{Column, DataTable, LeadColumn, Row, TableCell};
pub use tiles::{StatTiles, Tile};
