//! A console page's shell (`routes/<page>.html`, as `cargo xtask build` prerendered it), filled
//! for the address it is sent for: the form's fields as the address says, the answer in place of
//! the form's introduction, and the root marked with what the console draws the answer as.

use std::path::Path;

use chanscope::sanitize::MarkupWriter;

/// A page's shell, being filled.
pub(super) struct Shell(pub(super) String);

/// The shell's root, as `cargo xtask build` writes it (`xtask/src/prerender.rs`).
const SHELL_ROOT: &str = r#"id="boot-shell" inert="""#;
/// The introduction a page's form shows until something is asked (`PageForm::status`).
const INTRO: &str = r#"<p class="muted intro">"#;
/// What the console's pages say to a browser that runs no script (`index.html`).
const NOSCRIPT: &str = "<noscript>Chanscope needs JavaScript and WebAssembly.</noscript>";
/// The same, under an answer written into the page.
const NOSCRIPT_PAINTED: &str = "<noscript>The answer above is as the server wrote it; to ask \
    again, change it or read more, Chanscope needs JavaScript and WebAssembly.</noscript>";
/// How a prerendered `select` marks its chosen option.
const SELECTED: &str = r#" selected="selected""#;

impl Shell {
    pub(super) async fn read(dist: &Path, page: &str) -> Option<Shell> {
        let file = dist.join("routes").join(format!("{page}.html"));
        tokio::fs::read_to_string(file).await.ok().map(Shell)
    }

    /// Taking input, and naming what the console draws the answer as (`answer`, a selector).
    pub(super) fn painted(self, answer: &str) -> Option<Shell> {
        let mut root = MarkupWriter::default();
        root.tags(r#"id="boot-shell""#)
            .attribute("data-painted", answer);
        self.replace(SHELL_ROOT, SHELL_ROOT, root.as_str())
    }

    /// The field `id` holding `value`.
    pub(super) fn value(self, id: &str, value: &str) -> Option<Shell> {
        let field = format!(r#"<input id="{id}""#);
        let at = self.0.find(&field)? + field.len();
        let mut written = MarkupWriter::default();
        written.attribute("value", value);
        Some(Shell(format!(
            "{}{}{}",
            &self.0[..at],
            written.as_str(),
            &self.0[at..]
        )))
    }

    /// The `select` `id` with its option `value` chosen.
    pub(super) fn selected(self, id: &str, value: &str) -> Option<Shell> {
        let start = self.0.find(&format!(r#"<select id="{id}""#))?;
        let end = self.0[start..].find("</select>")? + start;
        let option = format!(r#"<option value="{value}""#);
        let select = self.0[start..end].replacen(SELECTED, "", 1);
        let at = select.find(&option)? + option.len();
        let select = format!("{}{SELECTED}{}", &select[..at], &select[at..]);
        Some(Shell(format!(
            "{}{select}{}",
            &self.0[..start],
            &self.0[end..]
        )))
    }

    /// The answer in place of the form's introduction: the page, written. Its `<noscript>`
    /// line no longer says the page needs script for what it now shows without.
    pub(super) fn results(self, results: &str) -> Option<String> {
        let page = self.replace(INTRO, "</p>", results)?;
        Some(page.0.replacen(NOSCRIPT, NOSCRIPT_PAINTED, 1))
    }

    /// The shell with what starts with `start` and ends at the first `end` after it replaced
    /// by `by`.
    fn replace(self, start: &str, end: &str, by: &str) -> Option<Shell> {
        let from = self.0.find(start)?;
        let to = self.0[from..].find(end)? + from + end.len();
        Some(Shell(format!("{}{by}{}", &self.0[..from], &self.0[to..])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_noscript_line_replaced_is_the_console_pages_own() {
        let index = include_str!("../../../index.html");
        assert_eq!(index.matches(NOSCRIPT).count(), 1);
    }
}
