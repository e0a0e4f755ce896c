//! A line chart written as markup: the figure, its SVG (grid, axes, labels, marks, lines) and
//! its legend, and the crosshair and tooltip of a highlighted point. The one source of the
//! chart's markup for the console (`components::chart` inserts it, and draws the crosshair and
//! tooltip with it as the pointer or the keyboard moves) and the gateway, which sends subscriber
//! dynamics' chart inside the page (see `view::card` for why markup written once). The geometry
//! is [`crate::view::chart`].
//!
//! The chart is drawn at a width in pixels and scales with its box (`viewBox`, width 100 %); its
//! height is fixed, so a chart drawn again at its box's measured width keeps its box's height.

use chrono::DateTime;

use crate::api::PeriodGroup;
use crate::figures::points::Series;
use crate::format::{axis_label, fill, group_thousands, Locale};
use crate::sanitize::MarkupWriter;
use crate::view::chart::{
    line_path, nice_ticks, point_at, series_class, slots, tick_labels, x_tick_indices, Scale,
};

const MARGIN_LEFT: f64 = 56.0;
const MARGIN_RIGHT: f64 = 16.0;
const MARGIN_TOP: f64 = 12.0;
const MARGIN_BOTTOM: f64 = 28.0;
/// Width a chart is drawn at where its box cannot be measured: by the server of the page, and
/// by the console before its first chart's box has been.
pub const DEFAULT_WIDTH: f64 = 640.0;
/// A chart's height unless its page asks for another.
pub const DEFAULT_HEIGHT: f64 = 240.0;
/// Horizontal room one x label needs, so that labels never overlap.
const X_LABEL_ROOM: f64 = 96.0;
const MAX_X_LABELS: usize = 6;
const Y_TICKS: usize = 5;

/// Short x-axis labels of a chart over periods of `group`, whose x is a period's start in Unix
/// seconds read as UTC, as the API's period strings name it (no time zone); full period labels
/// ("Week 47, 2026 · 16 Nov – 22 Nov") are for the tooltip.
pub fn period_axis_label(group: PeriodGroup, locale: Locale, x: f64) -> String {
    DateTime::from_timestamp(x as i64, 0)
        .map(|at| axis_label(group, at.naive_utc(), locale))
        .unwrap_or_default()
}

/// What a chart shows.
pub struct LineChartSpec<'a> {
    pub series: &'a [Series],
    /// What the values are, e.g. "Subscribers".
    pub y_title: &'a str,
    /// Labels of x ticks; the points' own labels when absent.
    pub x_format: Option<&'a dyn Fn(f64) -> String>,
    pub height: f64,
    /// Instants marked with a vertical line (x as the points have it) and what each is.
    pub marks: &'a [(f64, String)],
    pub locale: Locale,
}

/// A chart laid out at a width: where its slots and values fall.
pub struct ChartLayout {
    /// The distinct x values, ascending: where the crosshair stops.
    pub slots: Vec<f64>,
    pub x_scale: Scale,
    pub y_scale: Scale,
    pub width: f64,
    pub height: f64,
    ticks: Vec<f64>,
}

impl ChartLayout {
    /// `spec` laid out at `width` pixels; `None` when it has no point to draw.
    pub fn new(spec: &LineChartSpec, width: f64) -> Option<ChartLayout> {
        let slots = slots(spec.series);
        let (first, last) = (*slots.first()?, *slots.last()?);
        let height = spec.height.max(MARGIN_TOP + MARGIN_BOTTOM + 40.0);
        let width = width.max(MARGIN_LEFT + MARGIN_RIGHT + 40.0);
        let values = || {
            spec.series
                .iter()
                .flat_map(|s| s.points.iter())
                .map(|p| p.y)
                .filter(|y| y.is_finite())
        };
        let y_min = values().fold(f64::INFINITY, f64::min);
        let y_max = values().fold(f64::NEG_INFINITY, f64::max);
        let ticks = nice_ticks(y_min, y_max, Y_TICKS);
        let (tick_lo, tick_hi) = (
            ticks.first().copied().unwrap_or(0.0),
            ticks.last().copied().unwrap_or(1.0),
        );
        Some(ChartLayout {
            x_scale: Scale {
                domain: (first, last),
                range: (MARGIN_LEFT, width - MARGIN_RIGHT),
            },
            y_scale: Scale {
                domain: (tick_lo, tick_hi),
                range: (height - MARGIN_BOTTOM, MARGIN_TOP),
            },
            slots,
            width,
            height,
            ticks,
        })
    }

    fn plot_right(&self) -> f64 {
        self.width - MARGIN_RIGHT
    }

    fn plot_bottom(&self) -> f64 {
        self.height - MARGIN_BOTTOM
    }
}

/// The label of the first point at `x`.
fn label_of(series: &[Series], x: f64) -> String {
    series
        .iter()
        .find_map(|s| point_at(s, x))
        .map(|p| p.label.clone())
        .unwrap_or_default()
}

