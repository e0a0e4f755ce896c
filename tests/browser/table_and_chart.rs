//! Browser tests of the data table, the line chart and parts drawn later: each is mounted into
//! a fresh element, the DOM it produces is read back, and header clicks and keys change what it
//! shows. The chart's geometry on its own is tested natively (`tests/view_chart.rs`).
#![cfg(target_arch = "wasm32")]

use std::rc::Rc;

use chanscope::components::chart::{LineChart, LineChartProps};
use chanscope::components::table::{
    export_table, sorted_rows, Column, DataTable, DataTableProps, TableCell,
};
use chanscope::components::Later;
use chanscope::export::to_csv;
use chanscope::figures::points::{Point, Series};
use chanscope::ui::Ui;
use chanscope::view::sort::{Direction, Sort};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;
use yew::prelude::*;

mod dom;
mod mount;

use dom::{attributes, click, dispatch, find, fresh_root, settle_until};
use mount::{mount, settle, texts};

wasm_bindgen_test_configure!(run_in_browser);

fn press(target: &Element, key: &str) {
    dispatch(target, "KeyboardEvent", "keydown", &[("key", key)]);
}

// ---- table ----

fn table_columns() -> Rc<Vec<Column>> {
    Rc::new(vec![
        Column::text("channel", "Channel"),
        Column::numeric("views", "Views"),
    ])
}

fn table_rows() -> Rc<Vec<Vec<TableCell>>> {
    let ui = Ui::default();
    Rc::new(vec![
        vec![TableCell::text("Beta"), TableCell::count(&ui, 5_000)],
        vec![TableCell::text("alpha"), TableCell::count(&ui, 20)],
        vec![TableCell::text("Gamma, Inc"), TableCell::missing()],
        vec![TableCell::text("=cmd"), TableCell::count(&ui, 300)],
    ])
}

fn table_props() -> DataTableProps {
    let ui = Ui::default();
    DataTableProps {
        columns: table_columns(),
        rows: table_rows(),
        totals: Some(vec![TableCell::text("Total"), TableCell::count(&ui, 5_320)]),
        export_name: "mentions".into(),
        caption: None,
        lead: None,
    }
}

#[wasm_bindgen_test]
async fn table_sorts_by_header_clicks_and_keeps_totals_last() {
    let root = mount::<DataTable>(table_props()).await;
    assert_eq!(
        texts(&root, "tbody td:first-child"),
        ["Beta", "alpha", "Gamma, Inc", "=cmd"]
    );
    assert_eq!(texts(&root, "tfoot td"), ["Total", "5,320"]);
    assert_eq!(
        find(&root, "th:nth-child(2)")
            .get_attribute("aria-sort")
            .as_deref(),
        Some("none")
    );
    assert!(find(&root, "th:nth-child(2)")
        .class_name()
        .contains("cs-num"));

    let views = find(&root, "th:nth-child(2) button");
    click(&views);
    settle().await;
    assert_eq!(
        texts(&root, "tbody td:nth-child(2)"),
        ["20", "300", "5,000", "—"]
    );
    assert_eq!(
        find(&root, "th:nth-child(2)")
            .get_attribute("aria-sort")
            .as_deref(),
        Some("ascending")
    );

    click(&views);
    settle().await;
    let visible = texts(&root, "tbody td:first-child");
    assert_eq!(visible, ["Beta", "=cmd", "alpha", "Gamma, Inc"]);
    assert_eq!(
        find(&root, "th:nth-child(2)")
            .get_attribute("aria-sort")
            .as_deref(),
        Some("descending")
    );
    assert_eq!(texts(&root, "tfoot td"), ["Total", "5,320"]);

    click(&find(&root, "th:nth-child(1) button"));
    settle().await;
    assert_eq!(
        texts(&root, "tbody td:first-child"),
        ["=cmd", "alpha", "Beta", "Gamma, Inc"]
    );
    assert_eq!(
        find(&root, "th:nth-child(2)")
            .get_attribute("aria-sort")
            .as_deref(),
        Some("none")
    );

    // The export of the descending view lists rows in the order they were shown.
    let rows = table_rows();
    let shown = sorted_rows(
        &rows,
        Some(Sort {
            column: 1,
            direction: Direction::Descending,
        }),
    );
    let csv = to_csv(&export_table(&table_columns(), &shown));
    assert_eq!(
        csv,
        "\u{feff}Channel,Views\r\nBeta,5000\r\n'=cmd,300\r\nalpha,20\r\n\"Gamma, Inc\",\r\n"
    );
    let csv_names: Vec<&str> = csv
        .lines()
        .skip(1)
        .map(|line| line.rsplit_once(',').unwrap().0)
        .collect();
    assert_eq!(csv_names, ["Beta", "'=cmd", "alpha", "\"Gamma, Inc\""]);
    assert_eq!(visible.len(), csv_names.len());
}

