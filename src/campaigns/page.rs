//! The list of campaigns, their store, the file buttons, and the campaign opened in the form or
//! shown with its refresh.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::api::model::Records;
use crate::campaigns::{check, export_campaigns, import_campaigns, Campaign, CampaignStore};
use crate::components::status::{unreadable_note, RecordNoun};
use crate::components::{
    file_buttons, imported_text, on_file_text, page_header, EmptyState, Reading,
};
use crate::export::download;
use crate::route::Route;
use crate::store::{merge, new_id, persist, Kept, StoreError};
use crate::ui::{use_ui, Ui};

use super::form::CampaignForm;
use super::refresh::CampaignRefresh;

/// What the page holds: the campaigns as kept, and how many kept records could not be read.
#[derive(Clone, Default, PartialEq)]
struct Listed {
    campaigns: Vec<Campaign>,
    unreadable: usize,
    loaded: bool,
}

/// The list on screen and the store it is kept in.
#[derive(Clone)]
struct List {
    kept: UseStateHandle<Listed>,
    store: Rc<RefCell<Option<CampaignStore>>>,
    error: UseStateHandle<Option<StoreError>>,
}

impl List {
    /// Runs `change` on the store, then shows `campaigns` and runs `done`; a failure is shown
    /// and leaves the list as it was.
    fn change<F, Fut>(&self, change: F, campaigns: Vec<Campaign>, done: impl FnOnce() + 'static)
    where
        F: FnOnce(CampaignStore) -> Fut + 'static,
        Fut: std::future::Future<Output = Result<(), StoreError>> + 'static,
    {
        let (kept, error) = (self.kept.clone(), self.error.clone());
        let failed = self.error.clone();
        persist(
            &self.store,
            change,
            move || {
                error.set(None);
                kept.set(Listed {
                    campaigns,
                    ..(*kept).clone()
                });
                done();
            },
            move |e| failed.set(Some(e)),
        );
    }
}

#[function_component(CampaignsPage)]
pub fn campaigns_page() -> Html {
    let ui = use_ui();
    let kept = use_state(Listed::default);
    let store = use_mut_ref(|| None::<CampaignStore>);
    let error = use_state(|| None::<StoreError>);
    let editing = use_state(|| None::<Campaign>);
    let shown = use_state(|| None::<String>);
    let notice = use_state(|| None::<String>);
    {
        let (kept, store, error) = (kept.clone(), store.clone(), error.clone());
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                let read = match CampaignStore::open().await {
                    Ok(open) => {
                        let read = open.all().await;
                        *store.borrow_mut() = Some(open);
                        read
                    }
                    Err(failed) => Err(failed),
                };
                match read {
                    Ok(records) => kept.set(Listed {
                        unreadable: records.unreadable(),
                        campaigns: records.to_vec(),
                        loaded: true,
                    }),
                    Err(failed) => {
                        error.set(Some(failed));
                        kept.set(Listed {
                            loaded: true,
                            ..Listed::default()
                        });
                    }
                }
            });
        });
    }
    let list = List {
        kept: kept.clone(),
        store: store.clone(),
        error: error.clone(),
    };
    let onsave = {
        let (list, editing, shown) = (list.clone(), editing.clone(), shown.clone());
        Callback::from(move |campaign: Campaign| {
            let (editing, shown) = (editing.clone(), shown.clone());
            let (campaigns, _) = merge(list.kept.campaigns.clone(), vec![campaign.clone()]);
            let id = campaign.id.clone();
            let saved = move |open: CampaignStore| async move { open.put(&campaign).await };
            list.change(saved, campaigns, move || {
                shown.set(Some(id));
                editing.set(None);
            });
        })
    };
    let on_delete = {
        let (list, shown) = (list.clone(), shown.clone());
        Callback::from(move |id: String| {
            let shown = shown.clone();
            let mut campaigns = list.kept.campaigns.clone();
            campaigns.retain(|c| c.id != id);
            let deleted = move |open: CampaignStore| async move { open.delete(&id).await };
            list.change(deleted, campaigns, move || shown.set(None));
        })
    };
    let on_import = import_handler(&ui, &list, &notice);
    let on_export = {
        let (kept, notice, ui) = (kept.clone(), notice.clone(), ui.clone());
        Callback::from(move |_: MouseEvent| {
            let now = (js_sys::Date::now() / 1000.0) as i64;
            let text = export_campaigns(&kept.campaigns, now);
            if let Err(e) = download("chanscope-campaigns.json", "application/json", &text) {
                notice.set(Some(format!(
                    "{} {e}",
                    ui.t("The file could not be made:", "Файл не создан:")
                )));
            }
        })
    };
    let on_new = {
        let editing = editing.clone();
        Callback::from(move |_: MouseEvent| editing.set(Some(Campaign::new(new_id()))))
    };
    let form = editing.as_ref().map(|campaign| {
        let editing = editing.clone();
        html! {
            <CampaignForm key={campaign.id.clone()} campaign={campaign.clone()} onsave={onsave.clone()}
                oncancel={Callback::from(move |()| editing.set(None))} />
        }
    });
    let no_campaign = ui.t("No campaign yet.", "Кампаний пока нет.");
    html! {
        <section class="page campaigns-page">
            { page_header(&ui, Route::Campaigns) }
            // What IndexedDB holds: left out of the page's static shell, which would show an
            // empty list.
            <div class="campaigns-body" data-prerender="no">
                if let Some(failed) = &*error {
                    <div class="cs-banner cs-banner-error" role="alert">
                        <div class="cs-banner-body"><p class="cs-banner-what">{ failed.message(ui.locale, Kept::Campaigns) }</p></div>
                    </div>
                }
                <div class="actions campaigns-actions">
                    <button type="button" class="campaign-new" onclick={on_new} disabled={editing.is_some() || store.borrow().is_none()}>
                        { ui.t("New campaign", "Новая кампания") }
                    </button>
                    { file_buttons(&ui, "campaigns", kept.campaigns.is_empty(), on_export, on_import) }
                </div>
                if let Some(text) = &*notice {
                    <p class="campaigns-notice" role="status">{ text.clone() }</p>
                }
                // Kept records that can no longer be read are left out, and said so.
                { unreadable_note(&ui, RecordNoun::Campaigns, [&Records::with_unreadable(kept.campaigns.clone(), kept.unreadable)]) }
                { form }
                if !kept.loaded {
                    <Reading what={ui.t("Reading the campaigns…", "Читаем кампании…")} empty={no_campaign} />
                } else if kept.campaigns.is_empty() {
                    <EmptyState title={no_campaign} />
                } else {
                    <ul class="campaigns">
                        { for kept.campaigns.iter().map(|campaign| item(&ui, campaign, &shown, &editing, &on_delete)) }
                    </ul>
                }
            </div>
            <p class="hint">{ ui.t(
                "Listed in this browser (IndexedDB) and sent nowhere but to the API when refreshed.",
                "Хранится в этом браузере (IndexedDB) и никуда не отправляется, кроме запросов к API при обновлении.",
            ) }</p>
        </section>
    }
}