/// A value for the tooltip: whole numbers exactly, with grouped thousands.
fn exact(y: f64, locale: Locale) -> String {
    if y.fract() == 0.0 && y.abs() < 9e15 {
        group_thousands(y as i64, locale)
    } else {
        format!("{y:.2}")
    }
}

/// The chart as a `figure`: what [`write_chart_inside`] writes, in its element.
pub fn write_line_chart(m: &mut MarkupWriter, spec: &LineChartSpec, layout: &ChartLayout) {
    m.tags(r#"<figure class="cs-chart">"#);
    write_chart_inside(m, spec, layout);
    m.tags("</figure>");
}

/// What the chart's `figure` holds: its title, the SVG with an empty live region beside it
/// (for the tooltip), and the legend where the series are named.
pub fn write_chart_inside(m: &mut MarkupWriter, spec: &LineChartSpec, layout: &ChartLayout) {
    let t = |en: &'static str, ru: &'static str| if spec.locale == Locale::En { en } else { ru };
    let slots = &layout.slots;
    let (first, last) = (slots[0], slots[slots.len() - 1]);
    let summary = format!(
        "{}. {}",
        spec.y_title,
        fill(
            t(
                "{n} points from {from} to {to}; use the arrow keys to read values.",
                "Точек: {n}, с {from} по {to}; значения — клавишами со стрелками.",
            ),
            &[
                ("n", slots.len().to_string()),
                ("from", label_of(spec.series, first)),
                ("to", label_of(spec.series, last)),
            ],
        )
    );
    let (left, right, bottom) = (
        MARGIN_LEFT.to_string(),
        layout.plot_right().to_string(),
        layout.plot_bottom().to_string(),
    );
    let top = MARGIN_TOP.to_string();
    m.tags(r#"<figcaption class="cs-chart-title">"#)
        .text(spec.y_title)
        .tags(r#"</figcaption><div class="cs-chart-frame"><svg class="cs-chart-svg""#)
        .attribute(
            "viewBox",
            format!("0 0 {:.0} {:.0}", layout.width, layout.height),
        )
        .tags(r#" width="100%""#)
        .attribute("height", format!("{:.0}", layout.height))
        .tags(r#" preserveAspectRatio="xMidYMid meet" role="img""#)
        .attribute("aria-label", summary)
        .tags(r#" tabindex="0">"#);
    let labels = tick_labels(&layout.ticks);
    for (tick, label) in layout.ticks.iter().zip(&labels) {
        let y = format!("{:.1}", layout.y_scale.map(*tick));
        m.tags(r#"<g class="cs-chart-grid"><line"#)
            .attribute("x1", &left)
            .attribute("x2", &right)
            .attribute("y1", &y)
            .attribute("y2", &y)
            .tags(r#"></line><text class="cs-chart-ytick""#)
            .attribute("x", (MARGIN_LEFT - 8.0).to_string())
            .attribute("y", &y)
            .tags(r#" text-anchor="end" dominant-baseline="middle">"#)
            .text(label)
            .tags("</text></g>");
    }
    m.tags(r#"<line class="cs-chart-axis""#)
        .attribute("x1", &left)
        .attribute("x2", &left)
        .attribute("y1", &top)
        .attribute("y2", &bottom)
        .tags(r#"></line><line class="cs-chart-axis""#)
        .attribute("x1", &left)
        .attribute("x2", &right)
        .attribute("y1", &bottom)
        .attribute("y2", &bottom)
        .tags("></line>");
    write_x_labels(m, spec, layout);
    for (at, what) in spec
        .marks
        .iter()
        .filter(|(x, _)| x.is_finite() && (first..=last).contains(x))
    {
        write_vertical(
            m,
            r#"<line class="cs-chart-mark""#,
            layout.x_scale.map(*at),
            layout,
        );
        m.tags("><title>").text(what).tags("</title></line>");
    }
    for (i, s) in spec.series.iter().enumerate() {
        let points: Vec<(f64, f64)> = s
            .points
            .iter()
            .filter(|p| p.x.is_finite() && p.y.is_finite())
            .map(|p| (layout.x_scale.map(p.x), layout.y_scale.map(p.y)))
            .collect();
        match points.as_slice() {
            [] => {}
            [(x, y)] => {
                m.tags(r#"<circle"#)
                    .attribute("class", format!("cs-chart-point {}", series_class(i)))
                    .attribute("cx", format!("{x:.1}"))
                    .attribute("cy", format!("{y:.1}"))
                    .tags(r#" r="4"></circle>"#);
            }
            _ => {
                m.tags(r#"<path"#)
                    .attribute("class", format!("cs-chart-line {}", series_class(i)))
                    .attribute("d", line_path(&points))
                    .tags("></path>");
            }
        }
    }
    m.tags(r#"</svg><div class="cs-chart-live" aria-live="polite"></div></div>"#);
    if spec.series.iter().any(|s| !s.name.is_empty()) {
        m.tags(r#"<ul class="cs-chart-legend">"#);
        for (i, s) in spec.series.iter().enumerate() {
            m.tags("<li><span")
                .attribute("class", format!("cs-swatch {}", series_class(i)))
                .tags(r#" aria-hidden="true"></span>"#)
                .text(&s.name)
                .tags("</li>");
        }
        m.tags("</ul>");
    }
}

/// The x labels: as many as fit, the first and last aligned to the plot's edges.
fn write_x_labels(m: &mut MarkupWriter, spec: &LineChartSpec, layout: &ChartLayout) {
    let slots = &layout.slots;
    let room = ((layout.plot_right() - MARGIN_LEFT) / X_LABEL_ROOM).floor() as usize;
    let x_ticks = x_tick_indices(slots.len(), room.clamp(1, MAX_X_LABELS));
    let count = x_ticks.len();
    let y = (layout.plot_bottom() + 18.0).to_string();
    for (n, i) in x_ticks.into_iter().enumerate() {
        let anchor = if slots.len() == 1 || count == 1 {
            "middle"
        } else if n == 0 {
            "start"
        } else if n + 1 == count {
            "end"
        } else {
            "middle"
        };
        let label = match spec.x_format {
            Some(format) => format(slots[i]),
            None => label_of(spec.series, slots[i]),
        };
        m.tags(r#"<text class="cs-chart-xtick""#)
            .attribute("x", format!("{:.1}", layout.x_scale.map(slots[i])))
            .attribute("y", &y)
            .attribute("text-anchor", anchor)
            .tags(">")
            .text(label)
            .tags("</text>");
    }
}

/// What the chart shows at slot `index` as the pointer or the keys stop there: the crosshair,
/// drawn last in the SVG (a vertical line and a dot on each series), and the tooltip for the
/// chart's live region (the period and each series' value). `None` for no slot.
pub fn write_highlight(
    spec: &LineChartSpec,
    layout: &ChartLayout,
    index: usize,
) -> Option<(MarkupWriter, MarkupWriter)> {
    let at = *layout.slots.get(index)?;
    let mut crosshair = MarkupWriter::with_capacity(512);
    let x = layout.x_scale.map(at);
    crosshair.tags(r#"<g class="cs-chart-cursor">"#);
    write_vertical(
        &mut crosshair,
        r#"<line class="cs-chart-crosshair""#,
        x,
        layout,
    );
    crosshair.tags("></line>");
    for (i, s) in spec.series.iter().enumerate() {
        if let Some(point) = point_at(s, at) {
            crosshair
                .tags("<circle")
                .attribute("class", format!("cs-chart-dot {}", series_class(i)))
                .attribute("cx", format!("{x:.1}"))
                .attribute("cy", format!("{:.1}", layout.y_scale.map(point.y)))
                .tags(r#" r="4.5"></circle>"#);
        }
    }
    crosshair.tags("</g>");
    let mut tooltip = MarkupWriter::with_capacity(512);
    write_tooltip(&mut tooltip, spec, layout, at);
    Some((crosshair, tooltip))
}

/// The start of a line across the plot at `x` (`open`, the element's tag and class).
fn write_vertical(m: &mut MarkupWriter, open: &'static str, x: f64, layout: &ChartLayout) {
    let x = format!("{x:.1}");
    m.tags(open)
        .attribute("x1", &x)
        .attribute("x2", &x)
        .attribute("y1", MARGIN_TOP.to_string())
        .attribute("y2", layout.plot_bottom().to_string());
}

fn write_tooltip(m: &mut MarkupWriter, spec: &LineChartSpec, layout: &ChartLayout, at: f64) {
    let percent = layout.x_scale.map(at) / layout.width * 100.0;
    // Keeps the box inside the chart at both ends.
    let shift = if percent > 60.0 {
        "cs-chart-tooltip cs-chart-tooltip-left"
    } else {
        "cs-chart-tooltip cs-chart-tooltip-right"
    };
    m.tags("<div")
        .attribute("class", shift)
        .attribute("style", format!("left: {percent:.2}%"))
        .tags(r#"><div class="cs-chart-tooltip-label">"#)
        .text(label_of(spec.series, at))
        .tags(r#"</div><ul class="cs-chart-tooltip-values">"#);
    for (i, s) in spec.series.iter().enumerate() {
        let value = point_at(s, at).map_or_else(|| "—".to_owned(), |p| exact(p.y, spec.locale));
        m.tags("<li><span")
            .attribute("class", format!("cs-swatch {}", series_class(i)))
            .tags(r#" aria-hidden="true"></span><span class="cs-chart-tooltip-name">"#)
            .text(&s.name)
            .tags(r#"</span><span class="cs-chart-tooltip-value">"#)
            .text(value)
            .tags("</span></li>");
    }
    m.tags("</ul></div>");
}