#[wasm_bindgen_test]
async fn an_empty_table_says_so_and_disables_export() {
    let root = mount::<DataTable>(DataTableProps {
        rows: Rc::new(Vec::new()),
        totals: None,
        ..table_props()
    })
    .await;
    assert_eq!(
        texts(&root, "tbody tr.cs-table-empty td"),
        ["Nothing found."]
    );
    assert_eq!(
        find(&root, "tbody td").get_attribute("colspan").as_deref(),
        Some("2")
    );
    let buttons = root.query_selector_all(".cs-table-tools button").unwrap();
    assert_eq!(buttons.length(), 2);
    for i in 0..2 {
        let button = buttons.item(i).unwrap();
        assert!(button.unchecked_ref::<Element>().has_attribute("disabled"));
    }
}

// ---- chart ----

fn chart_series() -> Rc<Vec<Series>> {
    let points = |ys: [f64; 3]| {
        ys.iter()
            .enumerate()
            .map(|(i, y)| Point {
                x: 1_700_000_000.0 + i as f64 * 86_400.0,
                y: *y,
                label: format!("Day {}", i + 1),
            })
            .collect()
    };
    Rc::new(vec![
        Series {
            name: "Alpha".into(),
            points: points([1_000.0, 1_500.0, 1_250.0]),
        },
        Series {
            name: "Beta".into(),
            points: points([-200.0, 0.0, 800.0]),
        },
    ])
}

/// Two series over three days, titled "Subscribers", with the default height.
fn chart_props() -> LineChartProps {
    LineChartProps {
        series: chart_series(),
        y_title: "Subscribers".into(),
        x_format: None,
        height: 240.0,
        marks: Rc::default(),
    }
}

#[wasm_bindgen_test]
async fn chart_draws_lines_ticks_and_a_legend() {
    let root = mount_chart(chart_props()).await;
    let paths = root.query_selector_all("path.cs-chart-line").unwrap();
    assert_eq!(paths.length(), 2);
    for i in 0..2 {
        let d = paths
            .item(i)
            .unwrap()
            .unchecked_into::<Element>()
            .get_attribute("d")
            .unwrap();
        assert_eq!(d.matches('M').count() + d.matches('L').count(), 3, "{d}");
    }
    // SVG elements have no string `className`: read the attribute.
    assert_eq!(
        find(&root, "path.cs-chart-line")
            .get_attribute("class")
            .as_deref(),
        Some("cs-chart-line cs-series-1")
    );
    assert_eq!(texts(&root, ".cs-chart-xtick"), ["Day 1", "Day 2", "Day 3"]);
    assert_eq!(
        texts(&root, ".cs-chart-ytick"),
        ["-500", "0", "500", "1K", "1.5K"]
    );
    assert_eq!(texts(&root, ".cs-chart-legend li"), ["Alpha", "Beta"]);
    let svg = find(&root, "svg");
    assert_eq!(svg.get_attribute("tabindex").as_deref(), Some("0"));
    assert_eq!(svg.get_attribute("role").as_deref(), Some("img"));
    assert_eq!(
        svg.get_attribute("aria-label").as_deref(),
        Some("Subscribers. 3 points from Day 1 to Day 3; use the arrow keys to read values.")
    );
    assert!(root.query_selector(".cs-chart-tooltip").unwrap().is_none());
}

/// The width a chart is drawn at, from its `viewBox`.
fn drawn_width(root: &Element) -> String {
    let view_box = find(root, "svg").get_attribute("viewBox").unwrap();
    view_box.split(' ').nth(2).unwrap().to_owned()
}

/// Whether the chart under `root` is drawn at its box's width: it is drawn first at a guess (the
/// last chart's width), and again once its `ResizeObserver` reports the box.
fn drawn_at_its_width(root: &Element) -> bool {
    root.query_selector(".cs-chart-frame svg")
        .unwrap()
        .is_some_and(|_| {
            drawn_width(root) == find(root, ".cs-chart-frame").client_width().to_string()
        })
}

