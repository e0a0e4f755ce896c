//! A computed figure on screen: its value, or "—" that says why on hover and on keyboard focus
//! (never a 0 or NaN standing in for what cannot be computed).

use yew::prelude::*;

use super::table::TableCell;
use super::ExportButtons;
use crate::export::Cell;
use crate::figures::engagement::{Figure, Missing};
use crate::figures::named::{figures_table, Named};
use crate::figures::reach::PriceError;
use crate::format::{fill, format_rate};
use crate::ui::Ui;
use crate::view::figure_text;
use crate::view::sort::SortKey;

/// The service's definition of ER, as the interface states it where the figure appears.
pub fn er_definition(ui: &Ui) -> &'static str {
    figure_text::er_definition(ui.locale)
}

/// The service's definition of ERR.
pub fn err_definition(ui: &Ui) -> &'static str {
    figure_text::err_definition(ui.locale)
}

/// Why a figure is missing, in the interface's language.
pub fn missing_text(ui: &Ui, missing: Missing) -> String {
    figure_text::missing_text(ui.locale, missing)
}

/// Why a price as typed was refused, with how to type it, in the interface's language.
pub fn price_error_text(ui: &Ui, error: PriceError) -> String {
    let why = match error {
        PriceError::NoNumber => ui
            .t("There is no number in the price.", "В цене нет числа.")
            .to_owned(),
        PriceError::Negative => ui
            .t("A price cannot be below 0.", "Цена не может быть меньше 0.")
            .to_owned(),
        PriceError::Stray(c) => fill(
            ui.t(
                "“{c}” inside the number cannot be read.",
                "«{c}» внутри числа не читается.",
            ),
            &[("c", c.to_string())],
        ),
        PriceError::Grouping => ui
            .t(
                "Thousands must come in groups of three digits (1 500 or 1,500).",
                "Тысячи отделяются группами по три цифры (1 500 или 1.500).",
            )
            .to_owned(),
        PriceError::Marks => ui
            .t(
                "The number has more than one decimal mark, or a thousands separator after it.",
                "В числе больше одного десятичного знака или разделитель тысяч после него.",
            )
            .to_owned(),
    };
    format!(
        "{why} {}",
        ui.t(
            "For example: 1 500 ₽, 1,500.50, 1.500,50 €, $200.",
            "Например: 1 500 ₽, 1 500,50 ₽, 1.500,50 €, $200.",
        )
    )
}

/// A gain within 2 spreads of the normal change, in the interface's language.
pub fn within_normal(ui: &Ui) -> &'static str {
    figure_text::within_normal(ui.locale)
}

/// "—" with its reason shown on hover and focus; screen readers read the reason in its place.
pub fn missing_html(ui: &Ui, missing: Missing) -> Html {
    let why = missing_text(ui, missing);
    html! {
        <span class="cs-missing" tabindex="0">
            <span aria-hidden="true">{ "—" }</span>
            <span class="cs-missing-why">{ why }</span>
        </span>
    }
}

/// A figure shown with `show`, or why it is missing.
pub fn figure_html(ui: &Ui, figure: Figure, show: impl Fn(f64) -> String) -> Html {
    match figure {
        Ok(value) => html! { { show(value) } },
        Err(missing) => missing_html(ui, missing),
    }
}

/// An amount of money with two decimals in the interface's language, and its currency as typed
/// after it.
pub fn money(ui: &Ui, value: f64, currency: &str) -> String {
    let number = crate::format::group_decimal(value, 2, ui.locale);
    if currency.is_empty() {
        number
    } else {
        format!("{number} {currency}")
    }
}

/// A rate in percent (ER, ERR), or why it is missing.
pub fn rate_html(ui: &Ui, figure: Figure) -> Html {
    figure_html(ui, figure, |value| format_rate(value, ui.locale))
}

impl TableCell {
    /// A figure in a table: shown with `show`, sorted by value (missing ones last), exported as
    /// a number or left empty.
    pub fn figure(ui: &Ui, figure: Figure, show: impl Fn(f64) -> String) -> Self {
        match figure {
            Ok(value) => TableCell::new(
                html! { { show(value) } },
                SortKey::Number(value),
                Cell::Float(value),
            ),
            Err(missing) => {
                TableCell::new(missing_html(ui, missing), SortKey::Missing, Cell::Empty)
            }
        }
    }

    /// A rate in percent (ER, ERR) in a table.
    pub fn rate(ui: &Ui, figure: Figure) -> Self {
        TableCell::figure(ui, figure, |value| format_rate(value, ui.locale))
    }
}

/// The CSV and JSON buttons of a page's figures: one row per figure, its value, and why it has
/// none. Files are named `<name>.csv` and `<name>.json`.
pub fn figures_export(ui: &Ui, name: String, figures: Vec<Named>) -> Html {
    let ui_for_file = ui.clone();
    let table = Callback::from(move |()| {
        figures_table(&figures, |missing| missing_text(&ui_for_file, missing))
    });
    html! {
        <ExportButtons name={name} {table} label={ui.t("Figures:", "Показатели:")} />
    }
}
