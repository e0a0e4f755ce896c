//! The cookie the console keeps its time zone in, so that the server of the pages writes a post
//! search's times and a card's date in the visitor's zone: both ends of it, the cookie the
//! console writes (`settings::zone_cookie`) and the name the gateway reads back
//! (`gateway/src/painted/zone.rs`). The zone is `UTC` or an IANA name, as the settings keep it.

/// The cookie's name.
pub const ZONE_COOKIE: &str = "chanscope-zone";

/// The cookie that keeps zone `name` for the whole site for a year: what is written into
/// `document.cookie`. `None` for an empty name or one a cookie cannot hold as it is (letters,
/// digits, `/`, `_`, `-` and `+` only; IANA names never need more).
pub fn zone_cookie(name: &str) -> Option<String> {
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '-' | '+');
    (!name.is_empty() && name.chars().all(plain))
        .then(|| format!("{ZONE_COOKIE}={name}; Path=/; Max-Age=31536000; SameSite=Lax"))
}

/// The zone's name kept among `cookies`, the value of a request's `Cookie` header (`a=1; b=2`),
/// without quotes; `None` when the cookie is not there or is empty. Whether the name is a zone
/// is the reader's to decide.
pub fn zone_in(cookies: &str) -> Option<&str> {
    cookies
        .split(';')
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == ZONE_COOKIE)
        .map(|(_, zone)| zone.trim().trim_matches('"'))
        .filter(|zone| !zone.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cookie_keeps_a_zone_for_the_site_for_a_year() {
        assert_eq!(
            zone_cookie("Asia/Kolkata").as_deref(),
            Some("chanscope-zone=Asia/Kolkata; Path=/; Max-Age=31536000; SameSite=Lax")
        );
        assert_eq!(
            zone_cookie("Etc/GMT+5").as_deref(),
            Some("chanscope-zone=Etc/GMT+5; Path=/; Max-Age=31536000; SameSite=Lax")
        );
        assert_eq!(zone_cookie(""), None);
        assert_eq!(zone_cookie("Asia/Kolkata; Path=/evil"), None);
        assert_eq!(zone_cookie("Zone\u{e9}"), None);
    }

    #[test]
    fn the_zone_is_read_back_among_other_cookies() {
        assert_eq!(zone_in("chanscope-zone=UTC"), Some("UTC"));
        assert_eq!(
            zone_in("theme=dark; chanscope-zone=America/New_York; lang=ru"),
            Some("America/New_York")
        );
        assert_eq!(
            zone_in("chanscope-zone=\"Europe/Berlin\""),
            Some("Europe/Berlin")
        );
        assert_eq!(zone_in("x-chanscope-zone=Asia/Tokyo; theme=dark"), None);
        assert_eq!(zone_in("chanscope-zone=; theme=dark"), None);
        assert_eq!(zone_in(""), None);
        // What the console writes is what the server reads.
        let written = zone_cookie("Asia/Kolkata").unwrap();
        let sent = written.split(';').next().unwrap();
        assert_eq!(zone_in(&format!("a=1; {sent}")), Some("Asia/Kolkata"));
    }
}
