//! Channel and chat search by keyword or category, shown as a grid of channel cards.

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use yew::prelude::*;

use crate::pages::form::DraftForm;

use crate::api::catalog;
use crate::api::limits::{
    CHANNEL_SEARCH_LANGUAGE_DEFAULT, CHANNEL_SEARCH_LIMIT_DEFAULT, CHANNEL_SEARCH_LIMIT_MAX,
    CHANNEL_SEARCH_QUERY_MIN_CHARS,
};
use crate::api::model::{Channel, ChannelSearchResponse};
use crate::api::ops::ChannelSearch;
use crate::api::{Error, Operation, PeerType};
use crate::components::page_header;
use crate::components::status::{unreadable_note, EmptyState, RecordNoun};
use crate::components::{use_picking, CardVariant, ChannelCard, Column, DataTable, Row, TableCell};
use crate::figures::counts::parse_count;
use crate::format::fill;
use crate::pages::compare_channels::compare_selected;
use crate::pages::form::{is_false, peer_type_or};
use crate::pages::form::{
    peer_type_options, Advanced, Check, Field, LimitField, Select, ViewSwitch,
};
use crate::pages::form::{use_page_form, AddressQuery, PageParams, Problems};
use crate::request::CachedClient;
use crate::route::{route_href, ChannelQuery, Route};
use crate::sanitize::{MarkupWriter, Written};
use crate::ui::{use_ui, Ui};
use crate::view::labels::channel_ref;

#[derive(Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct Params {
    #[serde(skip_serializing_if = "String::is_empty")]
    q: String,
    #[serde(skip_serializing_if = "is_false")]
    search_by_description: bool,
    #[serde(skip_serializing_if = "String::is_empty")]
    peer_type: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    country: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    language: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    category: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    limit: String,
    /// A channel the picked ones are compared with ("Compare with…" of the channel report): it
    /// leads the comparison and is not part of the search.
    #[serde(skip_serializing_if = "String::is_empty")]
    with: String,
}

impl AddressQuery for Params {}

impl PageParams for Params {
    type Request = ChannelSearch;
    type Output = Rc<ChannelSearchResponse>;

    fn to_request(&self, ui: &Ui) -> Result<ChannelSearch, Problems> {
        let mut op = ChannelSearch::new(self.country.trim());
        op.q = self.q.trim().to_owned();
        op.search_by_description = self.search_by_description;
        op.peer_type = peer_type_or(&self.peer_type, PeerType::Channel);
        op.language = self.language.trim().to_owned();
        op.category = self.category.trim().to_owned();
        op.limit = parse_count(&self.limit);
        op.validate()
            .map_err(|invalid| Problems::of(ui, &invalid))?;
        Ok(op)
    }

    async fn fetch(api: CachedClient, op: ChannelSearch) -> Result<Self::Output, Error> {
        api.send(&op).await
    }
}

