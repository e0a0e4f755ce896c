//! What `MarkupWriter` writes: values only ever as escaped text or attribute values, a sanitized
//! tree as the elements the console draws for it.

use chanscope::sanitize::{sanitize, MarkupWriter};

fn written(build: impl FnOnce(&mut MarkupWriter)) -> String {
    let mut writer = MarkupWriter::default();
    build(&mut writer);
    writer.into_string()
}

#[test]
fn text_is_escaped() {
    let html = written(|w| {
        w.tags("<p>")
            .text("<script>alert(1)</script> & \"q\"")
            .tags("</p>");
    });
    assert_eq!(
        html,
        "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; \"q\"</p>"
    );
}

#[test]
fn attribute_values_cannot_leave_their_quotes() {
    let html = written(|w| {
        w.tags("<a")
            .attribute("href", "/x\" onclick=\"alert(1)")
            .tags(">x</a>");
    });
    assert_eq!(html, "<a href=\"/x&quot; onclick=&quot;alert(1)\">x</a>");
}

#[test]
fn a_sanitized_tree_is_written_as_the_console_draws_it() {
    let nodes = sanitize(
        "<b>bold</b> <mark>hit</mark><br><a href=\"https://example.com/?a=1&amp;b=2\">link</a> \
         <img src=x onerror=alert(1)><script>alert(2)</script>1 &lt; 2",
    );
    let html = written(|w| {
        w.nodes(&nodes);
    });
    assert_eq!(
        html,
        "<b>bold</b> <mark>hit</mark><br><a class=\"cs-link\" href=\"https://example.com/?a=1&amp;b=2\" \
         rel=\"noopener noreferrer nofollow\" target=\"_blank\">link</a> 1 &lt; 2"
    );
}

#[test]
fn javascript_links_stay_text() {
    let nodes = sanitize("<a href=\"javascript:alert(1)\">click</a>");
    let html = written(|w| {
        w.nodes(&nodes);
    });
    assert_eq!(html, "click");
}
