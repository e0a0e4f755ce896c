//! A long job on screen: what it will cost before it starts, a progress bar while it runs (done
//! of total, requests in flight, time left, a flood-control pause counting down), and what the
//! user can do at each point: run, cancel, go on, start over.

use yew::prelude::*;

use super::banner::ErrorBanner;
use super::countdown::use_seconds_left;
use crate::format::fill;
use crate::request::{Job, Phase};
use crate::ui::use_ui;
use crate::view::job::whole_seconds;

/// "request" in the forms of each language (see [`crate::ui::Ui::noun`]).
const REQUESTS_EN: [&str; 2] = ["request", "requests"];
const REQUESTS_RU: [&str; 3] = ["запрос", "запроса", "запросов"];

/// The panel of a job whose units answer `R`.
#[derive(Properties)]
pub struct JobPanelProps<R: 'static> {
    pub job: Job<R>,
    /// What the requests fetch, e.g. "pages of 50 posts", shown beside their number.
    pub what: AttrValue,
}

impl<R: 'static> PartialEq for JobPanelProps<R> {
    fn eq(&self, other: &Self) -> bool {
        self.job == other.job && self.what == other.what
    }
}

fn button(label: String, class: &'static str, action: Callback<()>) -> Html {
    html! {
        <button type="button" class={class}
            onclick={Callback::from(move |_: MouseEvent| action.emit(()))}>
            { label }
        </button>
    }
}

#[function_component(JobPanel)]
pub fn job_panel<R: 'static>(props: &JobPanelProps<R>) -> Html {
    let ui = use_ui();
    let job = &props.job;
    let progress = job.progress();
    let paused_left = use_seconds_left(progress.paused_until);
    let n = |count: usize| ui.count(count as i64);
    let start = {
        let job = job.clone();
        Callback::from(move |()| job.start())
    };
    let cancel = {
        let job = job.clone();
        Callback::from(move |()| job.cancel())
    };
    let restart = {
        let job = job.clone();
        Callback::from(move |()| job.restart())
    };
    let requests = |count: usize| ui.noun(count, REQUESTS_EN, REQUESTS_RU);
    let counts = fill(
        ui.t(
            "{done} of {total} {requests}",
            "Запросов выполнено: {done} из {total}",
        ),
        &[
            ("done", n(progress.done)),
            ("total", n(progress.total)),
            ("requests", requests(progress.total).to_owned()),
        ],
    );
    let bar = html! {
        <progress class="job-bar" max={progress.total.max(1).to_string()}
            value={progress.done.to_string()} aria-label={counts.clone()} />
    };
    if job.awaits_confirmation() {
        let cost = fill(
            ui.t(
                "This analysis makes {n} {requests} to the API.",
                "Этот анализ сделает {n} {requests} к API.",
            ),
            &[
                ("n", n(progress.remaining())),
                ("requests", requests(progress.remaining()).to_owned()),
            ],
        );
        let which = fill(
            ui.t(
                "Requests: {what}. Each one counts against your plan's quota.",
                "Запросы: {what}. Каждый расходует квоту тарифа.",
            ),
            &[("what", props.what.to_string())],
        );
        // The cost on a line of its own, what the requests are below it: the figure is what a
        // person weighs before pressing Run.
        return html! {
            <div class="job job-confirm" role="group" aria-label={ui.t("Confirm the requests", "Подтвердите запросы")}>
                <p class="job-cost">{ cost }</p>
                <p class="hint">{ which }</p>
                <p class="hint">{ ui.t(
                    "Analyses above a number of requests ask first; change the number in Settings.",
                    "Анализы больше заданного числа запросов сначала спрашивают; число меняется в настройках.",
                ) }</p>
                <div class="actions">
                    { button(fill(ui.t("Run {n} {requests}", "Выполнить {n} {requests}"),
                        &[("n", n(progress.remaining())),
                          ("requests", requests(progress.remaining()).to_owned())]), "job-run", start) }
                </div>
            </div>
        };
    }
    match progress.phase {
        Phase::Idle => Html::default(),
        Phase::Running => {
            let mut line = vec![counts];
            line.push(fill(
                ui.t("{n} in flight", "в пути: {n}"),
                &[("n", n(progress.in_flight))],
            ));
            if let Some(left) = progress
                .time_left_ms
                .filter(|_| progress.paused_until.is_none())
            {
                line.push(fill(
                    ui.t("about {n} s left", "осталось около {n} с"),
                    &[("n", whole_seconds(left).to_string())],
                ));
            }
            html! {
                <div class="job job-running" role="status" aria-live="polite">
                    { bar }
                    <p class="job-line">{ line.join(" · ") }</p>
                    if progress.paused_until.is_some() {
                        <p class="job-paused">{ fill(ui.t(
                            "Flood control: the API asked to wait. Going on by itself in {n} s.",
                            "Ограничение частоты: API попросил подождать. Продолжим сами через {n} с.",
                        ), &[("n", paused_left.to_string())]) }</p>
                    }
                    <div class="actions">
                        { button(ui.t("Cancel", "Отменить").into(), "secondary job-cancel", cancel) }
                    </div>
                </div>
            }
        }
        Phase::Stopped | Phase::Failed(_) => {
            let mut note = fill(
                ui.t(
                    "Stopped after {done} of {total} {requests}: below is what came in so far.",
                    "Остановлено: выполнено {done} из {total}; ниже то, что успело прийти.",
                ),
                &[
                    ("done", n(progress.done)),
                    ("total", n(progress.total)),
                    ("requests", requests(progress.total).to_owned()),
                ],
            );
            if progress.in_flight > 0 {
                note.push(' ');
                note.push_str(&fill(
                    ui.t(
                        "{n} sent before the stop will still come in and be kept.",
                        "Ещё {n}, отправленных до остановки, придут и будут сохранены.",
                    ),
                    &[("n", n(progress.in_flight))],
                ));
            }
            html! {
                <div class="job job-stopped" role="status">
                    if let Phase::Failed(error) = &progress.phase {
                        <ErrorBanner error={error.clone()} />
                    }
                    { bar }
                    <p class="job-line">{ note }</p>
                    <div class="actions">
                        { button(fill(ui.t("Continue: {n} {requests} left", "Продолжить: ещё {n} {requests}"),
                            &[("n", n(progress.remaining())),
                              ("requests", requests(progress.remaining()).to_owned())]), "job-continue", start) }
                        { button(ui.t("Start over", "Начать заново").into(), "secondary job-restart", restart) }
                    </div>
                </div>
            }
        }
        Phase::Done => html! {
            <div class="job job-done" role="status">
                <p class="job-line">
                    { fill(ui.t("Done. Requests made: {n}.", "Готово. Сделано запросов: {n}."), &[("n", n(progress.total))]) }
                    { " " }
                    { button(ui.t("Ask again", "Запросить заново").into(), "cs-button-quiet job-restart", restart) }
                </p>
            </div>
        },
    }
}
