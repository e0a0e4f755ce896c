//! The channels that reposted or mentioned a post, by name: their information asked for at most
//! three at a time through the page-wide cache, each failure kept to its own row.

use std::collections::HashMap;
use std::convert::Infallible;
use std::rc::Rc;

use yew::prelude::*;

use crate::api::batch::bounded;
use crate::api::model::Channel;
use crate::api::ops::ChannelInfo;
use crate::api::{ChannelId, Error};
use crate::components::TableCell;
use crate::export::Cell;
use crate::request::use_task;
use crate::route::{route_href, ChannelQuery, Route, RouteLink};
use crate::ui::Ui;
use crate::view::labels::channel_label;
use crate::view::sort::SortKey;

/// Channel-information calls one table makes at most at once.
const AT_ONCE: usize = 3;
/// Distinct channels one table names; further ones keep their ID (every name costs a request
/// of the plan's quota).
pub(super) const NAMED_AT_MOST: usize = 30;

/// What is known of each channel: its information, or why it could not be had.
pub(super) type Names = Rc<HashMap<i64, Result<Rc<Channel>, Rc<Error>>>>;

/// The information of the first [`NAMED_AT_MOST`] distinct channels of `ids` that `known` (the
/// channels the answer itself names) lacks, with the known ones; only the known until the first
/// answers are in.
#[hook]
pub(super) fn use_channel_names(ids: Vec<i64>, known: Rc<Vec<Channel>>) -> Names {
    let task = use_task::<HashMap<i64, Result<Rc<Channel>, Rc<Error>>>>();
    {
        let task = task.clone();
        let known = known.clone();
        use_effect_with(ids, move |ids| {
            let mut distinct: Vec<i64> = Vec::new();
            for id in ids {
                let named = known.iter().any(|c| c.id == *id);
                if !named && !distinct.contains(id) && distinct.len() < NAMED_AT_MOST {
                    distinct.push(*id);
                }
            }
            if !distinct.is_empty() {
                task.run(move |api| async move {
                    let found = bounded(distinct, AT_ONCE, |id| {
                        let api = api.clone();
                        async move {
                            let looked_up = match id.to_string().parse::<ChannelId>() {
                                Ok(channel) => api.send(&ChannelInfo::new(channel)).await,
                                Err(e) => Err(Error::Decode(e.to_string())),
                            };
                            Ok::<_, Infallible>((id, looked_up.map_err(Rc::new)))
                        }
                    })
                    .await;
                    let pairs =
                        found.unwrap_or_else(|(_, never): (usize, Infallible)| match never {});
                    Ok(pairs.into_iter().collect())
                });
            }
        });
    }
    let mut names = task.state().data.as_deref().cloned().unwrap_or_default();
    for channel in known.iter() {
        names.insert(channel.id, Ok(Rc::new(channel.clone())));
    }
    Rc::new(names)
}

/// A channel of a repost or mention: its name linking to its page once known; its ID, with the
/// reason, when its information could not be had.
pub(super) fn channel_cell(ui: &Ui, id: i64, names: &Names) -> TableCell {
    let known = names.get(&id);
    let (query, text) = match known {
        Some(Ok(channel)) => channel_label(id, Some(channel), ui.locale),
        _ => (id.to_string(), format!("#{id}")),
    };
    let link = html! {
        <>
            <RouteLink href={route_href(Route::ChannelInfo, &ChannelQuery::new(query))}>
                { text.clone() }
            </RouteLink>
            if let Some(Err(error)) = known {
                { " " }
                <span class="channel-lookup-failed muted" title={error.to_string()}>
                    { ui.t("(name not available)", "(имя недоступно)") }
                </span>
            }
        </>
    };
    TableCell::new(link, SortKey::Text(text.to_lowercase()), Cell::Text(text))
}
