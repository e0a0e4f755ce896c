//! A line chart drawn as plain SVG, with a crosshair and tooltip for the pointer and the keyboard.
//!
//! The geometry (scales, "nice" ticks, paths, the points under the crosshair) is in pure public
//! functions so that it can be tested without drawing.

use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::status::EmptyState;
use crate::format::compact_f64;
use crate::ui::{use_ui, Ui};

/// One value of a series.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// Position on the horizontal axis: Unix seconds or any other increasing measure.
    pub x: f64,
    pub y: f64,
    /// What the tooltip calls this point, e.g. a period label.
    pub label: String,
}

/// A named line.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub points: Vec<Point>,
}

/// How many series get colours of their own; further ones reuse them.
pub const PALETTE_SIZE: usize = 5;
const MARGIN_LEFT: f64 = 56.0;
const MARGIN_RIGHT: f64 = 16.0;
const MARGIN_TOP: f64 = 12.0;
const MARGIN_BOTTOM: f64 = 28.0;
/// Width assumed until the chart's box has been measured.
const DEFAULT_WIDTH: f64 = 640.0;
/// Horizontal room one x label needs, so that labels never overlap.
const X_LABEL_ROOM: f64 = 96.0;
const MAX_X_LABELS: usize = 6;
const Y_TICKS: usize = 5;

/// A linear map from a domain to a pixel range; a domain of one value maps to the middle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    pub domain: (f64, f64),
    pub range: (f64, f64),
}

impl Scale {
    pub fn map(&self, value: f64) -> f64 {
        let (d0, d1) = self.domain;
        let (r0, r1) = self.range;
        if d1 == d0 {
            return (r0 + r1) / 2.0;
        }
        r0 + (value - d0) / (d1 - d0) * (r1 - r0)
    }

    /// The domain value at pixel `pixel` (the inverse of [`Scale::map`]).
    pub fn invert(&self, pixel: f64) -> f64 {
        let (d0, d1) = self.domain;
        let (r0, r1) = self.range;
        if r1 == r0 {
            return d0;
        }
        d0 + (pixel - r0) / (r1 - r0) * (d1 - d0)
    }
}

/// The "nice" step (1, 2 or 5 times a power of ten) at least as large as `raw`.
pub fn nice_step(raw: f64) -> f64 {
    if !raw.is_finite() || raw <= 0.0 {
        return 1.0;
    }
    let power = 10f64.powf(raw.log10().floor());
    let fraction = raw / power;
    let nice = if fraction <= 1.0 {
        1.0
    } else if fraction <= 2.0 {
        2.0
    } else if fraction <= 5.0 {
        5.0
    } else {
        10.0
    };
    nice * power
}

/// Ticks at a nice step covering `min..=max` with about `target` ticks; the first and last tick
/// enclose the data. A flat range is widened around its value so that the line sits mid-chart.
pub fn nice_ticks(min: f64, max: f64, target: usize) -> Vec<f64> {
    let (mut lo, mut hi) = if min <= max { (min, max) } else { (max, min) };
    if !lo.is_finite() || !hi.is_finite() {
        return vec![0.0, 1.0];
    }
    if lo == hi {
        let pad = if lo == 0.0 {
            1.0
        } else {
            (lo.abs() * 0.1).max(1.0)
        };
        lo -= pad;
        hi += pad;
    }
    let step = nice_step((hi - lo) / target.saturating_sub(1).max(1) as f64);
    let first = (lo / step).floor();
    let last = (hi / step).ceil();
    // Counting in whole steps keeps float error from piling up (0.1 + 0.2 …).
    ((first as i64)..=(last as i64))
        .map(|i| {
            let tick = i as f64 * step;
            // No "-0" labels.
            if tick == 0.0 {
                0.0
            } else {
                tick
            }
        })
        .collect()
}

/// The distinct x values of all series, ascending: the positions the crosshair can stop at.
pub fn slots(series: &[Series]) -> Vec<f64> {
    let mut xs: Vec<f64> = series
        .iter()
        .flat_map(|s| s.points.iter())
        .filter(|p| p.x.is_finite() && p.y.is_finite())
        .map(|p| p.x)
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    xs
}

