//! Each page's shell, painted before the module arrives: the release console is loaded in
//! headless Chromium on every route of its navigation, and what it rendered there with an empty
//! form (header, navigation, the page's title, lead, form and hints) is written into a copy of
//! `index.html` as `dist/routes/<page>.html`, in place of the generic "Loading…" shell. The
//! gateway sends that copy for the page's address; the console replaces it when it starts
//! (`app::start`), so a visitor reads the page a module download earlier.
//!
//! The shell is `inert`: nothing in it can be focused or typed into, so no input is lost when the
//! console takes over. A page whose first render depends on what the browser keeps (the
//! watchlist, from IndexedDB) marks itself `data-prerender="no"` and gets no shell: a static copy
//! would show the wrong contents.

use std::fs;
use std::path::Path;

use crate::headless::{chromium, serve_dist};
use crate::setup::Setup;
use crate::Result;

/// Where the shells go, under `dist/`; the gateway looks there for a route's page.
pub const ROUTES_DIR: &str = "routes";
/// The attribute of the console's root (`app::Shell`) once it runs.
const READY: &str = "data-app-ready=\"true\"";
/// In its place in a shell: the root is found and removed by `app::start`, inert until then.
const SHELL_ROOT: &str = "id=\"boot-shell\" inert=\"\"";
/// The generic shell `index.html` carries, replaced in each route's copy.
const GENERIC_SHELL: &str = "<div class=\"app boot-shell\" id=\"boot-shell\">";
/// A page that must not be painted from a static copy.
const NO_PRERENDER: &str = "data-prerender=\"no\"";

/// One route's outcome: its path and the shell's size, or `None` where the page opts out.
pub struct Row {
    pub path: String,
    pub bytes: Option<usize>,
}

/// Writes a shell for `/` and every page the navigation links to; returns a row per route.
pub fn run(setup: &Setup, dist: &Path) -> Result<Vec<Row>> {
    let index = fs::read_to_string(dist.join("index.html"))
        .map_err(|e| format!("reading {}: {e}", dist.join("index.html").display()))?;
    let out = dist.join(ROUTES_DIR);
    if out.exists() {
        fs::remove_dir_all(&out).map_err(|e| format!("removing {}: {e}", out.display()))?;
    }
    fs::create_dir_all(&out).map_err(|e| format!("creating {}: {e}", out.display()))?;
    let port = serve_dist(dist)?;
    // A page is given three loads to render: a headless browser on a busy machine may dump the
    // page before the module has run. One that never renders fails the build (below).
    let render = |path: &str| -> Result<String> {
        let url = format!("http://127.0.0.1:{port}{path}");
        let mut dom = String::new();
        for _ in 0..3 {
            dom = chromium(setup, &["--dump-dom"], &url)?;
            if dom.contains(READY) {
                break;
            }
        }
        Ok(dom)
    };

    let home = render("/")?;
    let mut paths = vec!["/".to_owned()];
    paths.extend(nav_paths(&home)?);
    let mut rows = Vec::new();
    for path in paths {
        let dom = if path == "/" {
            home.clone()
        } else {
            render(&path)?
        };
        let bytes = match shell_page(&index, &dom).map_err(|e| format!("{path}: {e}"))? {
            Some(page) => {
                let file = out.join(file_name(&path));
                fs::write(&file, &page).map_err(|e| format!("writing {}: {e}", file.display()))?;
                Some(page.len())
            }
            None => None,
        };
        rows.push(Row { path, bytes });
    }
    Ok(rows)
}

/// The rows as a table under a step's header.
pub fn table(rows: &[Row]) -> String {
    let mut out = format!("    {:<24} {:<36} {:>8}\n", "address", "shell", "raw B");
    for row in rows {
        let (file, bytes) = match row.bytes {
            Some(b) => (
                format!("{ROUTES_DIR}/{}", file_name(&row.path)),
                b.to_string(),
            ),
            None => ("none (the page opts out)".to_owned(), "-".to_owned()),
        };
        out.push_str(&format!("    {:<24} {file:<36} {bytes:>8}\n", row.path));
    }
    out
}

/// `routes/<name>.html` for a route's path: `index` for `/`.
pub fn file_name(path: &str) -> String {
    match path.trim_start_matches('/') {
        "" => "index.html".to_owned(),
        name => format!("{name}.html"),
    }
}

