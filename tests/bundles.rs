//! The console's two bundles (`app::Bundle`): the loader (`static/boot.js`) picks the analyses'
//! module by the address's path, from a list of its own that must name exactly the analyses.

use chanscope::route::{Route, ANALYSES, TOOLS};

/// The paths of `const ANALYSES = [...]` in the loader.
fn loader_paths() -> Vec<String> {
    let loader = include_str!("../static/boot.js");
    let start = loader
        .find("const ANALYSES = [")
        .expect("boot.js lists the analyses' paths")
        + "const ANALYSES = [".len();
    let end = start + loader[start..].find(']').expect("the list is closed");
    loader[start..end]
        .split(',')
        .map(|item| item.trim().trim_matches('"').to_owned())
        .collect()
}

#[test]
fn the_loader_loads_the_analyses_bundle_for_the_analyses_and_the_watchlist() {
    let ours: Vec<String> = ANALYSES.iter().map(|r| r.to_path().to_owned()).collect();
    let loader = loader_paths();
    assert_eq!(
        loader, ours,
        "static/boot.js and route::ANALYSES must name the same pages"
    );
    assert_eq!(
        ours,
        [
            "/compare-channels",
            "/keyword-trend",
            "/search-analysis",
            "/watchlist"
        ]
    );
    for tool in TOOLS.iter().chain([&Route::Home]) {
        assert!(!loader.contains(&tool.to_path().to_owned()));
    }
}
