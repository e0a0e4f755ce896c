//! The counters of several posts of one channel as a table with totals.

use std::rc::Rc;

use yew::prelude::*;

use super::{frame, status, use_channel, use_operation};
use crate::api::model::{PostStatRecord, Records};
use crate::api::ops::MultiPostStats;
use crate::components::status::{unreadable_note, RecordNoun};
use crate::components::{stats_table, EmptyState, StatsTableText};
use crate::embed::options::TokenSource;
use crate::figures::multi_stats::{missing_ids, Counters};
use crate::format::fill;
use crate::ui::use_ui;

#[derive(Properties, PartialEq)]
pub(super) struct MultiPostStatsWidgetProps {
    pub(super) request: MultiPostStats,
    pub(super) token: TokenSource,
}

#[function_component(MultiPostStatsWidget)]
pub(super) fn multi_post_stats_widget(props: &MultiPostStatsWidgetProps) -> Html {
    let ui = use_ui();
    let (task, retry) = use_operation(props.request.clone(), props.token.clone());
    let (name, subscribers) = use_channel(props.request.channel_id.clone(), props.token.clone());
    let body = status(&task, &retry).unwrap_or_else(|| {
        let records: Rc<Records<PostStatRecord>> =
            task.state().data.as_deref().cloned().unwrap_or_default();
        if records.is_empty() {
            return html! {
                <EmptyState title={ui.t("The service returned no statistics for these posts.",
                    "Сервис не вернул статистику по этим постам.")} />
            };
        }
        let rows: Vec<Counters> = records.iter().map(Counters::of).collect();
        let missing: Vec<String> = missing_ids(&props.request.ids, &rows)
            .iter()
            .map(u64::to_string)
            .collect();
        html! {
            <>
                { unreadable_note(&ui, RecordNoun::Posts, [&*records]) }
                { stats_table(&ui, &rows, StatsTableText {
                    subscribers,
                    id_title: ui.t("Post", "Пост").into(),
                    export_name: "post-stats".into(),
                    caption: ui.t("Statistics of posts", "Статистика постов").into(),
                }, None) }
                if !missing.is_empty() {
                    <p class="cs-widget-note cs-widget-missing">
                        { fill(ui.t("Not returned by the service: {ids}", "Сервис не вернул: {ids}"),
                            &[("ids", missing.join(", "))]) }
                    </p>
                }
            </>
        }
    });
    frame(
        "cs-widget-multi",
        fill(ui.t("Posts · {c}", "Посты · {c}"), &[("c", name)]),
        Html::default(),
        body,
    )
}
