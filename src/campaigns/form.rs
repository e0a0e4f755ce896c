//! The form of one campaign: its name, the promoted channel and rows of placements (post link,
//! price, date), rows added and removed freely. Everything typed is checked before it is saved,
//! each problem shown at its field, and nothing typed is lost when a check fails.

use yew::prelude::*;

use crate::campaigns::{check, Campaign, PlacementEntry, Problem};
use crate::components::figure::price_error_text;
use crate::components::status::identifier_text;
use crate::pages::form::Field;
use crate::ui::{use_ui, Ui};

#[derive(Properties, PartialEq)]
pub struct FormProps {
    /// The campaign as it opens in the form: a new one, or one kept.
    pub campaign: Campaign,
    /// The campaign once it passes its check.
    pub onsave: Callback<Campaign>,
    pub oncancel: Callback<()>,
}

/// The problem of field `field` (`name`, `promoted`, `placements`, or `post`, `price`, `date`
/// of `row`), in the interface's language.
fn problem_at(ui: &Ui, problems: &[Problem], field: &str, row: usize) -> Option<String> {
    problems.iter().find_map(|problem| match (problem, field) {
        (Problem::NoName, "name") => Some(ui.t("Give the campaign a name.", "Дайте кампании название.").to_owned()),
        (Problem::Promoted(error), "promoted") => Some(identifier_text(ui, error)),
        (Problem::NoPlacements, "placements") => Some(ui.t("Add at least one placement.", "Добавьте хотя бы одно размещение.").to_owned()),
        (Problem::Post { row: r, error }, "post") if *r == row => Some(identifier_text(ui, error)),
        (Problem::Price { row: r, error }, "price") if *r == row => Some(price_error_text(ui, *error)),
        (Problem::Date { row: r }, "date") if *r == row => Some(ui.t(
            "Type the date as 2026-11-20 14:00 (UTC), or leave it empty to take it from the post.",
            "Укажите дату как 2026-11-20 14:00 (UTC) или оставьте пустой, чтобы взять её из поста.",
        ).to_owned()),
        _ => None,
    })
}

#[function_component(CampaignForm)]
pub fn campaign_form(props: &FormProps) -> Html {
    let ui = use_ui();
    let draft = use_state(|| props.campaign.clone());
    let problems = use_state(Vec::<Problem>::new);
    // Sets one field of the draft; the draft is read at the time of the input, not of the render.
    let edit = |change: fn(&mut Campaign, String)| {
        let draft = draft.clone();
        Callback::from(move |value: String| {
            let mut next = (*draft).clone();
            change(&mut next, value);
            draft.set(next);
        })
    };
    let edit_row = |row: usize, change: fn(&mut PlacementEntry, String)| {
        let draft = draft.clone();
        Callback::from(move |value: String| {
            let mut next = (*draft).clone();
            if let Some(entry) = next.placements.get_mut(row) {
                change(entry, value);
            }
            draft.set(next);
        })
    };
    let add_row = {
        let draft = draft.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*draft).clone();
            next.placements.push(PlacementEntry::default());
            draft.set(next);
        })
    };
    let onsubmit = {
        let (draft, problems, onsave) = (draft.clone(), problems.clone(), props.onsave.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match check(&draft) {
                Ok(_) => {
                    problems.set(Vec::new());
                    onsave.emit((*draft).clone());
                }
                Err(found) => problems.set(found),
            }
        })
    };
    let cancel = props.oncancel.reform(|_: MouseEvent| ());
    let rows = draft.placements.iter().enumerate().map(|(i, entry)| {
        let row = i + 1;
        let remove = {
            let draft = draft.clone();
            Callback::from(move |_: MouseEvent| {
                let mut next = (*draft).clone();
                if i < next.placements.len() {
                    next.placements.remove(i);
                }
                draft.set(next);
            })
        };
        html! {
            <fieldset class="campaign-placement" key={i.to_string()}>
                <legend>{ format!("{} {row}", ui.t("Placement", "Размещение")) }</legend>
                <Field id={format!("cp-post-{row}")} label={ui.t("Ad post", "Рекламный пост")}
                    value={entry.post.clone()} placeholder="t.me/channel/123"
                    oninput={edit_row(i, |e, v| e.post = v)}
                    error={problem_at(&ui, &problems, "post", row)} />
                <Field id={format!("cp-price-{row}")} label={ui.t("Price", "Цена")}
                    value={entry.price.clone()} placeholder="1 500 ₽"
                    oninput={edit_row(i, |e, v| e.price = v)}
                    error={problem_at(&ui, &problems, "price", row)} />
                <Field id={format!("cp-date-{row}")} label={ui.t("Date, UTC (optional)", "Дата, UTC (необязательно)")}
                    value={entry.date.clone()} placeholder="2026-11-20 14:00"
                    hint={ui.t("Empty: the hour the post's statistics start", "Пусто: час, с которого начинается статистика поста")}
                    oninput={edit_row(i, |e, v| e.date = v)}
                    error={problem_at(&ui, &problems, "date", row)} />
                <button type="button" class="secondary campaign-remove-row" onclick={remove}>
                    { ui.t("Remove", "Убрать") }
                </button>
            </fieldset>
        }
    });
    html! {
        <form class="query-form campaign-form" {onsubmit} novalidate=true>
            <Field id="cp-name" label={ui.t("Campaign", "Кампания")} value={draft.name.clone()}
                oninput={edit(|c, v| c.name = v)} error={problem_at(&ui, &problems, "name", 0)} />
            <Field id="cp-promoted" label={ui.t("Promoted channel", "Продвигаемый канал")}
                value={draft.promoted.clone()} placeholder="@channel"
                hint={ui.t("@name or t.me/name", "@имя или t.me/имя")}
                oninput={edit(|c, v| c.promoted = v)} error={problem_at(&ui, &problems, "promoted", 0)} />
            { for rows }
            if let Some(error) = problem_at(&ui, &problems, "placements", 0) {
                <p class="field-error" role="alert">{ error }</p>
            }
            <div class="actions">
                <button type="button" class="secondary campaign-add-row" onclick={add_row}>
                    { ui.t("Add a placement", "Добавить размещение") }
                </button>
                <button type="submit" class="campaign-save">{ ui.t("Save", "Сохранить") }</button>
                <button type="button" class="secondary" onclick={cancel}>{ ui.t("Cancel", "Отмена") }</button>
            </div>
        </form>
    }
}
