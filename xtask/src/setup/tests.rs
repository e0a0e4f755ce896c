//! What each command's setup installs: Debian packages by need, and the crates.io tools' build.
use super::tools::cargo_tools;
use super::*;

#[test]
fn a_preview_installs_no_browser_redis_nginx_or_release_toolchain() {
    let nothing_there = |_: &str| true;
    assert!(debian_packages(Needs::Preview, false, nothing_there).is_empty());
    // Debian's Rust only when it is what compiles the preview for wasm32.
    assert_eq!(
        debian_packages(Needs::Preview, true, nothing_there),
        apt::DEBIAN_RUST_PACKAGES
    );
}

#[test]
fn tools_are_built_without_tls_or_update_check() {
    let tools = cargo_tools("0.2.130");
    assert_eq!(
        tools.map(|(program, ..)| program),
        ["trunk", "wasm-bindgen"]
    );
    for (program, version, args) in tools {
        assert!(
            args.contains(&"--no-default-features"),
            "{program}: {args:?}"
        );
        assert_eq!(args.last(), Some(&"--version"), "{program}: {args:?}");
        assert!(!version.is_empty());
    }
    assert_eq!(tools[1].1, "0.2.130");
}

#[test]
fn everything_else_installs_what_is_missing() {
    let all = debian_packages(Needs::Everything, true, |_| true);
    for package in [
        "rustc-web",
        "lld-22",
        "chromium",
        "chromium-driver",
        "redis-server",
    ] {
        assert!(all.contains(&package), "{package} in {all:?}");
    }
    assert!(all.contains(&"nginx") && all.contains(&"npm"));
    let only_nginx = debian_packages(Needs::Everything, true, |p| p == "nginx");
    assert_eq!(only_nginx, ["nginx"]);
}
