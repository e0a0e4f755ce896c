//! When a failed call means that the local preview's sandbox is not running.

use chanscope::view::preview::{sandbox_not_answering, SANDBOX_ADDRESS, SANDBOX_COMMAND};

#[test]
fn trunks_proxy_failure_in_a_debug_build_on_the_default_address_is_the_sandbox() {
    assert!(sandbox_not_answering(true, "/api", 500));
    assert!(sandbox_not_answering(true, "/api/", 500));
}

#[test]
fn everything_else_is_the_services_answer() {
    // A release build is what gets deployed: a 500 there is the service's.
    assert!(!sandbox_not_answering(false, "/api", 500));
    // An API address set in Settings is not Trunk's proxy.
    assert!(!sandbox_not_answering(
        true,
        "https://api.example.org/api",
        500
    ));
    assert!(!sandbox_not_answering(true, "/other", 500));
    // Trunk's proxy answers 500 only; other statuses come from the sandbox or beyond it.
    assert!(!sandbox_not_answering(true, "/api", 502));
    assert!(!sandbox_not_answering(true, "/api", 503));
    assert!(!sandbox_not_answering(true, "/api", 404));
}

#[test]
fn the_command_starts_the_sandbox_trunk_proxies_to() {
    let trunk = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Trunk.toml"))
        .expect("Trunk.toml");
    assert!(trunk.contains(&format!("backend = \"http://{SANDBOX_ADDRESS}/api/\"")));
    // On the port Trunk proxies to; it answers without a token only when told to.
    let port = SANDBOX_ADDRESS.rsplit(':').next().expect("a port");
    assert!(SANDBOX_COMMAND.contains(&format!(" --port {port} ")));
    assert!(SANDBOX_COMMAND.ends_with(" --anonymous-token demo"));
    // docs/developing.md tells a developer the same.
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/developing.md"))
        .expect("docs/developing.md");
    assert!(docs.contains(&format!("```sh\n{SANDBOX_COMMAND}\ntrunk serve\n```")));
}
