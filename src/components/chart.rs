//! A line chart drawn as plain SVG, with a crosshair and tooltip for the pointer and the keyboard.
//! Its markup is [`crate::view::line_chart`]'s (as the gateway writes it into a page), inserted
//! whole; the crosshair and tooltip are written by the same module into it as they move, by
//! listeners on the chart's `figure`. Its geometry is [`crate::view::chart`].

use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::capture::use_capture;
use super::status::EmptyState;
use crate::api::PeriodGroup;
use crate::figures::points::Series;
use crate::format::Locale;
use crate::sanitize::MarkupWriter;
use crate::ui::use_ui;
use crate::view::chart::{key_move, nearest_slot};
use crate::view::line_chart::{
    period_axis_label, write_chart_inside, write_highlight, ChartLayout, LineChartSpec,
    DEFAULT_HEIGHT, DEFAULT_WIDTH,
};

/// Short x-axis labels of a chart over periods of `group` ([`period_axis_label`]).
pub fn period_axis(group: PeriodGroup, locale: Locale) -> Callback<f64, String> {
    Callback::from(move |x: f64| period_axis_label(group, locale, x))
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
    #[prop_or(DEFAULT_HEIGHT)]
    pub height: f64,
    /// Instants marked with a vertical line (x as the points have it) and what each is.
    #[prop_or_default]
    pub marks: Rc<Vec<(f64, String)>>,
}

/// The chart's SVG, if `event` happened on it or inside it.
fn svg_of(event: &web_sys::Event) -> Option<web_sys::Element> {
    event
        .target()?
        .dyn_into::<web_sys::Element>()
        .ok()?
        .closest(".cs-chart-svg")
        .ok()?
}

#[function_component(LineChart)]
pub fn line_chart(props: &LineChartProps) -> Html {
    let ui = use_ui();
    let figure = use_node_ref();
    let highlight = use_state(|| None::<usize>);
    let emit = |x: f64| {
        props
            .x_format
            .as_ref()
            .map(|format| format.emit(x))
            .unwrap_or_default()
    };
    let spec = LineChartSpec {
        series: &props.series,
        y_title: &props.y_title,
        x_format: props
            .x_format
            .as_ref()
            .map(|_| &emit as &dyn Fn(f64) -> String),
        height: props.height,
        marks: &props.marks,
        locale: ui.locale,
    };
    let shown = ChartLayout::new(&spec, DEFAULT_WIDTH).is_some();
    let width = use_width(figure.clone(), shown);
    let layout = ChartLayout::new(&spec, width);
    let highlighted = (*highlight).filter(|i| layout.as_ref().is_some_and(|l| *i < l.slots.len()));

    let mut inside = MarkupWriter::with_capacity(4096);
    let mut cursor = None;
    if let Some(layout) = &layout {
        write_chart_inside(&mut inside, &spec, layout);
        cursor = highlighted
            .and_then(|index| write_highlight(&spec, layout, index))
            .map(|(crosshair, tooltip)| (crosshair.into_string(), tooltip.into_string()));
    }
    let inside = AttrValue::from(inside.into_string());

    // The crosshair and tooltip, written into the inserted chart: again when it is drawn anew.
    {
        let figure = figure.clone();
        use_effect_with((inside.clone(), cursor), move |(_, cursor)| {
            let Some(figure) = figure.cast::<web_sys::Element>() else {
                return;
            };
            let find = |selector: &str| figure.query_selector(selector).ok().flatten();
            if let Some(old) = find(".cs-chart-cursor") {
                old.remove();
            }
            let (crosshair, tooltip) = cursor
                .as_ref()
                .map_or(("", ""), |(c, t)| (c.as_str(), t.as_str()));
            if let Some(svg) = find(".cs-chart-svg") {
                let _ = svg.insert_adjacent_html("beforeend", crosshair);
            }
            if let Some(live) = find(".cs-chart-live") {
                live.set_inner_html(tooltip);
            }
        });
    }

    let slot_count = layout.as_ref().map_or(0, |l| l.slots.len());
    {
        let highlight = highlight.clone();
        use_capture(
            &figure,
            "keydown",
            (highlighted, slot_count),
            move |event| {
                let Some(key) = event.dyn_ref::<KeyboardEvent>().map(KeyboardEvent::key) else {
                    return;
                };
                if svg_of(&event).is_none() {
                    return;
                }
                if let Some(next) = key_move(&key, highlighted, slot_count) {
                    event.prevent_default();
                    highlight.set(next);
                }
            },
        );
    }
    {
        let highlight = highlight.clone();
        let at = layout
            .as_ref()
            .map(|l| (l.slots.clone(), l.x_scale, l.width));
        use_capture(&figure, "pointermove", inside.clone(), move |event| {
            let (Some((slots, x_scale, width)), Some(svg)) = (&at, svg_of(&event)) else {
                return;
            };
            let Some(pointer) = event.dyn_ref::<PointerEvent>() else {
                return;
            };
            let rect = svg.get_bounding_client_rect();
            if rect.width() <= 0.0 {
                return;
            }
            let pixel = (f64::from(pointer.client_x()) - rect.left()) / rect.width() * width;
            highlight.set(nearest_slot(slots, x_scale.invert(pixel)));
        });
    }
    // Neither event bubbles: heard on the way down, for the SVG itself only.
    let leave = {
        let highlight = highlight.clone();
        move |event: web_sys::Event| {
            let on_svg = event
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|t| t.matches(".cs-chart-svg").unwrap_or(false));
            if on_svg {
                highlight.set(None);
            }
        }
    };
    // Again when the figure comes after an empty state: it is another element.
    use_capture(&figure, "pointerleave", shown, leave.clone());
    use_capture(&figure, "blur", shown, leave);

    if layout.is_none() {
        return html! {
            <div class="cs-chart cs-chart-empty">
                <EmptyState title={ui.t("No data for this period", "Нет данных за этот период")} />
            </div>
        };
    }
    html! {
        <figure class="cs-chart" ref={figure}>
            { Html::from_html_unchecked(inside) }
        </figure>
    }
}
