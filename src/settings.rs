//! The console's settings: where the API is, the token, the time zone and the language. The
//! token lives in sessionStorage (gone when the tab closes) unless the user asks to remember it on
//! this device (localStorage); it never enters the address bar, history or logs.

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use web_sys::{HtmlInputElement, HtmlSelectElement, Storage};
use yew::prelude::*;

use crate::api::{ClientConfig, Token};
use crate::format::{fill, Locale};
use crate::request::{clear_cache, ApiConfig};
use crate::ui::{use_ui, Ui, Zone};
use crate::view::job::{CONFIRM_ABOVE_RANGE, DEFAULT_CONFIRM_ABOVE};

const PREFS_KEY: &str = "chanscope.settings";
const TOKEN_KEY: &str = "chanscope.token";
pub const DEFAULT_BASE_URL: &str = "/api";

#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub base_url: String,
    pub token: Option<Token>,
    /// The token is kept in localStorage rather than sessionStorage.
    pub remember: bool,
    /// An IANA zone; empty for the browser's own.
    pub zone: String,
    pub locale: Locale,
    /// Analyses of more requests than this ask before they start.
    pub confirm_above: u32,
    /// The watchlist is checked by itself when the console opens, at most once per
    /// `watch_every_hours`.
    pub watch_auto: bool,
    pub watch_every_hours: u32,
}

/// How often the watchlist may check itself, in hours, as Settings offer it.
pub const WATCH_INTERVALS: [u32; 5] = [1, 6, 12, 24, 168];
const DEFAULT_WATCH_HOURS: u32 = 24;

/// What is stored in localStorage besides the token.
#[derive(Serialize, Deserialize, Default)]
#[serde(default)]
struct Prefs {
    base_url: String,
    zone: String,
    locale: String,
    confirm_above: Option<u32>,
    watch_auto: bool,
    watch_every_hours: Option<u32>,
}

fn local_storage() -> Option<Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn session_storage() -> Option<Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

fn read(storage: Option<Storage>, key: &str) -> Option<String> {
    storage?.get_item(key).ok().flatten()
}

/// The browser's preferred language, if it is one the console speaks.
fn browser_locale() -> Locale {
    web_sys::window()
        .and_then(|w| w.navigator().language())
        .and_then(|tag| Locale::from_tag(&tag))
        .unwrap_or_default()
}

impl Settings {
    /// The stored settings, with defaults for whatever is missing or unreadable.
    pub fn load() -> Settings {
        let prefs: Prefs = read(local_storage(), PREFS_KEY)
            .and_then(|json| serde_json::from_str(&json).ok())
            .unwrap_or_default();
        let remembered = read(local_storage(), TOKEN_KEY).and_then(|t| Token::new(&t));
        let remember = remembered.is_some();
        let token =
            remembered.or_else(|| read(session_storage(), TOKEN_KEY).and_then(|t| Token::new(&t)));
        Settings {
            base_url: if prefs.base_url.trim().is_empty() {
                DEFAULT_BASE_URL.into()
            } else {
                prefs.base_url
            },
            token,
            remember,
            zone: prefs.zone,
            locale: Locale::from_tag(&prefs.locale).unwrap_or_else(browser_locale),
            confirm_above: prefs
                .confirm_above
                .filter(|n| *n <= CONFIRM_ABOVE_RANGE.1)
                .unwrap_or(DEFAULT_CONFIRM_ABOVE),
            watch_auto: prefs.watch_auto,
            watch_every_hours: prefs
                .watch_every_hours
                .filter(|h| WATCH_INTERVALS.contains(h))
                .unwrap_or(DEFAULT_WATCH_HOURS),
        }
    }

    /// Writes the settings back. The token goes to exactly one of the two storages.
    pub fn save(&self) {
        let prefs = Prefs {
            base_url: self.base_url.clone(),
            zone: self.zone.clone(),
            locale: self.locale.code().into(),
            confirm_above: Some(self.confirm_above),
            watch_auto: self.watch_auto,
            watch_every_hours: Some(self.watch_every_hours),
        };
        if let (Some(storage), Ok(json)) = (local_storage(), serde_json::to_string(&prefs)) {
            let _ = storage.set_item(PREFS_KEY, &json);
        }
        for storage in [local_storage(), session_storage()].into_iter().flatten() {
            let _ = storage.remove_item(TOKEN_KEY);
        }
        if let Some(token) = &self.token {
            let storage = if self.remember {
                local_storage()
            } else {
                session_storage()
            };
            if let Some(storage) = storage {
                let _ = storage.set_item(TOKEN_KEY, token.expose());
            }
        }
    }