/// One campaign in the list; when shown, with its refresh job and figures.
fn item(
    ui: &Ui,
    campaign: &Campaign,
    shown: &UseStateHandle<Option<String>>,
    editing: &UseStateHandle<Option<Campaign>>,
    on_delete: &Callback<String>,
) -> Html {
    let is_shown = shown.as_deref() == Some(campaign.id.as_str());
    let toggle = {
        let (shown, id) = (shown.clone(), campaign.id.clone());
        Callback::from(move |_: MouseEvent| shown.set((!is_shown).then(|| id.clone())))
    };
    let edit = {
        let (editing, campaign) = (editing.clone(), campaign.clone());
        Callback::from(move |_: MouseEvent| editing.set(Some(campaign.clone())))
    };
    let delete = on_delete.reform({
        let id = campaign.id.clone();
        move |_: MouseEvent| id.clone()
    });
    // A kept campaign passed its check when saved; one imported from a file may not have.
    let checked = check(campaign);
    html! {
        <li class="campaign" data-campaign={campaign.id.clone()}>
            <div class="campaign-head">
                <span class="campaign-name">{ campaign.name.clone() }</span>
                { " · " }{ campaign.promoted.clone() }{ " · " }
                { placements_count(ui, campaign.placements.len()) }
                <button type="button" class="secondary campaign-show" aria-expanded={is_shown.to_string()} onclick={toggle}>
                    { if is_shown { ui.t("Hide", "Скрыть") } else { ui.t("Refresh…", "Обновить…") } }
                </button>
                <button type="button" class="secondary campaign-edit" onclick={edit}>{ ui.t("Edit", "Изменить") }</button>
                <button type="button" class="secondary campaign-delete" onclick={delete}>{ ui.t("Delete", "Удалить") }</button>
            </div>
            if is_shown {
                { match checked {
                    Ok(checked) => html! {
                        <CampaignRefresh campaign={Rc::new(campaign.clone())} checked={Rc::new(checked)} />
                    },
                    Err(_) => html! {
                        <p class="field-error">{ ui.t("This campaign has fields to correct: edit it.", "В этой кампании есть поля, которые нужно исправить: измените её.") }</p>
                    },
                } }
            }
        </li>
    }
}

fn import_handler(
    ui: &Ui,
    list: &List,
    notice: &UseStateHandle<Option<String>>,
) -> Callback<Event> {
    let (ui, list, notice) = (ui.clone(), list.clone(), notice.clone());
    on_file_text(&ui.clone(), move |text| {
        let imported = text
            .and_then(|text| import_campaigns(&text).map_err(|refused| refused.message(ui.locale)));
        match imported {
            Ok(imported) => {
                let (campaigns, report) = merge(list.kept.campaigns.clone(), imported.clone());
                let (ui, notice) = (ui.clone(), notice.clone());
                let saved = move |open: CampaignStore| async move { open.put_all(&imported).await };
                list.change(saved, campaigns, move || {
                    notice.set(Some(imported_text(&ui, report)))
                });
            }
            Err(refused) => notice.set(Some(refused)),
        }
    })
}

/// "1 placement", "2 placements"; "1 размещение", "2 размещения", "5 размещений".
fn placements_count(ui: &Ui, n: usize) -> String {
    let noun = ui.noun(
        n,
        ["placement", "placements"],
        ["размещение", "размещения", "размещений"],
    );
    format!("{n} {noun}")
}
