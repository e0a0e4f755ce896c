//! A line chart drawn as plain SVG, with a crosshair and tooltip for the pointer and the keyboard.
//! Its geometry (scales, ticks, paths, the points under the crosshair) is [`crate::view::chart`].

use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use chrono::DateTime;

use super::status::EmptyState;
use crate::api::PeriodGroup;
use crate::figures::points::Series;
use crate::format::{axis_label, Locale};
use crate::ui::{use_ui, Ui};
use crate::view::chart::{
    key_move, line_path, nearest_slot, nice_ticks, point_at, series_class, slots, tick_labels,
    x_tick_indices, Scale,
};

const MARGIN_LEFT: f64 = 56.0;
const MARGIN_RIGHT: f64 = 16.0;
const MARGIN_TOP: f64 = 12.0;
const MARGIN_BOTTOM: f64 = 28.0;
/// Width a chart is drawn at where its box cannot be measured (no `ResizeObserver`).
const DEFAULT_WIDTH: f64 = 640.0;
/// Horizontal room one x label needs, so that labels never overlap.
const X_LABEL_ROOM: f64 = 96.0;
const MAX_X_LABELS: usize = 6;
const Y_TICKS: usize = 5;

/// Short x-axis labels of a chart over periods of `group`, whose x is a period's start in Unix
/// seconds; full period labels ("Week 47, 2026 · 16 Nov – 22 Nov") are for the tooltip.
pub fn period_axis(group: PeriodGroup, locale: Locale) -> Callback<f64, String> {
    Callback::from(move |x: f64| {
        DateTime::from_timestamp(x as i64, 0)
            .map(|at| axis_label(group, at.naive_utc(), locale))
            .unwrap_or_default()
    })
}

/// A value for the tooltip: whole numbers exactly, with grouped thousands.
fn exact(ui: &Ui, y: f64) -> String {
    if y.fract() == 0.0 && y.abs() < 9e15 {
        ui.count(y as i64)
    } else {
        format!("{y:.2}")
    }
}

thread_local! {
    /// The width the last chart was measured at: where the next chart is likely to be drawn.
    static LAST_WIDTH: std::cell::Cell<Option<f64>> = const { std::cell::Cell::new(None) };
}

/// The width of the element behind `node`, in CSS pixels, following every change of it (the
/// window's, or the layout's around it).
///
/// A chart is drawn with the answer it shows, at the width the last chart was measured at (at
/// [`DEFAULT_WIDTH`] before any), and a `ResizeObserver` then reports its box: after the browser
/// has laid the page out and before it paints. When the box differs, the chart is drawn again
/// then, so the first frame shows it at its width, and reading the width forces no layout of its
/// own. (Drawn only once measured, a chart came a frame after the rest of its answer: 30 ms of a
/// click on subscriber dynamics. Measured through `clientWidth` while drawing, the browser laid
/// out the whole new page then and there: 10 ms of channel info's start in Chromium.) Where
/// there is no `ResizeObserver`, the chart keeps its first width and scales with its box.
#[hook]
fn use_width(node: NodeRef, shown: bool) -> f64 {
    let width = use_state_eq(|| LAST_WIDTH.get().unwrap_or(DEFAULT_WIDTH));
    {
        let width = width.clone();
        use_effect_with(shown, move |&shown| {
            let element = node.cast::<web_sys::Element>().filter(|_| shown);
            let observed = element.and_then(|element| observe_width(element, width));
            move || {
                if let Some((observer, _measure)) = observed {
                    observer.disconnect();
                }
            }
        });
    }
    *width
}

/// Sets `width` to `element`'s each time a `ResizeObserver` reports it; the observer and its
/// callback, which live as long as it observes.
fn observe_width(
    element: web_sys::Element,
    width: UseStateHandle<f64>,
) -> Option<(web_sys::ResizeObserver, Closure<dyn FnMut()>)> {
    let measure = {
        let element = element.clone();
        Closure::<dyn FnMut()>::new(move || {
            let measured = f64::from(element.client_width());
            if measured > 0.0 {
                LAST_WIDTH.set(Some(measured));
                width.set(measured);
            }
        })
    };
    let observer = web_sys::ResizeObserver::new(measure.as_ref().unchecked_ref()).ok()?;
    observer.observe(&element);
    Some((observer, measure))
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
    /// Instants marked with a vertical line (x as the points have it) and what each is.
    #[prop_or_default]
    pub marks: Rc<Vec<(f64, String)>>,
}

#[function_component(LineChart)]
pub fn line_chart(props: &LineChartProps) -> Html {
    let ui = use_ui();
    let frame = use_node_ref();
    let svg = use_node_ref();
    let series = &props.series;
    let slots = slots(series);
    let width = use_width(frame.clone(), !slots.is_empty());
    let height = props.height.max(MARGIN_TOP + MARGIN_BOTTOM + 40.0);
    let highlight = use_state(|| None::<usize>);

    if slots.is_empty() {
        return html! {
            <div class="cs-chart cs-chart-empty">
                <EmptyState title={ui.t("No data for this period", "Нет данных за этот период")} />
            </div>
        };
    }
    let legend = series.iter().any(|s| !s.name.is_empty()).then(|| {
        html! {
            <ul class="cs-chart-legend">
                { for series.iter().enumerate().map(|(i, s)| html! {
                    <li>
                        <span class={classes!("cs-swatch", series_class(i))} aria-hidden="true"></span>
                        { s.name.clone() }
                    </li>
                }) }
            </ul>
        }
    });
    let width = width.max(MARGIN_LEFT + MARGIN_RIGHT + 40.0);
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

    let (x_first, x_last) = (slots[0], slots[slots.len() - 1]);
    let marks = props
        .marks
        .iter()
        .filter(|(x, _)| x.is_finite() && (x_first..=x_last).contains(x))
        .map(|(at, what)| {
            let x = x_scale.map(*at);
            html! {
                <line class="cs-chart-mark" x1={format!("{x:.1}")} x2={format!("{x:.1}")}
                    y1={MARGIN_TOP.to_string()} y2={plot_bottom.to_string()}>
                    <title>{ what.clone() }</title>
                </line>
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
        crate::format::fill(
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
                    { for marks }
                    { for lines }
                    { crosshair }
                </svg>
                <div class="cs-chart-live" aria-live="polite">{ tooltip }</div>
            </div>
            { for legend }
        </figure>
    }
}
