//! The health check section: findings from 90 days of subscribers (hourly where the plan allows,
//! otherwise daily) held against the channel's own normal and against the mentions and tracked
//! placements that explain a rise, the reach profile's ERR and the service's restrictions; each
//! with its dates, its size, how sure it is and why it matters; or, when nothing is found, what
//! was checked.

use std::rc::Rc;

use yew::prelude::*;

use crate::api::PeriodGroup;
use crate::components::{ErrorBanner, Loading};
use crate::figures::counts::signed;
use crate::figures::health::{
    Confidence, Doubt, Finding, Kind, Movement, Size, CAUSE_AFTER_HOURS, DROP_DAYS, DROP_SHARE,
    FLAT_DAYS, FLAT_MAX, GAPPY_SHARE, MIN_SHARE, MIN_SUBSCRIBERS, SMALL_CHANNEL, SPREADS,
    STAYED_DAYS, SUDDEN, SURE_DAYS, SURE_SPREADS,
};
use crate::format::{fill, format_rate, group_thousands};
use crate::ui::{use_ui, Ui};

use super::checked::Health;

#[derive(Properties, PartialEq)]
pub struct HealthProps {
    pub health: Rc<Health>,
    /// The reach profile has an ERR (the check then held it against the channel's size).
    pub profiled: bool,
    pub on_cancel: Callback<()>,
}

#[function_component(HealthSection)]
pub fn health_section(props: &HealthProps) -> Html {
    let ui = use_ui();
    let health = &props.health;
    let found = &health.found;
    let reading = health.reading;
    let group = health.group;
    let anomalies = found.iter().filter(|f| f.kind.is_anomaly()).count();
    html! {
        <section class="report-section report-health" aria-labelledby="report-health-h"
            data-anomalies={anomalies.to_string()}>
            <h2 id="report-health-h">{ ui.t("Health check", "Проверка здоровья") }</h2>
            <p class="hint">{ summary(&ui, group) }</p>
            <details class="report-rule">
                <summary>{ ui.t("How the check works, and what it cannot see", "Как работает проверка и чего она не видит") }</summary>
                { for rules(&ui).into_iter().map(|text| html! { <p class="hint">{ text }</p> }) }
            </details>
            if health.no_mentions {
                <p class="hint report-no-mentions">{ ui.t(
                    "The mentions of the channel could not be read: a rise after an advert shows as a jump here.",
                    "Упоминания канала прочитать не удалось: рост после рекламы здесь показан как скачок.",
                ) }</p>
            }
            if reading {
                <Loading on_cancel={props.on_cancel.clone()} label={ui.t("Reading 90 days of subscribers and the channel's mentions…", "Читаем подписчиков за 90 дней и упоминания канала…")} />
            }
            if let Some(error) = health.error.clone() {
                <ErrorBanner {error} />
            }
            if found.is_empty() {
                if !reading {
                    <p class="report-nothing" data-findings="0">{ nothing(&ui, group.zip(health.counted), props.profiled) }</p>
                }
            } else {
                <ul class="report-findings">{ for found.iter().map(|f| finding(&ui, f)) }</ul>
            }
        </section>
    }
}

/// One line on what the subscriber rules read, once known.
fn summary(ui: &Ui, group: Option<PeriodGroup>) -> &'static str {
    match group {
        Some(PeriodGroup::Day) => ui.t(
            "Daily counts: the plan gives no hours, so every subscriber finding is of low confidence (an advert's day and a bought day look alike).",
            "Дневные данные: тариф не даёт часов, поэтому уверенность любой находки по подписчикам низкая (день рекламы и день накрутки выглядят одинаково).",
        ),
        _ => ui.t(
            "Rises and losses of subscribers held against the channel's own normal at every scale from one hour to three days; a rise right after a mention of the channel is explained, not a jump.",
            "Рост и потери подписчиков в сравнении с обычными для канала изменениями на любых отрезках от часа до трёх дней; рост сразу после упоминания канала объяснён и скачком не считается.",
        ),
    }
}

