//! One post of a search, written as markup: its channel and date, the snippet (the full text on
//! demand, see `pages/post_search/list.rs`), the counters, and links to the post and its
//! statistics.
//!
//! The one source of a post's markup for both sides: the console's list inserts what
//! [`write_post`] writes, and the gateway sends the same markup as the first page of a search
//! people land on (docs/architecture.md, "The answer inside the page"). Written rather than drawn
//! as elements in the console too: see `pages/post_search/list.rs` for the measured reason. What
//! a post's author wrote goes through the sanitizer and [`MarkupWriter`], every other value is
//! escaped.

use chrono::{DateTime, FixedOffset};

use crate::api::model::{Channel, ForwardedFrom, Media, Post, PostSearchResponse};
use crate::api::opening::{CHANNEL_INFO_PATH, CHANNEL_QUERY_KEY, POST_STATS_PATH};
use crate::figures::engagement::{er, err, subscribers_of, Figure, PostCounts};
use crate::figures::restrictions::{flag_text, flags};
use crate::format::{compact, format_rate, format_timestamp, group_thousands, Locale};
use crate::sanitize::{sanitize, MarkupWriter};
use crate::view::card::page_href;
use crate::view::figure_text::{er_definition, err_definition, missing_text};
use crate::view::labels::{channel_label, excerpt};
use crate::view::sources::channel as named_channel;

/// What posts are written in: the language, and the offset of the zone their dates are read in
/// at a given Unix second (the browser's or the settings' zone in the console; the zone the
/// visitor's cookie names, or UTC, on the server).
pub struct PostText<'a> {
    pub locale: Locale,
    pub offset_at: &'a dyn Fn(i64) -> FixedOffset,
}

impl PostText<'_> {
    pub fn t(&self, en: &'static str, ru: &'static str) -> &'static str {
        match self.locale {
            Locale::En => en,
            Locale::Ru => ru,
        }
    }

    pub fn timestamp(&self, secs: i64) -> String {
        format_timestamp(secs, &(self.offset_at)(secs), self.locale)
    }

    pub fn count(&self, n: i64) -> String {
        group_thousands(n, self.locale)
    }
}

/// What a post is written from: the answer, the channels looked up for it, and whether they are
/// still being looked up.
pub struct PostContext<'a> {
    pub text: &'a PostText<'a>,
    pub data: &'a PostSearchResponse,
    pub sources: &'a [Channel],
    pub looking: bool,
}

