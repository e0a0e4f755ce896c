//! The JavaScript face of Chanscope for pages that embed it: a `mount*` function per widget that
//! returns a handle with `update(options)` and `unmount()`, and a promise-based [`Client`]. It is
//! built as its own module, the widgets bundle (`src/bin/widgets.rs`); `embed.js`, written at
//! build time, loads it once per page, so every widget and client on a page shares one instance,
//! one cache and one request per identical call.

mod client;
mod options;
mod widgets;

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::Object;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;
use yew::AppHandle;

pub use client::ScriptClient;

use options::{
    options_object, Common, OptionError, Reader, CHANNEL_FORMS, COMMON_KEYS, POST_FORMS,
};
use widgets::{WidgetKind, WidgetProps, WidgetRoot};

use crate::api::limits::POST_SEARCH_LIMIT_MAX;
use crate::api::ops::{ChannelInfo, MultiPostStats, PostSearch, PostStats};
use crate::api::{ChannelId, Operation, PeerType, PeriodGroup, PostId, ViewGrowthGroup};
use crate::components::CardVariant;
use crate::figures::dynamics::HOURLY_MAX_DAYS;

thread_local! {
    /// Set by `embed.js`: the default API base, the gateway's `/api` next to the module.
    static BASE_URL: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Called by `embed.js` once the module is loaded with the API base next to the module. The
/// widgets' stylesheet is `embed.js`'s business: the elements adopt it in their shadow roots, the
/// `mount*` functions it exports add it to the page.
#[wasm_bindgen(js_name = configureEmbed)]
pub fn configure_embed(base_url: String) {
    BASE_URL.with(|b| *b.borrow_mut() = Some(base_url));
}

/// The API base when the options give none: next to the module, else the page's own `/api`.
fn default_base_url() -> String {
    BASE_URL
        .with(|b| b.borrow().clone())
        .unwrap_or_else(|| "/api".into())
}

/// Reads one widget's options: the shared ones, then its own.
type Parse = fn(&JsValue) -> Result<WidgetProps, OptionError>;

/// A mounted widget, as the host page holds it (a `Widget` in JavaScript).
#[wasm_bindgen(js_name = Widget)]
pub struct WidgetHandle {
    what: &'static str,
    parse: Parse,
    /// The options in force: `update` merges new ones into these.
    options: Object,
    mounted: Option<(AppHandle<WidgetRoot>, Element)>,
}

#[wasm_bindgen(js_class = Widget)]
impl WidgetHandle {
    /// Changes some options (the others stay); a bad option throws and leaves the widget as it
    /// was.
    pub fn update(&mut self, options: JsValue) -> Result<(), JsValue> {
        let Some((handle, _)) = self.mounted.as_mut() else {
            return Err(OptionError {
                what: self.what,
                message: "this widget was unmounted; mount a new one".into(),
            }
            .into());
        };
        let merged = Object::assign(&Object::new(), &self.options);
        Object::assign(&merged, &options_object(self.what, &options)?);
        let props = (self.parse)(&merged)?;
        handle.update(props);
        self.options = merged;
        Ok(())
    }

    /// Removes the widget and everything it added to the element; requests still running are
    /// aborted. Calling it again does nothing.
    pub fn unmount(&mut self) {
        if let Some((handle, root)) = self.mounted.take() {
            root.remove();
            destroy_once_created(handle);
        }
    }
}

/// Yew runs a pending destroy before a pending create, so a widget unmounted before Yew first
/// got to it (e.g. in the same tick as its mount, as React's strict mode does) would be created
/// after its destroy and live on, detached, with its requests. The destroy waits for the
/// creation instead.
fn destroy_once_created(handle: AppHandle<WidgetRoot>) {
    if handle.get_component().is_some() {
        handle.destroy();
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        for _ in 0..100 {
            if handle.get_component().is_some() {
                break;
            }
            yew::platform::time::sleep(std::time::Duration::ZERO).await;
        }
        handle.destroy();
    });
}

