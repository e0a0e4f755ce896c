//! The Campaigns page: campaigns (a promoted channel and the adverts bought for it) kept in this
//! browser's IndexedDB, added and edited in a form, exported and imported as a JSON file, and
//! each refreshed as a job that states its cost first.

mod form;
mod page;
mod refresh;

pub use page::CampaignsPage;
