//! The post-search form as the address keeps it, and the request it makes.

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::api::limits::{POST_SEARCH_LIMIT_DEFAULT, POST_SEARCH_LIMIT_MAX};
use crate::api::model::PostSearchResponse;
use crate::api::opening::post_search_page;
use crate::api::ops::PostSearch;
use crate::api::{Error, Invalid, Operation};
use crate::figures::counts::parse_count;
use crate::pages::form::{is_false, PeriodQuery};
use crate::pages::form::{AddressQuery, PageParams, Problems};
use crate::pages::text_search::{
    post_search_of, PostFilters, PostSearchParams, TextQuery, TextSearch,
};
use crate::request::CachedClient;
use crate::ui::Ui;

#[derive(Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(super) struct Params {
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(super) q: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(super) limit: String,
    /// Set by the pager, not by the form.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(super) offset: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(super) peer_type: String,
    /// Blank is any time.
    #[serde(flatten)]
    pub(super) period: PeriodQuery,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(super) country: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(super) language: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(super) category: String,
    #[serde(skip_serializing_if = "is_false")]
    pub(super) hide_forwards: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub(super) hide_deleted: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub(super) strong_search: bool,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(super) minus_words: String,
    #[serde(skip_serializing_if = "is_false")]
    pub(super) extended_syntax: bool,
    /// Channel details (`extended`: names, avatars, subscribers for ERR) are asked for unless
    /// this is set; the address carries only the exception.
    #[serde(skip_serializing_if = "is_false")]
    pub(super) without_channels: bool,
}

impl Params {
    /// The search as a watch keeps it: the address query without the pager's offset.
    pub(super) fn watch_query(&self) -> String {
        let search = Params {
            offset: String::new(),
            ..self.clone()
        };
        serde_urlencoded::to_string(&search).unwrap_or_default()
    }

    pub(super) fn limit(&self) -> u32 {
        parse_count(&self.limit).unwrap_or(POST_SEARCH_LIMIT_DEFAULT)
    }

    pub(super) fn offset(&self) -> u32 {
        parse_count(&self.offset).unwrap_or(0)
    }
}

impl AddressQuery for Params {}

impl PageParams for Params {
    type Request = PostSearch;
    type Output = Rc<PostSearchResponse>;

    fn to_request(&self, ui: &Ui) -> Result<PostSearch, Problems> {
        let op = self.request(ui);
        op.validate()
            .map_err(|invalid| Problems::of(ui, &invalid))?;
        Ok(op)
    }

    fn for_submit(self) -> Self {
        Params {
            offset: String::new(),
            ..self
        }
    }

    async fn fetch(api: CachedClient, op: PostSearch) -> Result<Self::Output, Error> {
        api.send(&op).await
    }
}

impl Params {
    /// The request of the form, not checked yet.
    pub(super) fn request(&self, ui: &Ui) -> PostSearch {
        post_search_page(
            post_search_of(self, ui),
            parse_count(&self.limit),
            parse_count(&self.offset),
            !self.without_channels,
        )
    }
}

impl PostSearchParams for Params {
    fn post_filters(&mut self) -> PostFilters<'_> {
        PostFilters {
            country: &mut self.country,
            language: &mut self.language,
            category: &mut self.category,
            hide_forwards: &mut self.hide_forwards,
            hide_deleted: &mut self.hide_deleted,
        }
    }
}

impl TextSearch for Params {
    fn text_query(&mut self) -> TextQuery<'_> {
        TextQuery {
            q: &mut self.q,
            peer_type: &mut self.peer_type,
            period: &mut self.period,
            strong_search: &mut self.strong_search,
            minus_words: &mut self.minus_words,
            extended_syntax: &mut self.extended_syntax,
        }
    }
}

/// The request a watch of this page checks with: the search of `query` (the page's address
/// query) as its first page of the newest posts, with channels, from `since` when that is later
/// than the search's own start.
pub(crate) fn watch_request(
    query: &str,
    since: Option<i64>,
    ui: &Ui,
) -> Result<PostSearch, Invalid> {
    let params = Params::from_query(query).unwrap_or_default();
    let mut op = params.request(ui);
    op.limit = Some(POST_SEARCH_LIMIT_MAX);
    op.offset = None;
    op.extended = true;
    if let Some(since) = since.and_then(|s| chrono::DateTime::from_timestamp(s, 0)) {
        op.start_date = Some(op.start_date.map_or(since, |start| start.max(since)));
    }
    op.validate()?;
    Ok(op)
}
