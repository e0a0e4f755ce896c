//! The safe web address of a link or image the service sent.

/// An `http(s)` URL for a link or image address the service sent, or `None` when it cannot be
/// one.
///
/// Links come without a scheme (`t.me/name`) and avatars protocol-relative (`//host/path`);
/// both become `https://`, except protocol-relative addresses on this machine's loopback (the
/// local sandbox's avatars), which become `http://`. Anything naming another scheme
/// (`javascript:`, `data:`, ...), or containing whitespace or control characters, is refused,
/// so the result is always safe to put in an `href` or `src`.
pub fn web_url(raw: &str) -> Option<String> {
    let raw = raw.trim();
    if raw.is_empty() || raw.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return None;
    }
    let url = if let Some(rest) = raw.strip_prefix("//") {
        // Nothing on this machine's loopback speaks TLS (the local sandbox serves avatars there).
        let scheme = if is_loopback(rest) { "http" } else { "https" };
        format!("{scheme}://{rest}")
    } else if let Some(scheme) = scheme_of(raw) {
        if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
            return None;
        }
        raw.to_owned()
    } else if raw.starts_with(['/', '\\']) {
        // A path on some unknown host: there is no host to point at.
        return None;
    } else {
        format!("https://{raw}")
    };
    let (_, host_and_rest) = url.split_once("://")?;
    if host_and_rest.is_empty() || host_and_rest.starts_with(['/', '\\', '?', '#', '@']) {
        return None;
    }
    Some(url)
}

/// Whether a URL without its scheme names this machine: `127.0.0.1`, `localhost` or `[::1]`,
/// with or without a port.
fn is_loopback(host_and_rest: &str) -> bool {
    let authority = host_and_rest
        .split(['/', '?', '#'])
        .next()
        .unwrap_or_default();
    let host = match authority.rsplit_once(':') {
        Some((host, port)) if !host.ends_with(':') && port.bytes().all(|b| b.is_ascii_digit()) => {
            host
        }
        _ => authority,
    };
    ["127.0.0.1", "localhost", "[::1]"]
        .iter()
        .any(|h| host.eq_ignore_ascii_case(h))
}

/// The scheme of an absolute URL: the text before the first `:` when no `/` precedes it and
/// what follows is not a port number (`t.me:443/name` has no scheme).
fn scheme_of(raw: &str) -> Option<&str> {
    let (head, tail) = raw.split_once(':')?;
    if head.contains('/') {
        return None;
    }
    let port = tail.split(['/', '?', '#']).next().unwrap_or_default();
    let is_port = !head.is_empty() && !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit());
    (!is_port).then_some(head)
}
