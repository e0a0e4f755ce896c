//! The query fields of the full-text searches (post search, keyword mentions): what to look for,
//! in which sources and period, and how strictly to match it.

use yew::prelude::*;

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
