//! What a page shows while waiting, when a call failed, and when there is nothing to show.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::api::ids::{IdError, IdKind};
use crate::api::{ApiError, ApiErrorKind, Error, Problem, Rule};
use crate::ui::{use_ui, Ui};

/// `template` with each `{name}` replaced by its value: for texts from `ui.t` that carry numbers
/// or names, whose position differs between the languages.
pub fn fill(template: &str, values: &[(&str, String)]) -> String {
    values
        .iter()
        .fold(template.to_owned(), |text, (name, value)| {
            text.replace(&format!("{{{name}}}"), value)
        })
}

/// One broken rule of a request, worded for the user.
pub fn problem_text(ui: &Ui, problem: &Problem) -> String {
    let p = problem.param.to_owned();
    match &problem.rule {
        Rule::Required => fill(
            ui.t("{p} is required.", "Параметр {p} обязателен."),
            &[("p", p)],
        ),
        Rule::QueryOrCategory => ui
            .t(
                "Enter a keyword (q) or choose a category: at least one is required.",
                "Введите ключевое слово (q) или выберите категорию: нужно хотя бы одно.",
            )
            .to_owned(),
        Rule::TooShort { min, given } => fill(
            ui.t(
                "{p} must be at least {min} characters long (it has {given}).",
                "{p}: нужно не меньше {min} символов (сейчас {given}).",
            ),
            &[
                ("p", p),
                ("min", min.to_string()),
                ("given", given.to_string()),
            ],
        ),
        Rule::AboveMax { max, given } => fill(
            ui.t(
                "{p} can be at most {max} (got {given}).",
                "{p}: не больше {max} (указано {given}).",
            ),
            &[
                ("p", p),
                ("max", max.to_string()),
                ("given", given.to_string()),
            ],
        ),
        Rule::BelowMin { min, given } => fill(
            ui.t(
                "{p} must be at least {min} (got {given}).",
                "{p}: не меньше {min} (указано {given}).",
            ),
            &[
                ("p", p),
                ("min", min.to_string()),
                ("given", given.to_string()),
            ],
        ),
        Rule::TooManyIds { max, given } => fill(
            ui.t(
                "{p} takes at most {max} identifiers per request (got {given}).",
                "{p}: не больше {max} идентификаторов за запрос (указано {given}).",
            ),
            &[
                ("p", p),
                ("max", max.to_string()),
                ("given", given.to_string()),
            ],
        ),
        Rule::BadIdentifier(error) => fill(&identifier_text(ui, error), &[("p", p)]),
        Rule::StartAfterEnd => ui
            .t(
                "The start date must not be later than the end date.",
                "Дата начала не может быть позже даты окончания.",
            )
            .to_owned(),
    }
}

fn identifier_text(ui: &Ui, error: &IdError) -> String {
    let forms = |kind: &IdKind| match kind {
        IdKind::Channel => ui.t(
            "@name, t.me/name, t.me/joinchat/… or a numeric ID",
            "@имя, t.me/имя, t.me/joinchat/… или числовой ID",
        ),
        IdKind::Post => ui.t(
            "t.me/name/123, t.me/c/123456/123 or a numeric post ID",
            "t.me/имя/123, t.me/c/123456/123 или числовой ID публикации",
        ),
    };
    match error {
        IdError::Empty { what } => fill(
            ui.t("{p}: enter {forms}.", "{p}: укажите {forms}."),
            &[("forms", forms(what).to_owned())],
        ),
        IdError::WrongKind { expected, input } => fill(
            match expected {
                IdKind::Channel => ui.t(
                    "{p}: “{input}” is a post, not a channel; use {forms}.",
                    "{p}: «{input}» — публикация, а не канал; укажите {forms}.",
                ),
                IdKind::Post => ui.t(
                    "{p}: “{input}” is a channel, not a post; use {forms}.",
                    "{p}: «{input}» — канал, а не публикация; укажите {forms}.",
                ),
            },
            &[
                ("input", input.clone()),
                ("forms", forms(expected).to_owned()),
            ],
        ),
        IdError::Unrecognised { expected, input } => fill(
            ui.t(
                "{p}: “{input}” is not recognised; use {forms}.",
                "{p}: «{input}» не распознано; укажите {forms}.",
            ),
            &[
                ("input", input.clone()),
                ("forms", forms(expected).to_owned()),
            ],
        ),
    }
}

