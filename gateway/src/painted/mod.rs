//! The answer inside the page: for an address people land on, the gateway asks the call the
//! page's script would make, through the same path as `/api` (the visitor's rate limit, the
//! policy, the cache, one shared upstream call, the budget), and writes the answer into the page
//! with the console's own markup (`chanscope::view`, the code the console and the widgets draw
//! with). The figures are then painted with the HTML, before the script and its wasm arrive;
//! the script's own call of the same URL is a cache hit.
//!
//! Within [`Config::answer_in_page`](crate::config::Config::answer_in_page) only: a slow upstream
//! never delays the page by more. A call that fails, is refused, is rate-limited or comes late
//! leaves the page as it was without the answer, and the script asks for itself, as it always
//! did, and shows what it gets. The token never reaches the page: the answer is the
//! envelope the gateway would send to `/api`, scrubbed as that is.

use std::net::IpAddr;
use std::str::FromStr;
use std::sync::Arc;

use axum::http::{Method, StatusCode};
use chanscope::api::client::path_and_query;
use chanscope::api::envelope::decode;
use chanscope::api::ops::ChannelInfo;
use chanscope::api::{ChannelId, HttpResponse, Operation};
use chanscope::format::Locale;
use chanscope::sanitize::MarkupWriter;
use chanscope::view::card::{write_card, CardText, CardVariant, CARD_BOX_CLASS};
use chrono_tz::Tz;

use crate::api::answer;
use crate::policy;
use crate::state::Gateway;

mod dynamics;
mod pages;
mod post_search;
mod shell;
mod zone;

pub use pages::{page, paints};

/// The options of a widget's page that its drawing depends on, as its element reads them
/// (`src/embed/options.rs`); `None` where the server cannot draw what the element would.
pub struct WidgetLook {
    pub locale: Locale,
    /// The class of the widget's theme, if any.
    pub theme: Option<&'static str>,
    /// The zone its dates are written in.
    pub zone: Tz,
}

impl WidgetLook {
    /// `language`, `theme` and `timezone` as the element reads them; a value the element would
    /// refuse (it then says why) is no look the server draws.
    ///
    /// A `timezone` is `UTC` or an IANA name, spelt as the IANA database does (the element's
    /// `Intl` also takes other cases, which are left to it). Without one the element writes
    /// dates in the browser's zone: an element on a host page names it in its request
    /// (`chanscope-elements.js`), but a framed page is not told it (a page of another site is
    /// not sent the console's zone cookie), so there they are written in UTC, and a card's date
    /// changes at takeover where it falls on another day in the browser's zone.
    pub fn read(
        language: Option<&str>,
        theme: Option<&str>,
        timezone: Option<&str>,
    ) -> Option<WidgetLook> {
        let locale = match language {
            None | Some("en") => Locale::En,
            Some("ru") => Locale::Ru,
            Some(_) => return None,
        };
        let theme = match theme {
            None | Some("auto") => None,
            Some("system") => Some("cs-theme-system"),
            Some("light") => Some("cs-theme-light"),
            Some("dark") => Some("cs-theme-dark"),
            Some(_) => return None,
        };
        let zone = match timezone.map(str::trim) {
            None => Tz::UTC,
            Some(name) if name.eq_ignore_ascii_case("utc") => Tz::UTC,
            Some(name) => Tz::from_str(name).ok()?,
        };
        Some(WidgetLook {
            locale,
            theme,
            zone,
        })
    }
}

/// The channel card widget's body as its element draws it in its shadow root (the box the
/// element mounts the module in, the widget's root, the card), for `channel` (as the element's
/// `channel` attribute has it) and `variant` (`full`, the default, or `compact`); `None` when
/// it cannot be drawn here in time (see the module's notes).
pub async fn channel_card(
    gw: &Arc<Gateway>,
    client: IpAddr,
    channel: &str,
    variant: Option<&str>,
    look: &WidgetLook,
) -> Option<String> {
    let variant = match variant {
        None | Some("full") => CardVariant::Full,
        Some("compact") => CardVariant::Compact,
        Some(_) => return None,
    };
    let request = ChannelInfo::new(channel.trim().parse::<ChannelId>().ok()?);
    request.validate().ok()?;
    let answer = ask(gw, client, &request).await?;
    let channel: <ChannelInfo as Operation>::Response = decode(&answer).ok()?;
    let offset_at = |secs| zone::offset_in(look.zone, secs);
    let text = CardText {
        locale: look.locale,
        offset_at: &offset_at,
    };
    let mut m = MarkupWriter::with_capacity(4096);
    m.tags(r#"<div><div class="cs-widget"#);
    if let Some(theme) = look.theme {
        m.tags(" ").tags(theme);
    }
    m.tags(r#"""#)
        .attribute("lang", look.locale.code())
        .tags(r#"><div class=""#)
        .tags(CARD_BOX_CLASS)
        .tags(r#"">"#);
    write_card(&mut m, &channel, variant, 3, &text, |_| {});
    m.tags("</div></div></div>");
    Some(m.into_string())
}

/// `request`'s answer as `/api` would give it to this visitor now, if it is a success and comes
/// within the page's time limit. The call goes on in a task of its own when the page stops
/// waiting, so that its answer is kept for the script's call of the same URL.
pub(crate) async fn ask<O: Operation>(
    gw: &Arc<Gateway>,
    client: IpAddr,
    request: &O,
) -> Option<HttpResponse> {
    let limit = gw.config.answer_in_page;
    if limit.is_zero() {
        return None;
    }
    let call = path_and_query(request);
    let (path, query) = match call.split_once('?') {
        Some((path, query)) => (path.to_owned(), query.to_owned()),
        None => (call.clone(), String::new()),
    };
    let operation = policy::ROUTES
        .iter()
        .find(|route| route.path == path)
        .map_or("unknown-api", |route| route.name);
    let shared = Arc::clone(gw);
    let asked = tokio::spawn(async move {
        let answer = answer(&shared, client, &Method::GET, &path, Some(&query)).await;
        (answer.status == StatusCode::OK)
            .then(|| String::from_utf8(answer.body.to_vec()).ok())
            .flatten()
    });
    let (outcome, body) = match tokio::time::timeout(limit, asked).await {
        Err(_) => ("late", None),
        Ok(Ok(Some(body))) => ("in_time", Some(body)),
        Ok(_) => ("refused", None),
    };
    gw.metrics.answer_in_page(operation, outcome);
    Some(HttpResponse::new(200, body?))
}
