//! The iframe pages, for host pages that cannot run scripts (a CMS that strips them):
//! `/embed/<widget>?<options>` is a page holding just that widget's custom element, its options
//! as the element's attributes (`/embed/channel-card?channel=@name` →
//! `<chanscope-channel-card channel="@name">`). Only the `--allow-origin` origins may frame it
//! (CSP `frame-ancestors`, `'none'` without any); the console's pages keep `'none'`. With
//! `autoheight=1` the page posts its widget's height to the parent (`static/embed-frame.js`).

use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::statics::{
    is_local_upstream, CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_LOCAL_UPSTREAM,
};

/// The widgets, as `chanscope-<name>` elements define them.
const WIDGETS: [&str; 5] = [
    "channel-card",
    "subscriber-chart",
    "post-stats",
    "post-search",
    "multi-post-stats",
];

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
/// an option name that is not kebab-case.
pub fn serve(
    method: &Method,
    widget: &str,
    query: &str,
    upstream: &str,
    origins: &[String],
) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return (StatusCode::METHOD_NOT_ALLOWED, "method not allowed\n").into_response();
    }
    if !WIDGETS.contains(&widget) {
        return (StatusCode::NOT_FOUND, "no such widget\n").into_response();
    }
    let html = match page(widget, query, origins) {
        Ok(html) => html,
        Err(message) => return (StatusCode::BAD_REQUEST, message).into_response(),
    };
    let mut response = html.into_response();
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

/// The page: `embed.js` defines the element, `embed-frame.js` sizes the page to it.
pub fn page(widget: &str, query: &str, origins: &[String]) -> Result<String, String> {
    let mut attributes = String::new();
    let mut auto_height = false;
    for (name, value) in form_urlencoded::parse(query.as_bytes()) {
        if name == AUTO_HEIGHT {
            auto_height = value == "1";
            continue;
        }
        let kebab = name.starts_with(|c: char| c.is_ascii_lowercase())
            && name.chars().all(|c| c.is_ascii_lowercase() || c == '-');
        if !kebab {
            return Err(format!(
                "option names are kebab-case attributes of the element, e.g. peer-type; got \"{}\"\n",
                html_escape::encode_double_quoted_attribute(&name)
            ));
        }
        attributes.push_str(&format!(
            " {name}=\"{}\"",
            html_escape::encode_double_quoted_attribute(&value)
        ));
    }
    let frame = if auto_height {
        format!(
            " data-autoheight data-origins=\"{}\"",
            html_escape::encode_double_quoted_attribute(&origins.join(" "))
        )
    } else {
        String::new()
    };
    Ok(format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"referrer\" content=\"no-referrer\">\n<title>Chanscope</title>\n\
<script type=\"module\" src=\"/embed.js\"></script>\n\
<script type=\"module\" src=\"/embed-frame.js\"></script>\n</head>\n\
<body{frame}><chanscope-{widget}{attributes}></chanscope-{widget}></body>\n</html>\n"
    ))
}
