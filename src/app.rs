//! The console: the page of each route, the shell (header, navigation, settings) and the
//! catalogue of tools. The routes themselves and the links between pages are [`crate::route`].

use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;
use yew::prelude::*;
use yew_router::prelude::{Routable, Switch};

use crate::campaigns::CampaignsPage;
use crate::channel_report::ChannelInfoPage;
use crate::components::later::use_task_count;
use crate::pages::{
    ChannelSearchPage, CompareChannelsPage, KeywordMentionsPage, KeywordTrendPage,
    MultiPostStatsPage, MultiStoryStatsPage, PostSearchPage, PostStatsPage, SearchAnalysisPage,
    SubscriberDynamicsPage, WatchlistProvider,
};
use crate::route::{use_route, Route, RouteLink, Router};
use crate::settings::{Settings, SettingsPanel, SettingsProvider};
use crate::shell::{Home, JobNav, NewsCount, NotFound, PasteBox};
use crate::ui::use_ui;
use crate::watchlist::WatchlistPage;

/// The page of `route` (yew-router's `Switch` calls it as the address changes): every page of the
/// console is a route of this one running app, so cached answers, running jobs and a watchlist
/// check outlive a step between pages.
fn switch(route: Route) -> Html {
    match route {
        Route::Home => html! { <Home /> },
        Route::KeywordMentions => html! { <KeywordMentionsPage /> },
        Route::ChannelSearch => html! { <ChannelSearchPage /> },
        Route::SubscriberDynamics => html! { <SubscriberDynamicsPage /> },
        Route::ChannelInfo => html! { <ChannelInfoPage /> },
        Route::MultiPostStats => html! { <MultiPostStatsPage /> },
        Route::MultiStoryStats => html! { <MultiStoryStatsPage /> },
        Route::PostStats => html! { <PostStatsPage /> },
        Route::PostSearch => html! { <PostSearchPage /> },
        Route::CompareChannels => html! { <CompareChannelsPage /> },
        Route::KeywordTrend => html! { <KeywordTrendPage /> },
        Route::SearchAnalysis => html! { <SearchAnalysisPage /> },
        Route::Watchlist => html! { <WatchlistPage /> },
        Route::Campaigns => html! { <CampaignsPage /> },
        Route::NotFound => html! { <NotFound /> },
    }
}

#[derive(Properties, PartialEq)]
struct ShellProps {
    /// How far the start has come.
    stage: Stage,
}

