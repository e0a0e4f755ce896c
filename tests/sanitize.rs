//! The allowlist sanitizer and the linkifier: exact trees for hostile and sloppy input.

use chanscope::sanitize::{linkify, plain_text, sanitize, Node, Tag};

fn text(s: &str) -> Node {
    Node::Text(s.to_owned())
}

fn el(tag: Tag, children: Vec<Node>) -> Node {
    Node::Element { tag, children }
}

fn link(href: &str, children: Vec<Node>) -> Node {
    Node::Link {
        href: href.to_owned(),
        children,
    }
}

#[test]
fn plain_text_passes_through() {
    assert_eq!(sanitize("just words"), vec![text("just words")]);
    assert_eq!(sanitize(""), vec![]);
}

#[test]
fn allowed_tags_and_their_aliases_are_kept() {
    assert_eq!(
        sanitize("<b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><ins>n</ins><s>s</s><del>d</del><strike>k</strike><mark>m</mark>"),
        vec![
            el(Tag::B, vec![text("b")]),
            el(Tag::B, vec![text("s")]),
            el(Tag::I, vec![text("i")]),
            el(Tag::I, vec![text("e")]),
            el(Tag::U, vec![text("u")]),
            el(Tag::U, vec![text("n")]),
            el(Tag::S, vec![text("s")]),
            el(Tag::S, vec![text("d")]),
            el(Tag::S, vec![text("k")]),
            el(Tag::Mark, vec![text("m")]),
        ]
    );
}

#[test]
fn snippet_marks_are_kept() {
    assert_eq!(
        sanitize("Новый <mark>курс</mark> рубля"),
        vec![
            text("Новый "),
            el(Tag::Mark, vec![text("курс")]),
            text(" рубля"),
        ]
    );
}

