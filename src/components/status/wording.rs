//! Every problem and error worded for the user: what happened and what to do about it, in the
//! interface's language.

use crate::api::ids::{IdError, IdKind};
use crate::api::{ApiErrorKind, Error, Problem, Rule};
use crate::format::fill;
use crate::ui::Ui;
use crate::view::preview::{sandbox_not_answering, SANDBOX_ADDRESS, SANDBOX_COMMAND};

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

pub fn identifier_text(ui: &Ui, error: &IdError) -> String {
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
pub(super) struct Advice {
    pub(super) what: String,
    pub(super) todo: String,
    /// Problems of a refused request, one per line.
    pub(super) problems: Vec<String>,
}

/// `base_url`: the API address in Settings, when the console has settings (a page, not a bare
/// component).
pub(super) fn advice(ui: &Ui, error: &Error, base_url: Option<&str>) -> Advice {
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
            // The countdown (the banner's) is what to do.
            ApiErrorKind::FloodControl { .. } => plain(asks_to_wait(ui), ""),
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
        Error::Http { status }
            if base_url.is_some_and(|url| {
                sandbox_not_answering(cfg!(debug_assertions), url, *status)
            }) =>
        {
            Advice {
                what: fill(
                    ui.t(
                        "The preview's sandbox is not answering on {address}; start it with {command}",
                        "Песочница предпросмотра не отвечает на {address}; запустите её: {command}",
                    ),
                    &[
                        ("address", SANDBOX_ADDRESS.to_owned()),
                        ("command", SANDBOX_COMMAND.to_owned()),
                    ],
                ),
                todo: ui
                    .t(
                        "Then retry. (cargo xtask serve starts the sandbox with the preview.)",
                        "Затем повторите. (cargo xtask serve запускает песочницу вместе с предпросмотром.)",
                    )
                    .to_owned(),
                problems: Vec::new(),
            }
        }
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
        Error::TooManyRequests { .. } => plain(
            asks_to_wait(ui),
            ui.t("Wait a minute and retry.", "Подождите минуту и повторите."),
        ),
        Error::Incomplete => plain(
            ui.t(
                "The answer was cut short on its way.",
                "Ответ пришёл не полностью.",
            ),
            ui.t(
                "Retry; the connection or a proxy dropped the rest.",
                "Повторите: остаток ответа потерялся в соединении или на прокси.",
            ),
        ),
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

/// Flood control and HTTP 429 alike, whether the service, a proxy or the gateway sent them: a
/// request to wait, not a fault to report.
fn asks_to_wait(ui: &Ui) -> &'static str {
    ui.t(
        "The service asks to wait before the next request.",
        "Сервис просит подождать перед следующим запросом.",
    )
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
