//! Each page's shell, painted before the module arrives: the release console is loaded in
//! headless Chromium on every route of its navigation, and what it rendered there with an empty
//! form (header, navigation, the page's title, lead, form and hints) is written into a copy of
//! `index.html` as `dist/routes/<page>.html`, in place of the generic "Loading…" shell. The
//! gateway sends that copy for the page's address; the console replaces it once its page is
//! drawn (`app::show_console`), so a visitor reads the page a module download earlier.
//!
//! The shell is `inert`: nothing in it can be focused or typed into, so no input is lost when the
//! console takes over. A part of a page that shows what the browser keeps (the watchlist's
//! watches, from IndexedDB) is marked `data-prerender="no"` and left out of the shell: a static
//! copy of it would show the wrong contents. The rest of that page (its header and lead) is
//! painted with the HTML as on every other page.

use std::fs;
use std::path::Path;

use crate::headless::{chromium, serve_dist};
use crate::result::Result;
use crate::setup::Setup;

/// Where the shells go, under `dist/`; the gateway looks there for a route's page.
pub const ROUTES_DIR: &str = "routes";
/// The attribute of the console's root (`app::Shell`) once it runs.
const READY: &str = "data-app-ready=\"true\"";
/// In its place in a shell: the root is found and removed by `app::show_console`, inert until
/// then.
const SHELL_ROOT: &str = "id=\"boot-shell\" inert=\"\"";
/// The element the console is mounted in (`app::ROOT_ID`), shown once the console is ready.
const MOUNT_POINT: &str = "<div id=\"console\">";
/// The generic shell `index.html` carries, replaced in each route's copy.
const GENERIC_SHELL: &str = "<div class=\"app boot-shell\" id=\"boot-shell\">";
/// A part of a page that must not be painted from a static copy.
const NO_PRERENDER: &str = "data-prerender=\"no\"";

/// One route's outcome: its path, its page's size and how many parts were left out of it.
pub struct Row {
    pub path: String,
    pub bytes: usize,
    pub left_out: usize,
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
        let page = route_page(&index, &dom).map_err(|e| format!("{path}: {e}"))?;
        let file = out.join(file_name(&path));
        fs::write(&file, &page).map_err(|e| format!("writing {}: {e}", file.display()))?;
        rows.push(Row {
            path,
            bytes: page.len(),
            left_out: dom.matches(NO_PRERENDER).count(),
        });
    }
    Ok(rows)
}

/// The rows as a table under a step's header.
pub fn table(rows: &[Row]) -> String {
    let mut out = format!("    {:<24} {:<36} {:>8}\n", "address", "page", "raw B");
    for row in rows {
        let file = format!("{ROUTES_DIR}/{}", file_name(&row.path));
        let file = match row.left_out {
            0 => file,
            1 => format!("{file} (1 part left out)"),
            n => format!("{file} ({n} parts left out)"),
        };
        out.push_str(&format!(
            "    {:<24} {file:<36} {:>8}\n",
            row.path, row.bytes
        ));
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

/// The page of a route the console rendered as `dom`: `index` with its generic shell replaced by
/// the console's markup, less the parts marked [`NO_PRERENDER`], and its title the page's.
fn route_page(index: &str, dom: &str) -> Result<String> {
    let markup = without_kept_parts(&app_markup(dom)?)?;
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
    Ok(page)
}

/// The value of attribute `name` of the boot tag in `html` (`<script … data-chanscope-boot …>`,
/// where Trunk names the console's module and wasm).
pub fn boot_attribute<'a>(html: &'a str, name: &str) -> Option<&'a str> {
    let tag = html
        .split("<script")
        .find(|tag| tag.contains("data-chanscope-boot"))?
        .split('>')
        .next()?;
    tag.split(&format!(" {name}=\"")).nth(1)?.split('"').next()
}

/// The console's root element in `dom` (the one `<div>` in the body's one `<div>`, the element
/// `app::start` mounts the console in), made a shell.
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
    let markup = markup
        .strip_prefix(MOUNT_POINT)
        .and_then(|inner| inner.strip_suffix("</div>"))
        .ok_or_else(|| format!("the body's first element is not {MOUNT_POINT}:\n{markup}"))?;
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

