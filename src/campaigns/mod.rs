//! The campaign tracker: campaigns (a promoted channel and the adverts bought for it), kept in
//! this browser, exported to a file, and refreshed as one job whose answers give each
//! placement's figures (`crate::figures::campaign`).
//!
//! - `campaign.rs`: a campaign as typed and its check; `file.rs`: the campaigns file;
//!   `causes.rs`: its placements as causes for a channel's health check. Pure, so plain
//!   `cargo test` checks them.
//! - In the browser only: `page.rs`, the Campaigns page (campaigns kept in this browser's
//!   IndexedDB, exported and imported as a JSON file); `form.rs`, a campaign added or edited;
//!   `refresh.rs`, the job of one campaign, which states its cost first; `results.rs`, its
//!   figures on screen.

mod campaign;
mod causes;
mod file;
#[cfg(target_arch = "wasm32")]
mod form;
#[cfg(target_arch = "wasm32")]
mod page;
#[cfg(target_arch = "wasm32")]
mod refresh;
#[cfg(target_arch = "wasm32")]
mod results;

#[cfg(target_arch = "wasm32")]
pub use page::CampaignsPage;

pub use campaign::{
    check, parse_date, Campaign, Checked, CheckedPlacement, PlacementEntry, Problem,
    CAMPAIGN_VERSION,
};
pub use causes::placement_causes;
pub use file::{
    export_campaigns, import_campaigns, CampaignFileError, CAMPAIGNS_FILE_VERSION, CAMPAIGNS_FORMAT,
};

/// The campaigns in the browser's database.
#[cfg(target_arch = "wasm32")]
pub type CampaignStore = crate::store::Store<Campaign>;
