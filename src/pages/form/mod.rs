//! What every page's form is made of: fields ([`fields`]), a period ([`period`]), the submitted
//! form kept in the address ([`url_state`]), and the page's form as a whole: checked before
//! sending, every input kept, the answer fetched as one job ([`page_form`]); or, for an analysis of
//! many requests, run as a job whose cost is said first ([`analysis_form`]).

mod analysis_form;
mod fields;
mod page_form;
mod period;
mod url_state;

pub use analysis_form::{use_analysis_form, AnalysisForm, AnalysisParams};
pub use fields::{
    extended_syntax_hint, peer_type_options, Advanced, Check, Field, LimitField, Select, ViewSwitch,
};
pub use page_form::{use_page_form, DraftForm, PageForm, PageParams, Problems};
pub use period::{PeriodBounds, PeriodFields, PeriodQuery, PERIOD_PRESETS};
pub use url_state::{is_false, peer_type_or, use_url_state, AddressQuery, UrlState};
