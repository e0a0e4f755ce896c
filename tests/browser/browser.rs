//! Browser tests (wasm-bindgen-test in headless Chromium): the console shell renders, time zones
//! and token storage behave, and the fetch transport reports answers, refusals and cancellation as the client expects.
#![cfg(target_arch = "wasm32")]

use chanscope::api::browser::BrowserTransport;
use chanscope::api::envelope::decode;
use chanscope::api::model::ChannelSearchResponse;
use std::cell::RefCell;
use std::rc::Rc;

use chanscope::api::{Error, Token, Transport, TransportError};
use chanscope::app::App;
use chanscope::format::Locale;
use chanscope::request::{use_task, Task};
use chanscope::route::JOBS;
use chanscope::settings::Settings;
use chanscope::ui::{Ui, Zone};
use wasm_bindgen_test::*;
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

async fn next_frame() {
    BrowserTransport::new()
        .sleep(std::time::Duration::from_millis(20))
        .await;
}

#[wasm_bindgen_test]
async fn the_shell_lists_the_tools_and_analyses() {
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root(root.clone()).render();
    // The console draws its parts a task each, and marks itself ready once its page is drawn.
    for _ in 0..100 {
        if root.query_selector("[data-app-ready]").unwrap().is_some() {
            break;
        }
        next_frame().await;
    }

    let ui = Ui::default();
    let cards = root.query_selector_all("li.tool h4").unwrap();
    let titles: Vec<String> = (0..cards.length())
        .filter_map(|i| cards.item(i)?.text_content())
        .collect();
    let expected: Vec<String> = JOBS
        .iter()
        .flat_map(|(_, routes)| routes.iter())
        .map(|t| t.title(&ui).to_owned())
        .collect();
    assert_eq!(titles.len(), 13);
    assert_eq!(titles, expected);
    // Five jobs at the top of the navigation, thirteen pages under them, the start page's box.
    let jobs = root
        .query_selector_all("nav.tools-nav .nav-jobs > li")
        .unwrap();
    assert_eq!(jobs.length(), 5);
    let nav = root.query_selector_all("nav.tools-nav a").unwrap();
    assert_eq!(nav.length(), 13);
    assert!(root.query_selector("#home-box").unwrap().is_some());
    assert_eq!(
        root.query_selector(".brand")
            .unwrap()
            .unwrap()
            .text_content()
            .as_deref(),
        Some("Chanscope")
    );
    root.remove();
}

#[wasm_bindgen_test]
fn time_zones_resolve_through_intl() {
    let kolkata = Zone::from_name("Asia/Kolkata").expect("a zone every browser knows");
    assert_eq!(kolkata.offset_at(0).local_minus_utc(), 19_800);
    let moscow = Zone::from_name("Europe/Moscow").unwrap();
    // Moscow kept +4 from 2011 to 2014 and +3 since.
    assert_eq!(moscow.offset_at(1_325_376_000).local_minus_utc(), 14_400);
    assert_eq!(moscow.offset_at(1_704_067_200).local_minus_utc(), 10_800);
    assert_eq!(Zone::from_name("utc"), Some(Zone::Utc));
    assert_eq!(Zone::from_name(""), Some(Zone::Browser));
    assert!(Zone::from_name("Nowhere/Atlantis").is_none());
}

/// The console keeps its zone in a cookie for the server's dates of a post search: the zone its
/// settings name, else the browser's by its IANA name; written as the console starts.
#[wasm_bindgen_test]
async fn the_console_keeps_its_zone_in_a_cookie() {
    use chanscope::settings::zone_cookie::zone_cookie;
    let year = "Path=/; Max-Age=31536000; SameSite=Lax";
    assert_eq!(
        zone_cookie(&Zone::Utc),
        Some(format!("chanscope-zone=UTC; {year}"))
    );
    assert_eq!(
        zone_cookie(&Zone::from_name("Asia/Kolkata").unwrap()),
        Some(format!("chanscope-zone=Asia/Kolkata; {year}"))
    );
    let browser = Zone::browser_name();
    assert!(!browser.is_empty());
    assert_eq!(
        zone_cookie(&Zone::Browser),
        Some(format!("chanscope-zone={browser}; {year}"))
    );

    let document = web_sys::window().unwrap().document().unwrap();
    let cookie = wasm_bindgen::JsValue::from_str("chanscope-zone=; Path=/; Max-Age=0");
    js_sys::Reflect::set(&document, &"cookie".into(), &cookie).unwrap();
    let cookies = || {
        js_sys::Reflect::get(&document, &"cookie".into())
            .unwrap()
            .as_string()
            .unwrap_or_default()
    };
    assert!(!cookies().contains("chanscope-zone="));
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root(root.clone()).render();
    let zone = Settings::load().ui().zone;
    let name = match &zone {
        Zone::Browser => browser,
        other => other.name().to_owned(),
    };
    for _ in 0..100 {
        if cookies().contains("chanscope-zone=") {
            break;
        }
        next_frame().await;
    }
    root.remove();
    let wanted = format!("chanscope-zone={name}");
    assert!(
        cookies().split("; ").any(|pair| pair == wanted),
        "{} lacks {wanted}",
        cookies()
    );
}