#[function_component(Shell)]
fn shell(props: &ShellProps) -> Html {
    let ui = use_ui();
    let route = use_route();
    let settings_open = use_state(|| false);
    let menu_open = use_state(|| false);
    {
        let title = match route {
            Route::Home => "Chanscope".to_owned(),
            other => format!("{} · Chanscope", other.title(&ui)),
        };
        use_effect_with(title, |title| {
            if let Some(document) = web_sys::window().and_then(|w| w.document()) {
                document.set_title(title);
            }
        });
    }
    let stage = props.stage;
    let app = use_node_ref();
    {
        let app = app.clone();
        use_effect_with(stage == Stage::Page, move |&page_drawn| {
            if page_drawn {
                match painted_answer() {
                    Some(answer) => wasm_bindgen_futures::spawn_local(async move {
                        drawn(&app, &answer).await;
                        show_console(&app);
                    }),
                    None => show_console(&app),
                }
            }
        });
    }
    let toggle_settings = {
        let open = settings_open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let close_settings = {
        let open = settings_open.clone();
        Callback::from(move |()| open.set(false))
    };
    let toggle_menu = {
        let open = menu_open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let close_menu = {
        let open = menu_open.clone();
        Callback::from(move |()| open.set(false))
    };
    html! {
        <div class="app" ref={app}>
            <a class="skip-link" href="#main">{ ui.t("Skip to content", "К содержимому") }</a>
            if stage >= Stage::Header {
                <header class="app-header">
                    <RouteLink href={Route::Home.to_path()} classes="brand">{ "Chanscope" }</RouteLink>
                    <button type="button" class="menu-toggle secondary" aria-expanded={menu_open.to_string()}
                        aria-controls="tools-nav" onclick={toggle_menu}>
                        { ui.t("Menu", "Меню") }
                        <NewsCount title={ui.t("New in the watchlist", "Новое в списке наблюдения")} />
                    </button>
                    if route != Route::Home {
                        <PasteBox />
                    }
                    <JobNav open={*menu_open} on_chosen={close_menu} />
                    <button type="button" class="settings-toggle secondary"
                        aria-expanded={settings_open.to_string()} onclick={toggle_settings}>
                        { ui.t("Settings", "Настройки") }
                    </button>
                </header>
            }
            if *settings_open {
                <SettingsPanel on_close={close_settings} />
            }
            <main id="main" class="app-main" tabindex="-1">
                if stage == Stage::Page {
                    <Switch<Route> render={switch} />
                }
            </main>
        </div>
    }
}

#[derive(Properties, PartialEq, Default)]
pub struct AppProps {
    /// The stored settings, when read before the first render.
    #[prop_or_default]
    pub settings: Option<Rc<Settings>>,
}

/// The console: every page, with the header, navigation and settings they share.
#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    let stage = Stage::ALL[usize::from(use_task_count(Stage::Page as u8))];
    html! {
        <Router>
            if stage >= Stage::Settings {
                <SettingsProvider stored={props.settings.clone()}>
                    if stage >= Stage::Watchlist {
                        <WatchlistProvider>
                            <Shell {stage} />
                        </WatchlistProvider>
                    }
                </SettingsProvider>
            }
        </Router>
    }
}

/// The parts of the console in the order they are first drawn, each in a task of its own; the
/// console shows, in place of the page's shell, once the page is drawn.
///
/// A part drawn for the first time also has its code compiled: the browser compiles the module's
/// functions on their first call, about 1,700 of them on a page's start. Drawn in one task, the
/// start was the longest task of a page's load: 130-190 ms under a fourfold CPU slowdown (how
/// Lighthouse models a phone, where every millisecond of a task past 50 counts as blocking
/// time). The router, with yew's own machinery, is still about 300 of those functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Router,
    Settings,
    Watchlist,
    Header,
    Page,
}

impl Stage {
    const ALL: [Stage; 5] = [
        Stage::Router,
        Stage::Settings,
        Stage::Watchlist,
        Stage::Header,
        Stage::Page,
    ];
}

/// The id of the element the console is mounted in, the last of the page's `<body>`.
pub const ROOT_ID: &str = "console";

/// Mounts the console in an element of its own at the end of the page's `<body>`, once the shell
/// the page paints while the module loads (`index.html`'s "Loading…", or the page's own
/// prerendered shell) has been painted (see [`mount_when_painted`]). The element is hidden until
/// the console's page is drawn (see [`Stage`] and [`show_console`]).
pub fn start() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let (Ok(root), Some(body)) = (document.create_element("div"), document.body()) else {
        return;
    };
    root.set_id(ROOT_ID);
    let _ = root.set_attribute("hidden", "");
    if body.append_child(&root).is_err() {
        return;
    }
    mount_when_painted(move |settings| {
        yew::Renderer::<App>::with_root_and_props(root, AppProps { settings }).render();
    });
}

/// Shows the console (`app`, its root element) in place of the page's shell, in one task: the
/// element it is mounted in loses `hidden`, the shell goes, and the root is marked ready (what the
/// prerenderer and the tests wait for). Done here, not drawn: yew runs an effect in a later task
/// than the draw it follows when drawing took longer than its 16 ms slice, so a drawn `hidden`
/// would have let a frame show both the shell and the console.
fn show_console(app: &NodeRef) {
    let Some(app) = app.cast::<Element>() else {
        return;
    };
    if let Some(root) = app.parent_element() {
        let _ = root.remove_attribute("hidden");
    }
    let _ = app.set_attribute("data-app-ready", "true");
    if let Some(shell) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("boot-shell"))
    {
        carry_input(&shell, &app);
        shell.remove();
    }
}

