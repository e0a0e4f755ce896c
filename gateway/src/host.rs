//! The `Host` header as RFC 9112 §3.2 asks a server to check it: an HTTP/1.1 request without
//! one, any request with more than one, and any whose value is not `uri-host [":" port]`
//! (RFC 9110 §7.2, with RFC 3986's grammar) get 400. A value with a user (`user@evil`), a space,
//! a path or a second port is none of a host's, whatever a proxy or a log further on would make
//! of it.
//!
//! The grammar is checked here rather than by `http::uri::Authority`, which accepts a user part
//! and is meant for a URI's authority, not for this header.

use std::net::Ipv6Addr;

use axum::http::{header, HeaderMap, Version};

/// Why a request's `Host` is refused, as the 400's body says it; `None` when it is fine.
pub fn problem(version: Version, headers: &HeaderMap) -> Option<&'static str> {
    let mut values = headers.get_all(header::HOST).iter();
    let Some(value) = values.next() else {
        return (version == Version::HTTP_11)
            .then_some("an HTTP/1.1 request needs a Host header\n");
    };
    if values.next().is_some() {
        return Some("a request carries one Host header, not more\n");
    }
    let valid = value.to_str().is_ok_and(is_host_and_port);
    (!valid).then_some("the Host header must be host[:port]\n")
}

/// `uri-host [":" port]`; the empty value too, which RFC 9110 §7.2 gives a target without an
/// authority.
fn is_host_and_port(value: &str) -> bool {
    let (host, port) = match value.strip_prefix('[') {
        Some(literal) => match literal.split_once(']') {
            Some((inside, rest)) => {
                if !is_ip_literal(inside) {
                    return false;
                }
                match rest.strip_prefix(':') {
                    Some(port) => ("", Some(port)),
                    None if rest.is_empty() => ("", None),
                    None => return false,
                }
            }
            None => return false,
        },
        None => match value.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (value, None),
        },
    };
    is_reg_name(host) && port.is_none_or(|p| p.bytes().all(|b| b.is_ascii_digit()))
}

/// What RFC 3986 allows between `[` and `]`: an IPv6 address or `v<hex>.<chars>`.
fn is_ip_literal(inside: &str) -> bool {
    if inside.parse::<Ipv6Addr>().is_ok() {
        return true;
    }
    let Some(future) = inside.strip_prefix(['v', 'V']) else {
        return false;
    };
    let Some((version, rest)) = future.split_once('.') else {
        return false;
    };
    !version.is_empty()
        && version.bytes().all(|b| b.is_ascii_hexdigit())
        && !rest.is_empty()
        && rest
            .bytes()
            .all(|b| is_unreserved(b) || is_sub_delim(b) || b == b':')
}

/// RFC 3986's `reg-name` (which an IPv4 address is too): unreserved characters, sub-delimiters
/// and `%XX`.
fn is_reg_name(host: &str) -> bool {
    let bytes = host.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let b = bytes[at];
        if b == b'%' {
            let escape = bytes.get(at + 1..at + 3);
            if !escape.is_some_and(|e| e.iter().all(u8::is_ascii_hexdigit)) {
                return false;
            }
            at += 3;
        } else if is_unreserved(b) || is_sub_delim(b) {
            at += 1;
        } else {
            return false;
        }
    }
    true
}

fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

fn is_sub_delim(b: u8) -> bool {
    matches!(
        b,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    use axum::http::HeaderValue;

    fn with_hosts(hosts: &[&[u8]]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for host in hosts {
            headers.append(header::HOST, HeaderValue::from_bytes(host).unwrap());
        }
        headers
    }

    #[test]
    fn hosts_and_ports_pass() {
        for host in [
            "stats.example.org",
            "stats.example.org:8080",
            "127.0.0.1:1",
            "[::1]",
            "[::1]:8080",
            "[2001:db8::7]:443",
            "[v1.fe80::a+en1]",
            "xn--e1afmkfd.xn--p1ai",
            "under_score.example",
            "pct%41.example",
            "",
        ] {
            let headers = with_hosts(&[host.as_bytes()]);
            assert_eq!(problem(Version::HTTP_11, &headers), None, "{host:?}");
        }
    }

    #[test]
    fn anything_else_is_refused() {
        for host in [
            &b"a b"[..],
            b"user@evil",
            b"user:pass@evil.example",
            b"evil.example/path",
            b"evil.example?x",
            b"evil.example#x",
            b"a:1:2",
            b"a:8o",
            b"[::1",
            b"[::1]x",
            b"[not-v6]",
            b"[::1]:80:80",
            b"::1",
            b"pct%4.example",
            b"pct%zz.example",
            b"tab\there",
            b"\"quoted\"",
            b"caf\xc3\xa9.example",
            b"back\\slash",
        ] {
            let headers = with_hosts(&[host]);
            assert_eq!(
                problem(Version::HTTP_11, &headers),
                Some("the Host header must be host[:port]\n"),
                "{}",
                String::from_utf8_lossy(host)
            );
            assert!(problem(Version::HTTP_10, &headers).is_some());
        }
    }

    #[test]
    fn one_host_for_http_1_1_and_never_two() {
        assert_eq!(
            problem(Version::HTTP_11, &HeaderMap::new()),
            Some("an HTTP/1.1 request needs a Host header\n")
        );
        assert_eq!(problem(Version::HTTP_10, &HeaderMap::new()), None);
        for version in [Version::HTTP_10, Version::HTTP_11] {
            assert_eq!(
                problem(version, &with_hosts(&[b"a.example", b"a.example"])),
                Some("a request carries one Host header, not more\n")
            );
        }
    }
}
