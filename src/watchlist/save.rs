//! "Watch": saves what a page shows (its post search, keyword-mentions query or channel) to the
//! watchlist under a name the user can change, or says that it is already watched.

use web_sys::HtmlInputElement;
use yew::prelude::*;
use yew_router::Routable;

use super::button::{watch_label, write_waiting_watch_button};
use super::provider::use_watchlist;
use super::watch::{Watch, WatchTarget};
use crate::route::{Route, RouteLink};
use crate::sanitize::MarkupWriter;
use crate::store::new_id;
use crate::ui::use_ui;

#[derive(Properties, PartialEq)]
pub struct WatchButtonProps {
    pub target: WatchTarget,
    /// The name offered, e.g. the query or the channel's title.
    pub name: AttrValue,
}

#[function_component(WatchButton)]
pub fn watch_button(props: &WatchButtonProps) -> Html {
    let ui = use_ui();
    let list = use_watchlist();
    let naming = use_state(|| None::<String>);
    let Some(list) = list else {
        return Html::default();
    };
    if let Some(watch) = list.watching(&props.target) {
        return html! {
            <p class="watch-saved" role="status">
                { format!("{} «{}». ", ui.t("In the watchlist as", "В списке наблюдения как"), watch.name) }
                <RouteLink href={Route::Watchlist.to_path()}>{ ui.t("Open the watchlist", "Открыть список") }</RouteLink>
            </p>
        };
    }
    if !list.loaded || list.error.is_some() {
        let mut m = MarkupWriter::with_capacity(128);
        write_waiting_watch_button(&mut m, ui.locale);
        return Html::from_html_unchecked(AttrValue::from(m.into_string()));
    }
    let Some(name) = (*naming).clone() else {
        let (naming, offered) = (naming.clone(), props.name.to_string());
        return html! {
            <button type="button" class="secondary watch-button"
                onclick={move |_| naming.set(Some(offered.clone()))}>
                { watch_label(ui.locale) }
            </button>
        };
    };
    let on_input = {
        let naming = naming.clone();
        Callback::from(move |e: InputEvent| {
            naming.set(Some(e.target_unchecked_into::<HtmlInputElement>().value()))
        })
    };
    let on_submit = {
        let (naming, target, save) = (naming.clone(), props.target.clone(), list.save.clone());
        let name = name.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let name = name.trim();
            if name.is_empty() {
                return;
            }
            let now = (js_sys::Date::now() / 1000.0) as i64;
            save.emit(Watch::new(new_id(), name.to_owned(), target.clone(), now));
            naming.set(None);
        })
    };
    let on_cancel = {
        let naming = naming.clone();
        Callback::from(move |_: MouseEvent| naming.set(None))
    };
    html! {
        <form class="watch-form" onsubmit={on_submit}>
            <label for="watch-name">{ ui.t("Name of the watch", "Название наблюдения") }</label>
            <input id="watch-name" type="text" value={name.clone()} oninput={on_input} />
            <button type="submit" disabled={name.trim().is_empty()}>{ ui.t("Save", "Сохранить") }</button>
            <button type="button" class="secondary" onclick={on_cancel}>{ ui.t("Cancel", "Отменить") }</button>
            <p class="hint">{ ui.t(
                "The watchlist is kept in this browser only. Its first check notes what there is; later checks show what is new.",
                "Список хранится только в этом браузере. Первая проверка запоминает, что есть; следующие показывают новое.",
            ) }</p>
        </form>
    }
}
