//! The Export and Import buttons of a page that keeps records: the file the user picks, read as
//! text, and what the import changed.

use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::format::fill;
use crate::store::MergeReport;
use crate::ui::Ui;

/// The `change` handler of an `<input type="file">` that reads the picked file as text and hands
/// `then` the text, or the message to show when the browser could not read it. The input is
/// emptied, so that picking the same file again (after fixing it) reads it again.
pub fn on_file_text(ui: &Ui, then: impl Fn(Result<String, String>) + 'static) -> Callback<Event> {
    let then = Rc::new(then);
    let unread = ui.t("The file could not be read.", "Файл не прочитан.");
    Callback::from(move |e: Event| {
        let input: HtmlInputElement = e.target_unchecked_into();
        let Some(file) = input.files().and_then(|files| files.get(0)) else {
            return;
        };
        input.set_value("");
        let then = then.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
            then(
                text.map(|text| text.as_string().unwrap_or_default())
                    .map_err(|_| unread.to_owned()),
            );
        });
    })
}

/// What an import changed, in the interface's language.
pub fn imported_text(ui: &Ui, report: MergeReport) -> String {
    fill(
        ui.t(
            "Imported: {added} added, {replaced} replaced.",
            "Импорт: добавлено {added}, заменено {replaced}.",
        ),
        &[
            ("added", report.added.to_string()),
            ("replaced", report.replaced.to_string()),
        ],
    )
}

/// The Export and Import… buttons of a page that keeps records, classed `{prefix}-export` and
/// `{prefix}-import`; Export is disabled when there is `nothing` to export.
pub fn file_buttons(
    ui: &Ui,
    prefix: &str,
    nothing: bool,
    on_export: Callback<MouseEvent>,
    on_import: Callback<Event>,
) -> Html {
    html! {
        <>
            <button type="button" class={classes!("secondary", format!("{prefix}-export"))}
                onclick={on_export} disabled={nothing}>{ ui.t("Export", "Экспорт") }</button>
            <label class="secondary file-button">
                { ui.t("Import…", "Импорт…") }
                <input type="file" accept="application/json,.json" class={format!("{prefix}-import")}
                    onchange={on_import} />
            </label>
        </>
    }
}