/// The rules in words, with their numbers, and what they cannot see.
fn rules(ui: &Ui) -> Vec<String> {
    let values = [
        ("k", SPREADS.to_string()),
        ("sudden", SUDDEN.to_string()),
        ("share", (MIN_SHARE * 100.0).to_string()),
        ("min", MIN_SUBSCRIBERS.to_string()),
        ("after", CAUSE_AFTER_HOURS.to_string()),
        ("stayed", STAYED_DAYS.to_string()),
        ("flat", FLAT_DAYS.to_string()),
        ("flatmax", FLAT_MAX.to_string()),
        ("days", DROP_DAYS.to_string()),
        ("drop", (DROP_SHARE * 100.0).to_string()),
        ("small", group_thousands(SMALL_CHANNEL, ui.locale)),
        ("sure_days", SURE_DAYS.to_string()),
        ("gappy", (GAPPY_SHARE * 100.0).to_string()),
        ("sure", SURE_SPREADS.to_string()),
    ];
    [
        ui.t(
            "Windows of 1, 3, 6, 12 and 24 hours (rises) and up to 72 hours (losses) — 1–2 and 1–3 days on daily counts — are each held against the channel's normal change over windows of the same length: its median, and a spread that is the largest of 1.4826 × the median absolute deviation, the 90th percentile of the deviations ÷ 1.645 (so a weekly rhythm is normal) and the square root of the median. A window is beyond normal when it is more than {k} spreads away, by at least {share} % of the count and {min} subscribers, and still more than {k} spreads away once {sudden} times what the windows just before and after it moved is set aside: bought subscribers start and stop at once, a channel gone viral climbs for days. Overlapping windows are one finding, from its first to its last hour, with its distance in spreads.",
            "Отрезки в 1, 3, 6, 12 и 24 часа (рост) и до 72 часов (потери) — 1–2 и 1–3 дня на дневных данных — сравниваются с обычным изменением канала за отрезки той же длины: медианой и разбросом, равным наибольшему из 1,4826 × медианного абсолютного отклонения, 90-го процентиля отклонений ÷ 1,645 (так недельный ритм считается обычным) и корня из медианы. Отрезок выходит за обычное, если он дальше {k} разбросов, не меньше {share} % подписчиков и {min} человек, и остаётся дальше {k} разбросов после вычета {sudden}-кратного изменения соседних отрезков: купленные подписчики приходят и перестают приходить разом, а вирусный канал растёт днями. Перекрывающиеся отрезки — одна находка, с первого до последнего часа, с расстоянием в разбросах.",
        ),
        ui.t(
            "A rise that starts up to {after} hours after a post of another channel that mentions this one (one post search for its link or username, the newest 50), or a placement of a campaign you track for it, or had brought less than half of its subscribers when that post came, is a rise after a mention, with how much of it was still there {stayed} days later beyond normal growth. Any other rise is a jump, or a step when the {flat} days before it each moved less than 0.1 % of the count and {flatmax} subscribers. A loss beyond normal is a drop; within {days} days of a jump it may be the bought subscribers leaving, and a slower loss there of at least {drop} % of the jump is a drop too; within {days} days of a rise after a mention, a loss of at most half of it is its readers leaving, shown in what stayed.",
            "Рост, начавшийся не позже чем через {after} ч после поста другого канала с упоминанием этого (один поиск постов по его ссылке или имени, 50 последних) или размещения отслеживаемой вами кампании, либо принёсший к моменту поста меньше половины подписчиков, — рост после упоминания; показано, сколько из него осталось через {stayed} дней сверх обычного роста. Любой другой рост — скачок, или ступенька, если {flat} дней до него канал менялся меньше чем на 0,1 % и {flatmax} человек в день. Потеря сверх обычного — отток; в течение {days} дней после скачка это могут уходить купленные подписчики, и там оттоком считается и медленная потеря не меньше {drop} % скачка; в течение {days} дней после роста после упоминания потеря не больше его половины — уход пришедших читателей, она видна в том, сколько осталось.",
        ),
        ui.t(
            "How sure: low for a channel under {small} subscribers, under {sure_days} days of counts, more than {gappy} % of them missing, or daily counts only; medium when a finding is under {sure} spreads, or when a rise fades as readers answering an advert do (its first third brought 2.5 times its last); high otherwise. Only a high one reads \"looks bought\".",
            "Уверенность: низкая для канала меньше {small} подписчиков, меньше {sure_days} дней данных, больше {gappy} % пропусков или только дневных данных; средняя, если находка меньше {sure} разбросов или рост затухает, как приход читателей после рекламы (первая треть дала в 2,5 раза больше последней); иначе высокая. Только при высокой написано «похоже на накрутку».",
        ),
        ui.t(
            "What it cannot see: subscribers bought right after an advert hide in the advert's rise; bots added slowly over weeks look like growth; a mention outside the newest 50 posts found, in a private channel or by word of mouth is unknown to the check, so its rise shows as a jump (of medium confidence when it fades like an advert's); a purge the messenger itself made looks like one the owner made.",
            "Чего она не видит: подписчики, купленные сразу после рекламы, прячутся в её росте; боты, добавляемые медленно неделями, выглядят как рост; упоминание вне 50 последних найденных постов, в закрытом канале или из уст в уста проверке неизвестно, и его рост показан скачком (средней уверенности, если затухает как после рекламы); чистка, сделанная самим мессенджером, выглядит как чистка владельцем.",
        ),
    ]
    .into_iter()
    .map(|text| fill(text, &values))
    .collect()
}

