//! Browser test of rows picked in a data table: the boxes of the lead column stay with their rows
//! when the table sorts, and a click reports the row's key.
#![cfg(target_arch = "wasm32")]

use std::rc::Rc;

use chanscope::components::picking::Picking;
use chanscope::components::table::{Column, DataTable, DataTableProps, TableCell};
use chanscope::ui::Ui;
use wasm_bindgen_test::*;
use yew::prelude::*;

mod dom;
mod mount;

use dom::{attributes, click, find};
use mount::{mount, settle, texts};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn picked_rows_keep_their_boxes_when_the_table_sorts() {
    let toggled = Rc::new(std::cell::RefCell::new(Vec::<String>::new()));
    let record = toggled.clone();
    let root = mount::<DataTable>(DataTableProps {
        columns: Rc::new(vec![
            Column::text("channel", "Channel"),
            Column::numeric("views", "Views"),
        ]),
        rows: Rc::new(vec![
            vec![TableCell::text("A"), TableCell::text("30")],
            vec![TableCell::text("B"), TableCell::text("10")],
            vec![TableCell::text("C"), TableCell::text("20")],
        ]),
        totals: None,
        export_name: "channels".into(),
        caption: None,
        lead: Some(
            Picking {
                keys: Rc::new(vec!["@a".into(), "@b".into(), "@c".into()]),
                picked: Rc::new(vec!["@b".into()]),
                ontoggle: Callback::from(move |key: AttrValue| {
                    record.borrow_mut().push(key.to_string())
                }),
            }
            .lead(&Ui::default()),
        ),
    })
    .await;
    // The box column comes first: the Views header is the third cell.
    click(&find(&root, "thead th:nth-child(3) button"));
    settle().await;
    assert_eq!(texts(&root, "tbody td:nth-child(2)"), ["B", "C", "A"]);
    assert_eq!(
        attributes(&root, "tbody input", "data-pick"),
        ["@b", "@c", "@a"]
    );
    assert_eq!(
        attributes(&root, "tbody input:checked", "data-pick"),
        ["@b"]
    );
    click(&find(&root, "tbody input[data-pick='@a']"));
    assert_eq!(*toggled.borrow(), ["@a"]);
}