/// Indices of at most `max` slots of `count` to label, spread evenly and always including the
/// first and the last.
pub fn x_tick_indices(count: usize, max: usize) -> Vec<usize> {
    match (count, max) {
        (0, _) | (_, 0) => Vec::new(),
        (1, _) | (_, 1) => vec![0],
        _ => {
            let labels = count.min(max);
            let mut indices: Vec<usize> = (0..labels)
                .map(|i| (i * (count - 1) + (labels - 1) / 2) / (labels - 1))
                .collect();
            indices.dedup();
            indices
        }
    }
}

/// An SVG path through the points, in order (`M x y L x y …`, one decimal).
/// Y-axis labels: compact ("4.3K"), with as many decimals of the unit as it takes for
/// neighbouring ticks not to read the same ("4.35K", "4.4K" rather than "4.4K", "4.4K").
pub fn tick_labels(ticks: &[f64]) -> Vec<String> {
    let label = |t: f64, decimals: usize| {
        let (unit, suffix) = match t.abs() {
            a if a >= 1e9 => (1e9, "B"),
            a if a >= 1e6 => (1e6, "M"),
            a if a >= 1e3 => (1e3, "K"),
            _ => return compact_f64(t),
        };
        let text = format!("{:.*}", decimals, t / unit);
        let text = text.trim_end_matches('0').trim_end_matches('.');
        format!("{text}{suffix}")
    };
    (1..=4)
        .map(|decimals| {
            ticks
                .iter()
                .map(|t| label(*t, decimals))
                .collect::<Vec<_>>()
        })
        .find(|labels| labels.windows(2).all(|pair| pair[0] != pair[1]))
        .unwrap_or_else(|| ticks.iter().map(|t| compact_f64(*t)).collect())
}

