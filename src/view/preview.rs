//! The local preview (`trunk serve`, or `cargo xtask serve`): Trunk serves a debug build of the
//! console and proxies its default API address, `/api`, to the sandbox that `Trunk.toml` names.
//! When that sandbox is not running, every call fails at Trunk's proxy with HTTP 500 and no body,
//! which would otherwise read as the service being down.

/// Where `Trunk.toml` proxies `/api/` to: the sandbox's default address.
pub const SANDBOX_ADDRESS: &str = "127.0.0.1:8090";

/// The command that starts the preview's sandbox: on the port `Trunk.toml` proxies to, with
/// requests that carry no token acting as `demo`, so that the preview works before a token is set
/// (docs/developing.md gives the same command).
pub const SANDBOX_COMMAND: &str =
    "cargo run -p sandbox --release -- --port 8090 --anonymous-token demo";

/// The API address the console uses unless Settings say otherwise (same origin, so Trunk's proxy
/// during a preview).
const DEFAULT_BASE_URL: &str = "/api";

/// Whether a call that failed with HTTP `status` and no API envelope means that the preview's
/// sandbox is not answering: the console is a debug build (only a preview makes one; every
/// deployed build is a release build), it calls its default address `/api` (Trunk's proxy), and
/// the status is the proxy's 500. Anything else (a release build, an API address set in
/// Settings, another status) is the service's answer and worded as such.
pub fn sandbox_not_answering(debug_build: bool, base_url: &str, status: u16) -> bool {
    debug_build && base_url.trim_end_matches('/') == DEFAULT_BASE_URL && status == 500
}