/// A line chart of `props` in a fresh element, once it is drawn at its box's width (its ticks
/// depend on it).
async fn mount_chart(props: LineChartProps) -> Element {
    let root = mount::<LineChart>(props).await;
    settle_until(|| drawn_at_its_width(&root)).await;
    root
}

#[wasm_bindgen_test]
async fn chart_is_drawn_at_the_width_of_its_box_and_follows_it() {
    let root = fresh_root();
    root.set_attribute("style", "width: 420px").unwrap();
    yew::Renderer::<LineChart>::with_root_and_props(root.clone(), chart_props()).render();
    settle_until(|| drawn_at_its_width(&root)).await;
    let frame = find(&root, ".cs-chart-frame");
    let wide = frame.client_width();
    assert!(wide > 0);
    assert_eq!(drawn_width(&root), wide.to_string());
    assert_eq!(
        find(&root, "svg").get_attribute("height").as_deref(),
        Some("240")
    );

    // Its box narrows without the window changing (as a widget's column can): it is drawn again
    // at the new width, its markup written anew (the frame too: find it again).
    root.set_attribute("style", "width: 320px").unwrap();
    settle_until(|| drawn_width(&root) != wide.to_string()).await;
    let narrow = find(&root, ".cs-chart-frame").client_width();
    assert_eq!(narrow, wide - 100);
    assert_eq!(drawn_width(&root), narrow.to_string());
    root.remove();
}

#[wasm_bindgen_test]
async fn chart_keyboard_moves_the_tooltip() {
    let root = mount_chart(LineChartProps {
        x_format: Some(Callback::from(|x: f64| {
            format!("t{}", (x - 1_700_000_000.0) / 86_400.0)
        })),
        ..chart_props()
    })
    .await;
    assert_eq!(texts(&root, ".cs-chart-xtick"), ["t0", "t1", "t2"]);
    let svg = find(&root, "svg");
    press(&svg, "ArrowRight");
    settle().await;
    assert_eq!(texts(&root, ".cs-chart-tooltip-label"), ["Day 1"]);
    assert_eq!(texts(&root, ".cs-chart-tooltip-value"), ["1,000", "-200"]);
    press(&svg, "ArrowRight");
    settle().await;
    assert_eq!(texts(&root, ".cs-chart-tooltip-label"), ["Day 2"]);
    assert_eq!(texts(&root, ".cs-chart-tooltip-value"), ["1,500", "0"]);
    assert_eq!(
        root.query_selector_all("circle.cs-chart-dot")
            .unwrap()
            .length(),
        2
    );
    press(&svg, "End");
    settle().await;
    assert_eq!(texts(&root, ".cs-chart-tooltip-label"), ["Day 3"]);
    press(&svg, "ArrowRight");
    settle().await;
    assert_eq!(texts(&root, ".cs-chart-tooltip-label"), ["Day 3"]);
    press(&svg, "Home");
    settle().await;
    assert_eq!(texts(&root, ".cs-chart-tooltip-label"), ["Day 1"]);
    press(&svg, "Escape");
    settle().await;
    assert!(root.query_selector(".cs-chart-tooltip").unwrap().is_none());
}

#[wasm_bindgen_test]
async fn chart_pointer_moves_the_crosshair_and_leaving_clears_it() {
    let root = mount_chart(chart_props()).await;
    let svg = find(&root, "svg");
    let rect = svg.get_bounding_client_rect();
    let right = (rect.left() + rect.width() - 2.0).to_string();
    dispatch(&svg, "PointerEvent", "pointermove", &[("clientX", &right)]);
    settle().await;
    assert_eq!(texts(&root, ".cs-chart-tooltip-label"), ["Day 3"]);
    assert_eq!(texts(&root, ".cs-chart-tooltip-value"), ["1,250", "800"]);
    assert_eq!(
        root.query_selector_all("g.cs-chart-cursor circle")
            .unwrap()
            .length(),
        2
    );
    dispatch(&svg, "PointerEvent", "pointerleave", &[]);
    settle().await;
    assert!(root.query_selector(".cs-chart-tooltip").unwrap().is_none());
    assert!(root.query_selector(".cs-chart-cursor").unwrap().is_none());
}

