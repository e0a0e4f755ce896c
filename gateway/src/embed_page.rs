//! The iframe pages, for host pages that cannot run scripts (a CMS that strips them):
//! `/embed/<widget>?<options>` is a page holding just that widget's custom element, its options
//! as the element's attributes (`/embed/channel-card?channel=@name` →
//! `<chanscope-channel-card channel="@name">`). Only the `--allow-origin` origins may frame it
//! (CSP `frame-ancestors`, `'none'` without any); the console's pages keep `'none'`. With
//! `autoheight=1` the page posts its widget's height to the parent (`static/embed-frame.js`).

use std::borrow::Cow;
use std::net::IpAddr;
use std::path::Path;
use std::sync::Arc;

use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::painted::{self, WidgetLook};
use crate::state::Gateway;
use crate::statics::{
    is_local_upstream, WrittenPage, CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_LOCAL_UPSTREAM,
};

/// The widgets, as `chanscope-<name>` elements define them, each with its own attributes
/// (`static/chanscope-elements.js`, whose list a test compares with this one).
const WIDGETS: [(&str, &[&str]); 5] = [
    ("channel-card", &["channel", "variant"]),
    (
        "subscriber-chart",
        &["channel", "group", "days", "controls"],
    ),
    ("post-stats", &["post", "group"]),
    (
        "post-search",
        &[
            "query",
            "limit",
            "peer-type",
            "hide-forwards",
            "hide-deleted",
            "strong-search",
            "minus-words",
            "extended-syntax",
            "country",
            "category",
            "content-language",
        ],
    ),
    ("multi-post-stats", &["channel", "posts"]),
];

/// The attributes every element takes that a page of the gateway's may set. Not `base-url`
/// (the page's API is the gateway's own) and not `token` (the gateway adds its own): anything
/// else is refused, so that no name an attacker picks (`onclick`, `style`) reaches the page,
/// whatever its CSP would make of it.
const COMMON_OPTIONS: [&str; 3] = ["language", "timezone", "theme"];

/// The query parameter that asks for the height messages; it is no option of the widget.
const AUTO_HEIGHT: &str = "autoheight";

/// The console's policy for an upstream like `upstream`, with `frame-ancestors` naming `origins`.
pub fn policy(upstream: &str, origins: &[String]) -> String {
    let console = if is_local_upstream(upstream) {
        CONTENT_SECURITY_POLICY_LOCAL_UPSTREAM
    } else {
        CONTENT_SECURITY_POLICY
    };
    let ancestors = if origins.is_empty() {
        "'none'".to_owned()
    } else {
        origins.join(" ")
    };
    console.replace(
        "frame-ancestors 'none'",
        &format!("frame-ancestors {ancestors}"),
    )
}

/// GET or HEAD of `/embed/<widget>`: the page, or 404 for a name that is no widget and 400 for
/// an option that is not one of the widget's attributes. The channel card's page carries the
/// card drawn by the server where it can be (`painted`), in the element's shadow root.
pub async fn serve(
    gw: &Arc<Gateway>,
    client: IpAddr,
    method: &Method,
    widget: &str,
    query: &str,
) -> Response {
    let (upstream, origins) = (&gw.config.upstream, &gw.config.allow_origins);
    if method != Method::GET && method != Method::HEAD {
        return (StatusCode::METHOD_NOT_ALLOWED, "method not allowed\n").into_response();
    }
    let (widget, fragment) = match widget.strip_suffix(PAINTED_SUFFIX) {
        Some(widget) => (widget, true),
        None => (widget, false),
    };
    if !WIDGETS.iter().any(|(name, _)| *name == widget) {
        return (StatusCode::NOT_FOUND, "no such widget\n").into_response();
    }
    let element = match Element::read(widget, query, origins) {
        Ok(element) => element,
        Err(message) => return (StatusCode::BAD_REQUEST, message).into_response(),
    };
    if fragment {
        return painted_fragment(gw, client, method, widget, &element).await;
    }
    let painted = if widget == "channel-card" && method == Method::GET {
        painted_card(gw, client, &element).await
    } else {
        None
    };
    let module = embed_file(&gw.config.dist, "chanscope-elements-", ".js").await;
    let mut response = element
        .page(widget, painted.as_ref(), module.as_deref())
        .into_response();
    // Written for this request, with no copies made at build time: compressed on the fly.
    response.extensions_mut().insert(WrittenPage);
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    // The origins were checked when the configuration was read (scheme://host[:port]).
    if let Ok(value) = HeaderValue::from_str(&policy(upstream, origins)) {
        headers.insert(header::CONTENT_SECURITY_POLICY, value);
    }
    response
}

/// `/embed/<widget>/painted?<options>`: what the server draws of the widget, for an element on
/// a host page to show in its shadow root while the widgets' module loads
/// (`static/chanscope-elements.js`, with the shadow roots' stylesheet it loads itself); `204 No
/// Content` when the server cannot draw it in time.
pub const PAINTED_SUFFIX: &str = "/painted";

