//! Rows of a [`DataTable`](super::DataTable) that can be picked: a checkbox before each row,
//! named by the row's key, as the table's lead column. Only pages pick rows, so the widgets'
//! bundle, which shares the table, carries none of this.

use std::rc::Rc;

use yew::prelude::*;

use super::table::LeadColumn;
use crate::format::fill;
use crate::ui::Ui;

/// The keys of a table's rows and those picked.
#[derive(Clone, PartialEq)]
pub struct Picking {
    /// One key per row, in the rows' order.
    pub keys: Rc<Vec<AttrValue>>,
    /// The keys picked, in the rows' order.
    pub picked: Rc<Vec<AttrValue>>,
    pub ontoggle: Callback<AttrValue>,
}

impl Picking {
    /// The checkbox column: a box per row, ticked when its key is picked.
    pub fn lead(&self, ui: &Ui) -> LeadColumn {
        let cells = self
            .keys
            .iter()
            .map(|key| {
                let checked = self.picked.contains(key);
                let onchange = {
                    let (ontoggle, key) = (self.ontoggle.clone(), key.clone());
                    Callback::from(move |_: Event| ontoggle.emit(key.clone()))
                };
                let label = fill(ui.t("Pick {key}", "Выбрать {key}"), &[("key", key.to_string())]);
                html! {
                    <input type="checkbox" data-pick={key.clone()} {checked} {onchange} aria-label={label} />
                }
            })
            .collect();
        LeadColumn {
            class: "cs-table-pick".into(),
            header: html! { <span class="cs-visually-hidden">{ ui.t("Pick", "Выбор") }</span> },
            cells: Rc::new(cells),
        }
    }
}

/// Picking over `keys`: the state of the checkboxes, kept while the page shows the table.
#[hook]
pub fn use_picking(keys: Rc<Vec<AttrValue>>) -> Picking {
    let picked = use_state_eq(Vec::<AttrValue>::new);
    let ontoggle = {
        let picked = picked.clone();
        Callback::from(move |key: AttrValue| {
            let mut next = (*picked).clone();
            match next.iter().position(|k| *k == key) {
                Some(i) => {
                    next.remove(i);
                }
                None => next.push(key),
            }
            picked.set(next);
        })
    };
    let chosen = keys
        .iter()
        .filter(|k| picked.contains(k))
        .cloned()
        .collect();
    Picking {
        keys,
        picked: Rc::new(chosen),
        ontoggle,
    }
}
