//! The link preview a post carries as its `media` (`url`, `site_name`, `title`, `description`):
//! untrusted text, shown as text, each part isolated so right-to-left text cannot flip the card.

use yew::prelude::*;

use crate::api::model::Media;

fn text(field: &Option<String>) -> Option<String> {
    field
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
}

/// The site, the linked page's title (a link when its address is a safe web URL) and its
/// description; nothing when `media` is not a link preview.
pub fn link_preview(media: &Media) -> Html {
    if !media.is_link_preview() {
        return Html::default();
    }
    let href = media.url_href();
    let title = text(&media.title).or_else(|| href.clone());
    html! {
        <div class="cs-link-preview">
            if let Some(site) = text(&media.site_name) {
                <bdi class="cs-link-preview-site">{ site }</bdi>
            }
            if let (Some(title), Some(href)) = (title.clone(), href) {
                <a class="cs-link cs-link-preview-title" {href} rel="noopener noreferrer nofollow"
                    target="_blank"><bdi>{ title }</bdi></a>
            } else if let Some(title) = title {
                <bdi class="cs-link-preview-title">{ title }</bdi>
            }
            if let Some(description) = text(&media.description) {
                <p class="cs-link-preview-text"><bdi>{ description }</bdi></p>
            }
        </div>
    }
}