pub fn line_path(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .enumerate()
        .map(|(i, (x, y))| format!("{}{x:.1} {y:.1}", if i == 0 { "M" } else { "L" }))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The index of the slot nearest to `x`.
pub fn nearest_slot(slots: &[f64], x: f64) -> Option<usize> {
    let after = slots.partition_point(|s| *s < x);
    match (after.checked_sub(1), slots.get(after)) {
        (Some(before), Some(next)) => Some(if x - slots[before] <= next - x {
            before
        } else {
            after
        }),
        (Some(before), None) => Some(before),
        (None, Some(_)) => Some(0),
        (None, None) => None,
    }
}

/// Where the highlight goes for a key, or `None` for a key the chart does not use.
pub fn key_move(key: &str, current: Option<usize>, count: usize) -> Option<Option<usize>> {
    let last = count.checked_sub(1)?;
    Some(match key {
        "ArrowRight" => Some(current.map_or(0, |i| (i + 1).min(last))),
        "ArrowLeft" => Some(current.map_or(last, |i| i.saturating_sub(1))),
        "Home" => Some(0),
        "End" => Some(last),
        "Escape" => None,
        _ => return None,
    })
}

/// The point of `series` at slot value `x`.
fn point_at(series: &Series, x: f64) -> Option<&Point> {
    series.points.iter().find(|p| p.x == x && p.y.is_finite())
}

fn series_class(index: usize) -> String {
    format!("cs-series-{}", index % PALETTE_SIZE + 1)
}

/// A value for the tooltip: whole numbers exactly, with grouped thousands.
fn exact(ui: &Ui, y: f64) -> String {
    if y.fract() == 0.0 && y.abs() < 9e15 {
        ui.count(y as i64)
    } else {
        format!("{y:.2}")
    }
}

/// The width of the element behind `node`, in CSS pixels, following window resizes.
#[hook]
fn use_width(node: NodeRef) -> f64 {
    let width = use_state(|| DEFAULT_WIDTH);
    {
        let width = width.clone();
        use_effect_with((), move |_| {
            let measure = move || {
                if let Some(element) = node.cast::<web_sys::Element>() {
                    let measured = f64::from(element.client_width());
                    if measured > 0.0 {
                        width.set(measured);
                    }
                }
            };
            measure();
            let window = web_sys::window();
            let listener = Closure::<dyn FnMut()>::new(measure);
            if let Some(window) = &window {
                // Without it the chart keeps its first width; still usable, as the SVG scales.
                let _ = window
                    .add_event_listener_with_callback("resize", listener.as_ref().unchecked_ref());
            }
            move || {
                if let Some(window) = window {
                    let _ = window.remove_event_listener_with_callback(
                        "resize",
                        listener.as_ref().unchecked_ref(),
                    );
                }
            }
        });
    }
    *width
}

#[derive(Properties, PartialEq)]
pub struct LineChartProps {
    pub series: Rc<Vec<Series>>,
    /// What the values are, e.g. "Subscribers".
    pub y_title: AttrValue,
    /// Labels of x ticks; the points' own labels when absent.
    #[prop_or_default]
    pub x_format: Option<Callback<f64, String>>,
    #[prop_or(240.0)]
    pub height: f64,
}

#[function_component(LineChart)]
pub fn line_chart(props: &LineChartProps) -> Html {
    let ui = use_ui();
    let frame = use_node_ref();
    let svg = use_node_ref();
    let width = use_width(frame.clone()).max(MARGIN_LEFT + MARGIN_RIGHT + 40.0);
    let height = props.height.max(MARGIN_TOP + MARGIN_BOTTOM + 40.0);
    let highlight = use_state(|| None::<usize>);

    let series = &props.series;
    let slots = slots(series);
    if slots.is_empty() {
        return html! {
            <div class="cs-chart cs-chart-empty">
                <EmptyState title={ui.t("No data for this period", "Нет данных за этот период")} />
            </div>
        };
    }
    let highlighted = highlight.filter(|i| *i < slots.len());

    let values = || {
        series
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
    let plot_right = width - MARGIN_RIGHT;
    let plot_bottom = height - MARGIN_BOTTOM;
    let x_scale = Scale {
        domain: (slots[0], slots[slots.len() - 1]),
        range: (MARGIN_LEFT, plot_right),
    };
    let y_scale = Scale {
        domain: (tick_lo, tick_hi),
        range: (plot_bottom, MARGIN_TOP),
    };

    let label_of = |x: f64| {
        series
            .iter()
            .find_map(|s| point_at(s, x))
            .map(|p| p.label.clone())
            .unwrap_or_default()
    };
    let x_label = |x: f64| match &props.x_format {
        Some(format) => format.emit(x),
        None => label_of(x),
    };

    let tick_labels = tick_labels(&ticks);
    let grid = ticks.iter().zip(&tick_labels).map(|(tick, label)| {
        let y = y_scale.map(*tick);
        html! {
            <g class="cs-chart-grid">
                <line x1={MARGIN_LEFT.to_string()} x2={plot_right.to_string()}
                    y1={format!("{y:.1}")} y2={format!("{y:.1}")} />
                <text class="cs-chart-ytick" x={(MARGIN_LEFT - 8.0).to_string()} y={format!("{y:.1}")}
                    text-anchor="end" dominant-baseline="middle">{ label.clone() }</text>
            </g>
        }
    });
    let room = ((plot_right - MARGIN_LEFT) / X_LABEL_ROOM).floor() as usize;
    let x_ticks = x_tick_indices(slots.len(), room.clamp(1, MAX_X_LABELS));
    let x_tick_count = x_ticks.len();
    let x_labels = x_ticks.into_iter().enumerate().map(|(n, i)| {
        let x = x_scale.map(slots[i]);
        let anchor = if slots.len() == 1 || x_tick_count == 1 {
            "middle"
        } else if n == 0 {
            "start"
        } else if n + 1 == x_tick_count {
            "end"
        } else {
            "middle"
        };
        html! {
            <text class="cs-chart-xtick" x={format!("{x:.1}")} y={(plot_bottom + 18.0).to_string()}
                text-anchor={anchor}>{ x_label(slots[i]) }</text>
        }
    });
    let lines = series.iter().enumerate().map(|(i, s)| {
        let points: Vec<(f64, f64)> = s
            .points
            .iter()
            .filter(|p| p.x.is_finite() && p.y.is_finite())
            .map(|p| (x_scale.map(p.x), y_scale.map(p.y)))
            .collect();
        match points.as_slice() {
            [] => html! {},
            [(x, y)] => html! {
                <circle class={classes!("cs-chart-point", series_class(i))}
                    cx={format!("{x:.1}")} cy={format!("{y:.1}")} r="4" />
            },
            _ => html! {
                <path class={classes!("cs-chart-line", series_class(i))} d={line_path(&points)} />
            },
        }
    });

    let crosshair = highlighted.map(|index| {
        let at = slots[index];
        let x = x_scale.map(at);
        let dots = series.iter().enumerate().filter_map(|(i, s)| {
            let point = point_at(s, at)?;
            let y = y_scale.map(point.y);
            Some(html! {
                <circle class={classes!("cs-chart-dot", series_class(i))}
                    cx={format!("{x:.1}")} cy={format!("{y:.1}")} r="4.5" />
            })
        });
        html! {
            <g class="cs-chart-cursor">
                <line class="cs-chart-crosshair" x1={format!("{x:.1}")} x2={format!("{x:.1}")}
                    y1={MARGIN_TOP.to_string()} y2={plot_bottom.to_string()} />
                { for dots }
            </g>
        }
    });
    let tooltip = highlighted.map(|index| {
        let at = slots[index];
        let percent = x_scale.map(at) / width * 100.0;
        // Keeps the box inside the chart at both ends.
        let shift = if percent > 60.0 { "cs-chart-tooltip-left" } else { "cs-chart-tooltip-right" };
        html! {
            <div class={classes!("cs-chart-tooltip", shift)} style={format!("left: {percent:.2}%")}>
                <div class="cs-chart-tooltip-label">{ label_of(at) }</div>
                <ul class="cs-chart-tooltip-values">
                    { for series.iter().enumerate().map(|(i, s)| html! {
                        <li>
                            <span class={classes!("cs-swatch", series_class(i))} aria-hidden="true"></span>
                            <span class="cs-chart-tooltip-name">{ s.name.clone() }</span>
                            <span class="cs-chart-tooltip-value">
                                { point_at(s, at).map_or_else(|| "—".to_owned(), |p| exact(&ui, p.y)) }
                            </span>
                        </li>
                    }) }
                </ul>
            </div>
        }
    });

    let summary = format!(
        "{}. {}",
        props.y_title,
        super::status::fill(
            ui.t(
                "{n} points from {from} to {to}; use the arrow keys to read values.",
                "Точек: {n}, с {from} по {to}; значения — клавишами со стрелками.",
            ),
            &[
                ("n", slots.len().to_string()),
                ("from", label_of(slots[0])),
                ("to", label_of(slots[slots.len() - 1])),
            ],
        )
    );

    let slot_count = slots.len();
    let onkeydown = {
        let highlight = highlight.clone();
        Callback::from(move |event: KeyboardEvent| {
            if let Some(next) = key_move(&event.key(), highlighted, slot_count) {
                event.prevent_default();
                highlight.set(next);
            }
        })
    };
    let onpointermove = {
        let highlight = highlight.clone();
        let svg = svg.clone();
        let slots = slots.clone();
        Callback::from(move |event: PointerEvent| {
            let Some(element) = svg.cast::<web_sys::Element>() else {
                return;
            };
            let rect = element.get_bounding_client_rect();
            if rect.width() <= 0.0 {
                return;
            }
            let pixel = (f64::from(event.client_x()) - rect.left()) / rect.width() * width;
            highlight.set(nearest_slot(&slots, x_scale.invert(pixel)));
        })
    };
    let clear = {
        let highlight = highlight.clone();
        Callback::from(move |_: PointerEvent| highlight.set(None))
    };
    let onblur = {
        let highlight = highlight.clone();
        Callback::from(move |_: FocusEvent| highlight.set(None))
    };

    html! {
        <figure class="cs-chart">
            <figcaption class="cs-chart-title">{ props.y_title.clone() }</figcaption>
            <div class="cs-chart-frame" ref={frame}>
                <svg ref={svg} class="cs-chart-svg" viewBox={format!("0 0 {width:.0} {height:.0}")}
                    width="100%" height={format!("{height:.0}")} preserveAspectRatio="xMidYMid meet"
                    role="img" aria-label={summary} tabindex="0"
                    {onkeydown} {onpointermove} onpointerleave={clear} {onblur}>
                    { for grid }
                    <line class="cs-chart-axis" x1={MARGIN_LEFT.to_string()} x2={MARGIN_LEFT.to_string()}
                        y1={MARGIN_TOP.to_string()} y2={plot_bottom.to_string()} />
                    <line class="cs-chart-axis" x1={MARGIN_LEFT.to_string()} x2={plot_right.to_string()}
                        y1={plot_bottom.to_string()} y2={plot_bottom.to_string()} />
                    { for x_labels }
                    { for lines }
                    { crosshair }
                </svg>
                <div class="cs-chart-live" aria-live="polite">{ tooltip }</div>
            </div>
            if series.iter().any(|s| !s.name.is_empty()) {
                <ul class="cs-chart-legend">
                    { for series.iter().enumerate().map(|(i, s)| html! {
                        <li>
                            <span class={classes!("cs-swatch", series_class(i))} aria-hidden="true"></span>
                            { s.name.clone() }
                        </li>
                    }) }
                </ul>
            }
        </figure>
    }
}
