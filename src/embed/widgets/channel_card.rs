//! A channel's card.

use std::rc::Rc;

use yew::prelude::*;

use super::{status, use_operation};
use crate::api::model::Channel;
use crate::api::ops::ChannelInfo;
use crate::components::{CardVariant, ChannelCard};
use crate::embed::options::TokenSource;

#[derive(Properties, PartialEq)]
pub(super) struct ChannelCardWidgetProps {
    pub(super) request: ChannelInfo,
    pub(super) variant: CardVariant,
    pub(super) token: TokenSource,
}

#[function_component(ChannelCardWidget)]
pub(super) fn channel_card_widget(props: &ChannelCardWidgetProps) -> Html {
    let (task, retry) = use_operation(props.request.clone(), props.token.clone());
    if let Some(shown) = status(&task, &retry) {
        return shown;
    }
    let channel: Rc<Channel> = task.state().data.as_deref().cloned().unwrap_or_default();
    html! { <ChannelCard {channel} variant={props.variant} /> }
}