fn nothing(ui: &Ui, read: Option<(PeriodGroup, usize)>, profiled: bool) -> String {
    let mut checked = vec![];
    if let Some((group, n)) = read {
        let text = if group == PeriodGroup::Hour {
            ui.t(
                "{n} hourly counts of subscribers for jumps, steps and drops",
                "{n} часовых значений подписчиков на скачки, ступеньки и оттоки",
            )
        } else {
            ui.t(
                "{n} days of subscribers for jumps, steps and drops",
                "{n} дней подписчиков на скачки, ступеньки и оттоки",
            )
        };
        checked.push(fill(text, &[("n", n.to_string())]));
    }
    if profiled {
        checked.push(
            ui.t("ERR for the channel's size", "ERR для размера канала")
                .into(),
        );
    }
    checked.push(
        ui.t("the service's restrictions", "ограничения сервиса")
            .into(),
    );
    fill(
        ui.t(
            "Nothing found; checked: {what}.",
            "Ничего не найдено; проверено: {what}.",
        ),
        &[("what", checked.join(", "))],
    )
}

/// The finding's title: what it is, and for a jump or a step what it looks like at its
/// confidence ("looks bought" only when high).
fn title(ui: &Ui, f: &Finding) -> String {
    let name = match f.kind {
        Kind::Jump => ui.t("Subscriber jump", "Скачок подписчиков"),
        Kind::Step => ui.t("Step after a flat stretch", "Ступенька после затишья"),
        Kind::Drop => ui.t("Subscriber drop", "Отток подписчиков"),
        Kind::MentionRise => ui.t("Rise after a mention", "Рост после упоминания"),
        Kind::LowErr => ui.t(
            "Low ERR for the channel's size",
            "Низкий ERR для размера канала",
        ),
        Kind::Restriction => ui.t("Restriction", "Ограничение"),
    };
    if !matches!(f.kind, Kind::Jump | Kind::Step) {
        return name.to_owned();
    }
    let verdict = match f.confidence {
        Confidence::High => ui.t("looks bought", "похоже на накрутку"),
        Confidence::Medium => ui.t("may be bought", "возможно, накрутка"),
        Confidence::Low => ui.t("cannot tell", "нельзя сказать"),
    };
    format!("{name}: {verdict}")
}

