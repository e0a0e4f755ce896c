//! A channel or chat as a card: compact for grids of search results, full for the channel page.
//!
//! The card is the markup [`write_card`] writes, the same the gateway sends inside a page, so
//! that what the server painted and what the console draws cannot differ. What needs script is
//! done here on that markup: the "More" of a long description, the initials in place of an
//! avatar that fails to load, and the router following the links of `actions`.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::Element;
use yew::prelude::*;

use super::capture::use_capture;
use crate::api::model::Channel;
use crate::route::{follow_click, use_navigator};
use crate::sanitize::{MarkupWriter, Written};
use crate::ui::use_ui;
use crate::view::card::{more_label, write_card, write_initials, CardText, CARD_BOX_CLASS};

pub use crate::view::card::CardVariant;

#[derive(Properties, PartialEq)]
pub struct ChannelCardProps {
    pub channel: Rc<Channel>,
    #[prop_or_default]
    pub variant: CardVariant,
    /// Links of the page (e.g. "Subscriber dynamics") as markup, shown at the bottom of the card;
    /// a link into the console (`href` starting with `/`) is followed by the router.
    #[prop_or_default]
    pub actions: Written,
    /// The level of the card's title: 2 right under a page's `h1`; 3 (the default) inside a
    /// section, as in a widget's box.
    #[prop_or(3)]
    pub heading: u8,
}

/// Up to two initials of a title, for a channel without a usable avatar.
pub use crate::format::initials;

#[function_component(ChannelCard)]
pub fn channel_card(props: &ChannelCardProps) -> Html {
    let ui = use_ui();
    let navigator = use_navigator();
    let card = use_node_ref();
    let markup = {
        let offset_at = |secs| ui.zone.offset_at(secs);
        let text = CardText {
            locale: ui.locale,
            offset_at: &offset_at,
        };
        let mut m = MarkupWriter::with_capacity(2048);
        write_card(
            &mut m,
            &props.channel,
            props.variant,
            props.heading,
            &text,
            |m| {
                m.written(&props.actions);
            },
        );
        AttrValue::from(m.into_string())
    };
    // An avatar that fails to load (gone, blocked, offline) gives way to the initials. `error`
    // does not bubble: the box listens in the capture phase.
    {
        let channel = props.channel.clone();
        use_capture(
            &card,
            "error",
            markup.clone(),
            move |event: web_sys::Event| {
                let failed = event
                    .target()
                    .and_then(|t| t.dyn_into::<Element>().ok())
                    .filter(|e| e.matches("img.cs-avatar").unwrap_or(false));
                if let Some(image) = failed {
                    let mut m = MarkupWriter::default();
                    write_initials(&mut m, &channel);
                    image.set_outer_html(m.as_str());
                }
            },
        );
    }
    let onclick = {
        let locale = ui.locale;
        Callback::from(move |event: MouseEvent| {
            let Some(target) = event.target_dyn_into::<Element>() else {
                return;
            };
            if let Some(more) = target.closest(".cs-card-more").ok().flatten() {
                toggle_about(&more, locale);
                return;
            }
            let link = target.closest("a[href^='/']").ok().flatten();
            if let Some(href) = link.and_then(|link| link.get_attribute("href")) {
                follow_click(navigator.as_ref(), &href, &event);
            }
        })
    };
    html! {
        <div class={CARD_BOX_CLASS} ref={card} {onclick}>
            { Html::from_html_unchecked(markup) }
        </div>
    }
}

/// Opens or closes the clamped description above `more`, its button.
fn toggle_about(more: &Element, locale: crate::format::Locale) {
    let Some(about) = more.previous_element_sibling() else {
        return;
    };
    let classes = about.class_name();
    let open = !classes.split_whitespace().any(|c| c == "cs-open");
    let kept = classes.split_whitespace().filter(|c| *c != "cs-open");
    let mut classes: Vec<&str> = kept.collect();
    if open {
        classes.push("cs-open");
    }
    about.set_class_name(&classes.join(" "));
    let _ = more.set_attribute("aria-expanded", if open { "true" } else { "false" });
    more.set_text_content(Some(more_label(locale, open)));
}