/// What happened and what to do about it.
struct Advice {
    what: String,
    todo: String,
    /// Problems of a refused request, one per line.
    problems: Vec<String>,
}

fn advice(ui: &Ui, error: &Error) -> Advice {
    let plain = |what: &'static str, todo: &'static str| Advice {
        what: what.to_owned(),
        todo: todo.to_owned(),
        problems: Vec::new(),
    };
    match error {
        Error::Invalid(invalid) => Advice {
            what: ui
                .t("The request was not sent:", "Запрос не отправлен:")
                .to_owned(),
            todo: ui
                .t(
                    "Correct the fields above and try again.",
                    "Исправьте поля и повторите.",
                )
                .to_owned(),
            problems: invalid
                .problems
                .iter()
                .map(|problem| problem_text(ui, problem))
                .collect(),
        },
        Error::Api(api) => match api.kind {
            ApiErrorKind::Auth => plain(
                ui.t(
                    "The API token is missing or not valid.",
                    "Токен API не указан или недействителен.",
                ),
                ui.t(
                    "Open Settings and paste a valid token.",
                    "Откройте «Настройки» и вставьте действующий токен.",
                ),
            ),
            ApiErrorKind::Plan => plain(
                ui.t(
                    "Your plan does not include this operation.",
                    "Ваш тариф не включает эту операцию.",
                ),
                ui.t(
                    "Use a token whose product and plan include it, or upgrade the subscription.",
                    "Используйте токен с продуктом и тарифом, где она есть, или смените подписку.",
                ),
            ),
            ApiErrorKind::Quota => plain(
                quota_text(ui, &api.message),
                ui.t(
                    "Wait until the quota renews or extend the plan.",
                    "Дождитесь обновления лимита или расширьте тариф.",
                ),
            ),
            ApiErrorKind::FloodControl { .. } => plain(
                ui.t(
                    "Too many requests in a short time.",
                    "Слишком много запросов подряд.",
                ),
                "",
            ),
            ApiErrorKind::OutdatedStatistics => plain(
                ui.t(
                    "The service has no current statistics for this channel or post.",
                    "У сервиса нет актуальной статистики по этому каналу или публикации.",
                ),
                ui.t(
                    "Try again later or choose another one.",
                    "Попробуйте позже или выберите другой объект.",
                ),
            ),
            ApiErrorKind::InvalidParameter => Advice {
                what: ui
                    .t(
                        "The service refused a parameter:",
                        "Сервис отклонил параметр:",
                    )
                    .to_owned(),
                todo: ui
                    .t(
                        "Correct it and try again.",
                        "Исправьте его и повторите запрос.",
                    )
                    .to_owned(),
                problems: vec![api.message.clone()],
            },
            ApiErrorKind::WrongMethod => plain(
                ui.t(
                    "The service does not know this operation.",
                    "Сервис не знает этой операции.",
                ),
                ui.t(
                    "Reload the page; if it persists, the console needs an update.",
                    "Перезагрузите страницу; если не поможет, консоль нужно обновить.",
                ),
            ),
            ApiErrorKind::Upstream => plain(
                ui.t(
                    "The gateway could not get an answer from the service.",
                    "Шлюз не получил ответа от сервиса.",
                ),
                ui.t(
                    "The service may be busy or down; retry in a minute.",
                    "Сервис может быть перегружен или недоступен; повторите через минуту.",
                ),
            ),
            ApiErrorKind::Unknown => Advice {
                what: ui
                    .t(
                        "The service reported an error:",
                        "Сервис сообщил об ошибке:",
                    )
                    .to_owned(),
                todo: ui
                    .t(
                        "Retry; if it keeps happening, contact the service's support.",
                        "Повторите; если ошибка повторяется, обратитесь в поддержку сервиса.",
                    )
                    .to_owned(),
                problems: vec![api.message.clone()],
            },
        },
        Error::Pending => plain(
            ui.t("The data is being prepared.", "Данные готовятся."),
            ui.t(
                "Retry in a few seconds.",
                "Повторите через несколько секунд.",
            ),
        ),
        Error::Http { status } => Advice {
            what: fill(
                ui.t(
                    "The server answered with HTTP status {status}.",
                    "Сервер ответил с кодом HTTP {status}.",
                ),
                &[("status", status.to_string())],
            ),
            todo: if *status >= 500 {
                ui.t(
                    "The service is temporarily unavailable; retry in a minute.",
                    "Сервис временно недоступен; повторите через минуту.",
                )
            } else {
                ui.t(
                    "The console could not reach the API; check the API address in Settings.",
                    "Консоль не достучалась до API; проверьте адрес API в «Настройках».",
                )
            }
            .to_owned(),
            problems: Vec::new(),
        },
        // The transport's detail is not shown: it may quote the request address.
        Error::Network(_) => plain(
            ui.t(
                "The service could not be reached.",
                "Не удалось связаться с сервисом.",
            ),
            ui.t(
                "Check your internet connection and retry.",
                "Проверьте подключение к интернету и повторите.",
            ),
        ),
        Error::Timeout => plain(
            ui.t(
                "The service did not answer in time.",
                "Сервис не ответил вовремя.",
            ),
            ui.t(
                "Retry; a shorter period makes the answer faster.",
                "Повторите; с более коротким периодом ответ придёт быстрее.",
            ),
        ),
        Error::Aborted => plain(ui.t("The request was cancelled.", "Запрос отменён."), ""),
        Error::Decode(_) => plain(
            ui.t(
                "The service sent a response the console cannot read.",
                "Сервис прислал ответ, который консоль не может прочитать.",
            ),
            ui.t(
                "Retry later; if it persists, the console needs an update.",
                "Повторите позже; если не поможет, консоль нужно обновить.",
            ),
        ),
    }
}

