//! `cargo xtask <command>`: the project's own automation.
//!
//! Every command first makes sure the tools it needs are present (see `setup`), so a fresh
//! machine needs nothing installed by hand.

mod bench;
mod bench_labelled;
mod browser_bench;
mod browser_tests;
mod build;
mod check;
mod headless;
mod install;
mod precompress;
mod prerender;
mod proc;
mod readme;
mod report;
mod result;
mod sandbox;
mod serve;
mod setup;
mod test;

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command>

commands:
  setup   find or install everything the build and the tests need (idempotent)
  build   release build of the console (and embed.js for host pages) into dist/ with
          brotli (.br) and gzip (.gz) copies of its text and wasm files, and the gateway
          that serves it in production (target/release/gateway)
  serve   the sandbox and the console at http://127.0.0.1:8080 (trunk serve; /api/ proxied
          to the sandbox); --no-sandbox: the console alone, proxied as Trunk.toml says
  check   clippy for wasm32 over the console, the API crate and the figures (the code
          native checks skip); arguments go on to cargo. Editors run it on save
          (docs/developing.md)
  test    every test suite: fmt, clippy (native and wasm32), native tests (API layer,
          sandbox, gateway), browser tests in headless Chromium, release build and boot
          check, end-to-end tests (console, embedding, console through the gateway), and
          every command README shows, run as written
  bench   size of the release build (raw, gzip, brotli; the console's and the widgets'
          wasm + JS against their brotli targets); sandbox start-up, /posts/search latency
          under a bounded loopback load, and memory; gateway latency of cached calls and the
          share of a session's calls sent upstream; the release build in headless Chromium
          behind the gateway: bytes on the wire, Lighthouse per page, click to painted
          against plain-DOM pages, decoding against JSON.parse. A table of every figure and
          its target ends it; target/bench/results.json has them too

environment:
  CHANSCOPE_TOOLS_DIR       where tools are installed (default ~/.cache/chanscope/tools)
  CHANSCOPE_WASM_TOOLCHAIN  rustup | debian: force one way of building for wasm32
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("setup") => setup::Setup::run(&root()).map(|_| ()),
        Some("build") => build::run(&root()),
        Some("serve") => serve::run(&root(), &args[1..]),
        Some("check") => check::run(&root(), &args[1..]),
        Some("test") => test::run(&root()),
        Some("bench") => bench::run(&root()),
        // Unlisted: the last step of `test` alone, on a checkout `cargo xtask build` has built.
        Some("readme-check") => setup::Setup::run(&root()).and_then(|s| readme::run(&s)),
        Some("-h" | "--help" | "help") | None => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(other) => Err(format!("unknown command `{other}`\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root: xtask lives one level below it.
fn root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}
