//! Where the sandbox is reached: the port it listens on unless told otherwise, and the host that
//! the URLs of what it serves itself (channel avatars) name.

/// The port the `sandbox` binary listens on without `--port`.
pub const DEFAULT_PORT: u16 = 8090;

/// Where the sandbox is reached (`host:port`), for the URLs of what it serves itself: channel
/// avatars, written protocol-relative as the service writes its image URLs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    host: String,
}

impl Site {
    /// `host` is `host[:port]`; anything else (a path, spaces, quotes) falls back to
    /// [`Site::default`], so an odd `Host` header cannot shape the URLs.
    pub fn new(host: &str) -> Site {
        let ok = !host.is_empty()
            && host
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b));
        if ok {
            Site {
                host: host.to_ascii_lowercase(),
            }
        } else {
            Site::default()
        }
    }

    pub fn host(&self) -> &str {
        &self.host
    }

    /// The avatar of the channel with service ID `id` at `size` (100 or 640) pixels.
    pub fn avatar(&self, id: u64, size: u32) -> String {
        format!("//{}{}", self.host, crate::avatars::path(id, size))
    }
}

impl Default for Site {
    /// The sandbox's default address.
    fn default() -> Site {
        Site {
            host: format!("127.0.0.1:{}", DEFAULT_PORT),
        }
    }
}
