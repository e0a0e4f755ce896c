//! The stylesheet that embedded widgets bring into host pages (`static/components.css`) styles
//! nothing of the host's: every selector is scoped under a `cs-` class, and the only rule on the
//! root defines `--cs-*` custom properties with zero specificity.

use std::fs;
use std::path::Path;

/// Each rule's selector list and body, with comments removed and at-rules (`@media`,
/// `@container`) opened so that their inner rules are checked too.
fn rules(css: &str) -> Vec<(String, String)> {
    let mut text = String::new();
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        text.push_str(&rest[..start]);
        rest = rest[start..]
            .find("*/")
            .map_or("", |end| &rest[start + end + 2..]);
    }
    text.push_str(rest);

    let mut out = Vec::new();
    let mut prelude = String::new();
    let mut depth_stack: Vec<bool> = Vec::new(); // true: an at-rule block holding rules
    let mut body = String::new();
    let mut in_body = false;
    for c in text.chars() {
        match c {
            '{' if !in_body => {
                let head = prelude.trim().to_owned();
                prelude.clear();
                if head.starts_with("@media") || head.starts_with("@container") {
                    depth_stack.push(true);
                } else {
                    in_body = true;
                    body.clear();
                    out.push((head, String::new()));
                }
            }
            '{' => body.push(c),
            '}' if in_body => {
                // `@keyframes` nests one level of blocks; they end with the outer one.
                let opened = body.matches('{').count();
                let closed = body.matches('}').count();
                if opened > closed {
                    body.push(c);
                } else {
                    in_body = false;
                    if let Some(last) = out.last_mut() {
                        last.1 = body.clone();
                    }
                }
            }
            '}' => {
                depth_stack.pop();
            }
            c if in_body => body.push(c),
            c => prelude.push(c),
        }
    }
    out
}

fn components_css() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("static/components.css");
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_selector_is_scoped_under_a_cs_class() {
    let rules = rules(&components_css());
    assert!(rules.len() > 100, "only {} rules were read", rules.len());
    let mut unscoped = Vec::new();
    for (selectors, body) in &rules {
        if selectors.starts_with("@keyframes cs-") {
            continue;
        }
        for selector in selectors.split(',').map(str::trim) {
            if selector == ":where(:root)" {
                // Only custom properties of our own.
                let declarations: Vec<&str> = body
                    .split(';')
                    .map(str::trim)
                    .filter(|d| !d.is_empty())
                    .collect();
                assert!(
                    declarations.iter().all(|d| d.starts_with("--cs-")),
                    ":where(:root) sets more than --cs-* properties: {declarations:?}"
                );
            } else if !selector.starts_with(".cs-") {
                unscoped.push(selector.to_owned());
            }
        }
    }
    assert!(unscoped.is_empty(), "selectors outside .cs-*: {unscoped:?}");
}

#[test]
fn the_reader_sees_what_it_must_refuse() {
    let rules =
        rules("p { color: red } .cs-a, div > .cs-b { margin: 0 } @media (x) { a { b: c } }");
    let selectors: Vec<&str> = rules.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(selectors, ["p", ".cs-a, div > .cs-b", "a"]);
}
