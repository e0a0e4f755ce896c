//! Subscriber dynamics' answer as it is first drawn, written as markup: the switch between the
//! counts and their change, the chart, the notes on records left out and the summary of each
//! channel's change. The one source of it for the console (`pages::subscriber_dynamics` inserts
//! each part) and the gateway, which writes it into the page of an address that names no day
//! (see `view::card` for why markup written once). The table of every period under it is the
//! console's to draw.
//!
//! Periods are named from the API's period strings, which carry no time zone, so the markup is
//! the same in every zone.

use crate::api::PeriodGroup;
use crate::figures::counts::{signed, Trend};
use crate::figures::dynamics::{chart_series, summarize, Change, Reading};
use crate::figures::points::Series;
use crate::format::{fill, format_percent, group_thousands, Locale};
use crate::sanitize::MarkupWriter;
use crate::view::line_chart::{
    period_axis_label, write_line_chart, ChartLayout, LineChartSpec, DEFAULT_HEIGHT,
};
use crate::view::switch::write_view_switch;

/// One channel's readings, named as typed.
pub struct ChannelReadings<'a> {
    pub name: &'a str,
    pub readings: &'a [Reading],
}

fn t(locale: Locale, en: &'static str, ru: &'static str) -> &'static str {
    match locale {
        Locale::En => en,
        Locale::Ru => ru,
    }
}

/// The switch's name and its views' labels: the counts, then their change in percent.
pub fn switch_labels(locale: Locale) -> (&'static str, [&'static str; 2]) {
    (
        t(locale, "Chart", "График"),
        [
            t(locale, "Subscribers", "Подписчики"),
            t(locale, "Change, %", "Изменение, %"),
        ],
    )
}

/// The chart's series and what its values are: the counts, or (`relative`) each channel's
/// change since its first period. Channels of very different sizes share one axis: as a change,
/// a small channel's curve stays readable next to a big one.
pub fn dynamics_chart(
    locale: Locale,
    channels: &[ChannelReadings],
    relative: bool,
) -> (Vec<Series>, &'static str) {
    let series = chart_series(
        locale,
        channels.iter().map(|c| (c.name, c.readings)),
        relative,
    );
    let title = if relative {
        t(
            locale,
            "Change since the first period, %",
            "Изменение с первого периода, %",
        )
    } else {
        t(locale, "Subscribers", "Подписчики")
    };
    (series, title)
}

