//! The CSV and JSON buttons of an exported table: each asks for the table when it is clicked
//! (so the file holds what is shown at that moment, in its order) and offers it as a download.

use yew::prelude::*;

use crate::export::{self, Table};
use crate::ui::use_ui;

#[derive(Properties, PartialEq)]
pub struct ExportButtonsProps {
    /// Files are named `<name>.csv` and `<name>.json`.
    pub name: AttrValue,
    /// Builds the table to export.
    pub table: Callback<(), Table>,
    /// Words before the buttons saying what they export (none: they export the table beside).
    #[prop_or_default]
    pub label: Option<AttrValue>,
    #[prop_or_default]
    pub disabled: bool,
}

#[function_component(ExportButtons)]
pub fn export_buttons(props: &ExportButtonsProps) -> Html {
    let ui = use_ui();
    let error = use_state(|| None::<String>);
    let download = |extension: &'static str, mime: &'static str| {
        let (table, error) = (props.table.clone(), error.clone());
        let name = format!("{}.{extension}", props.name);
        Callback::from(move |_: MouseEvent| {
            let table = table.emit(());
            let content = match extension {
                "csv" => export::to_csv(&table),
                _ => export::to_json(&table),
            };
            error.set(export::download(&name, mime, &content).err());
        })
    };
    html! {
        <div class="cs-table-tools">
            if let Some(label) = &props.label {
                <span class="cs-export-label">{ label.clone() }</span>
            }
            <button type="button" class="cs-button cs-button-quiet" disabled={props.disabled}
                onclick={download("csv", "text/csv;charset=utf-8")}>{ "CSV" }</button>
            <button type="button" class="cs-button cs-button-quiet" disabled={props.disabled}
                onclick={download("json", "application/json")}>{ "JSON" }</button>
            if let Some(error) = &*error {
                <span class="cs-table-error" role="alert">
                    { ui.t("The file could not be created: ", "Не удалось создать файл: ") }
                    { error.clone() }
                </span>
            }
        </div>
    }
}