/// Checks the element and the options, then renders into a fresh `<div>` that replaces the
/// element's content (the host's placeholder, if any).
fn mount(
    what: &'static str,
    target: JsValue,
    options: JsValue,
    parse: Parse,
) -> Result<WidgetHandle, JsValue> {
    let fail = |message: &str| -> JsValue {
        OptionError {
            what,
            message: message.into(),
        }
        .into()
    };
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| fail("there is no document to mount into"))?;
    let element: Element = match target.as_string() {
        Some(selector) => document
            .query_selector(&selector)
            .map_err(|_| fail(&format!("\"{selector}\" is not a valid CSS selector")))?
            .ok_or_else(|| fail(&format!("no element matches \"{selector}\"")))?,
        None => target.dyn_into().map_err(|_| {
            fail("the first argument must be an element or a CSS selector, e.g. \"#channel\"")
        })?,
    };
    if element
        .query_selector(":scope > [data-chanscope-widget]")
        .ok()
        .flatten()
        .is_some()
    {
        return Err(fail(
            "this element already holds a widget; unmount it first",
        ));
    }
    // Checked before the copy: a copy of a string or an array would pass for an object.
    let options = Object::assign(&Object::new(), &options_object(what, &options)?);
    let props = parse(&options)?;
    let root = document
        .create_element("div")
        .map_err(|_| fail("the page refused a new element"))?;
    let _ = root.set_attribute("data-chanscope-widget", what);
    element.set_text_content(None);
    element
        .append_child(&root)
        .map_err(|_| fail("the element does not accept children"))?;
    let handle = yew::Renderer::<WidgetRoot>::with_root_and_props(root.clone(), props).render();
    Ok(WidgetHandle {
        what,
        parse,
        options,
        mounted: Some((handle, root)),
    })
}

/// Reads the shared options, then the widget's own (`keys`) with `read`; any other key is
/// refused.
fn props(
    what: &'static str,
    options: &JsValue,
    keys: &[&str],
    read: impl FnOnce(&mut Reader) -> Result<WidgetKind, OptionError>,
) -> Result<WidgetProps, OptionError> {
    let mut reader = Reader::new(what, options, &[&COMMON_KEYS[..], keys].concat())?;
    let common = Common::read(&mut reader, &default_base_url())?;
    let kind = read(&mut reader)?;
    Ok(WidgetProps {
        common: Rc::new(common),
        kind: Rc::new(kind),
    })
}

/// A request the API layer would refuse is refused now, with the same words.
fn checked<O: Operation>(reader: &Reader, request: O) -> Result<O, OptionError> {
    request
        .validate()
        .map(|()| request)
        .map_err(|invalid| reader.error(invalid.to_string()))
}

fn channel_option(reader: &mut Reader) -> Result<ChannelId, OptionError> {
    reader.id("channel", CHANNEL_FORMS)
}

/// `mountChannelCard(element, { channel, variant: "full" | "compact", …shared options })`.
#[wasm_bindgen(js_name = mountChannelCard)]
pub fn mount_channel_card(element: JsValue, options: JsValue) -> Result<WidgetHandle, JsValue> {
    mount("channel card", element, options, |options| {
        props("channel card", options, &["channel", "variant"], |r| {
            let request = ChannelInfo::new(channel_option(r)?);
            let variant = match r.text("variant")?.as_deref() {
                None | Some("full") => CardVariant::Full,
                Some("compact") => CardVariant::Compact,
                Some(other) => {
                    return Err(r.error(format!(
                        "option \"variant\" must be \"full\" or \"compact\", not \"{other}\""
                    )))
                }
            };
            Ok(WidgetKind::ChannelCard { request, variant })
        })
    })
}

/// `mountSubscriberChart(element, { channel, group: "day", days: 30, controls: true, … })`.
#[wasm_bindgen(js_name = mountSubscriberChart)]
pub fn mount_subscriber_chart(element: JsValue, options: JsValue) -> Result<WidgetHandle, JsValue> {
    mount("subscriber chart", element, options, |options| {
        props(
            "subscriber chart",
            options,
            &["channel", "group", "days", "controls"],
            |r| {
                let channel = channel_option(r)?;
                let group = r
                    .choice::<PeriodGroup>("group", &["hour", "day", "week", "month"])?
                    .unwrap_or_default();
                let days = r.number("days", 1, 3_650)?.unwrap_or(30);
                if group == PeriodGroup::Hour && days > HOURLY_MAX_DAYS {
                    return Err(r.error(format!(
                        "hourly records cover at most {HOURLY_MAX_DAYS} days; \"days\" is {days}"
                    )));
                }
                let controls = r.flag("controls")?.unwrap_or(true);
                Ok(WidgetKind::SubscriberChart {
                    channel,
                    group,
                    days,
                    controls,
                })
            },
        )
    })
}