    pub fn client_config(&self) -> ClientConfig {
        ClientConfig {
            base_url: self.base_url.clone(),
            token: self.token.clone(),
            ..ClientConfig::default()
        }
    }

    pub fn ui(&self) -> Ui {
        Ui {
            locale: self.locale,
            zone: Zone::from_name(&self.zone).unwrap_or(Zone::Browser),
        }
    }
}

/// `/api`, `/any/path` or an absolute http(s) URL.
pub fn valid_base_url(url: &str) -> bool {
    let url = url.trim();
    (url.starts_with('/') && !url.starts_with("//"))
        || url.starts_with("http://")
        || url.starts_with("https://")
}

/// The settings and a way to change them, shared through context.
#[derive(Clone, PartialEq)]
pub struct SettingsContext {
    pub settings: Rc<Settings>,
    pub update: Callback<Settings>,
}

#[derive(Properties, PartialEq)]
pub struct SettingsProviderProps {
    pub children: Children,
    /// The stored settings, when already read (see `app::mount_when_painted`); read on the first
    /// render otherwise.
    #[prop_or_default]
    pub stored: Option<Rc<Settings>>,
}

/// Provides [`SettingsContext`], [`Ui`] and [`ApiConfig`] to everything below it.
#[function_component(SettingsProvider)]
pub fn settings_provider(props: &SettingsProviderProps) -> Html {
    let settings = use_state(|| {
        props
            .stored
            .clone()
            .unwrap_or_else(|| Rc::new(Settings::load()))
    });
    let update = {
        let settings = settings.clone();
        Callback::from(move |next: Settings| {
            if next.base_url != settings.base_url || next.token != settings.token {
                clear_cache();
            }
            next.save();
            settings.set(Rc::new(next));
        })
    };
    let context = SettingsContext {
        settings: (*settings).clone(),
        update,
    };
    let ui = settings.ui();
    use_effect_with(ui.locale, |locale| {
        if let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = root.set_attribute("lang", locale.code());
        }
    });
    let api = ApiConfig(settings.client_config());
    html! {
        <ContextProvider<SettingsContext> context={context}>
            <ContextProvider<Ui> context={ui}>
                <ContextProvider<ApiConfig> context={api}>
                    { props.children.clone() }
                </ContextProvider<ApiConfig>>
            </ContextProvider<Ui>>
        </ContextProvider<SettingsContext>>
    }
}

#[derive(Properties, PartialEq)]
pub struct SettingsPanelProps {
    pub on_close: Callback<()>,
}

