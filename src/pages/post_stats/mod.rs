//! Statistics of one post: its counters, the growth of its views over the first days
//! ([`growth`]), its reposts and its mentions ([`reposts`]).

mod channels;
mod figures;
mod growth;
mod reposts;

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use yew::prelude::*;

use crate::pages::form::DraftForm;

use crate::api::batch::both;
use crate::api::model::{Channel, PostStatsResponse};
use crate::api::opening::{post_stats_companions, post_stats_request};
use crate::api::ops::PostStats;
use crate::api::{Error, PeriodGroup, ViewGrowthGroup};
use crate::components::page_header;
use crate::components::tiles::post_tiles;
use crate::components::{Later, StatTiles};
use crate::figures::engagement::{subscribers, PostCounts};
use crate::pages::form::{use_page_form, AddressQuery, PageParams, Problems};
use crate::pages::form::{Field, Select};
use crate::request::CachedClient;
use crate::route::Route;
use crate::ui::{use_ui, Ui};
use crate::view::labels::group_label;
use figures::EngagementAndReach;
use growth::GrowthView;
use reposts::{ForwardsView, MentionsView};

#[derive(Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct Params {
    /// As typed: `t.me/name/123`, `t.me/c/123/45` or a numeric post ID.
    #[serde(skip_serializing_if = "String::is_empty")]
    post: String,
    /// Blank for the API's default (day), or `hour`.
    #[serde(skip_serializing_if = "String::is_empty")]
    group: String,
}

impl Params {
    fn group(&self) -> ViewGrowthGroup {
        self.group.parse().unwrap_or_default()
    }
}

/// The answer with the grouping it was asked for, which the growth dates are read by; the
/// hourly growth behind reach at 12/24/48 h (the same answer when it was asked by hour); and the
/// channel's subscribers behind ERR, when the post's link names its channel.
struct PostStatsData {
    group: ViewGrowthGroup,
    response: Rc<PostStatsResponse>,
    hourly: Result<Rc<PostStatsResponse>, Rc<Error>>,
    subscribers: Option<u64>,
}

impl AddressQuery for Params {}

impl PageParams for Params {
    type Request = PostStats;
    type Output = PostStatsData;

    fn to_request(&self, ui: &Ui) -> Result<PostStats, Problems> {
        // Built as the gateway builds it for the page it sends, so that the URLs match.
        let op = post_stats_request(&self.post, self.group().as_str())
            .map_err(|e| Problems::bad_id(ui, "postId", "postId", e))?;
        crate::api::Operation::validate(&op).map_err(|invalid| Problems::of(ui, &invalid))?;
        Ok(op)
    }

    async fn fetch(api: CachedClient, request: PostStats) -> Result<PostStatsData, Error> {
        let (by_hour, channel) = post_stats_companions(&request);
        let info = async {
            match channel {
                Some(channel) => api.send(&channel).await.ok(),
                None => None,
            }
        };
        let hourly = async {
            match by_hour {
                Some(by_hour) => Some(api.send(&by_hour).await),
                None => None,
            }
        };
        let ((response, hourly), info) = both(both(api.send(&request), hourly), info).await;
        let response = response?;
        let hourly = match hourly {
            None => Ok(response.clone()),
            Some(Ok(hourly)) => Ok(hourly),
            Some(Err(Error::Aborted)) => return Err(Error::Aborted),
            Some(Err(error)) => Err(Rc::new(error)),
        };
        Ok(PostStatsData {
            group: request.group,
            response,
            hourly,
            subscribers: info.and_then(|channel| subscribers(&channel)),
        })
    }
}

#[function_component(PostStatsPage)]
pub fn post_stats_page() -> Html {
    let ui = use_ui();
    let form = use_page_form::<Params>(Route::PostStats);
    let draft = (*form.draft).clone();
    let groups = [PeriodGroup::Day, PeriodGroup::Hour]
        .map(|g| {
            (
                AttrValue::Static(g.as_str()),
                AttrValue::Static(group_label(g, ui.locale)),
            )
        })
        .to_vec();
    html! {
        <section class="page post-stats-page">
            { page_header(&ui, Route::PostStats) }
            <form class="query-form" onsubmit={form.onsubmit.clone()} novalidate=true>
                <Field id="ps-post" label={ui.t("Post (postId)", "Пост (postId)")}
                    value={draft.post.clone()} required=true placeholder="t.me/durov/123"
                    hint={ui.t("t.me/username/123, t.me/c/1234567/89 (private channel) or the service's numeric post ID",
                        "t.me/username/123, t.me/c/1234567/89 (закрытый канал) или числовой ID поста в сервисе")}
                    oninput={form.edit(|p: &mut Params, v| p.post = v)}
                    error={form.error("postId")} />
                <Select id="ps-group" label={ui.t("View growth by (group)", "Рост просмотров (group)")}
                    value={draft.group().as_str()} options={groups}
                    onchange={form.edit(|p: &mut Params, v: String| {
                        p.group = if v == "day" { String::new() } else { v };
                    })} />
                <div class="actions">
                    <button type="submit">{ ui.t("Show statistics", "Показать статистику") }</button>
                </div>
            </form>
            { form.status(ui.t(
                "Paste a link to a post to see its counters, reposts, mentions and view growth.",
                "Вставьте ссылку на пост, чтобы увидеть счётчики, репосты, упоминания и рост просмотров.",
            )) }
            if let Some(data) = form.task.state().data.clone() {
                <div class={form.results_class("post-stats-results")}>
                    <PostStatsView group={data.group} response={data.response.clone()}>
                    <EngagementAndReach counts={PostCounts::from(&*data.response)}
                        hourly={data.hourly.clone()} subscribers={data.subscribers} />
                    </PostStatsView>
                </div>
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct PostStatsViewProps {
    group: ViewGrowthGroup,
    response: Rc<PostStatsResponse>,
    /// What the counters come to, shown under them.
    children: Html,
}

#[function_component(PostStatsView)]
fn post_stats_view(props: &PostStatsViewProps) -> Html {
    let ui = use_ui();
    let r = &props.response;
    let tiles = post_tiles(&ui, r);
    // The channels the answer itself names (the real service sends them beside the statistics).
    let known: Rc<Vec<Channel>> = Rc::new(r.channels.to_vec());
    html! {
        <>
            <div class="post-stats-tiles"><StatTiles {tiles} /></div>
            { props.children.clone() }
            <Later>
                <GrowthView group={props.group} points={Rc::new(r.views.clone())} />
            </Later>
            <Later tasks=2>
                <ForwardsView forwards={Rc::new(r.forwards.clone())} channels={known.clone()} />
                <MentionsView mentions={Rc::new(r.mentions.clone())} channels={known} />
            </Later>
        </>
    }
}
