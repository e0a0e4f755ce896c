//! The console's settings: where the API is, the token, the time zone and the language. The
//! token lives in sessionStorage (gone when the tab closes) unless the user asks to remember it on
//! this device (localStorage); it never enters the address bar, history or logs.
//!
//! Here the settings' state, how they are stored and the provider that shares them; their form
//! is [`panel`].

mod panel;
pub mod zone_cookie;

pub use panel::{SettingsPanel, SettingsPanelProps};

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use web_sys::Storage;
use yew::prelude::*;

use crate::api::{ClientConfig, Token};
use crate::format::Locale;
use crate::request::{clear_cache, ApiConfig};
use crate::ui::{Ui, Zone};
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
    // On start and whenever the zone changes: the server writes the next page's dates in it.
    use_effect_with(ui.zone.clone(), zone_cookie::keep_zone);
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
