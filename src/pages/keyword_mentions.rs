//! Keyword mentions by channel: per channel, how often a word or phrase was mentioned, its reach
//! and the latest mention.

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use yew::prelude::*;

use crate::pages::form::DraftForm;

use crate::api::limits::DEFAULT_PERIOD_DAYS;
use crate::api::model::KeywordMentionsResponse;
use crate::api::ops::KeywordMentions;
use crate::api::{Error, Invalid, Operation, PeerType};
use crate::components::figure::figures_export;
use crate::components::page_header;
use crate::components::status::{unreadable_note, EmptyState, RecordNoun};
use crate::components::{use_picking, Column, DataTable, Row, TableCell};
use crate::export::Cell;
use crate::figures::mentions::{reach_per_mention, share};
use crate::figures::named::MentionTotals;
use crate::format::fill;
use crate::format::iso_date;
use crate::pages::compare_channels::compare_selected;
use crate::pages::form::{is_false, peer_type_or, Advanced, Check, PeriodQuery, PERIOD_PRESETS};
use crate::pages::form::{use_page_form, AddressQuery, PageParams, Problems};
use crate::pages::text_search::{matching_fields, query_fields, TextQuery, TextSearch};
use crate::request::CachedClient;
use crate::route::Route;
use crate::ui::{use_ui, Ui};
use crate::view::labels::channel_ref;
use crate::view::sort::SortKey;
use crate::watchlist::{WatchButton, WatchTarget};

#[derive(Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct Params {
    #[serde(skip_serializing_if = "String::is_empty")]
    q: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    peer_type: String,
    /// Blank is the API's last 10 days.
    #[serde(flatten)]
    period: PeriodQuery,
    #[serde(skip_serializing_if = "is_false")]
    hide_forwards: bool,
    #[serde(skip_serializing_if = "is_false")]
    strong_search: bool,
    #[serde(skip_serializing_if = "String::is_empty")]
    minus_words: String,
    #[serde(skip_serializing_if = "is_false")]
    extended_syntax: bool,
}

impl AddressQuery for Params {}

impl PageParams for Params {
    type Request = KeywordMentions;
    type Output = Rc<KeywordMentionsResponse>;

    fn to_request(&self, ui: &Ui) -> Result<KeywordMentions, Problems> {
        let op = self.request(ui);
        op.validate()
            .map_err(|invalid| Problems::of(ui, &invalid))?;
        Ok(op)
    }

    async fn fetch(api: CachedClient, op: KeywordMentions) -> Result<Self::Output, Error> {
        api.send(&op).await
    }
}

impl Params {
    /// The request of the form, not checked yet.
    fn request(&self, ui: &Ui) -> KeywordMentions {
        let mut op = KeywordMentions::new(self.q.trim());
        op.peer_type = peer_type_or(&self.peer_type, PeerType::All);
        let period = self.period.bounds(ui, PERIOD_PRESETS);
        (op.start_date, op.end_date) = (period.start, period.end);
        op.hide_forwards = self.hide_forwards;
        op.strong_search = self.strong_search;
        op.minus_words = self.minus_words.trim().to_owned();
        op.extended_syntax = self.extended_syntax;
        op
    }
}

impl TextSearch for Params {
    fn text_query(&mut self) -> TextQuery<'_> {
        TextQuery {
            q: &mut self.q,
            peer_type: &mut self.peer_type,
            period: &mut self.period,
            strong_search: &mut self.strong_search,
            minus_words: &mut self.minus_words,
            extended_syntax: &mut self.extended_syntax,
        }
    }
}

/// The request a watch of this page checks with: the keyword mentions of `query` (the page's
/// address query), over the page's period.
pub(crate) fn watch_request(query: &str, ui: &Ui) -> Result<KeywordMentions, Invalid> {
    let params = Params::from_query(query).unwrap_or_default();
    let op = params.request(ui);
    op.validate()?;
    Ok(op)
}

