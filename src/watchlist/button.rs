//! The Watch button as it stands before the watchlist can take a watch: while the console reads
//! its store, or after that read failed. Written markup, so that the gateway writes the same
//! button into a post search's page (`gateway/src/painted/post_search.rs`) as the console's
//! `WatchButton` inserts in its place until the watchlist is ready.

use crate::format::Locale;
use crate::sanitize::MarkupWriter;

/// The button's label.
pub fn watch_label(locale: Locale) -> &'static str {
    match locale {
        Locale::En => "Watch",
        Locale::Ru => "Наблюдать",
    }
}

/// Writes the Watch button, disabled: it is enabled once the watchlist is read.
pub fn write_waiting_watch_button(w: &mut MarkupWriter, locale: Locale) {
    w.tags(r#"<button type="button" class="secondary watch-button" disabled="">"#)
        .text(watch_label(locale))
        .tags("</button>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_waiting_button_is_disabled_and_labelled_in_the_language() {
        let mut w = MarkupWriter::with_capacity(128);
        write_waiting_watch_button(&mut w, Locale::En);
        assert_eq!(
            w.as_str(),
            r#"<button type="button" class="secondary watch-button" disabled="">Watch</button>"#
        );
        let mut w = MarkupWriter::with_capacity(128);
        write_waiting_watch_button(&mut w, Locale::Ru);
        assert_eq!(
            w.as_str(),
            r#"<button type="button" class="secondary watch-button" disabled="">Наблюдать</button>"#
        );
    }
}