#[function_component(ChannelSearchPage)]
pub fn channel_search_page() -> Html {
    let ui = use_ui();
    let form = use_page_form::<Params>(Route::ChannelSearch);
    let draft = (*form.draft).clone();
    let advanced_open = draft.search_by_description || !draft.limit.trim().is_empty();
    let peer_type = peer_type_or(&draft.peer_type, PeerType::Channel);
    let q_hint = fill(
        ui.t(
            "At least {n} characters. A keyword or a category is required.",
            "Не короче {n} символов. Нужно ключевое слово или категория.",
        ),
        &[("n", CHANNEL_SEARCH_QUERY_MIN_CHARS.to_string())],
    );
    let state = form.task.state();
    html! {
        <section class="page channel-search-page">
            { page_header(&ui, Route::ChannelSearch) }
            if !draft.with.trim().is_empty() {
                <p class="compare-with-note">
                    { ui.t("Comparing with ", "Сравнение с ") }<strong>{ draft.with.trim().to_owned() }</strong>
                    { ui.t(": find channels, then tick the ones to compare in the table.",
                        ": найдите каналы и отметьте в таблице те, с которыми сравнить.") }
                </p>
            }
            <form class="query-form" onsubmit={form.onsubmit.clone()} novalidate=true>
                <Field id="cs-q" label={ui.t("Keyword (q)", "Ключевое слово (q)")}
                    value={draft.q.clone()} hint={q_hint}
                    oninput={form.edit(|p: &mut Params, v| p.q = v)}
                    error={form.error("q")} />
                <Field id="cs-category" suggestions={catalog::Field::Category} label={ui.t("Category", "Категория")}
                    value={draft.category.clone()}
                    hint={ui.t("Pick a known category or type the service's code, e.g. news", "Выберите категорию или введите код сервиса, например news")}
                    oninput={form.edit(|p: &mut Params, v| p.category = v)}
                    error={form.error("category")} />
                <Field id="cs-country" suggestions={catalog::Field::Country} label={ui.t("Country", "Страна")} required=true
                    value={draft.country.clone()} placeholder="ru"
                    hint={ui.t("Required: pick a country or type its code", "Обязательно: выберите страну или введите её код")}
                    oninput={form.edit(|p: &mut Params, v| p.country = v)}
                    error={form.error("country")} />
                <Field id="cs-language" suggestions={catalog::Field::Language} label={ui.t("Language", "Язык")}
                    value={draft.language.clone()} placeholder={CHANNEL_SEARCH_LANGUAGE_DEFAULT}
                    hint={fill(ui.t("{default} when blank", "Без значения — {default}"),
                        &[("default", CHANNEL_SEARCH_LANGUAGE_DEFAULT.to_owned())])}
                    oninput={form.edit(|p: &mut Params, v| p.language = v)}
                    error={form.error("language")} />
                <Select id="cs-peer-type" label={ui.t("What to search (peer_type)", "Что искать (peer_type)")}
                    value={peer_type.as_str()} options={peer_type_options(&ui)}
                    onchange={form.edit(|p: &mut Params, v| p.peer_type = v)} />
                <Advanced open={advanced_open}>
                    <Check id="cs-by-description"
                        label={ui.t("Search descriptions too (search_by_description)",
                            "Искать и в описании (search_by_description)")}
                        checked={draft.search_by_description}
                        onchange={form.edit(|p: &mut Params, v| p.search_by_description = v)} />
                    <LimitField id="cs-limit" label={ui.t("How many (limit)", "Сколько (limit)")}
                        value={draft.limit.clone()}
                        hint={ui.t("1 to {max}; {default} when blank", "От 1 до {max}; без значения — {default}")}
                        max={CHANNEL_SEARCH_LIMIT_MAX} default={CHANNEL_SEARCH_LIMIT_DEFAULT}
                        oninput={form.edit(|p: &mut Params, v| p.limit = v)}
                        error={form.error("limit")} />
                </Advanced>
                <div class="actions">
                    <button type="submit">{ ui.t("Find channels", "Найти каналы") }</button>
                </div>
            </form>
            { form.status(ui.t(
                "Search by keyword, by category, or both; the country is required.",
                "Ищите по ключевому слову, категории или обоим; страна обязательна.",
            )) }
            if let Some(data) = state.data.clone() {
                <div class={form.results_class("channel-search-results")}>
                    if data.items.is_empty() {
                        <EmptyState title={ui.t("No channels found.", "Каналы не найдены.")}
                            hint={ui.t("Try another keyword or category, another country or language, or search descriptions too.",
                                "Попробуйте другое слово или категорию, другую страну или язык, или поиск по описанию.")} />
                    } else {
                        <Found response={(*data).clone()} with={AttrValue::from(form.params.with.trim().to_owned())} />
                    }
                </div>
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct FoundProps {
    response: Rc<ChannelSearchResponse>,
    /// The channel the picked ones are compared with, if any.
    with: AttrValue,
}

/// The channels found, as cards or as a table that sorts, exports and sends the channels picked
/// to compare channels.
#[function_component(Found)]
fn found(props: &FoundProps) -> Html {
    let ui = use_ui();
    let as_table = use_state_eq(|| !props.with.is_empty());
    let items = &props.response.items;
    let picking = use_picking(Rc::new(
        items
            .iter()
            .map(|c| AttrValue::from(channel_ref(c)))
            .collect(),
    ));
    html! {
        <>
            <p class="summary">
                { fill(ui.t("{n} channels found", "Найдено каналов: {n}"),
                    &[("n", ui.count(i64::try_from(props.response.count).unwrap_or(i64::MAX)))]) }
            </p>
            { unreadable_note(&ui, RecordNoun::Channels, [items]) }
            <ViewSwitch label={ui.t("Show as", "Показать как")}
                labels={vec![ui.t("Cards", "Карточки"), ui.t("Table", "Таблица")]}
                chosen={usize::from(*as_table)}
                onchange={let as_table = as_table.clone(); Callback::from(move |i: usize| as_table.set(i == 1))} />
            if *as_table {
                <DataTable columns={table_columns(&ui)} rows={Rc::new(items.iter().map(|c| table_row(&ui, c)).collect())}
                    export_name="channel-search" lead={Some(picking.lead(&ui))}
                    caption={ui.t("Channels found", "Найденные каналы")} />
                { compare_selected(&ui, &with_picked(&props.with, &picking.picked)) }
            } else {
                <ul class="channel-grid">
                    { for items.iter().map(|channel| html! {
                        <li class="channel-grid-item">
                            <ChannelCard channel={Rc::new(channel.clone())} heading={2}
                                variant={CardVariant::Compact}
                                actions={card_actions(&ui, &channel_ref(channel))} />
                        </li>
                    }) }
                </ul>
            }
        </>
    }
}

/// `with` (when given and not picked too) first, then the channels picked.
fn with_picked(with: &AttrValue, picked: &[AttrValue]) -> Vec<AttrValue> {
    let lead = (!with.is_empty() && !picked.iter().any(|p| p.eq_ignore_ascii_case(with)))
        .then(|| with.clone());
    lead.into_iter().chain(picked.iter().cloned()).collect()
}

/// The columns a search answer fills: category, country and language come only with channel
/// information.
fn table_columns(ui: &Ui) -> Rc<Vec<Column>> {
    Rc::new(vec![
        Column::text("channel", ui.t("Channel", "Канал")),
        Column::text("username", ui.t("Username", "Имя")),
        Column::numeric("subscribers", ui.t("Subscribers", "Подписчики")),
        Column::numeric("ci-index", ui.t("Citation index", "Индекс цитирования")),
    ])
}

fn table_row(ui: &Ui, channel: &Channel) -> Row {
    vec![
        TableCell::channel(
            channel_ref(channel),
            Some(channel.title.as_str()),
            channel.id,
        ),
        TableCell::maybe_text(Some(channel.username.as_str())),
        TableCell::count(
            ui,
            i64::try_from(channel.participants_count).unwrap_or(i64::MAX),
        ),
        channel
            .ci_index
            .map_or_else(TableCell::missing, TableCell::decimal),
    ]
}

fn card_actions(ui: &Ui, channel: &str) -> Written {
    let query = || ChannelQuery::new(channel);
    let mut m = MarkupWriter::default();
    m.tags(r#"<a class="cs-button cs-button-quiet""#)
        .attribute("href", route_href(Route::ChannelInfo, &query()))
        .tags(">")
        .text(ui.t("Details", "Подробнее"))
        .tags(r#"</a><a class="cs-button cs-button-quiet""#)
        .attribute("href", route_href(Route::SubscriberDynamics, &query()))
        .tags(">")
        .text(ui.t("Subscribers", "Подписчики"))
        .tags("</a>");
    m.finish()
}
