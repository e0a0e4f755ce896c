//! Compare channels: 2 to 10 channels side by side — subscribers and their change over 7, 30
//! and 90 days, citation index, ERR over posts the user lists, verification, restrictions and
//! age — with their subscriber curves on one chart. Per channel it asks for the channel's
//! information and its subscribers by day over 91 days, and the statistics of the posts listed
//! for it when there are any.
//! The form and its requests are [`params`], what the answers give [`results`].

mod params;
mod results;

use std::rc::Rc;

use yew::prelude::*;

use crate::components::page_header;
use crate::format::fill;
use crate::pages::form::{use_analysis_form, DraftForm};
use crate::route::{route_href, Route, RouteLink};
use crate::ui::{use_ui, Ui};
use params::{Entry, Layout, Params, LEAST, MOST};
use results::Comparison;

#[function_component(CompareChannelsPage)]
pub fn compare_channels_page() -> Html {
    let ui = use_ui();
    let form = use_analysis_form::<Params>(Route::CompareChannels);
    let entries = form.draft.entries();
    let set_entry = |i: usize, posts: bool| {
        form.edit(move |p: &mut Params, value: String| {
            let mut entries = p.entries();
            if let Some(entry) = entries.get_mut(i) {
                if posts {
                    entry.posts = value;
                } else {
                    entry.channel = value;
                }
            }
            *p = Params::with_entries(&entries);
        })
    };
    let add = form.edit(|p: &mut Params, ()| {
        let mut entries = p.entries();
        if entries.len() < MOST {
            entries.push(Entry::default());
        }
        *p = Params::with_entries(&entries);
    });
    let remove = |i: usize| {
        form.edit(move |p: &mut Params, ()| {
            let mut entries = p.entries();
            if i < entries.len() {
                entries.remove(i);
            }
            *p = Params::with_entries(&entries);
        })
    };
    let layout = form.params.requests(&ui).ok().map(|c| Layout::of(&c));
    html! {
        <section class="page compare-page">
            { page_header(&ui, Route::CompareChannels) }
            <form class="query-form compare-form" onsubmit={form.onsubmit.clone()} novalidate=true>
                <fieldset class="wide compare-rows">
                    <legend>{ ui.t("Channels", "Каналы") }</legend>
                    { for entries.iter().enumerate().map(|(i, entry)| {
                        let channel_error = form.error(&format!("channel.{i}"));
                        let posts_error = form.error(&format!("posts.{i}"));
                        let on_remove = remove(i);
                        html! {
                            <div class="compare-row">
                                <div class={classes!("field", channel_error.is_some().then_some("has-error"))}>
                                    <label for={format!("cc-channel-{i}")}>
                                        { fill(ui.t("Channel {n}", "Канал {n}"), &[("n", (i + 1).to_string())]) }
                                    </label>
                                    <input id={format!("cc-channel-{i}")} type="text" value={entry.channel.trim().to_owned()}
                                        placeholder="@username" spellcheck="false"
                                        aria-invalid={channel_error.is_some().then_some("true")}
                                        oninput={set_entry(i, false).reform(|e: InputEvent| e.target_unchecked_into::<web_sys::HtmlInputElement>().value())} />
                                    if let Some(error) = channel_error { <p class="field-error">{ error }</p> }
                                </div>
                                <div class={classes!("field", posts_error.is_some().then_some("has-error"))}>
                                    <label for={format!("cc-posts-{i}")}>{ ui.t("Posts for ERR (optional)", "Посты для ERR (необязательно)") }</label>
                                    <input id={format!("cc-posts-{i}")} type="text" value={entry.posts.clone()}
                                        placeholder={ui.t("post IDs, e.g. 30001234, 30001240", "ID постов, например 30001234, 30001240")}
                                        spellcheck="false" aria-invalid={posts_error.is_some().then_some("true")}
                                        oninput={set_entry(i, true).reform(|e: InputEvent| e.target_unchecked_into::<web_sys::HtmlInputElement>().value())} />
                                    if let Some(error) = posts_error { <p class="field-error">{ error }</p> }
                                </div>
                                if entries.len() > LEAST {
                                    <button type="button" class="secondary compare-remove"
                                        aria-label={fill(ui.t("Remove channel {n}", "Убрать канал {n}"), &[("n", (i + 1).to_string())])}
                                        onclick={on_remove.reform(|_: MouseEvent| ())}>{ "×" }</button>
                                }
                            </div>
                        }
                    }) }
                    if let Some(error) = form.error("channels") {
                        <p class="field-error">{ error }</p>
                    }
                    if entries.len() < MOST {
                        <button type="button" class="secondary compare-add" onclick={add.reform(|_: MouseEvent| ())}>
                            { ui.t("Add a channel", "Добавить канал") }
                        </button>
                    }
                </fieldset>
                <div class="actions">
                    <button type="submit">{ ui.t("Compare", "Сравнить") }</button>
                </div>
            </form>
            { form.status(
                ui.t("Enter 2 to 10 channels (@username, a t.me link or the service's ID) to see them side by side.",
                    "Укажите от 2 до 10 каналов (@username, ссылку t.me или ID сервиса), чтобы сравнить их."),
                ui.t("per channel: its information, 91 days of subscribers, and the posts listed",
                    "на канал: данные канала, подписчики за 91 день и указанные посты").into(),
            ) }
            if let (Some(job), Some(layout)) = (&form.job, layout) {
                <div class={form.results_class("compare-results")}>
                    <Comparison job={job.clone()} layout={Rc::new(layout)} />
                </div>
            }
        </section>
    }
}

/// The address of this page comparing `channels` (as typed), with no posts listed.
pub fn compare_href<S: AsRef<str>>(channels: &[S]) -> String {
    let entries: Vec<Entry> = channels
        .iter()
        .map(|channel| Entry {
            channel: channel.as_ref().to_owned(),
            posts: String::new(),
        })
        .collect();
    route_href(Route::CompareChannels, &Params::with_entries(&entries))
}

/// "Compare selected" under a table of channels: a link to this page with exactly the channels
/// picked, in the table's order, once there are 2 to 10 of them.
pub fn compare_selected(ui: &Ui, picked: &[AttrValue]) -> Html {
    let n = picked.len();
    let label = fill(
        ui.t("Compare selected ({n})", "Сравнить выбранные ({n})"),
        &[("n", n.to_string())],
    );
    html! {
        <p class="compare-selected">
            if (LEAST..=MOST).contains(&n) {
                <RouteLink href={compare_href(picked)}
                    classes="cs-button">{ label }</RouteLink>
            } else {
                <button type="button" class="cs-button" disabled=true>{ label }</button>
                <span class="hint">{ fill(
                    ui.t(" Pick {least} to {most} channels in the table.", " Отметьте в таблице от {least} до {most} каналов."),
                    &[("least", LEAST.to_string()), ("most", MOST.to_string())],
                ) }</span>
            }
        </p>
    }
}
