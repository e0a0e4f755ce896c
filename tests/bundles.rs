//! The console's bundles (`app::Bundle`): the loader (`static/boot.js`) picks a page's module by
//! the address's path, from lists of its own that must name exactly the pages of each bundle
//! other than the tools'.

use chanscope::route::{Pages, Route, BUNDLES, TOOL_PAGES};

/// The bundles of the loader's `const BUNDLES = { name: [paths], … }`, in its order.
fn loader_bundles() -> Vec<(String, Vec<String>)> {
    let loader = include_str!("../static/boot.js");
    let start = loader
        .find("const BUNDLES = {")
        .expect("boot.js lists the bundles' paths")
        + "const BUNDLES = {".len();
    let end = start + loader[start..].find("};").expect("the list is closed");
    loader[start..end]
        .lines()
        .filter_map(|line| line.trim().split_once(": ["))
        .map(|(name, list)| {
            let paths = list
                .trim_end_matches([']', ','])
                .split(',')
                .map(|item| item.trim().trim_matches('"').to_owned())
                .collect();
            (name.to_owned(), paths)
        })
        .collect()
}

fn paths(routes: &[Route]) -> Vec<String> {
    routes.iter().map(|r| r.to_path().to_owned()).collect()
}

#[test]
fn the_loader_loads_each_page_with_its_own_bundle() {
    let ours: Vec<(String, Vec<String>)> = BUNDLES
        .iter()
        .filter(|pages| **pages != TOOL_PAGES)
        .map(|pages| (pages.bundle.to_owned(), paths(pages.routes)))
        .collect();
    assert_eq!(
        loader_bundles(),
        ours,
        "static/boot.js and route::BUNDLES must name the same bundles and pages"
    );
    assert_eq!(
        ours,
        [
            (
                "analyses".to_owned(),
                paths(&[
                    Route::CompareChannels,
                    Route::KeywordTrend,
                    Route::SearchAnalysis
                ])
            ),
            ("watchlist".to_owned(), vec!["/watchlist".to_owned()]),
        ]
    );
}

#[test]
fn every_page_is_in_exactly_one_bundle() {
    let pages = std::iter::once(Route::Home)
        .chain(chanscope::route::TOOLS)
        .chain(chanscope::route::ANALYSES);
    let mut count = 0;
    for route in pages {
        let carriers: Vec<&Pages> = BUNDLES
            .iter()
            .filter(|pages| pages.routes.contains(&route))
            .collect();
        assert_eq!(carriers.len(), 1, "{route:?} is in {carriers:?}");
        for pages in BUNDLES {
            assert_eq!(pages.carries(route), pages == *carriers[0]);
        }
        count += 1;
    }
    assert_eq!(count, 13);
    assert_eq!(BUNDLES.iter().map(|p| p.routes.len()).sum::<usize>(), 13);
    assert!(BUNDLES.iter().all(|pages| pages.carries(Route::NotFound)));
}
