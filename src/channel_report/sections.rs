//! The report under the card, as a dashboard: the summary band at its head, then the sections
//! in two columns on a wide screen (the health check and the subscribers lately; the reach
//! profile and the incoming mentions), with the jobs they run and the address they keep.

use std::rc::Rc;

use chrono::{NaiveDateTime, Utc};
use yew::prelude::*;

use crate::api::model::{Channel, Records, SubscriberCount};
use crate::api::Error;
use crate::figures::health::causes::recent_post;
use crate::figures::health::readers::Readers;
use crate::figures::profile::{Probe, Profile, AUTO_POSTS};
use crate::request::use_job;
use crate::route::use_location;
use crate::route::{use_navigator, Navigator};
use crate::settings::SettingsContext;
use crate::view::job::DEFAULT_CONFIRM_ABOVE;

use super::checked::{use_health, use_health_read, ReadersFound};
use super::health::HealthSection;
use super::mentions::{self, MentionsSection};
use super::profile::{self, ProfileSection};
use super::report::{newest_message, replace_query, ReportQuery};
use super::summary::SummaryBand;

/// A profile from a post the reader typed always asks first: it states its cost and waits for
/// its Run button. One from a post the mention search named starts by itself within the
/// settings' threshold, as other jobs do.
const ASK_ALWAYS: u32 = 0;

#[derive(Properties, PartialEq)]
pub struct ReportProps {
    pub channel: Rc<Channel>,
    /// The channel as the address names it.
    pub asked: AttrValue,
    /// The last 30 days of subscribers by day, or why they are missing.
    pub history: Result<Rc<Records<SubscriberCount>>, Rc<Error>>,
    /// The subscribers lately, as the page draws them.
    pub change: Html,
}

#[function_component(Report)]
pub fn report(props: &ReportProps) -> Html {
    let location = use_location();
    let navigator = use_navigator();
    let confirm_above = use_context::<SettingsContext>()
        .map_or(DEFAULT_CONFIRM_ABOVE, |c| c.settings.confirm_above);
    let query = location.query::<ReportQuery>().unwrap_or_default();
    let channel = &props.channel;

    let read = use_health_read(channel, &props.asked);
    let found_post = read.state().data.as_ref().and_then(|r| {
        let found = r.mentions.as_ref()?;
        recent_post(found, channel.id, &channel.username)
    });
    let typed = newest_message(&query.post, channel).ok();
    let (newest, ask_above) = match (typed, found_post) {
        (Some(typed), _) => (Some(typed), ASK_ALWAYS),
        (None, found) => (found, confirm_above),
    };
    let posts = match (typed, query.posts) {
        (None, None) => AUTO_POSTS,
        _ => query.posts(),
    };
    let profile_job = use_job(
        newest.map(|newest| profile::plan(channel, newest, posts)),
        ask_above,
    );
    let probes = Rc::new(match (&profile_job, newest) {
        (Some(job), Some(newest)) => profile::probes(job, newest, posts),
        _ => Vec::new(),
    });
    let found: Vec<_> = probes.iter().map(|(_, p)| p.clone()).collect();
    let subscribers = Some(channel.participants_count).filter(|n| *n > 0);
    let profile = (!found.is_empty()).then(|| Rc::new(Profile::of(&found, subscribers)));
    // How old the profile's newest post is: a profile of old posts says less of the channel now.
    let profiled_until = found
        .iter()
        .filter_map(|p| match p {
            Probe::Found(post) => post.published(),
            Probe::Missing => None,
        })
        .max();
    let profiling = profile_job
        .as_ref()
        .is_some_and(|job| job.progress().phase == crate::request::Phase::Running);
    let err = profile.as_ref().and_then(|p| p.err.ok());
    // The posts whose publication the profile found: the readers' jobs find the posts around a
    // finding from them.
    let known: Rc<Vec<(u64, NaiveDateTime)>> = Rc::new(
        found
            .iter()
            .filter_map(|p| match p {
                Probe::Found(post) => Some((post.message, post.published()?)),
                Probe::Missing => None,
            })
            .collect(),
    );
    // A reducer, so that two findings read in the same moment both land.
    let readers_found = use_reducer(ReadersState::default);
    let on_read = {
        let dispatch = readers_found.dispatcher();
        Callback::from(move |read: (NaiveDateTime, Readers)| dispatch.dispatch(read))
    };
    let health = use_health(channel, &props.asked, &read, err, &readers_found.0);

    let days = query.days();
    let mentions_job = use_job(
        mentions::plan(channel, &props.asked, days, Utc::now()),
        ASK_ALWAYS,
    );

    let onset = change(&query, &navigator, |q, (post, posts): (String, u32)| {
        q.post = post;
        q.posts = Some(posts);
    });
    let ondays = change(&query, &navigator, |q, days: u32| q.days = Some(days));
    let onprice = change(&query, &navigator, |q, price: String| {
        q.price = price.trim().to_owned()
    });
    let on_cancel = {
        let read = read.clone();
        Callback::from(move |()| read.cancel())
    };
    html! {
        <>
            <SummaryBand channel={channel.clone()} asked={props.asked.clone()} history={props.history.clone()}
                profile={profile.clone()} {profiled_until} {profiling} health={health.clone()}
                price={AttrValue::from(query.price.clone())} {onprice} />
            <div class="report">
                <div class="report-column">
                    <HealthSection health={health} profiled={err.is_some()} {on_cancel}
                        channel={channel.clone()} {known} {on_read} />
                    { props.change.clone() }
                </div>
                <div class="report-column">
                    <ProfileSection channel={channel.clone()} query={query.clone()} job={profile_job}
                        profile={profile} probes={probes}
                        found_post={if typed.is_none() { found_post } else { None }} {onset} />
                    <MentionsSection channel={channel.clone()} {days} job={mentions_job} {ondays} />
                </div>
            </div>
        </>
    }
}

/// The readers read around each subscriber finding, by its start.
#[derive(Default, PartialEq)]
struct ReadersState(ReadersFound);

impl Reducible for ReadersState {
    type Action = (NaiveDateTime, Readers);

    fn reduce(self: Rc<Self>, (start, read): Self::Action) -> Rc<Self> {
        if self.0.get(&start) == Some(&read) {
            return self;
        }
        let mut next = (*self.0).clone();
        next.insert(start, read);
        Rc::new(ReadersState(Rc::new(next)))
    }
}

/// A change to the report's part of the address: `apply` sets the value a section gives on
/// `query`, and the address is rewritten in place with it.
fn change<T: 'static>(
    query: &ReportQuery,
    navigator: &Option<Navigator>,
    apply: fn(&mut ReportQuery, T),
) -> Callback<T> {
    let (query, navigator) = (query.clone(), navigator.clone());
    Callback::from(move |value| {
        let mut next = query.clone();
        apply(&mut next, value);
        replace_query(&navigator, &next);
    })
}