#[function_component(KeywordMentionsPage)]
pub fn keyword_mentions_page() -> Html {
    let ui = use_ui();
    let form = use_page_form::<Params>(Route::KeywordMentions);
    let draft = (*form.draft).clone();
    let advanced_open = draft.hide_forwards
        || draft.strong_search
        || !draft.minus_words.is_empty()
        || draft.extended_syntax;
    let default_period = fill(
        ui.t(
            "Last {n} days (API default)",
            "Последние {n} дней (по умолчанию в API)",
        ),
        &[("n", DEFAULT_PERIOD_DAYS.to_string())],
    );
    html! {
        <section class="page keyword-mentions-page">
            { page_header(&ui, Route::KeywordMentions) }
            <form class="query-form" onsubmit={form.onsubmit.clone()} novalidate=true>
                { query_fields(&form, &ui, "km", ui.t("Keyword or phrase (q)", "Слово или фраза (q)"),
                    default_period.into()) }
                <Advanced open={advanced_open}>
                    <Check id="km-hide-forwards"
                        label={ui.t("Leave out reposts (hideForwards)", "Без репостов (hideForwards)")}
                        checked={draft.hide_forwards}
                        onchange={form.edit(|p: &mut Params, v| p.hide_forwards = v)} />
                    { matching_fields(&form, &ui, "km") }
                </Advanced>
                <div class="actions">
                    <button type="submit">{ ui.t("Find mentions", "Найти упоминания") }</button>
                </div>
            </form>
            { form.status(ui.t(
                "Enter a word or phrase to see which channels mention it.",
                "Введите слово или фразу, чтобы увидеть, какие каналы их упоминают.",
            )) }
            if let Some(data) = form.task.state().data.clone() {
                <WatchButton target={WatchTarget::KeywordMentions {
                        query: serde_urlencoded::to_string(&form.params).unwrap_or_default() }}
                    name={form.params.q.trim().to_owned()} />
                <div class={form.results_class("mentions-results")}>
                    <MentionsTable response={(*data).clone()} />
                </div>
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct MentionsTableProps {
    response: Rc<KeywordMentionsResponse>,
}

/// One row per channel, joined to its channel object, with the totals of the counts.
#[function_component(MentionsTable)]
fn mentions_table(props: &MentionsTableProps) -> Html {
    let ui = use_ui();
    let joined = props.response.joined();
    let keys = joined
        .iter()
        .map(|(item, channel)| {
            AttrValue::from(channel.map_or_else(|| item.channel_id.to_string(), channel_ref))
        })
        .collect();
    let picking = use_picking(Rc::new(keys));
    if joined.is_empty() {
        return html! {
            <EmptyState title={ui.t("No channel mentions this in the period.",
                    "За этот период ни один канал этого не упоминал.")}
                hint={ui.t("Try a longer period, fewer exclusion words, or turn strict search off.",
                    "Попробуйте период длиннее, меньше минус-слов или выключите строгий поиск.")} />
        };
    }
    let columns = Rc::new(vec![
        Column::text("channel", ui.t("Channel", "Канал")),
        Column::text("username", ui.t("Username", "Имя")),
        Column::numeric("subscribers", ui.t("Subscribers", "Подписчики")),
        Column::numeric("mentions", ui.t("Mentions", "Упоминания")),
        Column::numeric("share", ui.t("Share of mentions, %", "Доля упоминаний, %")),
        Column::numeric("reach", ui.t("Reach (views)", "Охват (просмотры)")),
        Column::numeric(
            "reach-per-mention",
            ui.t("Reach per mention", "Охват на упоминание"),
        ),
        Column::text("last-mention", ui.t("Last mention", "Последнее упоминание")),
    ]);
    let as_i64 = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
    let sums = MentionTotals::of(
        joined
            .iter()
            .map(|(item, _)| (item.mentions_count, item.views_count)),
    );
    let mentions = sums.mentions;
    let per_mention = |figure| TableCell::figure(&ui, figure, |v: f64| ui.count(v.round() as i64));
    let rows: Vec<Row> = joined
        .iter()
        .zip(picking.keys.iter())
        .map(|((item, channel), reference)| {
            let last = item.last_mention_date;
            vec![
                TableCell::channel(
                    reference.to_string(),
                    channel.map(|c| c.title.as_str()),
                    item.channel_id,
                ),
                TableCell::maybe_text(channel.map(|c| c.username.as_str())),
                channel.map_or_else(TableCell::missing, |c| {
                    TableCell::count(&ui, as_i64(c.participants_count))
                }),
                TableCell::count(&ui, as_i64(item.mentions_count)),
                TableCell::rate(&ui, share(item.mentions_count, mentions)),
                TableCell::count(&ui, as_i64(item.views_count)),
                per_mention(reach_per_mention(item.views_count, item.mentions_count)),
                TableCell::new(
                    html! { <time title={ui.timestamp(last)}>{ ui.date(last) }</time> },
                    SortKey::Number(last as f64),
                    ui.date_of(last)
                        .map_or(Cell::Empty, |d| Cell::Text(iso_date(d))),
                ),
            ]
        })
        .collect();
    let totals = vec![
        TableCell::text(ui.t("Total", "Итого")),
        TableCell::text(""),
        TableCell::text(""),
        TableCell::count(&ui, as_i64(mentions)),
        TableCell::text(""),
        TableCell::count(&ui, as_i64(sums.reach)),
        per_mention(sums.reach_per_mention),
        TableCell::text(""),
    ];
    html! {
        <>
            <p class="summary">
                { fill(ui.t("{n} channels, {m} mentions", "Каналов: {n}, упоминаний: {m}"),
                    &[("n", ui.count(as_i64(joined.len() as u64))), ("m", ui.count(as_i64(mentions)))]) }
            </p>
            { unreadable_note(&ui, RecordNoun::Channels, [&props.response.items]) }
            <div class="mentions-table">
                <DataTable columns={columns} rows={Rc::new(rows)} totals={Some(totals)}
                    export_name="keyword-mentions" lead={Some(picking.lead(&ui))}
                    caption={ui.t("Mentions by channel", "Упоминания по каналам")} />
            </div>
            { compare_selected(&ui, &picking.picked) }
            <p class="hint">{ ui.t(
                "Share: the channel's mentions / all mentions listed × 100%. Reach per mention: the channel's reach / its mentions.",
                "Доля: упоминания канала / все упоминания в списке × 100%. Охват на упоминание: охват канала / его упоминания.",
            ) }</p>
            { figures_export(&ui, "keyword-mentions-figures".into(), sums.named()) }
        </>
    }
}