/// The list of the answer's posts as the console first draws it, numbered from `first`: the
/// `ol` and each post's `li`.
pub fn write_post_list(m: &mut MarkupWriter, cx: &PostContext, first: u64) {
    // Attributes in the order the console's list sets them (its `class` last), so that the two
    // serialise alike.
    m.tags("<ol")
        .attribute("start", first.to_string())
        .tags(r#" class="post-list">"#);
    for (index, post) in cx.data.items.iter().enumerate() {
        write_post(m, cx, index, post);
    }
    m.tags("</ol>");
}

/// The `li` of the answer's post at `index`.
pub fn write_post(m: &mut MarkupWriter, cx: &PostContext, index: usize, post: &Post) {
    let ui = cx.text;
    let channel = named_channel(cx.data, cx.sources, post.channel_id);
    m.tags("<li")
        .attribute(
            "class",
            if post.is_deleted {
                "post-item post-deleted"
            } else {
                "post-item"
            },
        )
        .attribute("data-post-id", post.id.to_string())
        .tags(">");
    write_head(m, cx, post, channel);
    let warnings: Vec<String> = channel
        .map(|c| flags(c).iter().map(|f| flag_text(f, ui.locale)).collect())
        .unwrap_or_default();
    if !warnings.is_empty() {
        m.tags(r#"<p class="cs-card-warning post-warning" role="note">⚠ "#)
            .text(ui.t("Channel restrictions: ", "Ограничения канала: "))
            .text(warnings.join("; "))
            .tags("</p>");
    }
    let snippet = excerpt(post);
    m.tags(r#"<div class="cs-rich-text post-snippet">"#)
        .nodes(&sanitize(snippet))
        .tags("</div>");
    if let Some(media) = &post.media {
        write_link_preview(m, media);
    }
    if !post.text.trim().is_empty() && post.text != snippet {
        // Filled when opened (`list.rs`): most of a page's texts are never read.
        m.tags(r#"<details class="post-full""#)
            .attribute("data-index", index.to_string())
            .tags("><summary>")
            .text(ui.t("Full text", "Полный текст"))
            .tags("</summary></details>");
    }
    write_foot(m, ui, post, subscribers_of(cx.data, post));
    m.tags("</li>");
}

/// The head: date, avatar, channel, media type, where a repost came from, whether it was deleted.
fn write_head(m: &mut MarkupWriter, cx: &PostContext, post: &Post, channel: Option<&Channel>) {
    let ui = cx.text;
    m.tags(r#"<header class="post-head"><time class="post-date""#);
    if let Some(at) = DateTime::from_timestamp(post.date, 0) {
        m.attribute("datetime", at.to_rfc3339());
    }
    m.tags(">").text(ui.timestamp(post.date)).tags("</time>");
    if let Some(src) = channel.and_then(|c| c.image100_url()) {
        // `loading` before `src`: an avatar that is not lazy as its address is set is fetched and
        // decoded (SVG, on the page's own thread) before the posts can be painted.
        m.tags(r#"<img class="post-avatar" loading="lazy""#)
            .attribute("src", src)
            .tags(r#" alt="" width="24" height="24">"#);
    }
    let (query, mut text) = channel_label(post.channel_id, channel, ui.locale);
    if channel.is_none() && cx.looking {
        text = "…".to_owned();
    }
    write_channel_link(m, "post-channel", query, &text);
    let media = post.media.as_ref().map(|media| media.media_type.trim());
    if let Some(media) = media.filter(|t| !t.is_empty()) {
        m.tags(r#"<span class="badge post-media">"#)
            .text(media)
            .tags("</span>");
    }
    match &post.forwarded_from {
        Some(ForwardedFrom::Channel(id)) => {
            m.tags(r#"<span class="badge post-repost">"#);
            let found = named_channel(cx.data, cx.sources, *id);
            if found.is_none() && cx.looking {
                m.text(ui.t("Repost from …", "Репост из …"));
            } else {
                let (query, text) = channel_label(*id, found, ui.locale);
                m.text(ui.t("Repost from ", "Репост из "));
                write_channel_link(m, "post-source", query, &text);
            }
            m.tags("</span>");
        }
        Some(ForwardedFrom::Other(_)) => {
            m.tags(r#"<span class="badge post-repost">"#)
                .text(ui.t("Repost", "Репост"))
                .tags("</span>");
        }
        None => {}
    }
    if post.is_deleted {
        m.tags(r#"<span class="badge post-deleted-badge">"#)
            .text(ui.t("Deleted", "Удалён"))
            .tags("</span>");
    }
    m.tags("</header>");
}

/// A link to a channel's report (followed by the router: `pages/post_search/list.rs`).
fn write_channel_link(m: &mut MarkupWriter, class: &'static str, query: String, text: &str) {
    let href = page_href(CHANNEL_INFO_PATH, &[(CHANNEL_QUERY_KEY, &query)]);
    m.tags("<a")
        .attribute("href", href)
        .attribute("class", class)
        .tags(">")
        .text(text)
        .tags("</a>");
}

/// The link preview a post carries as its media: the site, the page's title (a link when its
/// address is a web URL) and its description, each isolated so that right-to-left text cannot
/// flip the card.
fn write_link_preview(m: &mut MarkupWriter, media: &Media) {
    if !media.is_link_preview() {
        return;
    }
    let text = |field: &Option<String>| {
        field
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
    };
    let href = media.url_href();
    let title = text(&media.title).or_else(|| href.clone());
    m.tags(r#"<div class="cs-link-preview">"#);
    if let Some(site) = text(&media.site_name) {
        m.tags(r#"<bdi class="cs-link-preview-site">"#)
            .text(site)
            .tags("</bdi>");
    }
    match (title, href) {
        (Some(title), Some(href)) => {
            m.tags(r#"<a class="cs-link cs-link-preview-title""#)
                .attribute("href", href)
                .tags(r#" rel="noopener noreferrer nofollow" target="_blank"><bdi>"#)
                .text(title)
                .tags("</bdi></a>");
        }
        (Some(title), None) => {
            m.tags(r#"<bdi class="cs-link-preview-title">"#)
                .text(title)
                .tags("</bdi>");
        }
        _ => {}
    }
    if let Some(description) = text(&media.description) {
        m.tags(r#"<p class="cs-link-preview-text"><bdi>"#)
            .text(description)
            .tags("</bdi></p>");
    }
    m.tags("</div>");
}

/// The foot: the counters (compact, the exact count as the tooltip), ER and ERR (each term's
/// definition as its tooltip), and the links to the post and its statistics.
fn write_foot(m: &mut MarkupWriter, ui: &PostText, post: &Post, subscribers: Option<u64>) {
    m.tags(r#"<footer class="post-foot"><dl class="post-counters">"#);
    for (label, n) in [
        (ui.t("Views", "Просмотры"), post.views),
        (ui.t("Shares", "Репосты"), post.shares_count),
        (ui.t("Comments", "Комментарии"), post.comments_count),
        (ui.t("Reactions", "Реакции"), post.reactions_count),
    ] {
        let n = i64::try_from(n).unwrap_or(i64::MAX);
        m.tags(r#"<div class="post-counter"><dt>"#)
            .text(label)
            .tags("</dt><dd")
            .attribute("title", ui.count(n))
            .tags(">")
            .text(compact(n))
            .tags("</dd></div>");
    }
    let figures: [(&str, &str, Figure); 2] = [
        ("ER", er_definition(ui.locale), er(&PostCounts::from(post))),
        (
            "ERR",
            err_definition(ui.locale),
            err(post.views, subscribers),
        ),
    ];
    for (label, definition, figure) in figures {
        m.tags(r#"<div class="post-counter post-figure"><dt><abbr"#)
            .attribute("title", definition)
            .tags(">")
            .text(label)
            .tags("</abbr></dt><dd>");
        match figure {
            Ok(value) => {
                m.text(format_rate(value, ui.locale));
            }
            // As `missing_html` draws a missing figure.
            Err(missing) => {
                m.tags(
                    r#"<span class="cs-missing" tabindex="0"><span aria-hidden="true">—</span>"#,
                )
                .tags(r#"<span class="cs-missing-why">"#)
                .text(missing_text(ui.locale, missing))
                .tags("</span></span>");
            }
        }
        m.tags("</dd></div>");
    }
    m.tags(r#"</dl><div class="post-links">"#);
    if let Some(href) = post.url() {
        m.tags(r#"<a class="cs-link post-open""#)
            .attribute("href", href)
            .tags(r#" rel="noopener noreferrer" target="_blank">"#)
            .text(ui.t("Open in the messenger", "Открыть в мессенджере"))
            .tags("</a>");
    }
    let post_ref = if post.link.trim().is_empty() {
        post.id.to_string()
    } else {
        post.link.trim().to_owned()
    };
    m.tags("<a")
        .attribute("href", page_href(POST_STATS_PATH, &[("post", &post_ref)]))
        .tags(r#" class="post-stats-link">"#)
        .text(ui.t("Post statistics", "Статистика поста"))
        .tags("</a></div></footer>");
}