/// `mountPostStats(element, { post, group: "day" | "hour", … })`.
#[wasm_bindgen(js_name = mountPostStats)]
pub fn mount_post_stats(element: JsValue, options: JsValue) -> Result<WidgetHandle, JsValue> {
    mount("post statistics", element, options, |options| {
        props("post statistics", options, &["post", "group"], |r| {
            let post: PostId = r.id("post", POST_FORMS)?;
            let mut request = PostStats::new(post);
            request.group = r
                .choice::<ViewGrowthGroup>("group", &["hour", "day"])?
                .unwrap_or_default();
            Ok(WidgetKind::PostStats { request })
        })
    })
}

/// Posts a search widget shows unless told otherwise.
const SEARCH_WIDGET_LIMIT: u32 = 5;

const SEARCH_WIDGET_KEYS: &[&str] = &[
    "query",
    "limit",
    "peerType",
    "hideForwards",
    "hideDeleted",
    "strongSearch",
    "minusWords",
    "extendedSyntax",
    "country",
    "category",
    "contentLanguage",
];

/// `mountPostSearch(element, { query, limit: 5, peerType, hideForwards, hideDeleted,
/// strongSearch, minusWords, extendedSyntax, country, category, contentLanguage, … })`.
#[wasm_bindgen(js_name = mountPostSearch)]
pub fn mount_post_search(element: JsValue, options: JsValue) -> Result<WidgetHandle, JsValue> {
    mount("post search", element, options, |options| {
        props("post search", options, SEARCH_WIDGET_KEYS, |r| {
            let mut request = PostSearch::new(r.required("query", "the text to search")?);
            request.limit = Some(
                r.number("limit", 1, POST_SEARCH_LIMIT_MAX)?
                    .unwrap_or(SEARCH_WIDGET_LIMIT),
            );
            request.peer_type = r
                .choice("peerType", &["channel", "chat", "all"])?
                .unwrap_or(PeerType::All);
            request.hide_forwards = r.flag("hideForwards")?.unwrap_or(false);
            request.hide_deleted = r.flag("hideDeleted")?.unwrap_or(false);
            request.strong_search = r.flag("strongSearch")?.unwrap_or(false);
            request.minus_words = r.text("minusWords")?.unwrap_or_default();
            request.extended_syntax = r.flag("extendedSyntax")?.unwrap_or(false);
            request.country = r.text("country")?.unwrap_or_default();
            request.category = r.text("category")?.unwrap_or_default();
            request.language = r.text("contentLanguage")?.unwrap_or_default();
            // Channel names for the results.
            request.extended = true;
            Ok(WidgetKind::PostSearch {
                request: checked(r, request)?,
            })
        })
    })
}

/// `mountMultiPostStats(element, { channel, posts: [id, …] (at most 50), … })`.
#[wasm_bindgen(js_name = mountMultiPostStats)]
pub fn mount_multi_post_stats(element: JsValue, options: JsValue) -> Result<WidgetHandle, JsValue> {
    mount("posts statistics", element, options, |options| {
        props("posts statistics", options, &["channel", "posts"], |r| {
            let channel = channel_option(r)?;
            let items = r.list("posts")?.unwrap_or_default();
            if items.is_empty() {
                return Err(r.error(
                    "option \"posts\" is required (the service's post IDs, e.g. [101, 102])",
                ));
            }
            let ids = crate::api::ids::parse_id_list(&items.join(","))
                .map_err(|e| r.error(format!("option \"posts\": {e}")))?;
            let request = checked(r, MultiPostStats::new(channel, ids))?;
            Ok(WidgetKind::MultiPostStats { request })
        })
    })
}
