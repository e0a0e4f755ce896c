//! The health check's rules in words, each number taken from the constant the check uses, and
//! what the check cannot see.

use crate::api::PeriodGroup;
use crate::figures::health::readers::{
    FOLLOWED_SHARE, LEAST_SPREAD, MIN_POSTS, READ_DAYS, READ_POSTS, SURE_ERRORS,
};
use crate::figures::health::scan::{DAYS_RISE, EDGE_LOW, EVEN, FADE_RATIO, HOURLY, PEAKED};
use crate::figures::health::series::{RHYTHM_DAYS, RHYTHM_SPREADS};
use crate::figures::health::{
    CAUSE_AFTER_HOURS, DROP_DAYS, DROP_SHARE, FLAT_DAYS, FLAT_MAX, GAPPY_SHARE, MAX_CONVERSION,
    MIN_SHARE, MIN_SUBSCRIBERS, SMALL_CHANNEL, SPREADS, STAYED_DAYS, SUDDEN, SURE_DAYS,
    SURE_SPREADS,
};
use crate::format::{fill, group_thousands, Locale};
use crate::ui::Ui;

fn list(hours: &[usize]) -> String {
    hours
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The longest window read, in days.
fn longest_days() -> usize {
    let longest = DAYS_RISE.iter().chain(HOURLY.loss).max().copied();
    longest.unwrap_or(24) / 24
}

/// One line on what the subscriber rules read, once known.
pub fn summary(ui: &Ui, group: Option<PeriodGroup>) -> String {
    match group {
        Some(PeriodGroup::Day) => ui.t(
            "Daily counts: the plan gives no hours, so every subscriber finding is of low confidence (an advert's day and a bought day look alike).",
            "Дневные данные: тариф не даёт часов, поэтому уверенность любой находки по подписчикам низкая (день рекламы и день накрутки выглядят одинаково).",
        ).to_owned(),
        _ => fill(ui.t(
            "Rises and losses of subscribers held against the channel's own normal at every scale from one hour to {days} days, with its daily rhythm taken out; a rise right after a mention of the channel is explained only as far as the mention's readers could bring it, and the posts around any finding can be read to see whether its people read.",
            "Рост и потери подписчиков в сравнении с обычными для канала изменениями на любых отрезках от часа до {days} дней, без суточного ритма; рост сразу после упоминания канала объяснён лишь настолько, насколько его могли дать читатели упоминания, а посты вокруг любой находки можно прочитать, чтобы увидеть, читают ли пришедшие.",
        ), &[("days", longest_days().to_string())]),
    }
}

fn percent(share: f64) -> String {
    format!("{}", (share * 100.0 * 10.0).round() / 10.0)
}

/// The rules in words, with their numbers, and what they cannot see.
pub fn rules(ui: &Ui) -> Vec<String> {
    let values = [
        ("k", SPREADS.to_string()),
        ("sudden", SUDDEN.to_string()),
        ("share", percent(MIN_SHARE)),
        ("min", MIN_SUBSCRIBERS.to_string()),
        ("rises", list(HOURLY.rise)),
        ("losses", list(HOURLY.loss)),
        ("long", list(DAYS_RISE)),
        ("rhythm_days", RHYTHM_DAYS.to_string()),
        ("rhythm_k", RHYTHM_SPREADS.to_string()),
        ("edge", percent(EDGE_LOW)),
        ("edge_high", percent(1.0 - EDGE_LOW)),
        ("even", EVEN.to_string()),
        ("peaked", PEAKED.to_string()),
        ("fade", FADE_RATIO.to_string()),
        ("after", CAUSE_AFTER_HOURS.to_string()),
        ("conversion", percent(MAX_CONVERSION)),
        ("stayed", STAYED_DAYS.to_string()),
        ("flat", FLAT_DAYS.to_string()),
        ("flatmax", FLAT_MAX.to_string()),
        ("days", DROP_DAYS.to_string()),
        ("drop", percent(DROP_SHARE)),
        ("read_days", READ_DAYS.to_string()),
        ("read_posts", READ_POSTS.to_string()),
        ("min_posts", MIN_POSTS.to_string()),
        ("sure_errors", SURE_ERRORS.to_string()),
        ("least_spread", LEAST_SPREAD.to_string()),
        ("followed", percent(FOLLOWED_SHARE)),
        ("small", group_thousands(SMALL_CHANNEL, ui.locale)),
        ("sure_days", SURE_DAYS.to_string()),
        ("gappy", percent(GAPPY_SHARE)),
        ("sure", SURE_SPREADS.to_string()),
    ];
    // Russian writes a decimal comma.
    let localized: Vec<(&str, String)> = values
        .into_iter()
        .map(|(name, value)| match ui.locale {
            Locale::Ru => (name, value.replace('.', ",")),
            Locale::En => (name, value),
        })
        .collect();
    [
        ui.t(
            "Windows of {rises} hours (rises) and of {losses} hours (losses) — 1–2 and 1–3 days on daily counts — are each held against the channel's normal change over windows of the same length: its median, and a spread that is the largest of 1.4826 × the median absolute deviation, the 90th percentile of the deviations ÷ 1.645 (so a weekly rhythm is normal) and the square root of the median. A window is beyond normal when it is more than {k} spreads away, by at least {share} % of the count and {min} subscribers, and still more than {k} spreads away once {sudden} times what the windows just before and after it moved is set aside: bought subscribers start and stop at once, a channel gone viral climbs for days. Overlapping windows are one finding, from its first to its last hour, with its distance in spreads.",
            "Отрезки в {rises} ч (рост) и в {losses} ч (потери) — 1–2 и 1–3 дня на дневных данных — сравниваются с обычным изменением канала за отрезки той же длины: медианой и разбросом, равным наибольшему из 1,4826 × медианного абсолютного отклонения, 90-го процентиля отклонений ÷ 1,645 (так недельный ритм считается обычным) и корня из медианы. Отрезок выходит за обычное, если он дальше {k} разбросов, не меньше {share} % подписчиков и {min} человек, и остаётся дальше {k} разбросов после вычета {sudden}-кратного изменения соседних отрезков: купленные подписчики приходят и перестают приходить разом, а вирусный канал растёт днями. Перекрывающиеся отрезки — одна находка, с первого до последнего часа, с расстоянием в разбросах.",
        ),
        ui.t(
            "A daily rhythm is taken out first. With at least {rhythm_days} days of hourly counts, the usual change of each hour of the day is learnt (the median of that hour's changes, less the mean of the 24); when its range is at least {rhythm_k} spreads of what it leaves, the counts are read without it. A night's usual dip is then no loss, and a purchase at night is not hidden by it.",
            "Сначала убирается суточный ритм. Если часовых данных не меньше {rhythm_days} дней, для каждого часа суток находится его обычное изменение (медиана изменений этого часа минус среднее 24 медиан); если размах ритма не меньше {rhythm_k} разбросов остатка, данные читаются без него. Тогда обычный ночной спад — не потеря, и ночная накрутка им не скрыта.",
        ),
        ui.t(
            "Rises over days — windows of {long} hours — are read apart, and kept only where no shorter rise was found and they are shaped as a box. The shape is read between the hours where {edge} % and {edge_high} % of the rise had arrived, in quarters: a box has its first and last quarters within {even} times each other's rate and its middle half no more than {peaked} times faster than them — an even rate that starts and stops at once, as purchases are delivered, however long. A rise whose first quarter brought {fade} times its last fades, as readers answering a post do; one whose middle half is more than {peaked} times faster than its quarters ramps, as a channel passed from reader to reader grows. A seller who drips bots over two days makes every window of a day inside the box move like its neighbours, so only its shape gives it away.",
            "Рост за несколько дней — отрезки в {long} ч — читается отдельно и остаётся находкой, только если более короткого роста там не найдено и он имеет форму «коробки». Форма читается между часами, когда пришло {edge} % и {edge_high} % роста, по четвертям: у коробки первая и последняя четверти различаются по темпу не больше чем в {even} раза, а средняя половина не больше чем в {peaked} раза быстрее их — ровный темп, который начался и закончился разом, как поставляют купленных подписчиков, сколько бы это ни длилось. Рост, первая четверть которого дала в {fade} раза больше последней, затухает, как отклик читателей на пост; рост, средняя половина которого больше чем в {peaked} раза быстрее крайних четвертей, разгоняется, как канал, который передают друг другу. Продавец, растянувший ботов на два дня, делает каждый суточный отрезок внутри коробки похожим на соседние, и выдаёт его только форма.",
        ),
        ui.t(
            "A rise that starts up to {after} hours after a post of another channel that mentions this one (one post search for its link or username, the newest 50), or a placement of a campaign you track for it, or had brought less than half of its subscribers when that post came, is explained only as an answer to that post, and only as far as its readers could bring it. An answer comes most at once and then fewer: an even rate, a ramp or an uneven rise after a post is judged as if nothing explained it. Its readers can bring at most {conversion} % of the post's views: market guides give 1–5 % of an advert's views converting into subscribers, and 10 % for an exceptional, well-targeted post; the campaign tracker shows each of your placements' own (its gain beyond normal over its reach), so a channel's past adverts can be held to the same line. Within that, it is a rise after a mention, with how much of it was still there {stayed} days later beyond normal growth. The part beyond it, when more than {k} spreads and the floor, is a rise beyond its mention, judged as any rise, and how sure it is follows from how far that part goes. A mention whose views are unknown is held to its shape and its readers only.",
            "Рост, начавшийся не позже чем через {after} ч после поста другого канала с упоминанием этого (один поиск постов по его ссылке или имени, 50 последних) или размещения отслеживаемой вами кампании, либо принёсший к моменту поста меньше половины подписчиков, объяснён только как отклик на этот пост и только настолько, насколько его могли дать читатели поста. Отклик приходит сразу и потом всё меньше: ровный темп, разгон или неровный рост после поста оцениваются как необъяснённые. Читатели поста могут дать не больше {conversion} % его просмотров: по данным рынка подписываются 1–5 % просмотревших рекламу и 10 % — для исключительного, точно нацеленного поста; трекер кампаний показывает эту долю для каждого вашего размещения (прирост сверх обычного к охвату), так что прошлую рекламу канала можно мерить той же меркой. В этих пределах это рост после упоминания, с тем, сколько из него осталось через {stayed} дней сверх обычного роста. Часть сверх этого, если она больше {k} разбросов и порога, — рост сверх того, что даёт упоминание; он оценивается как любой рост, и уверенность зависит от того, насколько велика эта часть. Упоминание с неизвестными просмотрами проверяется только по форме роста и по читателям.",
        ),
        ui.t(
            "Any other rise is a jump, or a step when the {flat} days before it each stood still: all its hours within 0.1 % of the count and {flatmax} subscribers of each other. A loss beyond normal is a drop; within {days} days of a jump it may be the bought subscribers leaving, and a slower loss there of at least {drop} % of the jump is a drop too; within {days} days of a rise after a mention, a loss of at most half of it is its readers leaving, shown in what stayed.",
            "Любой другой рост — скачок, или ступенька, если каждый из {flat} дней до него канал стоял на месте: все его часы в пределах 0,1 % числа подписчиков и {flatmax} человек друг от друга. Потеря сверх обычного — отток; в течение {days} дней после скачка это могут уходить купленные подписчики, и там оттоком считается и медленная потеря не меньше {drop} % скачка; в течение {days} дней после роста после упоминания потеря не больше его половины — уход пришедших читателей, она видна в том, сколько осталось.",
        ),
        ui.t(
            "Readers: each finding of subscribers has a button that reads the posts published from {read_days} days before it to a day before it, and from its end to {read_days} days after (at most {read_posts} a side), found by message number from the reach profile's posts, one post-statistics request each. A post's reach is its views in its first 24 hours; ERR24 is the median reach / the count before (after) it. Bought subscribers do not read, so after them reach stays and ERR24 falls. The line between the two is {followed} % of the newcomers reading as the readers before did: the newcomers followed when the reach's change lies more than {sure_errors} standard errors beyond it (from how much the posts' reach varies, taken as at least {least_spread} on a log scale), did not when as far short of it; nearer, the posts cannot tell; nor can fewer than {min_posts} posts on a side. A rise or a loss against the channel whose people did not read is one level surer, one whose people read one level less sure; a rise after a mention whose newcomers do not read is a rise beyond its mention.",
            "Читатели: у каждой находки по подписчикам есть кнопка, которая читает посты, опубликованные за {read_days} дней до неё и не позже чем за сутки до неё, и с её конца на {read_days} дней после (не больше {read_posts} с каждой стороны); посты находятся по номерам сообщений из профиля охвата, по одному запросу статистики на пост. Охват поста — его просмотры за первые 24 часа; ERR24 — медианный охват / число подписчиков до (после) находки. Купленные подписчики не читают, после них охват стоит, а ERR24 падает. Граница между этими случаями — {followed} % пришедших, читающих как прежние читатели: пришедшие читают, если изменение охвата дальше неё больше чем на {sure_errors} стандартные ошибки (по разбросу охвата постов, не меньше {least_spread} в логарифмах), не читают — если настолько же ближе; при меньшем отличии посты сказать не могут; не могут и при меньше {min_posts} постах с одной стороны. Рост или потеря против канала, чьи люди не читают, становятся на уровень увереннее, а чьи читают — на уровень менее уверенными; рост после упоминания, чьи пришедшие не читают, — рост сверх того, что даёт упоминание.",
        ),
        ui.t(
            "How sure: low for a channel under {small} subscribers, under {sure_days} days of counts, more than {gappy} % of them missing, or daily counts only; medium when a finding is under {sure} spreads, or when a rise fades as readers answering an advert do (its first third brought 2.5 times its last); high otherwise. Only a high one reads \"looks bought\". \"No warning signs\" is of high confidence only when there was no rise after a mention, or the newcomers of each were read and found to follow; otherwise it is of medium confidence at most, and says what was not checked.",
            "Уверенность: низкая для канала меньше {small} подписчиков, меньше {sure_days} дней данных, больше {gappy} % пропусков или только дневных данных; средняя, если находка меньше {sure} разбросов или рост затухает, как приход читателей после рекламы (первая треть дала в 2,5 раза больше последней); иначе высокая. Только при высокой написано «похоже на накрутку». «Тревожных признаков нет» с высокой уверенностью — только если роста после упоминаний не было или у каждого прочитаны посты и пришедшие читают; иначе уверенность не выше средней, и сказано, что не проверено.",
        ),
        ui.t(
            "What it cannot see: subscribers bought right after an advert are caught when they are more than {conversion} % of its views or when the newcomers do not read, but not when a few hide within that share and the posts' reach cannot tell; bots added slowly over weeks look like growth; a mention outside the newest 50 posts found, in a private channel or by word of mouth is unknown to the check, so its rise shows as a jump (of medium confidence when it fades like an advert's), and a mention whose views are unknown is held only to its shape and its readers; bought views make bots look like readers; a purge the messenger itself made looks like one the owner made.",
            "Чего она не видит: подписчиков, купленных сразу после рекламы, она ловит, если их больше {conversion} % просмотров рекламы или пришедшие не читают, но не тогда, когда немногие прячутся в этой доле, а охват постов сказать не может; боты, добавляемые медленно неделями, выглядят как рост; упоминание вне 50 последних найденных постов, в закрытом канале или из уст в уста проверке неизвестно, и его рост показан скачком (средней уверенности, если затухает как после рекламы), а упоминание с неизвестными просмотрами проверяется только по форме и читателям; купленные просмотры делают ботов похожими на читателей; чистка, сделанная самим мессенджером, выглядит как чистка владельцем.",
        ),
    ]
    .into_iter()
    .map(|text| fill(text, &localized))
    .collect()
}
