//! Browser tests of the reusable components: each is mounted into a fresh element and the DOM
//! it produces is read back.
#![cfg(target_arch = "wasm32")]

use std::cell::Cell as StdCell;
use std::rc::Rc;
use std::time::Duration;

use chanscope::api::model::{Channel, PeerKind, RknVerification};
use chanscope::api::validate::{Invalid, Problem, Rule};
use chanscope::api::{ApiError, Error};
use chanscope::components::channel_card::{initials, CardVariant, ChannelCard, ChannelCardProps};
use chanscope::components::chart::{
    key_move, line_path, nearest_slot, nice_step, nice_ticks, tick_labels, x_tick_indices,
    LineChart, LineChartProps, Point, Series,
};
use chanscope::components::rich_text::{SafeHtml, SafeHtmlProps};
use chanscope::components::status::{ErrorBanner, ErrorBannerProps, Loading, LoadingProps};
use chanscope::components::table::{
    export_table, sorted_rows, Column, DataTable, DataTableProps, Direction, Sort, TableCell,
};
use chanscope::components::tiles::{StatTiles, StatTilesProps, Tile};
use chanscope::export::to_csv;
use chanscope::ui::Ui;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;
use yew::prelude::*;

mod dom;

use dom::{attributes, click, dispatch, find, fresh_root};

wasm_bindgen_test_configure!(run_in_browser);

async fn settle() {
    yew::platform::time::sleep(Duration::from_millis(30)).await;
}

async fn mount<C>(props: C::Properties) -> Element
where
    C: BaseComponent,
{
    let root = fresh_root();
    yew::Renderer::<C>::with_root_and_props(root.clone(), props).render();
    settle().await;
    root
}

fn texts(root: &Element, selector: &str) -> Vec<String> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .map(|i| list.item(i).unwrap().text_content().unwrap_or_default())
        .collect()
}

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

