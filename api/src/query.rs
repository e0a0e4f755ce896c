//! Query strings exactly as the API names its parameters.

use std::fmt::Display;

/// Query parameters in the order they are added; `token` is never among them (the client adds
/// it last, at the moment of sending, so that no other code handles the secret).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    pairs: Vec<(&'static str, String)>,
}

impl Query {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a parameter that is always sent.
    pub fn put(&mut self, name: &'static str, value: impl Display) -> &mut Self {
        self.pairs.push((name, value.to_string()));
        self
    }

    /// Adds a parameter when it is given; `None` leaves the server's default in force.
    pub fn opt(&mut self, name: &'static str, value: Option<impl Display>) -> &mut Self {
        if let Some(value) = value {
            self.put(name, value);
        }
        self
    }

    /// Adds a parameter unless it equals the documented default (defaults are not sent).
    pub fn unless_default<T: Display + PartialEq>(
        &mut self,
        name: &'static str,
        value: T,
        default: T,
    ) -> &mut Self {
        if value != default {
            self.put(name, value);
        }
        self
    }

    /// Adds a `0`/`1` flag; the default `0` is not sent.
    pub fn flag(&mut self, name: &'static str, on: bool) -> &mut Self {
        if on {
            self.put(name, 1);
        }
        self
    }

    /// Adds a text parameter unless it is blank; the text is sent trimmed.
    pub fn text(&mut self, name: &'static str, value: &str) -> &mut Self {
        let value = value.trim();
        if !value.is_empty() {
            self.put(name, value);
        }
        self
    }

    pub fn pairs(&self) -> &[(&'static str, String)] {
        &self.pairs
    }

    /// The value of a parameter, if present.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// `name=value&…`, percent-encoded.
    pub fn encode(&self) -> String {
        let mut out = String::new();
        for (name, value) in &self.pairs {
            if !out.is_empty() {
                out.push('&');
            }
            encode_component(name, &mut out);
            out.push('=');
            encode_component(value, &mut out);
        }
        out
    }
}

/// Percent-encodes everything but RFC 3986's unreserved characters, so that `&`, `=`, `+`, `#`,
/// spaces and non-ASCII text in a query reach the server unchanged.
pub fn encode_component(text: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 0x0f)]));
        }
    }
}