#[test]
fn attributes_on_allowed_tags_are_dropped() {
    assert_eq!(
        sanitize(r#"<b onclick="alert(1)" style="color:red" class=x>bold</B>"#),
        vec![el(Tag::B, vec![text("bold")])]
    );
}

#[test]
fn img_onerror_is_dropped_entirely() {
    assert_eq!(
        sanitize(r#"a<img src=x onerror="alert(1)">b<IMG SRC=x ONERROR=alert(1)/>c"#),
        vec![text("abc")]
    );
}

#[test]
fn svg_onload_keeps_only_text() {
    assert_eq!(
        sanitize(r#"<svg onload=alert(1)><circle r="4"/>x</svg><svg/onload=alert(2)>"#),
        vec![text("x")]
    );
}

#[test]
fn script_and_other_code_elements_lose_their_content() {
    assert_eq!(
        sanitize(
            "a<script>alert('<b>x</b>')</script>b<STYLE>body{}</STYLE>c<iframe src=x>inner</iframe>d\
             <template><p>t<template>n</template>t</p></template>e<noscript>ns</noscript>f\
             <textarea><b>ta</textarea>g<title>ti</title>h<object data=x>o</object>i"
        ),
        vec![text("abcdefghi")]
    );
}

#[test]
fn an_unclosed_script_drops_the_rest() {
    assert_eq!(sanitize("safe<script>alert(1)"), vec![text("safe")]);
}

#[test]
fn a_script_tag_split_by_a_near_name_is_not_closed_early() {
    assert_eq!(sanitize("<script>x</scripts>y</script>z"), vec![text("z")]);
}

#[test]
fn http_links_are_kept_with_only_the_href() {
    assert_eq!(
        sanitize(
            r#"<a href="https://example.com/a?b=1&amp;c=2" onclick="x()" target=_top>site</a>"#
        ),
        vec![link("https://example.com/a?b=1&c=2", vec![text("site")])]
    );
    assert_eq!(
        sanitize("<a href='HTTP://Example.com'>x</a>"),
        vec![link("HTTP://Example.com", vec![text("x")])]
    );
}

#[test]
fn protocol_relative_links_become_https() {
    assert_eq!(
        sanitize("<a href=//t.me/durov>d</a>"),
        vec![link("https://t.me/durov", vec![text("d")])]
    );
}

#[test]
fn javascript_links_become_plain_text() {
    for href in [
        r#""javascript:alert(1)""#,
        r#""jAvAsCrIpT:alert(1)""#,
        r#""  javascript:alert(1)""#,
        r#""&#106;avascript:alert(1)""#,
        r#""&#x6A;avascript:alert(1)""#,
        r#""&#106avascript:alert(1)""#,
        r#""java&#9;script:alert(1)""#,
        r#""java&#x0A;script:alert(1)""#,
        r#""data:text/html,<script>alert(1)</script>""#,
        r#""vbscript:msgbox(1)""#,
        r#""/relative/path""#,
        r#""https:\\evil.example""#,
        r#""http://""#,
    ] {
        let html = format!("<a href={href}><b>click</b> me</a>");
        assert_eq!(
            sanitize(&html),
            vec![el(Tag::B, vec![text("click")]), text(" me")],
            "{href}"
        );
    }
}

#[test]
fn a_link_without_href_is_text() {
    assert_eq!(sanitize("<a name=x>anchor</a>!"), vec![text("anchor!")]);
}

#[test]
fn links_do_not_nest() {
    assert_eq!(
        sanitize(r#"<a href="https://a.example">one<a href="https://b.example">two</a></a>"#),
        vec![
            link("https://a.example", vec![text("one")]),
            link("https://b.example", vec![text("two")]),
        ]
    );
}

#[test]
fn misnested_formatting_is_reopened() {
    assert_eq!(
        sanitize("<b><i>x</b>y</i>z"),
        vec![
            el(Tag::B, vec![el(Tag::I, vec![text("x")])]),
            el(Tag::I, vec![text("y")]),
            text("z"),
        ]
    );
}

#[test]
fn unclosed_tags_close_at_the_end_and_stray_closers_are_ignored() {
    assert_eq!(
        sanitize("</i>a<b>b<u>c"),
        vec![
            text("a"),
            el(Tag::B, vec![text("b"), el(Tag::U, vec![text("c")])]),
        ]
    );
}

#[test]
fn empty_elements_vanish() {
    assert_eq!(sanitize("<b></b>x<mark></mark>"), vec![text("x")]);
}

#[test]
fn unknown_tags_are_dropped_but_their_text_kept() {
    assert_eq!(
        sanitize("<p class=x>para <span>one</span></p><div>two</div><custom-el>three</custom-el>"),
        vec![text("para onetwothree")]
    );
}

#[test]
fn breaks_and_newlines_become_breaks() {
    assert_eq!(
        sanitize("one<br>two<BR/>three\r\nfour\nfive"),
        vec![
            text("one"),
            Node::Break,
            text("two"),
            Node::Break,
            text("three"),
            Node::Break,
            text("four"),
            Node::Break,
            text("five"),
        ]
    );
}

#[test]
fn entities_are_decoded_once() {
    assert_eq!(
        sanitize("&amp;lt; &lt;b&gt; &quot;q&quot; &#39;a&#39; &#1055;&#x440;&#X438; x&nbsp;y &unknown; & &#;"),
        vec![text(
            "&lt; <b> \"q\" 'a' При x\u{a0}y &unknown; & &#;"
        )]
    );
}

#[test]
fn invalid_numeric_entities_become_the_replacement_character() {
    assert_eq!(
        sanitize("&#0;&#xD800;&#x110000;&#99999999999;"),
        vec![text("\u{fffd}\u{fffd}\u{fffd}\u{fffd}")]
    );
}

#[test]
fn a_less_than_sign_that_starts_no_tag_is_text() {
    assert_eq!(
        sanitize("1 < 2 and 3<4, <b unclosed"),
        vec![text("1 < 2 and 3<4, <b unclosed")]
    );
}

#[test]
fn comments_and_doctypes_are_dropped() {
    assert_eq!(
        sanitize("<!DOCTYPE html>a<!-- <script>x</script> -->b<?xml v?>c<!-- unclosed"),
        vec![text("abc")]
    );
}

#[test]
fn a_quoted_greater_than_does_not_end_the_tag() {
    assert_eq!(
        sanitize(r#"<a title="x>y" href='https://e.example'>z</a>"#),
        vec![link("https://e.example", vec![text("z")])]
    );
}

#[test]
fn plain_text_flattens_a_tree() {
    let nodes = sanitize("<b>Курс</b> <a href=https://e.example>тут</a><br>конец");
    assert_eq!(plain_text(&nodes), "Курс тут\nконец");
}

#[test]
fn linkify_finds_addresses_and_usernames() {
    assert_eq!(
        linkify("Сайт: https://example.com/path?q=1, канал t.me/durov и www.test.ru. Пишите @support_bot!"),
        vec![
            text("Сайт: "),
            link("https://example.com/path?q=1", vec![text("https://example.com/path?q=1")]),
            text(", канал "),
            link("https://t.me/durov", vec![text("t.me/durov")]),
            text(" и "),
            link("https://www.test.ru", vec![text("www.test.ru")]),
            text(". Пишите "),
            link("https://t.me/support_bot", vec![text("@support_bot")]),
            text("!"),
        ]
    );
}

#[test]
fn linkify_keeps_line_breaks() {
    assert_eq!(
        linkify("first\nsecond\r\n\r\nthird"),
        vec![
            text("first"),
            Node::Break,
            text("second"),
            Node::Break,
            Node::Break,
            text("third"),
        ]
    );
}

#[test]
fn linkify_balances_brackets() {
    assert_eq!(
        linkify("(see https://en.wikipedia.org/wiki/Rust_(language)) and (http://a.example/x)"),
        vec![
            text("(see "),
            link(
                "https://en.wikipedia.org/wiki/Rust_(language)",
                vec![text("https://en.wikipedia.org/wiki/Rust_(language)")]
            ),
            text(") and ("),
            link("http://a.example/x", vec![text("http://a.example/x")]),
            text(")"),
        ]
    );
}

#[test]
fn linkify_ignores_emails_short_names_and_bare_prefixes() {
    assert_eq!(
        linkify("mail me@example.com, @abc, @1abc, http:// and www. alone"),
        vec![text(
            "mail me@example.com, @abc, @1abc, http:// and www. alone"
        )]
    );
}

#[test]
fn linkify_never_links_other_schemes() {
    assert_eq!(
        linkify("javascript:alert(1) data:text/html,x"),
        vec![text("javascript:alert(1) data:text/html,x")]
    );
}

#[test]
fn linkify_stops_at_quotes_and_angle_brackets() {
    assert_eq!(
        linkify("«https://example.com/a»<https://b.example>"),
        vec![
            text("«"),
            link("https://example.com/a", vec![text("https://example.com/a")]),
            text("»<"),
            link("https://b.example", vec![text("https://b.example")]),
            text(">"),
        ]
    );
}
