//! What the counters of one post come to: ER and ERR, reach at 12, 24 and 48 hours from hourly
//! view growth with ERR24, and the CPM of a price the user types (kept in the address as
//! `price`, so a link carries it).

use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::api::model::PostStatsResponse;
use crate::api::{Error, ViewGrowthGroup};
use crate::components::figure::{
    er_definition, err_definition, figure_html, figures_export, missing_html, money,
    price_error_text, rate_html,
};
use crate::components::ErrorBanner;
use crate::figures::engagement::{Figure, Missing, PostCounts};
use crate::figures::growth::growth_series;
use crate::figures::named::PostFigures;
use crate::figures::reach::{price_and_currency, REACH_HOURS};
use crate::format::fill;
use crate::route::{route_href, use_location, use_navigator, Route};
use crate::ui::use_ui;

#[derive(Properties, PartialEq)]
pub(super) struct EngagementAndReachProps {
    pub(super) counts: PostCounts,
    /// The answer by hour (the page's own when it asked by hour), or why it is missing.
    pub(super) hourly: Result<Rc<PostStatsResponse>, Rc<Error>>,
    pub(super) subscribers: Option<u64>,
}

/// The `price` of the address, and a way to change it without a new history entry (and without
/// asking the API again: the page's own parameters do not change).
#[hook]
fn use_price() -> (String, Callback<String>) {
    let location = use_location();
    let navigator = use_navigator();
    let pairs: Vec<(String, String)> = location.query().unwrap_or_default();
    let price = pairs
        .iter()
        .find(|(k, _)| k == "price")
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    let set = Callback::from(move |typed: String| {
        let mut next: Vec<(String, String)> = pairs
            .iter()
            .filter(|(k, _)| k != "price")
            .cloned()
            .collect();
        if !typed.trim().is_empty() {
            next.push(("price".into(), typed));
        }
        if let Some(navigator) = &navigator {
            navigator.replace(&route_href(Route::PostStats, &next));
        }
    });
    (price, set)
}

#[function_component(EngagementAndReach)]
pub(super) fn engagement_and_reach(props: &EngagementAndReachProps) -> Html {
    let ui = use_ui();
    let (typed_price, set_price) = use_price();
    let counts = props.counts;
    let growth = props
        .hourly
        .as_ref()
        .ok()
        .map(|r| growth_series(ViewGrowthGroup::Hour, &r.views).0);
    let parsed = price_and_currency(&typed_price);
    let refused = parsed.as_ref().err().copied();
    let figures = PostFigures::of(&counts, growth.as_deref(), props.subscribers, parsed.ok());
    let views = |v: f64| ui.count(v.round() as i64);
    let cpm_html = |figure: Figure| figure_html(&ui, figure, |v| money(&ui, v, &figures.currency));
    let term = |label: String, title: &'static str, value: Html| {
        html! {
            <div class="post-figure-item">
                <dt><abbr title={title}>{ label }</abbr></dt>
                <dd>{ value }</dd>
            </div>
        }
    };
    let reach_definition = ui.t(
        "Views accumulated in the first hours after publication, from hourly view growth",
        "Просмотры, набранные за первые часы после публикации, по почасовому росту",
    );
    let reach_terms = REACH_HOURS.iter().zip(figures.reach).map(|(hours, reach)| {
        term(
            fill(
                ui.t("Reach at {n} h", "Охват за {n} ч"),
                &[("n", hours.to_string())],
            ),
            reach_definition,
            figure_html(&ui, reach, views),
        )
    });
    let oninput = Callback::from(move |e: InputEvent| {
        set_price.emit(e.target_unchecked_into::<HtmlInputElement>().value())
    });
    html! {
        <section class="post-figures">
            <h2>{ ui.t("Engagement and reach", "Вовлечённость и охват") }</h2>
            <dl class="post-figure-list">
                { term("ER".into(), er_definition(&ui), rate_html(&ui, figures.er)) }
                { term("ERR".into(), err_definition(&ui), rate_html(&ui, figures.err)) }
                { for reach_terms }
                { term("ERR24".into(), ui.t("ERR24: reach at 24 h / subscribers × 100%",
                    "ERR24: охват за 24 ч / подписчики × 100%"), rate_html(&ui, figures.err24)) }
            </dl>
            if let Err(error) = &props.hourly {
                <ErrorBanner error={error.clone()} />
            }
            <div class="cpm field">
                <label for="ps-price">{ ui.t("Price of an ad post", "Цена рекламного поста") }</label>
                <input id="ps-price" type="text" inputmode="decimal"
                    value={typed_price.clone()} placeholder={ui.t("e.g. 1500 RUB", "например, 1500 ₽")}
                    aria-describedby="ps-price-hint" {oninput} />
                <p id="ps-price-hint" class="hint">{ ui.t(
                    "CPM = price / (views / 1000), in the currency as typed; the price stays in the address.",
                    "CPM = цена / (просмотры / 1000), в валюте как введено; цена сохраняется в адресе.",
                ) }</p>
                <dl class="post-figure-list cpm-list">
                    { term(ui.t("CPM at 24 h", "CPM за 24 ч").into(), ui.t("Price per thousand views at 24 h", "Цена за тысячу просмотров за 24 ч"), cpm_html(figures.cpm_24h)) }
                    { term(ui.t("CPM at 48 h", "CPM за 48 ч").into(), ui.t("Price per thousand views at 48 h", "Цена за тысячу просмотров за 48 ч"), cpm_html(figures.cpm_48h)) }
                    { term(ui.t("CPM, all views", "CPM, все просмотры").into(), ui.t("Price per thousand of all views", "Цена за тысячу всех просмотров"), cpm_html(figures.cpm_total)) }
                </dl>
                if let Some(error) = refused.filter(|_| !typed_price.trim().is_empty()) {
                    <p class="field-error">{ missing_html(&ui, Missing::NoPrice) }{ " " }
                        { price_error_text(&ui, error) }</p>
                }
            </div>
            { figures_export(&ui, "post-figures".into(), figures.named()) }
        </section>
    }
}
