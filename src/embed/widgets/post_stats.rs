//! One post's counters and the growth of its views since publication.

use std::rc::Rc;

use yew::prelude::*;

use super::{frame, status, use_operation};
use crate::api::model::PostStatsResponse;
use crate::api::ops::PostStats;
use crate::api::ViewGrowthGroup;
use crate::components::status::{unreadable_note, RecordNoun};
use crate::components::tiles::post_tiles;
use crate::components::{EmptyState, LineChart, StatTiles};
use crate::embed::options::TokenSource;
use crate::figures::growth::{cumulative, growth_series};
use crate::figures::points::{Point, Series};
use crate::format::fill;
use crate::format::growth_label;
use crate::ui::use_ui;

#[derive(Properties, PartialEq)]
pub(super) struct PostStatsWidgetProps {
    pub(super) request: PostStats,
    pub(super) token: TokenSource,
}

#[function_component(PostStatsWidget)]
pub(super) fn post_stats_widget(props: &PostStatsWidgetProps) -> Html {
    let ui = use_ui();
    let (task, retry) = use_operation(props.request.clone(), props.token.clone());
    let group = props.request.group;
    let body = status(&task, &retry).unwrap_or_else(|| {
        let response: Rc<PostStatsResponse> =
            task.state().data.as_deref().cloned().unwrap_or_default();
        let (growth, _) = growth_series(group, &response.views);
        let chart = if growth.is_empty() {
            html! { <EmptyState title={ui.t("No view-growth data", "Нет данных о росте просмотров")} /> }
        } else {
            let points = growth
                .iter()
                .zip(cumulative(&growth))
                .map(|(g, total)| Point {
                    x: g.at.and_utc().timestamp() as f64,
                    y: total,
                    label: growth_label(group, g.at, ui.locale),
                })
                .collect();
            let series = Rc::new(vec![Series {
                name: String::new(),
                points,
            }]);
            let y_title = match group {
                ViewGrowthGroup::Hour => ui.t("Views since publication, by hour", "Просмотры с публикации, по часам"),
                ViewGrowthGroup::Day => ui.t("Views since publication, by day", "Просмотры с публикации, по дням"),
            };
            html! { <LineChart {series} {y_title} height={180.0} /> }
        };
        html! {
            <>
                <StatTiles tiles={post_tiles(&ui, &response)} />
                { chart }
                { unreadable_note(&ui, RecordNoun::GrowthPoints, [&response.views]) }
            </>
        }
    });
    frame(
        "cs-widget-post-stats",
        fill(
            ui.t("Post {p}", "Пост {p}"),
            &[("p", props.request.post_id.to_string())],
        ),
        Html::default(),
        body,
    )
}