/// Why the finding matters to someone buying an advertising post.
fn why(ui: &Ui, f: &Finding) -> &'static str {
    match f.kind {
        Kind::Jump => ui.t(
            "Subscribers who arrive at once, with no mention to bring them, are rarely real readers: the price per subscriber overstates the reach.",
            "Подписчики, пришедшие разом без упоминания, которое их привело бы, редко читают: цена за подписчика завышает охват.",
        ),
        Kind::Step => ui.t(
            "A channel that stood still and then grew at once was probably boosted, or bought with its audience.",
            "Канал, который стоял на месте и вдруг вырос, скорее всего накручен или куплен вместе с аудиторией.",
        ),
        Kind::Drop if f.movement().is_some_and(|m| m.after_jump.is_some()) => ui.t(
            "A loss after a jump may be the bought subscribers leaving: the count before the jump is closer to the real audience.",
            "Потеря после скачка — возможно, уходят купленные подписчики: реальная аудитория ближе к числу до скачка.",
        ),
        Kind::Drop => ui.t(
            "A loss far beyond the channel's normal is a purge: of bots bought earlier, or of readers leaving after something the channel did. Either way the count was higher than the audience.",
            "Потеря далеко сверх обычного — чистка: ботов, купленных раньше, или читателей, ушедших после чего-то на канале. В любом случае число подписчиков было больше аудитории.",
        ),
        Kind::MentionRise => ui.t(
            "Readers who came after another channel's post: organic growth, and a sign of what an advert there brings.",
            "Читатели пришли после поста другого канала: естественный рост и пример того, что даёт реклама там.",
        ),
        Kind::LowErr => ui.t(
            "Few subscribers see the posts: an advert reaches far fewer people than the subscriber count suggests.",
            "Посты видят немногие подписчики: реклама охватит намного меньше людей, чем обещает число подписчиков.",
        ),
        Kind::Restriction => ui.t(
            "The service itself has marked the channel: check the reason before paying.",
            "Сервис сам пометил канал: проверьте причину, прежде чем платить.",
        ),
    }
}

fn doubt(ui: &Ui, d: Doubt) -> &'static str {
    match d {
        Doubt::SmallChannel => ui.t("a small channel", "маленький канал"),
        Doubt::ShortHistory => ui.t("a short history", "короткая история"),
        Doubt::Gappy => ui.t("many hours missing", "много пропущенных часов"),
        Doubt::DailyOnly => ui.t("daily counts only", "только дневные данные"),
        Doubt::NearNormal => ui.t("not far beyond normal", "ненамного сверх обычного"),
        Doubt::Fades => ui.t(
            "it fades as an advert's response does: look for a mention",
            "затухает, как отклик на рекламу: поищите упоминание",
        ),
    }
}

fn confidence_text(ui: &Ui, f: &Finding) -> String {
    let level = match f.confidence {
        Confidence::High => ui.t("high confidence", "высокая уверенность"),
        Confidence::Medium => ui.t("medium confidence", "средняя уверенность"),
        Confidence::Low => ui.t("low confidence", "низкая уверенность"),
    };
    if f.doubts.is_empty() {
        level.to_owned()
    } else {
        let doubts: Vec<&str> = f.doubts.iter().map(|d| doubt(ui, *d)).collect();
        format!("{level} ({})", doubts.join(", "))
    }
}

/// The size of a subscriber finding in words: its change, its hours, its distance from normal.
fn movement(ui: &Ui, m: &Movement) -> String {
    let hours = (m.end - m.start).num_hours();
    fill(
        ui.t(
            "{n} subscribers from {from} to {to} UTC ({h} h), {k} spreads beyond normal",
            "{n} подписчиков с {from} до {to} UTC ({h} ч), на {k} разбросов сверх обычного",
        ),
        &[
            ("n", signed(m.change, ui.locale)),
            ("from", m.start.format("%Y-%m-%d %H:%M").to_string()),
            ("to", m.end.format("%Y-%m-%d %H:%M").to_string()),
            ("h", hours.to_string()),
            ("k", group_thousands(m.spreads.round() as i64, ui.locale)),
        ],
    )
}

