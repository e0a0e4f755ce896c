//! One finding of the health check, with what it rests on: the count, the shape of a rise, what
//! explains it and how far that goes, and whether its people read the channel's posts.

use std::rc::Rc;

use chrono::NaiveDateTime;
use yew::prelude::*;

use crate::api::model::Channel;
use crate::figures::counts::signed;
use crate::figures::health::readers::{Follow, Readers, MIN_POSTS};
use crate::figures::health::{
    Confidence, Doubt, Finding, Kind, Movement, Shape, Size, MAX_CONVERSION, STAYED_DAYS,
};
use crate::format::{fill, format_rate, group_thousands};
use crate::ui::Ui;

use super::super::readers::ReadersJob;

/// What a finding needs beside itself: the channel its posts are read from, the posts whose
/// publication the reach profile knows, and where their readers go.
#[derive(Clone, PartialEq)]
pub struct ReadersInput {
    pub channel: Rc<Channel>,
    pub known: Rc<Vec<(u64, NaiveDateTime)>>,
    pub on_read: Callback<(NaiveDateTime, Readers)>,
}

fn count(n: f64, ui: &Ui) -> String {
    group_thousands(n.round() as i64, ui.locale)
}

/// The finding's title: what it is, and for a rise against the channel what it looks like at
/// its confidence ("looks bought" only when high).
fn title(ui: &Ui, f: &Finding) -> String {
    let name = match f.kind {
        Kind::Jump => ui.t("Subscriber jump", "Скачок подписчиков"),
        Kind::Step => ui.t("Step after a flat stretch", "Ступенька после затишья"),
        Kind::Drop => ui.t("Subscriber drop", "Отток подписчиков"),
        Kind::MentionRise => ui.t("Rise after a mention", "Рост после упоминания"),
        Kind::BeyondMention => ui.t(
            "Rise beyond what its mention brings",
            "Рост сверх того, что даёт упоминание",
        ),
        Kind::LowErr => ui.t(
            "Low ERR for the channel's size",
            "Низкий ERR для размера канала",
        ),
        Kind::Restriction => ui.t("Restriction", "Ограничение"),
    };
    if !matches!(f.kind, Kind::Jump | Kind::Step | Kind::BeyondMention) {
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
        Kind::BeyondMention => ui.t(
            "More came after the mention than its readers could bring, or the newcomers do not read: bots bought right after an advert hide in its rise.",
            "После упоминания пришло больше, чем могли привести его читатели, или пришедшие не читают: ботов, купленных сразу после рекламы, прячут в её росте.",
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

/// A doubt in words, for a finding and for the verdict.
pub fn doubt(ui: &Ui, d: Doubt) -> &'static str {
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
        Doubt::ReadersFollowed => ui.t(
            "the posts' reach moved with the count, as real readers make it",
            "охват постов менялся вместе с числом подписчиков, как бывает с настоящими читателями",
        ),
        Doubt::ReadersUnchecked => ui.t(
            "whether the newcomers after a mention read was not checked",
            "не проверено, читают ли пришедшие после упоминания",
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

/// A rise's shape in words, and what it means.
fn shape(ui: &Ui, m: &Movement) -> Option<String> {
    let shape = m.shape?;
    let hours = (m.end - m.start).num_hours().max(1);
    let text = match shape {
        Shape::Sudden => ui.t(
            "Its shape: all within {h} {hours}, too short to have a shape of its own.",
            "Форма: всё за {h} {hours} — слишком быстро, чтобы у роста была форма.",
        ),
        Shape::Box => ui.t(
            "Its shape: an even rate of ~{rate} an hour over {h} {hours} that started and stopped at once — how purchases are delivered.",
            "Форма: ровно ~{rate} в час за {h} {hours}, начался и закончился разом — так поставляют купленных подписчиков.",
        ),
        Shape::Fading => ui.t(
            "Its shape: most at once, then fewer and fewer over {h} {hours} — as readers answering a post come.",
            "Форма: больше всего сразу, потом всё меньше за {h} {hours} — так приходят читатели, откликаясь на пост.",
        ),
        Shape::Ramp => ui.t(
            "Its shape: slowly faster, then slower over {h} {hours} — as growth passed from reader to reader.",
            "Форма: постепенно быстрее, потом медленнее за {h} {hours} — так растёт канал, который передают друг другу.",
        ),
        Shape::Uneven => ui.t(
            "Its shape over {h} {hours} is uneven: neither an even rate nor an answer to a post that fades.",
            "Форма за {h} {hours} неровная: ни ровный темп, ни затухающий отклик на пост.",
        ),
        Shape::Unclear => ui.t(
            "Its shape over {h} {hours} cannot be told: its rate is small against the counts' noise.",
            "Форму за {h} {hours} не различить: темп мал по сравнению с шумом данных.",
        ),
    };
    let mut text = fill(
        text,
        &[
            ("h", hours.to_string()),
            (
                "hours",
                ui.noun(hours as usize, ["hour", "hours"], ["час", "часа", "часов"])
                    .to_owned(),
            ),
            ("rate", count(m.change as f64 / hours as f64, ui)),
        ],
    );
    if m.unlike_answer {
        text.push(' ');
        text.push_str(ui.t(
            "A mention or a placement came before it, but readers answering a post come most at once and then fewer: a rise shaped like this is not theirs, so it is judged as if nothing explained it.",
            "Перед ним было упоминание или размещение, но читатели откликаются на пост сразу и потом всё меньше: рост такой формы — не их, поэтому он оценён как необъяснённый.",
        ));
    }
    Some(text)
}

/// What explains a rise, how far it goes, and how much of the rise stayed.
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
    let reach = match m.explains {
        Some(most) => {
            let beyond = m.excess - most;
            let mut text = fill(
                ui.t(
                    "Its readers can bring at most {most} ({share} % of the {views} views of the posts before the rise); ",
                    "Его читатели могут привести не больше {most} ({share} % от {views} просмотров постов перед ростом); ",
                ),
                &[
                    ("most", count(most, ui)),
                    ("share", format!("{:.0}", MAX_CONVERSION * 100.0)),
                    ("views", count(most / MAX_CONVERSION, ui)),
                ],
            );
            text.push_str(&if beyond >= 0.5 {
                fill(
                    ui.t(
                        "{n} more came beyond the normal growth.",
                        "сверх обычного роста пришло на {n} больше.",
                    ),
                    &[("n", count(beyond, ui))],
                )
            } else {
                ui.t(
                    "the rise beyond normal growth is within that.",
                    "рост сверх обычного укладывается в это.",
                )
                .to_owned()
            });
            text
        }
        None => ui
            .t(
                "Its views are not known, so how much it can bring is not checked: only the rise's shape and its readers speak.",
                "Его просмотры неизвестны, поэтому сколько он может привести, не проверено: говорят только форма роста и читатели.",
            )
            .to_owned(),
    };
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
            { views.unwrap_or_default() }{ ". " }
            <span class="report-explains">{ reach }</span>{ " " }{ stayed }
        </p>
    }
}

/// ERR24 with two decimals, the page's `data-value`.
fn err_value(err: Option<f64>) -> Option<String> {
    err.map(|e| format!("{e:.2}"))
}

/// What the posts around a finding say of its people.
fn readers(ui: &Ui, m: &Movement, r: &Readers) -> Html {
    let err = |e: Option<f64>| e.map_or_else(|| "—".to_owned(), |e| format_rate(e, ui.locale));
    let loss = m.change < 0;
    let meaning = match (r.follow, loss) {
        // Posts vary: reach can grow by more than the count did.
        (Follow::Followed, false) if r.followed.is_some_and(|f| f >= 1.0) => ui.t(
            "reach grew at least as much as the count: the newcomers read.",
            "охват вырос не меньше числа подписчиков: пришедшие читают.",
        ).to_owned(),
        (Follow::Followed, false) => fill(
            ui.t(
                "reach grew with the count, by {share} % of the count's growth: the newcomers read.",
                "охват вырос вместе с числом подписчиков, на {share} % от его роста: пришедшие читают.",
            ),
            &[("share", format!("{:.0}", r.followed.unwrap_or(0.0) * 100.0))],
        ),
        (Follow::NotFollowed, false) => ui.t(
            "reach did not grow with the count: the newcomers do not read, as bought subscribers do not.",
            "охват не вырос вместе с числом подписчиков: пришедшие не читают — как и купленные.",
        ).to_owned(),
        (Follow::Followed, true) => ui.t(
            "reach fell with the count: those who left were readers.",
            "охват упал вместе с числом подписчиков: ушли читатели.",
        ).to_owned(),
        (Follow::NotFollowed, true) => ui.t(
            "reach did not fall with the count: those who left did not read, as when bots are cleaned out.",
            "охват не упал вместе с числом подписчиков: ушедшие не читали — как при чистке ботов.",
        ).to_owned(),
        (Follow::Unclear, _) => ui.t(
            "the reach moved neither clearly with the count nor clearly not: the posts vary too much against a change this size to tell.",
            "охват не изменился ни явно вместе с числом подписчиков, ни явно без него: охват постов слишком разнится для такого изменения, чтобы сказать.",
        ).to_owned(),
        (Follow::TooFew, _) => fill(
            ui.t(
                "fewer than {n} posts on a side: too few to tell.",
                "меньше {n} постов с одной из сторон: слишком мало, чтобы сказать.",
            ),
            &[("n", MIN_POSTS.to_string())],
        ),
    };
    html! {
        <p class="report-readers" data-posts-before={r.posts_before.to_string()} data-posts-after={r.posts_after.to_string()}>
            { ui.t("Readers: ERR24 ", "Читатели: ERR24 ") }
            <span class="cs-num" data-err-before="" data-value={err_value(r.err_before)}>{ err(r.err_before) }</span>
            { ui.t(" before → ", " до → ") }
            <span class="cs-num" data-err-after="" data-value={err_value(r.err_after)}>{ err(r.err_after) }</span>
            { fill(ui.t(
                " after ({before} posts read before it, {after} after); ",
                " после ({before} постов до, {after} после); ",
            ), &[("before", r.posts_before.to_string()), ("after", r.posts_after.to_string())]) }
            { meaning }
        </p>
    }
}

/// Finding `index` of the list, keyed by what it is about, so that its readers' job keeps its
/// state when the findings around it change.
pub fn finding(ui: &Ui, f: &Finding, index: usize, input: &ReadersInput) -> Html {
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
    let key = match m {
        Some(m) => m.start.format("%Y-%m-%dT%H:%M").to_string(),
        None => format!("{}-{}-{index}", f.kind.as_str(), f.date),
    };
    html! {
        <li {key} class={classes!("report-finding", format!("report-finding-{}", f.kind.as_str()), format!("report-confidence-{}", f.confidence.as_str()))}
            data-finding={f.kind.as_str()} data-date={date.clone()} data-confidence={f.confidence.as_str()}
            data-change={m.map(|m| m.change.to_string())}
            data-start={m.map(|m| m.start.format("%Y-%m-%dT%H:%M").to_string())}
            data-end={m.map(|m| m.end.format("%Y-%m-%dT%H:%M").to_string())}
            data-spreads={m.map(|m| format!("{:.1}", m.spreads))}
            data-shape={m.and_then(|m| m.shape).map(|s| s.as_str())}
            data-explains={m.and_then(|m| m.explains).map(|e| format!("{:.0}", e.round()))}
            data-readers={m.and_then(|m| m.readers.as_ref()).map(|r| r.follow.as_str())}>
            <strong>{ title(ui, f) }</strong>{ " · " }<time datetime={date.clone()}>{ date }</time>
            { after_jump.unwrap_or_default() }
            { " · " }<span class="cs-num">{ size }</span>
            <p class="report-confidence">{ confidence_text(ui, f) }</p>
            if let Some(m) = m {
                if let Some(text) = shape(ui, m) {
                    <p class="report-shape">{ text }</p>
                }
                { cause(ui, m) }
                if let Some(r) = &m.readers {
                    { readers(ui, m, r) }
                }
                <ReadersJob channel={input.channel.clone()} movement={m.clone()}
                    known={input.known.clone()} on_read={input.on_read.clone()} />
            }
            <p class="hint">{ why(ui, f) }</p>
        </li>
    }
}
