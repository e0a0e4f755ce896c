//! The test build's `dist/`: a page, a page's shell, hashed modules with their compressed copies,
//! and a file outside that must never be served.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use super::Rig;

/// The console's page in the test build: large enough that its copies gain, as in a real one.
pub fn index_html() -> String {
    let routes: String = [
        "post-search",
        "channel-info",
        "subscriber-dynamics",
        "post-stats",
    ]
    .iter()
    .map(|r| format!("<link rel=\"prefetch\" href=\"/{r}\" data-route=\"{r}\">\n"))
    .collect();
    format!(
        "<!doctype html><title>console</title>\n{}",
        routes.repeat(8)
    )
}

/// The post-search page's shell in the test build (`cargo xtask build` writes one per page).
pub fn post_search_shell() -> String {
    format!(
        "{}<main><h1>Post search</h1>{}</main>",
        index_html(),
        "<p class=\"hint\">Up to 50 posts a page.</p>\n".repeat(20)
    )
}

/// A hashed module of the test build, with brotli and gzip copies.
pub const MODULE: &str = "/app-0123456789abcdef.js";

pub fn module_js() -> String {
    (0..300)
        .map(|i| format!("export function widget{i}(element) {{ return mount(element, {i}); }}\n"))
        .collect()
}

/// Writes `content` to `path` and, for each of `suffixes` (`br`, `gz`), its compressed copy
/// beside it, as `cargo xtask build` does.
pub fn write_with_copies(path: &Path, content: &[u8], suffixes: &[&str]) {
    std::fs::write(path, content).unwrap();
    for suffix in suffixes {
        let packed = match *suffix {
            "br" => {
                let mut out = Vec::new();
                let mut encoder = brotli::CompressorWriter::new(&mut out, 4096, 11, 22);
                encoder.write_all(content).unwrap();
                drop(encoder);
                out
            }
            "gz" => {
                let mut encoder =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
                encoder.write_all(content).unwrap();
                encoder.finish().unwrap()
            }
            other => panic!("no encoder for .{other}"),
        };
        assert!(packed.len() < content.len(), "{}.{suffix}", path.display());
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".{suffix}"));
        std::fs::write(name, packed).unwrap();
    }
}

/// A temporary directory with `dist/` (a page, the post-search page's shell and a hashed module
/// with compressed copies, a stylesheet with a gzip copy only, a hashed wasm file and an unhashed
/// script without copies) and a file beside it, outside, that must never be served.
pub fn dist() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let root = std::env::temp_dir().join(format!(
        "chanscope-gateway-test-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let dist = root.join("dist");
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    write_with_copies(
        &dist.join("index.html"),
        index_html().as_bytes(),
        &["br", "gz"],
    );
    write_with_copies(
        &dist.join(&MODULE[1..]),
        module_js().as_bytes(),
        &["br", "gz"],
    );
    write_with_copies(
        &dist.join("gzip-only.css"),
        "body { margin: 0 }\n".repeat(40).as_bytes(),
        &["gz"],
    );
    std::fs::create_dir_all(dist.join("routes")).unwrap();
    write_with_copies(
        &dist.join("routes/post-search.html"),
        post_search_shell().as_bytes(),
        &["br", "gz"],
    );
    std::fs::write(dist.join("app-0123456789abcdef_bg.wasm"), b"\0asm").unwrap();
    std::fs::write(dist.join("boot.js"), "boot()").unwrap();
    std::fs::write(root.join("secret.txt"), "outside").unwrap();
    root
}

/// The bytes of a file of the test build's `dist/`.
pub fn dist_file(rig: &Rig, name: &str) -> Vec<u8> {
    std::fs::read(rig.files.join("dist").join(name)).unwrap()
}