#[wasm_bindgen_test]
fn dates_are_shown_and_queried_in_the_chosen_zone() {
    let ui = Ui {
        locale: Locale::En,
        zone: Zone::from_name("Asia/Kolkata").unwrap(),
    };
    // 2024-01-29 00:00 in Kolkata is 2024-01-28 18:30 UTC.
    let day = chrono::NaiveDate::from_ymd_opt(2024, 1, 29).unwrap();
    assert_eq!(ui.day_range(day, day), Some((1_706_466_600, 1_706_552_999)));
    // The day Berlin's clocks went forward, read through `Intl`: 23 hours from its midnight at
    // +01:00, as the gateway reads it from the IANA database (`painted/zone.rs`).
    let berlin = Ui {
        locale: Locale::En,
        zone: Zone::from_name("Europe/Berlin").unwrap(),
    };
    let spring = chrono::NaiveDate::from_ymd_opt(2024, 3, 31).unwrap();
    assert_eq!(
        berlin.day_range(spring, spring),
        Some((1_711_839_600, 1_711_922_399))
    );
    assert_eq!(ui.timestamp(1_706_466_600), "29 Jan 2024, 00:00");
    assert_eq!(ui.date(1_706_466_599), "28 Jan 2024");
    assert_eq!(ui.t("Search", "Поиск"), "Search");
    let ru = Ui {
        locale: Locale::Ru,
        ..ui
    };
    assert_eq!(ru.t("Search", "Поиск"), "Поиск");
}

#[wasm_bindgen_test]
fn the_token_is_stored_for_the_tab_unless_remembered() {
    let window = web_sys::window().unwrap();
    let local = window.local_storage().unwrap().unwrap();
    let session = window.session_storage().unwrap().unwrap();
    let mut settings = Settings::load();
    settings.token = Token::new("secret-123");
    settings.remember = false;
    settings.save();
    assert_eq!(
        session.get_item("chanscope.token").unwrap().as_deref(),
        Some("secret-123")
    );
    assert_eq!(local.get_item("chanscope.token").unwrap(), None);
    assert!(!local
        .get_item("chanscope.settings")
        .unwrap()
        .unwrap()
        .contains("secret"));

    settings.remember = true;
    settings.save();
    assert_eq!(
        local.get_item("chanscope.token").unwrap().as_deref(),
        Some("secret-123")
    );
    assert_eq!(session.get_item("chanscope.token").unwrap(), None);
    let loaded = Settings::load();
    assert_eq!(loaded.token, Token::new("secret-123"));
    assert!(loaded.remember);

    settings.token = None;
    settings.save();
    assert_eq!(local.get_item("chanscope.token").unwrap(), None);
    assert_eq!(session.get_item("chanscope.token").unwrap(), None);
    assert_eq!(Settings::load().token, None);
}

#[wasm_bindgen_test]
async fn a_fetched_envelope_is_decoded() {
    let body = r#"{"status":"ok","response":{"count":1,"items":[{"id":42,"title":"Радио","participants_count":"1200"}]}}"#;
    let url = format!(
        "data:application/json;charset=utf-8,{}",
        js_sys::encode_uri_component(body)
    );
    let answer = BrowserTransport::new().get(&url).await.unwrap();
    assert_eq!(answer.status, 200);
    assert_eq!(answer.body, body);
    let found: ChannelSearchResponse = decode(&answer).unwrap();
    assert_eq!(found.items[0].id, 42);
    assert_eq!(found.items[0].title, "Радио");
    assert_eq!(found.items[0].participants_count, 1200);
}

#[wasm_bindgen_test]
async fn a_refused_connection_is_a_network_error() {
    // Port 9 (discard) is closed on loopback.
    let result = BrowserTransport::new().get("http://127.0.0.1:9/api").await;
    assert!(
        matches!(result, Err(TransportError::Network(_))),
        "{result:?}"
    );
}