fn quota_text(ui: &Ui, code: &str) -> &'static str {
    match code {
        "quota_requests_reached" => ui.t(
            "The request quota of your plan is used up.",
            "Лимит запросов вашего тарифа исчерпан.",
        ),
        "quota_channel_reached" => ui.t(
            "The channel quota of your plan is used up.",
            "Лимит каналов вашего тарифа исчерпан.",
        ),
        "quota_keywords_reached" => ui.t(
            "The keyword quota of your plan is used up.",
            "Лимит ключевых слов вашего тарифа исчерпан.",
        ),
        "quota_foreign_channel" => ui.t(
            "Your plan does not cover channels of other countries.",
            "Ваш тариф не включает каналы других стран.",
        ),
        _ => ui.t(
            "A quota of your plan is used up.",
            "Лимит вашего тарифа исчерпан.",
        ),
    }
}

/// Seconds left until `deadline_ms` (a `Date.now()` value), rounded up.
fn seconds_left(deadline_ms: f64) -> u32 {
    ((deadline_ms - js_sys::Date::now()) / 1000.0)
        .ceil()
        .max(0.0) as u32
}

/// Seconds left of a flood-control wait, re-rendering each second until it reaches zero.
///
/// Keyed by the error's address, not its value: the same flood-control answer to a retry starts
/// a new wait.
#[hook]
fn use_countdown(error: Rc<Error>) -> u32 {
    let deadline = use_memo(SameError(error), |error| {
        error
            .0
            .retry_after_secs()
            .map(|secs| js_sys::Date::now() + f64::from(secs) * 1000.0)
    });
    let left = use_state(|| deadline.map_or(0, seconds_left));
    {
        let left = left.clone();
        use_effect_with(deadline, move |deadline| {
            let window = web_sys::window();
            let timer = Rc::new(Cell::new(None::<i32>));
            let mut tick = None;
            left.set(deadline.map_or(0, seconds_left));
            if let (Some(window), Some(deadline)) = (window.clone(), **deadline) {
                let timer_in = timer.clone();
                let window_in = window.clone();
                let closure = Closure::<dyn FnMut()>::new(move || {
                    let now_left = seconds_left(deadline);
                    left.set(now_left);
                    if now_left == 0 {
                        if let Some(id) = timer_in.take() {
                            window_in.clear_interval_with_handle(id);
                        }
                    }
                });
                timer.set(
                    window
                        .set_interval_with_callback_and_timeout_and_arguments_0(
                            closure.as_ref().unchecked_ref(),
                            250,
                        )
                        .ok(),
                );
                tick = Some(closure);
            }
            move || {
                if let (Some(window), Some(id)) = (window, timer.take()) {
                    window.clear_interval_with_handle(id);
                }
                // The closure lives until the interval that calls it is gone.
                drop(tick);
            }
        });
    }
    *left
}