/// The settings form: changes apply on Save; Escape or Close leaves them as they were.
#[function_component(SettingsPanel)]
pub fn settings_panel(props: &SettingsPanelProps) -> Html {
    let ui = use_ui();
    // Outside a provider the panel shows the stored settings and saving changes nothing,
    // rather than taking the whole app down.
    let context = use_context::<SettingsContext>().unwrap_or_else(|| SettingsContext {
        settings: Rc::new(Settings::load()),
        update: Callback::noop(),
    });
    let current = context.settings.clone();
    let base_url = use_state(|| current.base_url.clone());
    let token = use_state(|| {
        current
            .token
            .as_ref()
            .map(|t| t.expose().to_owned())
            .unwrap_or_default()
    });
    let remember = use_state(|| current.remember);
    let zone = use_state(|| current.zone.clone());
    let locale = use_state(|| current.locale);
    let confirm_above = use_state(|| current.confirm_above.to_string());
    let watch_auto = use_state(|| current.watch_auto);
    let watch_every = use_state(|| current.watch_every_hours);
    let show_token = use_state(|| false);
    let problem = use_state(|| None::<&'static str>);

    let text_input = |handle: UseStateHandle<String>| {
        Callback::from(move |e: InputEvent| {
            handle.set(e.target_unchecked_into::<HtmlInputElement>().value())
        })
    };
    let on_save = {
        let (base_url, token, remember, zone, locale, problem) = (
            base_url.clone(),
            token.clone(),
            remember.clone(),
            zone.clone(),
            locale.clone(),
            problem.clone(),
        );
        let (confirm_above, watch_auto, watch_every) = (
            confirm_above.clone(),
            watch_auto.clone(),
            watch_every.clone(),
        );
        let update = context.update.clone();
        let on_close = props.on_close.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if !valid_base_url(&base_url) {
                problem.set(Some("base-url"));
                return;
            }
            if Zone::from_name(&zone).is_none() {
                problem.set(Some("zone"));
                return;
            }
            let Some(threshold) = confirm_above
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|n| *n <= CONFIRM_ABOVE_RANGE.1)
            else {
                problem.set(Some("confirm-above"));
                return;
            };
            problem.set(None);
            update.emit(Settings {
                base_url: base_url.trim().to_owned(),
                token: Token::new(&token),
                remember: *remember,
                zone: zone.trim().to_owned(),
                locale: *locale,
                confirm_above: threshold,
                watch_auto: *watch_auto,
                watch_every_hours: *watch_every,
            });
            on_close.emit(());
        })
    };
    let on_clear_token = {
        let (token, remember) = (token.clone(), remember.clone());
        let update = context.update.clone();
        let current = current.clone();
        Callback::from(move |_| {
            token.set(String::new());
            remember.set(false);
            update.emit(Settings {
                token: None,
                remember: false,
                ..(*current).clone()
            });
        })
    };
    let on_keydown = {
        let on_close = props.on_close.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                on_close.emit(());
            }
        })
    };
    let on_locale = {
        let locale = locale.clone();
        Callback::from(move |e: Event| {
            let tag = e.target_unchecked_into::<HtmlSelectElement>().value();
            locale.set(Locale::from_tag(&tag).unwrap_or_default());
        })
    };
    let browser_zone = Zone::browser_name();
    let on_watch_every = {
        let watch_every = watch_every.clone();
        Callback::from(move |e: Event| {
            let hours = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Ok(hours) = hours.parse() {
                watch_every.set(hours);
            }
        })
    };
    let interval_label = |hours: u32| match hours {
        1 => ui.t("hour", "час"),
        6 => ui.t("6 hours", "6 часов"),
        12 => ui.t("12 hours", "12 часов"),
        24 => ui.t("day", "день"),
        _ => ui.t("week", "неделю"),
    };

    html! {
        <section class="settings" aria-labelledby="settings-title" onkeydown={on_keydown}>
            <form onsubmit={on_save} novalidate=true>
                <h2 id="settings-title">{ ui.t("Settings", "Настройки") }</h2>
                <div class="field">
                    <label for="settings-base-url">{ ui.t("API base URL", "Базовый URL API") }</label>
                    <input id="settings-base-url" type="text" value={(*base_url).clone()}
                        oninput={text_input(base_url.clone())} spellcheck="false"
                        aria-invalid={(*problem == Some("base-url")).to_string()} />
                    <p class="hint">{ ui.t(
                        "/api goes through the preview proxy or the gateway. A full http(s) URL calls that server directly.",
                        "/api идёт через прокси предпросмотра или шлюз. Полный http(s) URL обращается к серверу напрямую."
                    ) }</p>
                    if *problem == Some("base-url") {
                        <p class="field-error" role="alert">{ ui.t(
                            "Enter a path starting with / or an http:// or https:// URL.",
                            "Укажите путь, начинающийся с /, или URL с http:// или https://."
                        ) }</p>
                    }
                </div>
                <div class="field">
                    <label for="settings-token">{ ui.t("API token", "Токен API") }</label>
                    <div class="input-row">
                        <input id="settings-token" type={if *show_token { "text" } else { "password" }}
                            value={(*token).clone()} oninput={text_input(token.clone())}
                            autocomplete="off" spellcheck="false" />
                        <button type="button" class="secondary" aria-pressed={show_token.to_string()}
                            onclick={let s = show_token.clone(); move |_| s.set(!*s)}>
                            { if *show_token { ui.t("Hide", "Скрыть") } else { ui.t("Show", "Показать") } }
                        </button>
                        <button type="button" class="secondary" onclick={on_clear_token}>
                            { ui.t("Clear", "Очистить") }
                        </button>
                    </div>
                    <p class="hint">{ ui.t(
                        "Kept for this tab only. Leave it empty when a gateway adds the token for you.",
                        "Хранится только в этой вкладке. Оставьте пустым, если токен добавляет шлюз."
                    ) }</p>
                    <label class="check">
                        <input type="checkbox" checked={*remember}
                            onchange={let r = remember.clone(); move |_| r.set(!*r)} />
                        { ui.t("Remember on this device", "Запомнить на этом устройстве") }
                    </label>
                </div>
                <div class="field">
                    <label for="settings-zone">{ ui.t("Time zone", "Часовой пояс") }</label>
                    <input id="settings-zone" type="text" value={(*zone).clone()}
                        placeholder={browser_zone} oninput={text_input(zone.clone())} spellcheck="false"
                        aria-invalid={(*problem == Some("zone")).to_string()} />
                    <p class="hint">{ ui.t(
                        "Empty: the browser's zone. Otherwise a name such as Europe/Moscow or UTC.",
                        "Пусто — пояс браузера. Иначе имя, например Europe/Moscow или UTC."
                    ) }</p>
                    if *problem == Some("zone") {
                        <p class="field-error" role="alert">{ ui.t(
                            "This browser does not know that time zone.",
                            "Браузер не знает такой часовой пояс."
                        ) }</p>
                    }
                </div>
                <div class="field">
                    <label for="settings-confirm">{ ui.t(
                        "Ask before analyses of more requests than",
                        "Спрашивать перед анализом, если запросов больше чем"
                    ) }</label>
                    <input id="settings-confirm" type="number" min="0"
                        max={CONFIRM_ABOVE_RANGE.1.to_string()} value={(*confirm_above).clone()}
                        oninput={text_input(confirm_above.clone())}
                        aria-invalid={(*problem == Some("confirm-above")).to_string()} />
                    <p class="hint">{ ui.t(
                        "Every request counts against the plan's quota. 0 asks before every analysis.",
                        "Каждый запрос расходует квоту тарифа. 0 — спрашивать перед каждым анализом."
                    ) }</p>
                    if *problem == Some("confirm-above") {
                        <p class="field-error" role="alert">{ fill(ui.t(
                            "Enter a whole number from 0 to {max}.",
                            "Введите целое число от 0 до {max}."
                        ), &[("max", CONFIRM_ABOVE_RANGE.1.to_string())]) }</p>
                    }
                </div>
                <div class="field">
                    <label class="check">
                        <input id="settings-watch-auto" type="checkbox" checked={*watch_auto}
                            onchange={let w = watch_auto.clone(); move |_| w.set(!*w)} />
                        { ui.t("Check the watchlist when the console opens",
                            "Проверять список наблюдения при открытии консоли") }
                    </label>
                    <label for="settings-watch-every">{ ui.t("At most once per", "Не чаще раза в") }</label>
                    <select id="settings-watch-every" onchange={on_watch_every} disabled={!*watch_auto}>
                        { for WATCH_INTERVALS.iter().map(|&hours| html! {
                            <option value={hours.to_string()} selected={*watch_every == hours}>
                                { interval_label(hours) }
                            </option>
                        }) }
                    </select>
                </div>
                <div class="field">
                    <label for="settings-locale">{ ui.t("Language", "Язык") }</label>
                    <select id="settings-locale" onchange={on_locale}>
                        <option value="en" selected={*locale == Locale::En}>{ "English" }</option>
                        <option value="ru" selected={*locale == Locale::Ru}>{ "Русский" }</option>
                    </select>
                </div>
                <div class="actions">
                    <button type="submit">{ ui.t("Save", "Сохранить") }</button>
                    <button type="button" class="secondary"
                        onclick={let c = props.on_close.clone(); move |_| c.emit(())}>
                        { ui.t("Close", "Закрыть") }
                    </button>
                </div>
            </form>
        </section>
    }
}
