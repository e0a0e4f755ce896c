//! The report under the card: its sections, the jobs they run, and the address they keep.

use std::rc::Rc;

use chrono::Utc;
use yew::prelude::*;

use crate::api::model::Channel;
use crate::request::use_job;
use crate::route::use_location;
use crate::route::use_navigator;
use crate::view::profile::Profile;

use super::health::HealthSection;
use super::mentions::{self, MentionsSection};
use super::profile::{self, ProfileSection};
use super::report::{newest_message, replace_query, ReportQuery};

/// Jobs of the report always ask first: each states its cost and waits for its Run button.
const ASK_ALWAYS: u32 = 0;

#[derive(Properties, PartialEq)]
pub struct ReportProps {
    pub channel: Rc<Channel>,
    /// The channel as the address names it.
    pub asked: AttrValue,
}

#[function_component(Report)]
pub fn report(props: &ReportProps) -> Html {
    let location = use_location();
    let navigator = use_navigator();
    let query = location.query::<ReportQuery>().unwrap_or_default();
    let channel = &props.channel;

    let newest = newest_message(&query.post, channel).ok();
    let posts = query.posts();
    let profile_job = use_job(
        newest.map(|newest| profile::plan(channel, newest, posts)),
        ASK_ALWAYS,
    );
    let probes = Rc::new(match (&profile_job, newest) {
        (Some(job), Some(newest)) => profile::probes(job, newest, posts),
        _ => Vec::new(),
    });
    let found: Vec<_> = probes.iter().map(|(_, p)| p.clone()).collect();
    let subscribers = Some(channel.participants_count).filter(|n| *n > 0);
    let profile = (!found.is_empty()).then(|| Rc::new(Profile::of(&found, subscribers)));

    let days = query.days();
    let mentions_job = use_job(
        mentions::plan(channel, &props.asked, days, Utc::now()),
        ASK_ALWAYS,
    );

    let onset = {
        let (query, navigator) = (query.clone(), navigator.clone());
        Callback::from(move |(post, posts): (String, u32)| {
            replace_query(
                &navigator,
                &ReportQuery {
                    post,
                    posts: Some(posts),
                    ..query.clone()
                },
            );
        })
    };
    let ondays = {
        let (query, navigator) = (query.clone(), navigator.clone());
        Callback::from(move |days: u32| {
            replace_query(
                &navigator,
                &ReportQuery {
                    days: Some(days),
                    ..query.clone()
                },
            );
        })
    };
    let err = profile.as_ref().and_then(|p| p.err.ok());
    html! {
        <div class="report">
            <ProfileSection channel={channel.clone()} query={query.clone()} job={profile_job}
                profile={profile} probes={probes} {onset} />
            <HealthSection channel={channel.clone()} asked={props.asked.clone()} {err} />
            <MentionsSection channel={channel.clone()} {days} job={mentions_job} {ondays} />
        </div>
    }
}
