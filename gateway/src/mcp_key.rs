//! The key `/mcp` asks for (`--mcp-key-file`): read with the configuration, checked for each
//! request by the MCP server (`mcp/http.rs`), and never shown.

use axum::http::HeaderValue;

/// The shortest `--mcp-key-file` key: 16 characters of a random key are beyond guessing at any
/// rate the gateway answers.
pub const MCP_KEY_MIN_CHARS: usize = 16;

/// The key `/mcp` asks for. Its `Debug` never shows it.
#[derive(Clone)]
pub struct McpKey(String);

impl McpKey {
    /// The key from its file's content; an error that never quotes it.
    pub fn new(text: &str) -> Result<McpKey, String> {
        let key = text.trim();
        if key.chars().count() < MCP_KEY_MIN_CHARS || key.chars().any(char::is_whitespace) {
            return Err(format!(
                "the key in --mcp-key-file must be {MCP_KEY_MIN_CHARS} characters or more, \
                 without spaces"
            ));
        }
        Ok(McpKey(key.to_owned()))
    }

    /// Whether `authorization` is `Bearer <the key>`, compared in time independent of where
    /// they differ, so that the key cannot be guessed byte by byte from answer times.
    pub fn admits(&self, authorization: Option<&HeaderValue>) -> bool {
        let Some(given) = authorization
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
        else {
            return false;
        };
        let (given, key) = (given.trim().as_bytes(), self.expose().as_bytes());
        given.len() == key.len() && given.iter().zip(key).fold(0, |d, (a, b)| d | (a ^ b)) == 0
    }

    fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for McpKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("McpKey(***)")
    }
}