async fn painted_fragment(
    gw: &Arc<Gateway>,
    client: IpAddr,
    method: &Method,
    widget: &str,
    element: &Element,
) -> Response {
    let painted = if widget == "channel-card" && method == Method::GET {
        painted_card(gw, client, element).await
    } else {
        None
    };
    let mut response = match painted {
        Some(painted) => painted.body.into_response(),
        None => StatusCode::NO_CONTENT.into_response(),
    };
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// The card as the element would draw it, and the stylesheet of its shadow root, when the
/// server can draw it in time ([`painted::channel_card`]).
async fn painted_card(gw: &Arc<Gateway>, client: IpAddr, element: &Element) -> Option<Painted> {
    let option = |name: &str| element.option(name);
    let look = WidgetLook::read(option("language"), option("theme"), option("timezone"))?;
    let stylesheet = embed_file(&gw.config.dist, "components-shadow-", ".css").await?;
    let body =
        painted::channel_card(gw, client, option("channel")?, option("variant"), &look).await?;
    Some(Painted { stylesheet, body })
}

/// The path of a file `embed.js` names (content-hashed by `static/embed-entry.sh`), by the start
/// and end of its name: the stylesheet of the widgets' shadow roots
/// (`components-shadow-<hash>.css`) or the elements' script (`chanscope-elements-<hash>.js`).
async fn embed_file(dist: &Path, prefix: &str, suffix: &str) -> Option<String> {
    let script = tokio::fs::read_to_string(dist.join("embed.js"))
        .await
        .ok()?;
    let start = script.find(prefix)?;
    let length = script[start..].find(suffix)? + suffix.len();
    let name = &script[start..start + length];
    name.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
        .then(|| format!("/{name}"))
}

/// What the server drew of a widget: the body of its shadow root and the stylesheet it needs.
pub struct Painted {
    pub stylesheet: String,
    pub body: String,
}

/// A widget's element as its page's address gives it: its attributes, and whether the page
/// posts its height.
pub struct Element {
    options: Vec<(String, String)>,
    auto_height: bool,
    origins: Vec<String>,
}

/// The page: `embed.js` defines the element, `embed-frame.js` sizes the page to it; `query`
/// read as [`Element::read`] reads it.
pub fn page(widget: &str, query: &str, origins: &[String]) -> Result<String, String> {
    Element::read(widget, query, origins).map(|element| element.page(widget, None, None))
}

impl Element {
    /// The element `/embed/<widget>?<query>` asks for; the message of a 400 for an option that
    /// is none of the widget's, or one given twice.
    pub fn read(widget: &str, query: &str, origins: &[String]) -> Result<Element, String> {
        let own = WIDGETS
            .iter()
            .find(|(name, _)| *name == widget)
            .map_or(&[][..], |(_, own)| *own);
        let allowed: Vec<&str> = own.iter().chain(&COMMON_OPTIONS).copied().collect();
        let mut options: Vec<(String, String)> = Vec::new();
        let mut auto_height = false;
        let mut given: Vec<Cow<str>> = Vec::new();
        for (name, value) in form_urlencoded::parse(query.as_bytes()) {
            // An element has one attribute of a name: a second would be written and the browser
            // would keep the first, so the page would not show what its address says.
            if given.contains(&name) {
                let shown: String = name.chars().take(40).collect();
                let shown = html_escape::encode_double_quoted_attribute(&shown);
                return Err(format!(
                    "\"{shown}\" is repeated; give each option of chanscope-{widget} once\n"
                ));
            }
            given.push(name.clone());
            if name == AUTO_HEIGHT {
                auto_height = value == "1";
                continue;
            }
            if !allowed.contains(&name.as_ref()) {
                let shown: String = name.chars().take(40).collect();
                let shown = html_escape::encode_double_quoted_attribute(&shown);
                return Err(format!(
                    "\"{shown}\" is no option of chanscope-{widget}; its options (kebab-case \
                     attributes of the element) are {}\n",
                    allowed.join(", ")
                ));
            }
            options.push((name.into_owned(), value.into_owned()));
        }
        Ok(Element {
            options,
            auto_height,
            origins: origins.to_vec(),
        })
    }

    /// The value of the element's attribute `name`, if the address gave it.
    pub fn option(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(given, _)| given == name)
            .map(|(_, value)| value.as_str())
    }

    /// The page of the element, with what the server drew of it in its shadow root (a
    /// declarative one, which the element keeps until its module has drawn the same), and the
    /// elements' script `module` preloaded: `embed.js` imports it, so the browser would
    /// otherwise ask for it only once `embed.js` has arrived, a round trip later.
    pub fn page(&self, widget: &str, painted: Option<&Painted>, module: Option<&str>) -> String {
        let mut attributes = String::new();
        for (name, value) in &self.options {
            attributes.push_str(&format!(
                " {name}=\"{}\"",
                html_escape::encode_double_quoted_attribute(value)
            ));
        }
        let frame = if self.auto_height {
            format!(
                " data-autoheight data-origins=\"{}\"",
                html_escape::encode_double_quoted_attribute(&self.origins.join(" "))
            )
        } else {
            String::new()
        };
        // The shadow roots' stylesheet in the head too: there it holds the first paint back until
        // it has arrived, so the card in the shadow root is never painted without its styles
        // (it styles nothing outside the shadow root, whose elements alone carry its classes).
        let styles = painted.map_or(String::new(), |p| {
            format!("<link rel=\"stylesheet\" href=\"{}\">\n", p.stylesheet)
        });
        let preload = module.map_or(String::new(), |m| {
            format!("<link rel=\"modulepreload\" href=\"{m}\">\n")
        });
        let shadow = painted.map_or(String::new(), |p| {
            format!(
                "<template shadowrootmode=\"open\"><link rel=\"stylesheet\" href=\"{}\">{}</template>",
                p.stylesheet, p.body
            )
        });
        // The empty `data:` icon: a browser asks for `/favicon.ico` otherwise, a 404 in the console
        // of every page that frames this one. `main` is the landmark screen readers jump to. No
        // margin around the widget, set in the markup: set by a script, it would move a widget
        // the page already painted.
        format!(
            "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"referrer\" content=\"no-referrer\">\n<title>Chanscope</title>\n\
<meta name=\"description\" content=\"Chanscope {widget} widget\">\n\
<link rel=\"icon\" href=\"data:,\">\n{styles}{preload}\
<script type=\"module\" src=\"/embed.js\"></script>\n\
<script type=\"module\" src=\"/embed-frame.js\"></script>\n</head>\n\
<body style=\"margin:0\"{frame}><main><chanscope-{widget}{attributes}>{shadow}</chanscope-{widget}></main></body>\n</html>\n"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The elements' own attributes as `static/chanscope-elements.js` defines them, the common
    /// ones apart: (widget, own).
    fn defined_in_script() -> (Vec<(String, Vec<String>)>, Vec<String>) {
        let script = include_str!("../../static/chanscope-elements.js");
        let table = script
            .split_once("const WIDGETS = {")
            .and_then(|(_, rest)| rest.split_once("};"))
            .expect("the script's WIDGETS table")
            .0;
        let quoted: Vec<&str> = table.split('"').skip(1).step_by(2).collect();
        let widgets = quoted
            .chunks(3)
            .map(|c| {
                (
                    c[0].to_owned(),
                    c[2].split(' ').map(str::to_owned).collect(),
                )
            })
            .collect();
        let common = script
            .split_once("const COMMON = \"")
            .and_then(|(_, rest)| rest.split_once('"'))
            .expect("the script's COMMON list")
            .0
            .split_whitespace()
            .map(str::to_owned)
            .collect();
        (widgets, common)
    }

    #[test]
    fn the_options_are_the_elements_own_attributes() {
        let (widgets, common) = defined_in_script();
        let ours: Vec<(String, Vec<String>)> = WIDGETS
            .iter()
            .map(|(name, own)| {
                let own = own.iter().map(|o| (*o).to_owned()).collect();
                ((*name).to_owned(), own)
            })
            .collect();
        assert_eq!(ours, widgets);
        let mut expected: Vec<&str> = common
            .iter()
            .map(String::as_str)
            .filter(|c| !matches!(*c, "base-url" | "token"))
            .collect();
        expected.sort_unstable();
        let mut ours = COMMON_OPTIONS.to_vec();
        ours.sort_unstable();
        assert_eq!(ours, expected);
    }

    #[test]
    fn any_other_name_is_refused_by_name() {
        for (query, name) in [
            ("channel=1&onclick=alert(1)", "onclick"),
            ("channel=1&style=color:red", "style"),
            ("channel=1&base-url=https://evil.example", "base-url"),
            ("channel=1&token=abc", "token"),
            ("channel=1&posts=1", "posts"),
        ] {
            let refused = page("channel-card", query, &[]).unwrap_err();
            assert_eq!(
                refused,
                format!(
                    "\"{name}\" is no option of chanscope-channel-card; its options (kebab-case \
                     attributes of the element) are channel, variant, language, timezone, theme\n"
                ),
            );
        }
        assert!(page("channel-card", "channel=1&variant=compact&theme=dark", &[]).is_ok());
    }

    #[test]
    fn a_repeated_option_is_refused_by_name() {
        for (query, name) in [
            ("channel=@a&channel=@b", "channel"),
            ("channel=@a&channel=@a", "channel"),
            ("channel=@a&theme=dark&theme=light", "theme"),
            ("channel=@a&chann%65l=@b", "channel"),
            ("autoheight=1&channel=@a&autoheight=0", "autoheight"),
            ("channel=@a&variant=&variant=compact", "variant"),
        ] {
            assert_eq!(
                page("channel-card", query, &[]).unwrap_err(),
                format!(
                    "\"{name}\" is repeated; give each option of chanscope-channel-card once\n"
                ),
                "{query}"
            );
        }
        let html = page("channel-card", "channel=@a&variant=compact", &[]).unwrap();
        assert_eq!(html.matches(" channel=").count(), 1, "{html}");
    }
}
