//! A page of post-search results around its posts, written as markup: the count line, the page's
//! totals, the footnote on channels looked up, and, for the server, the whole first page with its
//! buttons as the console first draws them.
//!
//! The console inserts the written count line, totals and footnote between its own export
//! buttons and pager (`pages/post_search/results.rs`: they need its event handlers); the gateway
//! writes the same parts, with the buttons as the console draws them, into a search people land
//! on. A browser test holds the console's whole drawing equal to [`write_first_page`]'s.

use crate::api::model::PostSearchResponse;
use crate::figures::counts::count_i64;
use crate::figures::engagement::Figure;
use crate::figures::named::PageTotals;
use crate::format::{fill, format_rate};
use crate::sanitize::MarkupWriter;
use crate::view::figure_text::{er_definition, err_definition, missing_text};
use crate::view::pager::pages;
use crate::view::post_item::{write_post_list, PostContext, PostText};
use crate::view::sources::unknown_channels;
use crate::view::unreadable::{records_note, RecordNoun};

/// A figure as the console shows it: its value, or "—" saying why on hover and on focus (as
/// `components::figure::missing_html` draws it).
pub fn write_figure(
    m: &mut MarkupWriter,
    text: &PostText,
    figure: Figure,
    show: impl Fn(f64) -> String,
) {
    match figure {
        Ok(value) => {
            m.text(show(value));
        }
        Err(missing) => {
            m.tags(r#"<span class="cs-missing" tabindex="0"><span aria-hidden="true">—</span>"#)
                .tags(r#"<span class="cs-missing-why">"#)
                .text(missing_text(text.locale, missing))
                .tags("</span></span>");
        }
    }
}

/// The count line of the page showing posts `first..=last` of the answer, and the note on posts
/// that could not be read, if any.
pub fn write_summary(m: &mut MarkupWriter, text: &PostText, data: &PostSearchResponse, first: u64) {
    let last = first + data.items.sent() as u64 - 1;
    let count = |n: u64| text.count(count_i64(n));
    m.tags(r#"<p class="summary">"#)
        .text(fill(
            text.t("Showing {a}–{b} of {total}", "Показаны {a}–{b} из {total}"),
            &[
                ("a", count(first)),
                ("b", count(last)),
                ("total", count(data.total_count)),
            ],
        ))
        .tags("</p>");
    if let Some(note) = records_note(text.locale, RecordNoun::Posts, [&data.items]) {
        m.tags(r#"<p class="cs-unreadable" role="note">"#)
            .text(note)
            .tags("</p>");
    }
}

/// The page's totals: posts, views, average and median reach, average ER (deleted posts left out
/// of the figures), and what the figures mean.
pub fn write_totals(m: &mut MarkupWriter, text: &PostText, data: &PostSearchResponse) {
    let totals = PageTotals::of(&data.items);
    let term = |m: &mut MarkupWriter, label: &str| {
        m.tags(r#"<div class="post-total"><dt>"#)
            .text(label)
            .tags("</dt><dd>");
    };
    let reach = |v: f64| text.count(v.round() as i64);
    m.tags(r#"<dl class="post-totals""#)
        .attribute(
            "aria-label",
            text.t("Totals of this page", "Итоги этой страницы"),
        )
        .tags(">");
    term(m, text.t("Posts", "Постов"));
    m.text(text.count(count_i64(totals.posts)))
        .tags("</dd></div>");
    term(m, text.t("Views", "Просмотров"));
    m.text(text.count(count_i64(totals.views)))
        .tags("</dd></div>");
    term(m, text.t("Average reach", "Средний охват"));
    write_figure(m, text, totals.average_reach, reach);
    m.tags("</dd></div>");
    term(m, text.t("Median reach", "Медианный охват"));
    write_figure(m, text, totals.median_reach, reach);
    m.tags("</dd></div>");
    term(m, text.t("Average ER", "Средний ER"));
    write_figure(m, text, totals.average_er, |v| format_rate(v, text.locale));
    m.tags("</dd></div></dl>");
    m.tags(r#"<p class="hint post-figures-defined">"#)
        .text(er_definition(text.locale))
        .text("; ")
        .text(err_definition(text.locale))
        .text(". ")
        .text(text.t(
            "Deleted posts are left out of the figures.",
            "Удалённые посты в расчётах не учитываются.",
        ));
    if totals.folded > 0 {
        m.text(" ").text(fill(
            text.t(
                "Albums count once in views and reach: {n} posts of albums were folded into their album.",
                "Альбомы в просмотрах и охвате считаются один раз: {n} постов альбомов учтены вместе с альбомом.",
            ),
            &[("n", totals.folded.to_string())],
        ));
    }
    m.tags("</p>");
}

/// The footnote under the posts on the `n` channels the answer does not describe, if any.
pub fn write_sources_note(m: &mut MarkupWriter, text: &PostText, n: usize) {
    if n == 0 {
        return;
    }
    m.tags(r#"<p class="hint post-sources">"#)
        .text(fill(
            text.t(
                "Channels the answer does not describe: {n} looked up by channel info, one request each.",
                "Каналы, которых нет в ответе: {n} запрошены через информацию о канале, по запросу на каждый.",
            ),
            &[("n", n.to_string())],
        ))
        .tags("</p>");
}

/// The CSV and JSON buttons as `components::ExportButtons` draws them, with `label` before them.
fn write_export_buttons(m: &mut MarkupWriter, label: Option<&str>) {
    m.tags(r#"<div class="cs-table-tools">"#);
    if let Some(label) = label {
        m.tags(r#"<span class="cs-export-label">"#)
            .text(label)
            .tags("</span>");
    }
    for format in ["CSV", "JSON"] {
        m.tags(r#"<button type="button" class="cs-button cs-button-quiet">"#)
            .text(format)
            .tags("</button>");
    }
    m.tags("</div>");
}

/// The results of the first page of a search (`limit` a page) as the console first draws them in
/// its results box, the channels the answer lacks still being looked up: the count line with the
/// export, the totals with theirs, the posts, the footnote and the pager; or that nothing was
/// found.
pub fn write_first_page(
    m: &mut MarkupWriter,
    text: &PostText,
    data: &PostSearchResponse,
    limit: u32,
) {
    if data.items.sent() == 0 {
        m.tags(r#"<div class="cs-empty"><p class="cs-empty-title">"#)
            .text(text.t("No posts found.", "Посты не найдены."))
            .tags(r#"</p><p class="cs-empty-hint">"#)
            .text(text.t(
                "Try fewer words, a longer period, fewer filters, or turn strict search off.",
                "Попробуйте меньше слов, период длиннее, меньше фильтров или выключите строгий поиск.",
            ))
            .tags("</p></div>");
        return;
    }
    let unknown = unknown_channels(data);
    m.tags(r#"<div class="post-results-head">"#);
    write_summary(m, text, data, 1);
    m.tags(r#"<div class="post-export">"#);
    write_export_buttons(m, None);
    m.tags("</div></div>");
    write_totals(m, text, data);
    write_export_buttons(m, Some(text.t("Figures:", "Показатели:")));
    let cx = PostContext {
        text,
        data,
        sources: &[],
        looking: !unknown.is_empty(),
    };
    write_post_list(m, &cx, 1);
    write_sources_note(m, text, unknown.len());
    let pages = pages(0, limit, data.items.sent(), data.total_count);
    // As the console's pager sets its attributes (`class` last).
    m.tags("<nav")
        .attribute(
            "aria-label",
            text.t("Result pages", "Страницы результатов"),
        )
        .tags(r#" class="pager"><button type="button" disabled="disabled" class="secondary pager-prev">"#)
        .text(text.t("← Newer", "← Новее"))
        .tags(r#"</button><button type="button""#);
    if pages.next.is_none() {
        m.tags(r#" disabled="disabled""#);
    }
    m.tags(r#" class="secondary pager-next">"#)
        .text(text.t("Older →", "Старше →"))
        .tags("</button></nav>");
}
