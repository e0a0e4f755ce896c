//! Regions that scroll must be reachable by keyboard (WCAG 2.1.1; axe's
//! `scrollable-region-focusable`, serious): a region whose content overflows and that can scroll
//! is focusable itself or holds something focusable, else a person without a mouse cannot
//! scroll it. Checked wherever the suite takes a screenshot, since every page it shows with
//! data is shot there, at the widths it is shown at.

use serde_json::Value;

use crate::browser::Browser;
use crate::Res;

/// Each element of the page that scrolls (overflow `auto` or `scroll` with more content than
/// room, in either direction) and that neither a Tab press reaches nor holds anything a Tab
/// press reaches: as its tag, classes and opening markup. The page itself (its `html` and
/// `body`) is left out: the browser scrolls it with the keyboard anyway.
const UNREACHABLE: &str = r#"
const TABBABLE = 'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), '
  + 'select:not([disabled]), textarea:not([disabled]), summary, iframe, [contenteditable=""], '
  + '[contenteditable="true"], [tabindex]';
const reachable = (el) => el.tabIndex >= 0 && !el.closest('[inert]')
  && getComputedStyle(el).visibility !== 'hidden' && el.getClientRects().length > 0;
const scrolls = (el) => {
  const style = getComputedStyle(el);
  const can = (overflow) => overflow === 'auto' || overflow === 'scroll';
  return (can(style.overflowX) && el.scrollWidth > el.clientWidth)
    || (can(style.overflowY) && el.scrollHeight > el.clientHeight);
};
const out = [];
for (const el of document.querySelectorAll('body *')) {
  if (!scrolls(el) || el.closest('[inert]')) continue;
  if (reachable(el) || [...el.querySelectorAll(TABBABLE)].some(reachable)) continue;
  out.push(el.outerHTML.slice(0, el.outerHTML.indexOf('>') + 1).slice(0, 200));
}
return out;
"#;

impl Browser {
    /// An error naming every region of the page, at the window's current width, that scrolls
    /// and that a keyboard cannot reach.
    pub async fn scrollers_reachable(&self, shown_as: &str) -> Res<()> {
        let found = self.eval(UNREACHABLE, vec![]).await?;
        let unreachable: Vec<String> = match found {
            Value::Array(items) => items.iter().map(crate::text).collect(),
            other => return Err(format!("the scroller check returned {other}").into()),
        };
        if unreachable.is_empty() {
            return Ok(());
        }
        Err(format!(
            "{shown_as}: {} region(s) scroll but no key reaches them (add tabindex=\"0\", a \
             role and a name): {}",
            unreachable.len(),
            unreachable.join(" ")
        )
        .into())
    }
}