#[wasm_bindgen_test]
async fn chart_without_points_shows_an_empty_state_and_one_point_a_dot() {
    let root = mount::<LineChart>(LineChartProps {
        series: Rc::new(vec![Series {
            name: "Alpha".into(),
            points: Vec::new(),
        }]),
        y_title: "Subscribers".into(),
        x_format: None,
        height: 240.0,
        marks: Rc::default(),
    })
    .await;
    assert_eq!(texts(&root, ".cs-empty-title"), ["No data for this period"]);
    assert!(root.query_selector("svg").unwrap().is_none());

    let root = mount::<LineChart>(LineChartProps {
        series: Rc::new(vec![Series {
            name: String::new(),
            points: vec![Point {
                x: 5.0,
                y: 42.0,
                label: "Only".into(),
            }],
        }]),
        y_title: "Views".into(),
        x_format: None,
        height: 240.0,
        marks: Rc::default(),
    })
    .await;
    assert_eq!(
        root.query_selector_all("circle.cs-chart-point")
            .unwrap()
            .length(),
        1
    );
    assert_eq!(
        root.query_selector_all("path.cs-chart-line")
            .unwrap()
            .length(),
        0
    );
    assert_eq!(texts(&root, ".cs-chart-xtick"), ["Only"]);
    assert_eq!(texts(&root, ".cs-chart-ytick"), ["35", "40", "45", "50"]);
    assert!(root.query_selector(".cs-chart-legend").unwrap().is_none());
}

// ---- parts drawn later ----

#[derive(Properties, PartialEq)]
struct LayeredProps {
    /// What every part shows.
    label: AttrValue,
}

/// A part drawn at once, one a task later and one two tasks later.
#[function_component(Layered)]
fn layered(props: &LayeredProps) -> Html {
    html! {
        <ol>
            <li class="now">{ props.label.clone() }</li>
            <Later>
                <li class="next">{ props.label.clone() }</li>
            </Later>
            <Later tasks=2>
                <li class="after">{ props.label.clone() }</li>
            </Later>
        </ol>
    }
}

/// What yew scheduled runs in microtasks: awaiting one more lets it render, but no timer fire.
async fn microtasks() {
    let resolved = js_sys::Promise::resolve(&wasm_bindgen::JsValue::NULL);
    let _ = wasm_bindgen_futures::JsFuture::from(resolved).await;
}

/// Runs the next timer task, and the microtasks yew renders in after it.
async fn next_task() {
    chanscope::api::browser::sleep(std::time::Duration::ZERO).await;
    microtasks().await;
}

#[wasm_bindgen_test]
async fn later_parts_are_drawn_a_task_each_then_with_the_rest() {
    let root = fresh_root();
    let mut handle = yew::Renderer::<Layered>::with_root_and_props(
        root.clone(),
        LayeredProps { label: "a".into() },
    )
    .render();
    microtasks().await;
    assert_eq!(texts(&root, "li"), ["a"]);
    // What the list shows after each task, until it is whole. Each part is drawn in a task of
    // its own: the test's timer is always queued before the timer a part sets for the next one,
    // so it sees each state. (How many tasks pass before the first part varies: on a busy machine
    // yew's scheduler may run a draw's effects a task later.)
    let mut seen = vec![attributes(&root, "li", "class")];
    for _ in 0..100 {
        next_task().await;
        let now = attributes(&root, "li", "class");
        if seen.last() != Some(&now) {
            seen.push(now);
        }
        if seen.last().is_some_and(|last| last.len() == 3) {
            break;
        }
    }
    assert_eq!(
        seen,
        [
            vec!["now"],
            vec!["now", "next"],
            vec!["now", "next", "after"]
        ]
    );
    assert_eq!(texts(&root, "li"), ["a", "a", "a"]);

    // Once drawn, every part is drawn again with the rest, in the same task.
    handle.update(LayeredProps { label: "b".into() });
    microtasks().await;
    assert_eq!(texts(&root, "li"), ["b", "b", "b"]);
    root.remove();
}

#[wasm_bindgen_test]
async fn chart_marks_the_instants_inside_its_range() {
    let point = |x: f64, y: f64| Point {
        x,
        y,
        label: format!("Day {x}"),
    };
    let root = mount::<LineChart>(LineChartProps {
        series: Rc::new(vec![Series {
            name: String::new(),
            points: vec![point(1.0, 10.0), point(2.0, 12.0), point(3.0, 15.0)],
        }]),
        y_title: "Subscribers".into(),
        x_format: None,
        height: 240.0,
        // 2.5 is inside the range; 9 is after it and is left out.
        marks: Rc::new(vec![(2.5, "Advert".into()), (9.0, "Later".into())]),
    })
    .await;
    assert_eq!(texts(&root, "line.cs-chart-mark title"), ["Advert"]);
}