/// The paths the navigation (`<nav id="tools-nav">`) links to, in its order.
fn nav_paths(dom: &str) -> Result<Vec<String>> {
    let start = dom
        .find("id=\"tools-nav\"")
        .ok_or("the console rendered no navigation (id=\"tools-nav\")")?;
    let end = dom[start..]
        .find("</nav>")
        .ok_or("the navigation is not closed")?;
    let paths: Vec<String> = dom[start..start + end]
        .split("href=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_owned)
        .collect();
    if paths.is_empty() {
        return Err("the navigation links to no page".to_owned());
    }
    if let Some(odd) = paths
        .iter()
        .find(|p| !p.starts_with('/') || p[1..].contains(['/', '?', '.', '#']) || p.len() == 1)
    {
        return Err(format!(
            "the navigation links to {odd:?}, not a page's path"
        ));
    }
    Ok(paths)
}

/// `index` with its generic shell replaced by the console's markup in `dom` (and its title by
/// the page's); `None` when the page opts out.
fn shell_page(index: &str, dom: &str) -> Result<Option<String>> {
    if dom.contains(NO_PRERENDER) {
        return Ok(None);
    }
    let markup = app_markup(dom)?;
    let start = index
        .find(GENERIC_SHELL)
        .ok_or("index.html has no generic shell to replace")?;
    let end = start
        + index[start..]
            .find("<noscript>")
            .ok_or("index.html has no <noscript> after its shell")?;
    let mut page = format!("{}{markup}\n    {}", &index[..start], &index[end..]);
    if let (Some(ours), Some(theirs)) = (title(&page), title(dom)) {
        page = page.replacen(&ours, &theirs, 1);
    }
    Ok(Some(page))
}

/// The console's root element in `dom` (the body's one `<div>`), made a shell.
fn app_markup(dom: &str) -> Result<String> {
    if dom.matches(READY).count() != 1 {
        return Err(format!(
            "expected the console's root ({READY}) once; the page was:\n{dom}"
        ));
    }
    let body = dom.find("<body>").ok_or("the page has no <body>")? + "<body>".len();
    let end = dom.rfind("</body>").ok_or("the page has no </body>")?;
    let start = body
        + dom[body..end]
            .find("<div")
            .ok_or("the body holds no <div>")?;
    let markup = dom[start..end].trim_end();
    let root_tag = &markup[..markup.find('>').unwrap_or_default()];
    if !root_tag.contains(READY) || !root_tag.contains("class=\"app\"") {
        return Err(format!(
            "the body's first element is not the console's root:\n{markup}"
        ));
    }
    if !markup.ends_with("</div>") || !markup.contains("<main id=\"main\"") {
        return Err(format!("the console's root is not whole:\n{markup}"));
    }
    if markup.contains("<script") {
        return Err("the console's markup holds a script".to_owned());
    }
    Ok(markup.replacen(READY, SHELL_ROOT, 1))
}

/// The `<title>…</title>` element of `html`.
fn title(html: &str) -> Option<String> {
    let start = html.find("<title>")?;
    let end = start + html[start..].find("</title>")? + "</title>".len();
    Some(html[start..end].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    const INDEX: &str = "<html><head><title>Chanscope</title></head>\n  <body>\n    \
        <div class=\"app boot-shell\" id=\"boot-shell\">\n      <p>Loading…</p>\n    </div>\n    \
        <noscript>Needs JavaScript.</noscript>\n  </body>\n</html>\n";

    fn dom(main: &str) -> String {
        format!(
            "<html><head><title>Post search · Chanscope</title></head><body>\n\
             <div data-app-ready=\"true\" class=\"app\"><nav id=\"tools-nav\"><ul>\
             <li><a href=\"/post-search\">Posts</a></li><li><a href=\"/watchlist\">W</a></li>\
             </ul></nav><main id=\"main\">{main}</main></div>\n</body></html>"
        )
    }

    #[test]
    fn a_shell_is_index_html_with_the_rendered_page_inert_in_place_of_loading() {
        let page = shell_page(INDEX, &dom("<h1>Post search</h1>"))
            .unwrap()
            .unwrap();
        assert_eq!(
            page,
            "<html><head><title>Post search · Chanscope</title></head>\n  <body>\n    \
             <div id=\"boot-shell\" inert=\"\" class=\"app\"><nav id=\"tools-nav\"><ul>\
             <li><a href=\"/post-search\">Posts</a></li><li><a href=\"/watchlist\">W</a></li>\
             </ul></nav><main id=\"main\"><h1>Post search</h1></main></div>\n    \
             <noscript>Needs JavaScript.</noscript>\n  </body>\n</html>\n"
        );
        assert!(!page.contains("data-app-ready"));
    }

    #[test]
    fn a_page_that_opts_out_gets_no_shell() {
        let out = shell_page(INDEX, &dom("<section data-prerender=\"no\"></section>")).unwrap();
        assert!(out.is_none());
    }

    #[test]
    fn a_page_that_did_not_render_is_an_error() {
        let err = shell_page(INDEX, "<html><body><noscript></noscript></body></html>").unwrap_err();
        assert!(err.contains("expected the console's root"), "{err}");
        let nested = dom("").replace(
            "<div data-app-ready=\"true\" class=\"app\">",
            "<div class=\"portal\"></div><div data-app-ready=\"true\" class=\"app\">",
        );
        let err = shell_page(INDEX, &nested).unwrap_err();
        assert!(err.contains("not the console's root"), "{err}");
        let err = shell_page("<html><body></body></html>", &dom("")).unwrap_err();
        assert_eq!(err, "index.html has no generic shell to replace");
    }

    #[test]
    fn routes_come_from_the_navigation() {
        assert_eq!(
            nav_paths(&dom("")).unwrap(),
            vec!["/post-search".to_owned(), "/watchlist".to_owned()]
        );
        let odd = dom("").replace("/watchlist", "/watchlist?x=1");
        assert!(nav_paths(&odd).unwrap_err().contains("/watchlist?x=1"));
        assert!(nav_paths("<body></body>").is_err());
        assert_eq!(file_name("/"), "index.html");
        assert_eq!(file_name("/post-search"), "post-search.html");
    }
}