/// What was typed into the shell's fields before the console was there, carried into the
/// console's fields of the same id, with the focus and its caret. Only a shell with the page's
/// answer (`data-painted`) takes input; the others are `inert`. Each value is set as typing
/// sets it, followed by an `input` event, so that the page's form keeps it in its draft.
fn carry_input(shell: &Element, app: &Element) {
    if shell.has_attribute("inert") {
        return;
    }
    let Ok(fields) = shell.query_selector_all("input[id]") else {
        return;
    };
    let focused = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element());
    for index in 0..fields.length() {
        let Some(typed) = fields
            .item(index)
            .and_then(|f| f.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            continue;
        };
        let target = app
            .query_selector(&format!("#{}", typed.id()))
            .ok()
            .flatten()
            .and_then(|f| f.dyn_into::<web_sys::HtmlInputElement>().ok());
        let Some(target) = target else {
            continue;
        };
        // Only what was typed: a field as the page came (its `value` attribute) says nothing.
        if typed.value() != typed.default_value() && target.value() != typed.value() {
            target.set_value(&typed.value());
            let init = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&init, &"bubbles".into(), &JsValue::TRUE);
            let event = js_sys::Reflect::get(&js_sys::global(), &"Event".into())
                .ok()
                .and_then(|c| c.dyn_into::<js_sys::Function>().ok())
                .and_then(|c| {
                    js_sys::Reflect::construct(&c, &js_sys::Array::of2(&"input".into(), &init)).ok()
                })
                .and_then(|e| e.dyn_into::<web_sys::Event>().ok());
            if let Some(event) = event {
                let _ = target.dispatch_event(&event);
            }
        }
        if focused.as_ref() == Some(typed.as_ref()) {
            let _ = target.focus();
            let start = typed.selection_start().ok().flatten();
            let end = typed.selection_end().ok().flatten();
            if let (Some(start), Some(end)) = (start, end) {
                let _ = target.set_selection_range(start, end);
            }
        }
    }
}

/// What the shell's answer is drawn as, when the gateway wrote the page's answer into it (its
/// `data-painted`, a selector): the console then shows once it has drawn the same.
fn painted_answer() -> Option<String> {
    web_sys::window()?
        .document()?
        .get_element_by_id("boot-shell")?
        .get_attribute("data-painted")
        .filter(|selector| !selector.is_empty())
}

/// The longest the shell with the server's answer stays once the page is drawn, waiting for
/// the console to draw the answer too: its own call is the preloaded one, a cache hit at the
/// gateway; past this, the console shows what it has.
const PAINTED_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// Settles once `app` holds `answer` (a selector) or an error banner, or after [`PAINTED_WAIT`]:
/// looked for at each frame's pace, since the console is hidden until then.
async fn drawn(app: &NodeRef, answer: &str) {
    let step = std::time::Duration::from_millis(16);
    let wanted = format!("{answer}, .cs-banner");
    for _ in 0..PAINTED_WAIT.as_millis() / step.as_millis() {
        let found = app
            .cast::<Element>()
            .and_then(|app| app.query_selector(&wanted).ok().flatten());
        if found.is_some() {
            return;
        }
        crate::api::browser::sleep(step).await;
    }
}

/// Runs `mount` once the page's loader says the shell has been painted: `static/boot.js` leaves a
/// promise as [`SHELL_PAINTED`] that settles when the browser has recorded the shell's largest
/// paint (or at once where it cannot tell), and fetches the module only then, so the promise has
/// settled by the time this runs. It is awaited all the same: a shell replaced before it is seen
/// would make the first paint of the page's content wait for the module instead of coming with
/// the HTML. Without a loader's promise, `mount` runs at once and reads the settings itself.
///
/// Instantiating the module, reading the stored settings and the mount each run in a task of
/// their own. The browser answers input between them, and a phone's main thread is not held for
/// their sum (Lighthouse's total blocking time): the first access to the browser's storage alone
/// took 7-12 ms of the main thread in Chromium on these machines.
pub fn mount_when_painted(mount: impl FnOnce(Option<Rc<Settings>>) + 'static) {
    let painted = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str(SHELL_PAINTED))
        .ok()
        .and_then(|value| value.dyn_into::<js_sys::Promise>().ok());
    match painted {
        Some(painted) => wasm_bindgen_futures::spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(painted).await;
            let next_task = || crate::api::browser::sleep(std::time::Duration::ZERO);
            next_task().await;
            let settings = Rc::new(Settings::load());
            next_task().await;
            mount(Some(settings));
        }),
        None => mount(None),
    }
}

/// The global the loader leaves its promise under (see [`mount_when_painted`]).
pub const SHELL_PAINTED: &str = "chanscopeShellPainted";