#[wasm_bindgen_test]
async fn chart_draws_lines_ticks_and_a_legend() {
    let root = mount::<LineChart>(LineChartProps {
        series: chart_series(),
        y_title: "Subscribers".into(),
        x_format: None,
        height: 240.0,
    })
    .await;
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

#[wasm_bindgen_test]
async fn chart_keyboard_moves_the_tooltip() {
    let root = mount::<LineChart>(LineChartProps {
        series: chart_series(),
        y_title: "Subscribers".into(),
        x_format: Some(Callback::from(|x: f64| {
            format!("t{}", (x - 1_700_000_000.0) / 86_400.0)
        })),
        height: 240.0,
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
async fn chart_without_points_shows_an_empty_state_and_one_point_a_dot() {
    let root = mount::<LineChart>(LineChartProps {
        series: Rc::new(vec![Series {
            name: "Alpha".into(),
            points: Vec::new(),
        }]),
        y_title: "Subscribers".into(),
        x_format: None,
        height: 240.0,
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

#[wasm_bindgen_test]
fn tick_labels_stay_distinct() {
    // Compact as long as neighbours differ.
    assert_eq!(
        tick_labels(&[-500.0, 0.0, 500.0, 1000.0, 1500.0]),
        ["-500", "0", "500", "1K", "1.5K"]
    );
    assert_eq!(
        tick_labels(&[0.0, 2_000_000.0, 4_000_000.0]),
        ["0", "2M", "4M"]
    );
    // A narrow range of a large count needs more decimals of the unit.
    assert_eq!(
        tick_labels(&[4300.0, 4350.0, 4400.0, 4450.0]),
        ["4.3K", "4.35K", "4.4K", "4.45K"]
    );
    assert_eq!(
        tick_labels(&[1_234_000.0, 1_234_500.0, 1_235_000.0]),
        ["1.234M", "1.2345M", "1.235M"]
    );
}

#[wasm_bindgen_test]
fn chart_geometry() {
    assert_eq!(nice_step(0.0), 1.0);
    assert_eq!(nice_step(1.3), 2.0);
    assert_eq!(nice_step(3.0), 5.0);
    assert_eq!(nice_step(7.0), 10.0);
    assert_eq!(nice_step(0.03), 0.05);
    assert_eq!(nice_ticks(0.0, 97.0, 5), [0.0, 50.0, 100.0]);
    assert_eq!(
        nice_ticks(3.0, 97.0, 6),
        [0.0, 20.0, 40.0, 60.0, 80.0, 100.0]
    );
    assert_eq!(
        nice_ticks(-120.0, 30.0, 5),
        [-150.0, -100.0, -50.0, 0.0, 50.0]
    );
    assert_eq!(nice_ticks(0.0, 0.0, 5), [-1.0, -0.5, 0.0, 0.5, 1.0]);
    assert_eq!(
        nice_ticks(1000.0, 1000.0, 5),
        [900.0, 950.0, 1000.0, 1050.0, 1100.0]
    );
    assert_eq!(x_tick_indices(0, 6), Vec::<usize>::new());
    assert_eq!(x_tick_indices(1, 6), [0]);
    assert_eq!(x_tick_indices(3, 6), [0, 1, 2]);
    assert_eq!(x_tick_indices(31, 6), [0, 6, 12, 18, 24, 30]);
    assert_eq!(x_tick_indices(10, 2), [0, 9]);
    assert_eq!(line_path(&[(1.0, 2.0), (3.25, 4.0)]), "M1.0 2.0 L3.2 4.0");
    assert_eq!(nearest_slot(&[0.0, 10.0, 20.0], 14.0), Some(1));
    assert_eq!(nearest_slot(&[0.0, 10.0, 20.0], 16.0), Some(2));
    assert_eq!(nearest_slot(&[0.0, 10.0, 20.0], -5.0), Some(0));
    assert_eq!(nearest_slot(&[0.0, 10.0, 20.0], 99.0), Some(2));
    assert_eq!(nearest_slot(&[], 1.0), None);
    assert_eq!(key_move("ArrowRight", None, 3), Some(Some(0)));
    assert_eq!(key_move("ArrowLeft", None, 3), Some(Some(2)));
    assert_eq!(key_move("ArrowLeft", Some(0), 3), Some(Some(0)));
    assert_eq!(key_move("End", Some(0), 3), Some(Some(2)));
    assert_eq!(key_move("Escape", Some(1), 3), Some(None));
    assert_eq!(key_move("a", Some(1), 3), None);
    assert_eq!(key_move("Home", None, 0), None);
}

// ---- channel card ----

fn channel() -> Channel {
    Channel {
        id: 7,
        tg_id: Some(1_001),
        link: "t.me/rustnews".into(),
        peer_type: Some(PeerKind::Channel),
        username: "@rustnews".into(),
        active_usernames: vec!["@rustnews".into(), "@rust_news_ru".into()],
        title: "Rust News".into(),
        about: "Daily news.\nMore: https://example.com/rust. Author @durov".into(),
        category: Some("Технологии".into()),
        country: Some("Россия".into()),
        language: Some("русский".into()),
        image100: "javascript:alert(1)".into(),
        image640: "javascript:alert(1)".into(),
        participants_count: 12_345,
        ci_index: Some(3.25),
        rkn_verification: Some(RknVerification {
            status: "active".into(),
            link: "https://example.org/registry/7".into(),
        }),
        created_at: Some(1_600_000_000),
        ..Channel::default()
    }
}

#[wasm_bindgen_test]
async fn channel_card_shows_identity_counts_and_safe_links() {
    let root = mount::<ChannelCard>(ChannelCardProps {
        channel: Rc::new(channel()),
        variant: CardVariant::Full,
        actions: html! { <button class="page-action">{ "Dynamics" }</button> },
        heading: 2,
    })
    .await;
    assert_eq!(texts(&root, "h2.cs-card-title"), ["Rust News"]);
    let title_link = find(&root, ".cs-card-title a");
    assert_eq!(
        title_link.get_attribute("href").as_deref(),
        Some("https://t.me/rustnews")
    );
    assert_eq!(
        title_link.get_attribute("rel").as_deref(),
        Some("noopener noreferrer")
    );
    assert_eq!(
        title_link.get_attribute("target").as_deref(),
        Some("_blank")
    );
    assert_eq!(texts(&root, ".cs-card-username"), ["@rustnews"]);
    assert_eq!(texts(&root, ".cs-card-aliases"), ["Also: @rust_news_ru"]);
    let participants = find(&root, ".cs-card-facts dd .cs-num");
    assert_eq!(participants.text_content().as_deref(), Some("12.3K"));
    assert_eq!(
        participants.get_attribute("title").as_deref(),
        Some("12,345")
    );
    let facts = texts(&root, ".cs-card-facts dt");
    assert_eq!(
        facts,
        [
            "Subscribers",
            "Citation index",
            "Type",
            "Category",
            "Country",
            "Language",
            "Created",
            "Messenger ID",
            "Service ID"
        ]
    );
    assert!(texts(&root, ".cs-card-facts dd").contains(&"Channel".to_owned()));
    // The javascript: avatar is refused: initials instead of an image.
    assert_eq!(root.query_selector_all("img").unwrap().length(), 0);
    assert_eq!(texts(&root, ".cs-avatar-initials"), ["RN"]);
    assert_eq!(texts(&root, ".cs-badge-ok"), ["✓ Registered"]);
    let about = find(&root, ".cs-card-about");
    assert_eq!(about.query_selector_all("br").unwrap().length(), 1);
    assert_eq!(
        attributes(&about, "a", "href"),
        ["https://example.com/rust", "https://t.me/durov"]
    );
    assert_eq!(texts(&about, "a"), ["https://example.com/rust", "@durov"]);
    assert_eq!(texts(&root, ".cs-card-actions .page-action"), ["Dynamics"]);
    assert!(root.query_selector(".cs-card-warning").unwrap().is_none());
}

#[wasm_bindgen_test]
async fn compact_card_uses_the_small_avatar_and_warns_of_restrictions() {
    // A server that accepts and never answers: the image stays loading, so it stays shown.
    let silent = env!("CHANSCOPE_SILENT_URL");
    let mut restricted = channel();
    restricted.image100 = format!("{silent}a100.jpg");
    restricted.image640 = format!("{silent}a640.jpg");
    let mut flag = serde_json::Map::new();
    flag.insert("red_label".into(), serde_json::Value::Bool(true));
    restricted.service_restrictions = vec![flag];
    let root = mount::<ChannelCard>(ChannelCardProps {
        channel: Rc::new(restricted),
        variant: CardVariant::Compact,
        actions: Html::default(),
        heading: 3,
    })
    .await;
    assert_eq!(texts(&root, "h3.cs-card-title").len(), 1);
    assert_eq!(
        find(&root, "img.cs-avatar").get_attribute("src"),
        Some(format!("{silent}a100.jpg"))
    );
    assert_eq!(
        texts(&root, ".cs-card-warning"),
        ["⚠ Restrictions: red_label"]
    );
    assert!(root.query_selector(".cs-card-aliases").unwrap().is_none());
    assert!(root.query_selector(".cs-card-actions").unwrap().is_none());
    assert!(!texts(&root, ".cs-card-facts dt").contains(&"Created".to_owned()));
    assert_eq!(initials("  новости  дня!"), "НД");
    assert_eq!(initials("…"), "?");
}

#[wasm_bindgen_test]
async fn an_avatar_that_fails_to_load_gives_way_to_initials() {
    let mut broken = channel();
    // Port 9 (discard) is closed on loopback: the request is refused at once.
    broken.image100 = "http://127.0.0.1:9/a100.jpg".into();
    broken.title = "Новости дня".into();
    let root = mount::<ChannelCard>(ChannelCardProps {
        channel: Rc::new(broken),
        variant: CardVariant::Compact,
        actions: Html::default(),
        heading: 3,
    })
    .await;
    // The avatar loads lazily: only once it is in view does the browser try (and fail).
    root.scroll_into_view();
    for _ in 0..50 {
        if root.query_selector("img.cs-avatar").unwrap().is_none() {
            break;
        }
        yew::platform::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(root.query_selector("img.cs-avatar").unwrap().is_none());
    assert_eq!(texts(&root, ".cs-avatar-initials"), ["НД"]);
}

// ---- rich text ----

#[wasm_bindgen_test]
async fn rich_text_keeps_marks_and_drops_scripts() {
    let root = mount::<SafeHtml>(SafeHtmlProps {
        html: r#"<mark>курс</mark> <script>window.pwned=1</script><b onclick="x()">b</b><img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a><a href="https://e.example">ok</a>"#.into(),
        class: Classes::new(),
    })
    .await;
    let rich = find(&root, ".cs-rich-text");
    assert_eq!(texts(&rich, "mark"), ["курс"]);
    assert_eq!(rich.query_selector_all("script, img").unwrap().length(), 0);
    assert!(!find(&rich, "b").has_attribute("onclick"));
    assert_eq!(rich.text_content().as_deref(), Some("курс bbadok"));
    let link = find(&rich, "a");
    assert_eq!(rich.query_selector_all("a").unwrap().length(), 1);
    assert_eq!(
        link.get_attribute("href").as_deref(),
        Some("https://e.example")
    );
    assert_eq!(
        link.get_attribute("rel").as_deref(),
        Some("noopener noreferrer nofollow")
    );
}

// ---- status ----

async fn banner(error: Error, retry: bool) -> Element {
    mount::<ErrorBanner>(ErrorBannerProps {
        error: Rc::new(error),
        on_retry: retry.then(|| Callback::from(|()| ())),
    })
    .await
}

#[wasm_bindgen_test]
async fn error_banner_says_what_happened_and_what_to_do() {
    let root = banner(Error::Api(ApiError::from_message("token_invalid")), true).await;
    let alert = find(&root, "[role=alert]");
    assert_eq!(
        alert.text_content().as_deref(),
        Some("The API token is missing or not valid.Open Settings and paste a valid token.Retry")
    );

    let root = banner(
        Error::Api(ApiError::from_message("no_active_subscription")),
        false,
    )
    .await;
    assert_eq!(
        texts(&root, ".cs-banner-what"),
        ["Your plan does not include this operation."]
    );
    assert!(root.query_selector("button").unwrap().is_none());

    let root = banner(
        Error::Api(ApiError::from_message("quota_keywords_reached")),
        false,
    )
    .await;
    assert_eq!(
        texts(&root, ".cs-banner-what"),
        ["The keyword quota of your plan is used up."]
    );

    let root = banner(
        Error::Api(ApiError::from_message("param country required")),
        false,
    )
    .await;
    assert_eq!(
        texts(&root, ".cs-banner-problems li"),
        ["param country required"]
    );

    let root = banner(
        Error::Invalid(Invalid {
            problems: vec![
                Problem {
                    param: "q",
                    rule: Rule::TooShort { min: 3, given: 2 },
                },
                Problem {
                    param: "limit",
                    rule: Rule::AboveMax {
                        max: 100,
                        given: 500,
                    },
                },
            ],
        }),
        false,
    )
    .await;
    assert_eq!(
        texts(&root, ".cs-banner-problems li"),
        [
            "q must be at least 3 characters long (it has 2).",
            "limit can be at most 100 (got 500)."
        ]
    );

    let root = banner(Error::Http { status: 503 }, false).await;
    assert_eq!(
        texts(&root, ".cs-banner p"),
        [
            "The server answered with HTTP status 503.",
            "The service is temporarily unavailable; retry in a minute."
        ]
    );

    let root = banner(Error::Pending, false).await;
    assert_eq!(
        texts(&root, ".cs-banner p"),
        ["The data is being prepared.", "Retry in a few seconds."]
    );

    let root = banner(Error::Decode("secret-ish detail".into()), false).await;
    assert_eq!(
        texts(&root, ".cs-banner-what"),
        ["The service sent a response the console cannot read."]
    );
    assert!(!root.text_content().unwrap().contains("secret-ish"));

    let root = banner(Error::Network("GET /api?token=abc failed".into()), false).await;
    assert!(!root.text_content().unwrap().contains("token"));

    let root = banner(Error::Aborted, true).await;
    assert!(root.query_selector("[role=alert]").unwrap().is_none());
    assert_eq!(
        texts(&root, "[role=status] .cs-banner-what"),
        ["The request was cancelled."]
    );
    assert_eq!(texts(&root, "button"), ["Run again"]);
}

#[wasm_bindgen_test]
async fn error_banner_speaks_russian() {
    #[function_component(RussianBanner)]
    fn russian_banner() -> Html {
        let ui = Ui {
            locale: chanscope::format::Locale::Ru,
            ..Ui::default()
        };
        html! {
            <ContextProvider<Ui> context={ui}>
                <ErrorBanner error={Rc::new(Error::Timeout)} />
            </ContextProvider<Ui>>
        }
    }
    let root = mount::<RussianBanner>(()).await;
    assert_eq!(
        texts(&root, ".cs-banner-what"),
        ["Сервис не ответил вовремя."]
    );
}

#[wasm_bindgen_test]
async fn flood_control_counts_down_before_retry() {
    let root = banner(Error::Api(ApiError::from_message("flood_control_2")), true).await;
    assert_eq!(texts(&root, ".cs-banner-todo"), ["You can retry in 2 s."]);
    assert!(find(&root, "button").has_attribute("disabled"));
    yew::platform::time::sleep(Duration::from_millis(1_100)).await;
    assert_eq!(texts(&root, ".cs-banner-todo"), ["You can retry in 1 s."]);
    yew::platform::time::sleep(Duration::from_millis(1_200)).await;
    assert_eq!(texts(&root, ".cs-banner-todo"), ["You can retry now."]);
    assert!(!find(&root, "button").has_attribute("disabled"));
}

#[wasm_bindgen_test]
async fn loading_is_a_busy_status_with_cancel() {
    let cancelled = Rc::new(StdCell::new(0));
    let counter = cancelled.clone();
    let root = mount::<Loading>(LoadingProps {
        on_cancel: Callback::from(move |()| counter.set(counter.get() + 1)),
        label: None,
    })
    .await;
    let status = find(&root, "[role=status]");
    assert_eq!(status.get_attribute("aria-busy").as_deref(), Some("true"));
    assert_eq!(texts(&root, ".cs-loading-label"), ["Loading…"]);
    click(&find(&root, "button"));
    assert_eq!(cancelled.get(), 1);
}

#[wasm_bindgen_test]
async fn tiles_show_compact_and_exact_values() {
    let root = mount::<StatTiles>(StatTilesProps {
        tiles: Rc::new(vec![
            Tile::new("Views", 1_234_567).with_hint("since publication"),
            Tile::new("Shares", 42),
        ]),
    })
    .await;
    assert_eq!(texts(&root, ".cs-tile-label"), ["Views", "Shares"]);
    assert_eq!(texts(&root, ".cs-tile-value"), ["1.2M", "42"]);
    // The exact figure where the compact one rounds; "42" is already exact.
    assert_eq!(texts(&root, ".cs-tile-exact"), ["1,234,567"]);
    assert_eq!(
        attributes(&root, ".cs-tile-value", "title"),
        ["1,234,567", "42"]
    );
    assert_eq!(texts(&root, ".cs-tile-hint"), ["since publication"]);
}