/// An error compared by address.
struct SameError(Rc<Error>);

impl PartialEq for SameError {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

#[derive(Properties)]
pub struct ErrorBannerProps {
    pub error: Rc<Error>,
    /// Shows a Retry button when given.
    #[prop_or_default]
    pub on_retry: Option<Callback<()>>,
}

impl PartialEq for ErrorBannerProps {
    fn eq(&self, other: &Self) -> bool {
        // By address, so that a new failure equal to the last one restarts a flood-control wait.
        Rc::ptr_eq(&self.error, &other.error) && self.on_retry == other.on_retry
    }
}

/// A failed call: what happened and what to do, with a Retry button that waits out flood control.
#[function_component(ErrorBanner)]
pub fn error_banner(props: &ErrorBannerProps) -> Html {
    let ui = use_ui();
    let left = use_countdown(props.error.clone());
    let advice = advice(&ui, &props.error);
    let cancelled = matches!(*props.error, Error::Aborted);
    let flood = props.error.retry_after_secs().is_some();
    let todo = if flood && left > 0 {
        fill(
            ui.t("You can retry in {n} s.", "Повторить можно через {n} с."),
            &[("n", left.to_string())],
        )
    } else if flood {
        ui.t("You can retry now.", "Можно повторить.").to_owned()
    } else {
        advice.todo
    };
    // Asking again cannot change these answers: the request or the plan has to change first.
    let futile = matches!(
        &*props.error,
        Error::Invalid(_)
            | Error::Api(ApiError {
                kind: ApiErrorKind::Plan
                    | ApiErrorKind::WrongMethod
                    | ApiErrorKind::InvalidParameter,
                ..
            })
    );
    let retry = props.on_retry.as_ref().filter(|_| !futile).map(|on_retry| {
        let on_retry = on_retry.clone();
        let label = if cancelled {
            ui.t("Run again", "Запустить снова")
        } else {
            ui.t("Retry", "Повторить")
        };
        html! {
            <button type="button" class="cs-button cs-banner-retry" disabled={left > 0}
                onclick={Callback::from(move |_: MouseEvent| on_retry.emit(()))}>
                { label }
            </button>
        }
    });
    let (class, role) = if cancelled {
        ("cs-banner cs-banner-info", "status")
    } else {
        ("cs-banner cs-banner-error", "alert")
    };
    html! {
        <div class={class} role={role}>
            <div class="cs-banner-body">
                <p class="cs-banner-what">{ advice.what }</p>
                if !advice.problems.is_empty() {
                    <ul class="cs-banner-problems">
                        { for advice.problems.into_iter().map(|p| html! { <li>{ p }</li> }) }
                    </ul>
                }
                if !todo.is_empty() {
                    <p class="cs-banner-todo">{ todo }</p>
                }
            </div>
            { retry }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct LoadingProps {
    pub on_cancel: Callback<()>,
    /// What is being loaded; "Loading…" when absent.
    #[prop_or_default]
    pub label: Option<AttrValue>,
}

#[function_component(Loading)]
pub fn loading(props: &LoadingProps) -> Html {
    let ui = use_ui();
    let on_cancel = props.on_cancel.clone();
    html! {
        <div class="cs-loading" role="status" aria-busy="true" aria-live="polite">
            <span class="cs-spinner" aria-hidden="true"></span>
            <span class="cs-loading-label">
                { props.label.clone().unwrap_or_else(|| ui.t("Loading…", "Загрузка…").into()) }
            </span>
            <button type="button" class="cs-button cs-button-quiet"
                onclick={Callback::from(move |_: MouseEvent| on_cancel.emit(()))}>
                { ui.t("Cancel", "Отменить") }
            </button>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct EmptyStateProps {
    pub title: AttrValue,
    #[prop_or_default]
    pub hint: Option<AttrValue>,
}

#[function_component(EmptyState)]
pub fn empty_state(props: &EmptyStateProps) -> Html {
    html! {
        <div class="cs-empty">
            <p class="cs-empty-title">{ props.title.clone() }</p>
            if let Some(hint) = &props.hint {
                <p class="cs-empty-hint">{ hint.clone() }</p>
            }
        </div>
    }
}