/// What explains a rise, and how much of it stayed.
fn cause(ui: &Ui, m: &Movement) -> Html {
    let Some(c) = &m.cause else {
        return Html::default();
    };
    let source = if c.placement {
        fill(
            ui.t("your campaign «{name}»", "ваша кампания «{name}»"),
            &[("name", c.source.clone())],
        )
    } else {
        c.source.clone()
    };
    let views = c.views.map(|v| {
        fill(
            ui.t(" ({n} views)", " ({n} просмотров)"),
            &[(
                "n",
                group_thousands(i64::try_from(v).unwrap_or(i64::MAX), ui.locale),
            )],
        )
    });
    let stayed = match m.stayed {
        Some(kept) => fill(
            ui.t(
                "{days} days after it, the channel still had {kept} over its count before the rise, beyond normal growth.",
                "Через {days} дней после него у канала всё ещё {kept} к числу до роста, сверх обычного роста.",
            ),
            &[
                ("kept", signed(kept, ui.locale)),
                ("days", STAYED_DAYS.to_string()),
            ],
        ),
        None => fill(
            ui.t(
                "{days} days have not passed yet: how much stays is not known.",
                "{days} дней ещё не прошло: сколько останется, неизвестно.",
            ),
            &[("days", STAYED_DAYS.to_string())],
        ),
    };
    html! {
        <p class="report-cause" data-source={c.source.clone()} data-stayed={m.stayed.map(|s| s.to_string())}>
            { ui.t("After ", "После ") }{ source }{ ui.t("'s post ", ": пост ") }
            if c.post.is_empty() {
                { ui.t("(no link)", "(без ссылки)") }
            } else {
                <a href={c.post.clone()} rel="noopener noreferrer" target="_blank">{ c.post.clone() }</a>
            }
            { views.unwrap_or_default() }{ ". " }{ stayed }
        </p>
    }
}

fn finding(ui: &Ui, f: &Finding) -> Html {
    let size = match &f.size {
        Size::Subscribers(m) => movement(ui, m),
        Size::Err { err, usual } => fill(
            ui.t(
                "ERR {err}, usual for this size {usual}",
                "ERR {err}, обычно для такого размера {usual}",
            ),
            &[
                ("err", format_rate(*err, ui.locale)),
                ("usual", format_rate(*usual, ui.locale)),
            ],
        ),
        Size::Text(text) => text.clone(),
    };
    let date = f.date.format("%Y-%m-%d").to_string();
    let m = f.movement();
    let after_jump = m.and_then(|m| m.after_jump).map(|day| {
        fill(
            ui.t(" · after the jump of {day}", " · после скачка {day}"),
            &[("day", day.format("%Y-%m-%d").to_string())],
        )
    });
    html! {
        <li class={classes!("report-finding", format!("report-finding-{}", f.kind.as_str()), format!("report-confidence-{}", f.confidence.as_str()))}
            data-finding={f.kind.as_str()} data-date={date.clone()} data-confidence={f.confidence.as_str()}
            data-change={m.map(|m| m.change.to_string())}
            data-start={m.map(|m| m.start.format("%Y-%m-%dT%H:%M").to_string())}
            data-spreads={m.map(|m| format!("{:.1}", m.spreads))}>
            <strong>{ title(ui, f) }</strong>{ " · " }<time datetime={date.clone()}>{ date }</time>
            { after_jump.unwrap_or_default() }
            { " · " }<span class="cs-num">{ size }</span>
            <p class="report-confidence">{ confidence_text(ui, f) }</p>
            if let Some(m) = m {
                { cause(ui, m) }
            }
            <p class="hint">{ why(ui, f) }</p>
        </li>
    }
}