/// `markup` without the elements marked [`NO_PRERENDER`], each removed whole. The markup is the
/// browser's own serialisation of the DOM, so every element but a void one has its end tag, and
/// an element's end is where the end tags of its name have caught up with its start tags.
fn without_kept_parts(markup: &str) -> Result<String> {
    let mut out = markup.to_owned();
    while let Some(marker) = out.find(NO_PRERENDER) {
        let start = out[..marker]
            .rfind('<')
            .ok_or("a part to leave out has no start tag")?;
        let name: String = out[start + 1..]
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        let (open, close) = (format!("<{name}"), format!("</{name}>"));
        let mut depth = 0usize;
        let mut at = start;
        let end = loop {
            let next_open = out[at..].find(&open).map(|i| at + i);
            let next_close = out[at..]
                .find(&close)
                .map(|i| at + i)
                .ok_or_else(|| format!("a part to leave out (<{name}>) is not closed"))?;
            match next_open {
                // A start tag of the same name, not a longer one (`<div` in `<divider`).
                Some(o) if o < next_close => {
                    let after = out[o + open.len()..].chars().next();
                    if matches!(after, Some(' ' | '>' | '/')) {
                        depth += 1;
                    }
                    at = o + open.len();
                }
                _ => {
                    depth -= 1;
                    at = next_close + close.len();
                    if depth == 0 {
                        break at;
                    }
                }
            }
        };
        out.replace_range(start..end, "");
    }
    Ok(out)
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

    /// What Trunk and the post-build hook leave in `index.html`'s head.
    const HEAD: &str = "<title>Chanscope</title>\
        <link rel=\"modulepreload\" href=\"/chanscope-1.js\" crossorigin=\"\">\
        <link rel=\"preload\" href=\"/chanscope-1_bg.wasm\" as=\"fetch\" crossorigin=\"\">\
        <script type=\"module\" src=\"/boot.js\" data-chanscope-boot \
        data-js=\"/chanscope-1.js\" data-wasm=\"/chanscope-1_bg.wasm\"></script>";

    fn index() -> String {
        format!(
            "<html><head>{HEAD}</head>\n  <body>\n    \
             <div class=\"app boot-shell\" id=\"boot-shell\">\n      <p>Loading…</p>\n    </div>\n    \
             <noscript>Needs JavaScript.</noscript>\n  </body>\n</html>\n"
        )
    }

    fn dom(main: &str) -> String {
        format!(
            "<html><head><title>Post search · Chanscope</title></head><body>\n\
             <div id=\"console\"><div class=\"app\" data-app-ready=\"true\">\
             <nav id=\"tools-nav\"><ul>\
             <li><a href=\"/post-search\">Posts</a></li><li><a href=\"/watchlist\">W</a></li>\
             </ul></nav><main id=\"main\">{main}</main></div></div>\n</body></html>"
        )
    }

    #[test]
    fn a_shell_is_index_html_with_the_rendered_page_inert_in_place_of_loading() {
        let page = route_page(&index(), &dom("<h1>Post search</h1>")).unwrap();
        let head = HEAD.replace("<title>Chanscope", "<title>Post search · Chanscope");
        assert_eq!(
            page,
            format!(
                "<html><head>{head}</head>\n  <body>\n    \
                 <div class=\"app\" id=\"boot-shell\" inert=\"\">\
                 <nav id=\"tools-nav\"><ul>\
                 <li><a href=\"/post-search\">Posts</a></li><li><a href=\"/watchlist\">W</a></li>\
                 </ul></nav><main id=\"main\"><h1>Post search</h1></main></div>\n    \
                 <noscript>Needs JavaScript.</noscript>\n  </body>\n</html>\n"
            )
        );
        assert!(!page.contains("data-app-ready"));
    }

    #[test]
    fn a_part_that_opts_out_is_left_out_whole_and_the_rest_is_kept() {
        let main = "<section><h1>Watchlist</h1><p class=\"lead\">Saved</p>\
            <div class=\"body\" data-prerender=\"no\"><div><p>Nothing yet</p></div>\
            <divider></divider><br><div>x</div></div><p class=\"hint\">Kept here</p></section>";
        let page = route_page(&index(), &dom(main)).unwrap();
        assert!(page.contains(
            "<main id=\"main\"><section><h1>Watchlist</h1><p class=\"lead\">Saved</p>\
             <p class=\"hint\">Kept here</p></section></main>"
        ));
        assert!(!page.contains("Nothing yet") && !page.contains("data-prerender"));
        assert!(page.contains("<title>Post search · Chanscope</title>"));

        let two =
            "<ul data-prerender=\"no\"><li>a</li></ul><p>b</p><ul data-prerender=\"no\"></ul>";
        assert_eq!(without_kept_parts(two).unwrap(), "<p>b</p>");
        let open = "<div data-prerender=\"no\"><div></div>";
        assert_eq!(
            without_kept_parts(open).unwrap_err(),
            "a part to leave out (<div>) is not closed"
        );
    }

    #[test]
    fn the_boot_tags_attributes_are_read_from_the_boot_tag_alone() {
        let page = index();
        assert_eq!(
            boot_attribute(&page, "data-wasm"),
            Some("/chanscope-1_bg.wasm")
        );
        assert_eq!(boot_attribute(&page, "data-js"), Some("/chanscope-1.js"));
        assert_eq!(boot_attribute(&page, "src"), Some("/boot.js"));
        // The preloads' `href` is not the tag's, nor is another script's `src`.
        assert_eq!(boot_attribute(&page, "href"), None);
        assert_eq!(
            boot_attribute("<script src=\"/x.js\"></script>", "src"),
            None
        );
    }

    #[test]
    fn a_page_that_did_not_render_is_an_error() {
        let err =
            route_page(&index(), "<html><body><noscript></noscript></body></html>").unwrap_err();
        assert!(err.contains("expected the console's root"), "{err}");
        let nested = dom("").replace(
            "<div class=\"app\" data-app-ready=\"true\"",
            "<div class=\"portal\"></div><div class=\"app\" data-app-ready=\"true\"",
        );
        let err = route_page(&index(), &nested).unwrap_err();
        assert!(err.contains("not the console's root"), "{err}");
        let unmounted = dom("").replace("<div id=\"console\">", "<div>");
        let err = route_page(&index(), &unmounted).unwrap_err();
        assert!(err.contains("is not <div id=\"console\">"), "{err}");
        let err = route_page("<html><body></body></html>", &dom("")).unwrap_err();
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