#[wasm_bindgen_test]
async fn a_cancelled_signal_aborts_the_request() {
    let controller = web_sys::AbortController::new().unwrap();
    controller.abort();
    let transport = BrowserTransport::new().with_cancel_signal(controller.signal());
    let result = transport.get("data:text/plain,never").await;
    assert_eq!(result, Err(TransportError::Aborted));
}

#[wasm_bindgen_test]
async fn sleep_waits_about_as_long_as_asked() {
    let started = js_sys::Date::now();
    BrowserTransport::new()
        .sleep(std::time::Duration::from_millis(120))
        .await;
    let waited = js_sys::Date::now() - started;
    assert!((100.0..2000.0).contains(&waited), "waited {waited} ms");
}

/// A loopback URL that accepts connections and never answers: `cargo xtask test` starts the
/// server and sets this at compile time.
const SILENT_URL: &str = env!("CHANSCOPE_SILENT_URL");

#[wasm_bindgen_test]
async fn a_request_without_an_answer_times_out() {
    let started = js_sys::Date::now();
    let result = BrowserTransport::new()
        .with_timeout(std::time::Duration::from_millis(300))
        .get(SILENT_URL)
        .await;
    let waited = js_sys::Date::now() - started;
    assert_eq!(result, Err(TransportError::Timeout));
    assert!(
        (250.0..5000.0).contains(&waited),
        "gave up after {waited} ms"
    );
}

#[wasm_bindgen_test]
async fn cancelling_a_running_request_aborts_it() {
    let controller = web_sys::AbortController::new().unwrap();
    let transport = BrowserTransport::new().with_cancel_signal(controller.signal());
    wasm_bindgen_futures::spawn_local(async move {
        next_frame().await;
        controller.abort();
    });
    let started = js_sys::Date::now();
    let result = transport.get(SILENT_URL).await;
    let waited = js_sys::Date::now() - started;
    assert_eq!(result, Err(TransportError::Aborted));
    // Ended by the cancel, not by the 30 s default timeout.
    assert!(waited < 5000.0, "ended after {waited} ms");
}

/// Renders a task's state as text, and hands the task to the test.
#[derive(Properties, PartialEq)]
struct TaskProbeProps {
    slot: Rc<RefCell<Option<Task<u32>>>>,
}

#[function_component(TaskProbe)]
fn task_probe(props: &TaskProbeProps) -> Html {
    let task = use_task::<u32>();
    *props.slot.borrow_mut() = Some(task.clone());
    let state = task.state();
    let data = state.data.as_deref().map_or("-".to_owned(), u32::to_string);
    let error = match state.error.as_deref() {
        Some(Error::Aborted) => "aborted",
        Some(_) => "other",
        None => "-",
    };
    html! { <p>{ format!("data={data} error={error} loading={}", state.loading) }</p> }
}

async fn sleep_ms(ms: u64) {
    BrowserTransport::new()
        .sleep(std::time::Duration::from_millis(ms))
        .await;
}

async fn mount_probe() -> (web_sys::Element, Rc<RefCell<Option<Task<u32>>>>) {
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    let slot = Rc::new(RefCell::new(None));
    yew::Renderer::<TaskProbe>::with_root_and_props(
        root.clone(),
        TaskProbeProps { slot: slot.clone() },
    )
    .render();
    next_frame().await;
    (root, slot)
}

fn task(slot: &Rc<RefCell<Option<Task<u32>>>>) -> Task<u32> {
    slot.borrow().clone().expect("the probe has rendered")
}

#[wasm_bindgen_test]
async fn a_superseded_job_never_overwrites_the_newer_result() {
    let (root, slot) = mount_probe().await;
    // The first job answers last: its answer must be dropped.
    task(&slot).run(|_| async {
        sleep_ms(150).await;
        Ok(1)
    });
    next_frame().await;
    assert_eq!(root.text_content().unwrap(), "data=- error=- loading=true");
    task(&slot).run(|_| async {
        sleep_ms(10).await;
        Ok(2)
    });
    sleep_ms(300).await;
    assert_eq!(root.text_content().unwrap(), "data=2 error=- loading=false");
    root.remove();
}

#[wasm_bindgen_test]
async fn a_cancelled_job_keeps_the_previous_result_and_says_so() {
    let (root, slot) = mount_probe().await;
    task(&slot).run(|_| async { Ok(7) });
    sleep_ms(30).await;
    assert_eq!(root.text_content().unwrap(), "data=7 error=- loading=false");
    task(&slot).run(|_| async {
        sleep_ms(100).await;
        Ok(8)
    });
    next_frame().await;
    task(&slot).cancel();
    sleep_ms(200).await;
    assert_eq!(
        root.text_content().unwrap(),
        "data=7 error=aborted loading=false"
    );
    root.remove();
}
