//! The query fields of the full-text searches (post search, keyword mentions, search analysis):
//! what to look for, in which sources and period, and how strictly to match it; and for the
//! searches of posts, the channel filters and the post search they stand for.

use yew::prelude::*;

use crate::api::catalog;
use crate::api::ops::PostSearch;
use crate::api::PeerType;
use crate::pages::form::DraftForm;
use crate::pages::form::{
    extended_syntax_hint, peer_type_options, peer_type_or, Check, Field, PeriodFields, PeriodQuery,
    Select, PERIOD_PRESETS,
};
use crate::ui::Ui;

/// The draft fields that every full-text search form has, borrowed from its parameters.
pub struct TextQuery<'a> {
    pub q: &'a mut String,
    pub peer_type: &'a mut String,
    pub period: &'a mut PeriodQuery,
    pub strong_search: &'a mut bool,
    pub minus_words: &'a mut String,
    pub extended_syntax: &'a mut bool,
}

/// The parameters of a full-text search page.
pub trait TextSearch: Clone + 'static {
    fn text_query(&mut self) -> TextQuery<'_>;
}

/// The text to look for, the source and the period; ids start with `id`.
pub fn query_fields<P: TextSearch>(
    form: &impl DraftForm<P>,
    ui: &Ui,
    id: &'static str,
    q_label: &'static str,
    default_period: AttrValue,
) -> Html {
    let mut draft = (**form.draft()).clone();
    let draft = draft.text_query();
    let peer_type = peer_type_or(draft.peer_type, PeerType::All);
    html! {
        <>
            <Field id={format!("{id}-q")} label={q_label}
                value={draft.q.clone()} required=true
                oninput={form.edit(|p: &mut P, v| *p.text_query().q = v)}
                error={form.error("q")} />
            <Select id={format!("{id}-peer-type")} label={ui.t("Source (peerType)", "Источник (peerType)")}
                value={peer_type.as_str()} options={peer_type_options(ui)}
                onchange={form.edit(|p: &mut P, v| *p.text_query().peer_type = v)} />
            <PeriodFields {id} value={draft.period.clone()}
                default_label={default_period} presets={PERIOD_PRESETS}
                onchange={form.edit(|p: &mut P, v| *p.text_query().period = v)}
                error={form.error("startDate")} />
        </>
    }
}

/// How the text matches: strict search, exclusion words and the extended syntax.
pub fn matching_fields<P: TextSearch>(form: &impl DraftForm<P>, ui: &Ui, id: &'static str) -> Html {
    let mut draft = (**form.draft()).clone();
    let draft = draft.text_query();
    html! {
        <>
            <Check id={format!("{id}-strong-search")}
                label={ui.t("Strict search (strongSearch)", "Строгий поиск (strongSearch)")}
                hint={ui.t("No morphology, no partial-word matches",
                    "Без морфологии и совпадений по части слова")}
                checked={*draft.strong_search}
                onchange={form.edit(|p: &mut P, v| *p.text_query().strong_search = v)} />
            <Field id={format!("{id}-minus-words")}
                label={ui.t("Exclusion words (minusWords)", "Минус-слова (minusWords)")}
                hint={ui.t("Separated by spaces", "Через пробел")}
                value={draft.minus_words.clone()}
                oninput={form.edit(|p: &mut P, v| *p.text_query().minus_words = v)}
                error={form.error("minusWords")} />
            <Check id={format!("{id}-extended-syntax")}
                label={ui.t("Extended query syntax (extendedSyntax)",
                    "Расширенный синтаксис запроса (extendedSyntax)")}
                hint={extended_syntax_hint(ui)}
                checked={*draft.extended_syntax}
                onchange={form.edit(|p: &mut P, v| *p.text_query().extended_syntax = v)} />
        </>
    }
}

