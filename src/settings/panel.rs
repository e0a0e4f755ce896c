//! The settings' form ([`SettingsPanel`]): changes apply on Save; Escape or Close leaves them as
//! they were.

use std::rc::Rc;

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::{valid_base_url, Settings, SettingsContext, WATCH_INTERVALS};
use crate::api::Token;
use crate::format::{fill, Locale};
use crate::ui::{use_ui, Zone};
use crate::view::job::CONFIRM_ABOVE_RANGE;

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
