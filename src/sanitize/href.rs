//! The check that decides whether an `href` may become a link.

use crate::api::model::web_url;

/// An `href` as a link target: only absolute `http(s)` and protocol-relative addresses, checked
/// by [`web_url`]. Relative paths have no meaning outside the service's own site.
pub(super) fn safe_href(href: &str) -> Option<String> {
    let trimmed = href.trim();
    let lower = trimmed.get(..8).unwrap_or(trimmed).to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("//") {
        web_url(trimmed)
    } else {
        None
    }
}