/// The channel filters and flags of a post search, borrowed from its parameters.
pub struct PostFilters<'a> {
    pub country: &'a mut String,
    pub language: &'a mut String,
    pub category: &'a mut String,
    pub hide_forwards: &'a mut bool,
    pub hide_deleted: &'a mut bool,
}

/// The parameters of a page that searches posts (post search, search analysis).
pub trait PostSearchParams: TextSearch {
    fn post_filters(&mut self) -> PostFilters<'_>;
}

/// The post search a form stands for, not checked yet: its text, source, period, channel filters
/// and flags. The page sets the rest (which page, channel details).
pub fn post_search_of<P: PostSearchParams>(params: &P, ui: &Ui) -> PostSearch {
    let mut params = params.clone();
    let text = params.text_query();
    let mut op = PostSearch::new(text.q.trim());
    op.peer_type = peer_type_or(text.peer_type, PeerType::All);
    let period = text.period.bounds(ui, PERIOD_PRESETS);
    (op.start_date, op.end_date) = (period.start, period.end);
    op.strong_search = *text.strong_search;
    op.minus_words = text.minus_words.trim().to_owned();
    op.extended_syntax = *text.extended_syntax;
    let filters = params.post_filters();
    op.country = filters.country.trim().to_owned();
    op.language = filters.language.trim().to_owned();
    op.category = filters.category.trim().to_owned();
    op.hide_forwards = *filters.hide_forwards;
    op.hide_deleted = *filters.hide_deleted;
    op
}

/// Whether a filter of the folded section, or a way of matching, is set: the section opens by
/// itself when a link sets one.
pub fn filters_set<P: PostSearchParams>(params: &P) -> bool {
    let mut params = params.clone();
    let text = params.text_query();
    let matching =
        *text.strong_search || !text.minus_words.trim().is_empty() || *text.extended_syntax;
    let f = params.post_filters();
    matching
        || !f.country.trim().is_empty()
        || !f.language.trim().is_empty()
        || !f.category.trim().is_empty()
        || *f.hide_forwards
        || *f.hide_deleted
}

/// The channel filters (country, language, category) and the flags that leave reposts and
/// deleted posts out; ids start with `id`.
pub fn filter_fields<P: PostSearchParams>(
    form: &impl DraftForm<P>,
    ui: &Ui,
    id: &'static str,
) -> Html {
    let mut draft = (**form.draft()).clone();
    let f = draft.post_filters();
    let any_channel = ui.t("Any", "Любая");
    html! {
        <>
            <Field id={format!("{id}-country")} suggestions={catalog::Field::Country}
                label={ui.t("Channel country", "Страна канала")}
                value={f.country.clone()} placeholder={any_channel}
                oninput={form.edit(|p: &mut P, v| *p.post_filters().country = v)} />
            <Field id={format!("{id}-language")} suggestions={catalog::Field::Language}
                label={ui.t("Channel language", "Язык канала")}
                value={f.language.clone()} placeholder={any_channel}
                oninput={form.edit(|p: &mut P, v| *p.post_filters().language = v)} />
            <Field id={format!("{id}-category")} suggestions={catalog::Field::Category}
                label={ui.t("Channel category", "Категория канала")}
                value={f.category.clone()} placeholder={any_channel}
                oninput={form.edit(|p: &mut P, v| *p.post_filters().category = v)} />
            <Check id={format!("{id}-hide-forwards")}
                label={ui.t("Hide reposts (hideForwards)", "Скрыть репосты (hideForwards)")}
                checked={*f.hide_forwards}
                onchange={form.edit(|p: &mut P, v| *p.post_filters().hide_forwards = v)} />
            <Check id={format!("{id}-hide-deleted")}
                label={ui.t("Hide deleted posts (hideDeleted)", "Скрыть удалённые (hideDeleted)")}
                checked={*f.hide_deleted}
                onchange={form.edit(|p: &mut P, v| *p.post_filters().hide_deleted = v)} />
        </>
    }
}
