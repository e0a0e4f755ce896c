//! Buttons choosing between views of the same data, written as markup: the one source of the
//! switch for the console (`pages::form::ViewSwitch` inserts the buttons and hears their clicks)
//! and the gateway, which writes subscriber dynamics' switch into the page.

use crate::sanitize::MarkupWriter;

/// The switch named `label` with a button per label, `chosen` pressed.
pub fn write_view_switch(m: &mut MarkupWriter, label: &str, labels: &[&str], chosen: usize) {
    // The attributes in the order the console's element has them: its `class` is set last.
    m.tags(r#"<div role="group""#)
        .attribute("aria-label", label)
        .tags(r#" class="view-switch">"#);
    write_view_switch_buttons(m, labels, chosen);
    m.tags("</div>");
}

/// The switch's buttons, in order.
pub fn write_view_switch_buttons(m: &mut MarkupWriter, labels: &[&str], chosen: usize) {
    for (i, label) in labels.iter().enumerate() {
        let pressed = i == chosen;
        m.tags(r#"<button type="button""#)
            .tags(if pressed {
                r#" class="cs-button""#
            } else {
                r#" class="cs-button cs-button-quiet""#
            })
            .attribute("aria-pressed", pressed.to_string())
            .tags(">")
            .text(label)
            .tags("</button>");
    }
}
