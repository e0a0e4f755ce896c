//! Period strings, view-growth dates, timestamps and numbers: parsing, formatting, labels; and
//! the initials that stand for a channel's avatar.
//!
//! Everything here is a pure function and never panics, whatever the API sends:
//! malformed input becomes a [`FormatError`], never a crash of the console.

mod decimal;
mod error;
mod growth;
mod initials;
mod iso;
mod label;
mod locale;
mod number;
mod period;
mod scan;
mod series;
mod template;
mod time;

pub use decimal::parse_decimal;
pub use error::FormatError;
pub use growth::{format_growth_date, growth_label, parse_growth_date};
pub use initials::initials;
pub use iso::{iso_date, iso_minutes, iso_month, iso_seconds, parse_iso_date};
pub use label::{axis_label, date_label, date_time_label, month_label, week_label};
pub use locale::Locale;
pub use number::{
    compact, compact_f64, format_percent, format_rate, group_decimal, group_thousands,
    percent_change,
};
pub use period::{week_api_string, Period};
pub use series::parse_series;
pub use template::fill;
pub use time::{day_range_seconds, format_timestamp, last_days, local_date_time, local_day_range};