/// The notes on records left out: those whose period could not be read (`unreadable`), and
/// the records' own (`records_note`, as `view::unreadable` words it). Nothing when none were.
pub fn write_dynamics_notes(
    m: &mut MarkupWriter,
    locale: Locale,
    unreadable: usize,
    records_note: Option<&str>,
) {
    if unreadable > 0 {
        m.tags(r#"<p class="muted">"#)
            .text(fill(
                t(
                    locale,
                    "{n} records with an unreadable period were left out.",
                    "Записей с нечитаемым периодом пропущено: {n}.",
                ),
                &[("n", unreadable.to_string())],
            ))
            .tags("</p>");
    }
    if let Some(note) = records_note {
        m.tags(r#"<p class="cs-unreadable" role="note">"#)
            .text(note)
            .tags("</p>");
    }
}

/// The summary of each channel's change: its first and last reading, the net change in
/// subscribers and percent, and its largest rise and fall between neighbouring periods.
pub fn write_dynamics_summary(m: &mut MarkupWriter, locale: Locale, channels: &[ChannelReadings]) {
    let title = t(locale, "Change over the period", "Изменение за период");
    m.tags(r#"<div class="dynamics-summary"><h2>"#)
        .text(title)
        // Scrolls where the columns do not fit, and holds no link: a keyboard reaches it itself.
        .tags(r#"</h2><div class="cs-table-scroll" tabindex="0" role="region""#)
        .attribute("aria-label", title)
        .tags(r#"><table class="cs-table"><thead><tr>"#);
    let headings = [
        ("", t(locale, "Channel", "Канал")),
        ("", t(locale, "First", "Начало")),
        ("", t(locale, "Last", "Конец")),
        ("cs-num", t(locale, "Net change", "Изменение")),
        ("cs-num", t(locale, "Change, %", "Изменение, %")),
        ("", t(locale, "Largest gain", "Наибольший прирост")),
        ("", t(locale, "Largest drop", "Наибольшее падение")),
    ];
    for (class, heading) in headings {
        m.tags(r#"<th scope="col""#);
        if !class.is_empty() {
            m.attribute("class", class);
        }
        m.tags(">").text(heading).tags("</th>");
    }
    m.tags("</tr></thead><tbody>");
    for channel in channels {
        write_summary_row(m, locale, channel);
    }
    m.tags("</tbody></table></div></div>");
}

fn write_summary_row(m: &mut MarkupWriter, locale: Locale, channel: &ChannelReadings) {
    m.tags("<tr")
        .attribute("data-channel", channel.name)
        .tags(r#"><th scope="row">"#)
        .text(channel.name)
        .tags("</th>");
    let Some(s) = summarize(channel.readings) else {
        m.tags(r#"<td colspan="6" class="muted">"#)
            .text(t(locale, "No records", "Нет записей"))
            .tags("</td></tr>");
        return;
    };
    let value_and_period = |m: &mut MarkupWriter, value: String, period: String| {
        m.tags(r#"<span class="summary-value">"#)
            .text(value)
            .tags(r#"</span><span class="muted summary-period">"#)
            .text(period)
            .tags("</span>");
    };
    let change = |m: &mut MarkupWriter, c: Option<Change>| match c {
        Some(c) => value_and_period(m, signed(c.by, locale), c.to.label(locale)),
        None => {
            m.text("—");
        }
    };
    let trend = Trend::of(s.net).class();
    m.tags(r#"<td class="summary-first">"#);
    value_and_period(
        m,
        group_thousands(s.first.count, locale),
        s.first.period.label(locale),
    );
    m.tags(r#"</td><td class="summary-last">"#);
    value_and_period(
        m,
        group_thousands(s.last.count, locale),
        s.last.period.label(locale),
    );
    m.tags("</td><td")
        .attribute("class", format!("summary-net cs-num {trend}"))
        .tags(">")
        .text(signed(s.net, locale))
        .tags("</td><td")
        .attribute("class", format!("summary-percent cs-num {trend}"))
        .tags(">")
        .text(
            s.percent
                .map_or_else(|| "—".to_owned(), |p| format_percent(p, locale)),
        )
        .tags(r#"</td><td class="summary-gain">"#);
    change(m, s.gain);
    m.tags(r#"</td><td class="summary-drop">"#);
    change(m, s.drop);
    m.tags("</td></tr>");
}

/// How the answer is drawn: in what language, the periods' grouping, the chart's width in
/// pixels, and the records left out ([`write_dynamics_notes`]).
pub struct DynamicsLook<'a> {
    pub locale: Locale,
    pub group: PeriodGroup,
    pub width: f64,
    pub unreadable: usize,
    pub records_note: Option<&'a str>,
}

/// The answer as the page first shows it (the counts), without the table of every period: what
/// the console draws for the same answer. `false`, with nothing written, when no channel has a
/// reading (the page then says so, as the console's).
pub fn write_dynamics_answer(
    m: &mut MarkupWriter,
    look: &DynamicsLook,
    channels: &[ChannelReadings],
) -> bool {
    let (locale, group) = (look.locale, look.group);
    let (series, y_title) = dynamics_chart(locale, channels, false);
    let axis = |x: f64| period_axis_label(group, locale, x);
    let spec = LineChartSpec {
        series: &series,
        y_title,
        x_format: Some(&axis),
        height: DEFAULT_HEIGHT,
        marks: &[],
        locale,
    };
    let Some(layout) = ChartLayout::new(&spec, look.width) else {
        return false;
    };
    let (label, views) = switch_labels(locale);
    write_view_switch(m, label, &views, 0);
    m.tags(r#"<div class="dynamics-chart">"#);
    write_line_chart(m, &spec, &layout);
    m.tags("</div>");
    write_dynamics_notes(m, locale, look.unreadable, look.records_note);
    write_dynamics_summary(m, locale, channels);
    true
}
