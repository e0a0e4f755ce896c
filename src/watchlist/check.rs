//! A check of the watchlist: one request per watch (made by the page the watch came from, through
//! [`WatchedPages`]), each watch updated by its answer, and when the console may check by itself.

use std::rc::Rc;

use super::watch::{check_since, CheckAnswer, Watch, WatchTarget};
use crate::api::ids::ChannelId;
use crate::api::model::{Channel, KeywordMentionsResponse, PostSearchResponse};
use crate::api::ops::{ChannelInfo, KeywordMentions, PostSearch};
use crate::api::{Error, Invalid, Problem, Rule};
use crate::request::{Job, Unit};
use crate::ui::Ui;

/// When the watchlist last checked itself (Unix seconds), in localStorage: the interval counts
/// from there.
const AUTO_CHECK_KEY: &str = "chanscope.watch.autoChecked";

thread_local! {
    /// The number of the last check run in this page.
    static LAST_RUN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// A check's number, counted across the page rather than per provider: a run's job is kept
/// under its number (`crate::request`), and a console mounted again in the same page (as the
/// browser tests do) would otherwise be handed the finished job of the first one's run.
pub(super) fn next_run() -> u64 {
    LAST_RUN.with(|last| {
        last.set(last.get() + 1);
        last.get()
    })
}

pub(super) fn now_secs() -> i64 {
    (js_sys::Date::now() / 1000.0) as i64
}

/// One check of the watchlist: the watches as they were when it began.
pub(super) struct Run {
    pub(super) number: u64,
    pub(super) watches: Vec<Watch>,
    /// Started by the console opening: it does not wait for a confirmation.
    pub(super) automatic: bool,
}

/// What the check of one watch got back: the answer of the request its target makes.
#[derive(Clone)]
pub enum WatchAnswer {
    Posts(Rc<PostSearchResponse>),
    Mentions(Rc<KeywordMentionsResponse>),
    Channel(Rc<Channel>),
}

/// The pages a watch can come from, as a check asks them: a watch keeps the address query of its
/// page, and only that page reads it into the request it makes. The console's pages give these
/// (`crate::pages::ConsolePages`), so that the watchlist needs no page.
pub trait WatchedPages: 'static {
    /// The request that checks a watch of the post-search page's `query`: its first page of the
    /// newest posts, from `since` when that is later than the search's own start.
    fn post_search(query: &str, since: Option<i64>, ui: &Ui) -> Result<PostSearch, Invalid>;

    /// The request that checks a watch of the keyword-mentions page's `query`.
    fn keyword_mentions(query: &str, ui: &Ui) -> Result<KeywordMentions, Invalid>;
}

/// The request that checks `watch`.
pub(super) fn check_unit<P: WatchedPages>(watch: &Watch, ui: &Ui) -> Unit<WatchAnswer> {
    match &watch.target {
        WatchTarget::PostSearch { query } => match P::post_search(query, check_since(watch), ui) {
            Ok(op) => Unit::call(op).map(WatchAnswer::Posts),
            Err(invalid) => Unit::fails(Error::Invalid(invalid)),
        },
        WatchTarget::KeywordMentions { query } => match P::keyword_mentions(query, ui) {
            Ok(op) => Unit::call(op).map(WatchAnswer::Mentions),
            Err(invalid) => Unit::fails(Error::Invalid(invalid)),
        },
        WatchTarget::Channel { channel } => match channel.parse::<ChannelId>() {
            Ok(id) => Unit::call(ChannelInfo::new(id)).map(WatchAnswer::Channel),
            Err(error) => Unit::fails(Error::Invalid(Invalid {
                problems: vec![Problem {
                    param: "channelId",
                    rule: Rule::BadIdentifier(error),
                }],
            })),
        },
    }
}

/// The watch after its unit's answer came in; `None` while it has not, or when it failed.
pub(super) fn checked(
    watch: &Watch,
    job: &Job<WatchAnswer>,
    index: usize,
    now: i64,
) -> Option<Watch> {
    let watch = watch.clone();
    match job.result(index)? {
        WatchAnswer::Posts(answer) => Some(watch.checked(CheckAnswer::Posts(&answer.items), now)),
        WatchAnswer::Mentions(answer) => Some(watch.checked(CheckAnswer::Mentions(&answer), now)),
        WatchAnswer::Channel(answer) => {
            let participants = answer.participants_count;
            Some(watch.checked(CheckAnswer::Channel { participants }, now))
        }
    }
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Whether the console may check the watchlist by itself now.
pub(super) fn auto_check_due(every_hours: u32) -> bool {
    let last = local_storage()
        .and_then(|s| s.get_item(AUTO_CHECK_KEY).ok().flatten())
        .and_then(|t| t.parse::<i64>().ok());
    last.is_none_or(|at| now_secs() - at >= i64::from(every_hours) * 3600)
}

pub(super) fn remember_auto_check() {
    if let Some(storage) = local_storage() {
        let _ = storage.set_item(AUTO_CHECK_KEY, &now_secs().to_string());
    }
}
