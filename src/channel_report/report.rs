//! The sections under the card, as the address keeps them (`post`, `posts`, `days` beside
//! `channel`), so that the address alone rebuilds the whole report, printed or not.

use serde::{Deserialize, Serialize};
use yew::prelude::*;

use crate::api::model::Channel;
use crate::api::PostId;
use crate::figures::profile::{DEFAULT_POSTS, MAX_POSTS};
use crate::route::{route_href, Navigator, Route};

/// The periods offered for incoming mentions, in days: hourly subscribers over at most a month.
pub const MENTION_DAYS: [u32; 3] = [7, 14, 30];
pub const DEFAULT_MENTION_DAYS: u32 = 14;

/// The report's part of the address.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ReportQuery {
    #[serde(skip_serializing_if = "String::is_empty")]
    pub channel: String,
    /// A recent post of the channel (a link or its message number): the reach profile probes
    /// the message numbers from it down.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub post: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub posts: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub days: Option<u32>,
    /// The price of a post as typed, for the summary's CPM.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub price: String,
}

impl ReportQuery {
    pub fn posts(&self) -> u32 {
        self.posts.unwrap_or(DEFAULT_POSTS).clamp(1, MAX_POSTS)
    }

    pub fn days(&self) -> u32 {
        self.days
            .filter(|d| MENTION_DAYS.contains(d))
            .unwrap_or(DEFAULT_MENTION_DAYS)
    }
}

/// Why a typed post cannot start the profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PostProblem {
    Unreadable,
    OtherChannel,
}

/// The message number of the post typed: a plain number, or a link to a post of `channel`.
pub fn newest_message(typed: &str, channel: &Channel) -> Result<u64, PostProblem> {
    let typed = typed.trim();
    if let Ok(n) = typed.parse::<u64>() {
        return (n > 0).then_some(n).ok_or(PostProblem::Unreadable);
    }
    match typed.parse::<PostId>() {
        Ok(PostId::Link { username, message }) => {
            let own = channel.username.trim_start_matches('@');
            if username.eq_ignore_ascii_case(own) {
                Ok(message)
            } else {
                Err(PostProblem::OtherChannel)
            }
        }
        Ok(PostId::Private {
            channel: id,
            message,
        }) if i64::try_from(id).is_ok_and(|id| Some(id) == channel.tg_id || id == channel.id) => {
            Ok(message)
        }
        Ok(PostId::Private { .. }) => Err(PostProblem::OtherChannel),
        _ => Err(PostProblem::Unreadable),
    }
}

/// Rewrites the address to `next`, in place (the report is one page, not a history of forms).
pub fn replace_query(navigator: &Option<Navigator>, next: &ReportQuery) {
    if let Some(navigator) = navigator {
        navigator.replace(&route_href(Route::ChannelInfo, next));
    }
}

/// A plain table of the report (its rows are read, not sorted or exported): `class` names it
/// for the print stylesheet and for tests. Its wrapper scrolls sideways where the columns do not
/// fit, so a keyboard must reach it (its rows may hold no link), and a screen reader names it by
/// its columns.
pub fn report_table(class: &'static str, headers: &[&str], rows: Html) -> Html {
    html! {
        <div class={classes!("cs-table-wrap", class)} tabindex="0" role="region"
            aria-label={headers.join(", ")}>
            <table class="cs-table">
                <thead><tr>{ for headers.iter().map(|h| html! { <th>{ h.to_string() }</th> }) }</tr></thead>
                <tbody>{ rows }</tbody>
            </table>
        </div>
    }
}
