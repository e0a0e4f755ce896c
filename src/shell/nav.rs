//! The navigation by job: Discover, Channels and Posts open a menu of their pages, Campaigns and
//! the Watchlist are one page each. On a narrow screen the whole navigation is one menu behind
//! the header's button, every job's pages listed under its name.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, KeyboardEvent, Node};
use yew::prelude::*;
use yew_router::Routable;

use crate::route::{use_route, Job, RouteLink, JOBS};
use crate::ui::use_ui;
use crate::watchlist::AlertMark;

use super::NewsCount;

#[derive(Properties, PartialEq)]
pub struct JobNavProps {
    /// The narrow screen's menu is open.
    pub open: bool,
    /// A page was chosen: the narrow screen's menu closes.
    pub on_chosen: Callback<()>,
}

#[function_component(JobNav)]
pub fn job_nav(props: &JobNavProps) -> Html {
    let ui = use_ui();
    let route = use_route();
    let expanded = use_state_eq(|| None::<Job>);
    let nav = use_node_ref();
    use_close_outside(&nav, &expanded);
    let onclick = {
        let (expanded, on_chosen) = (expanded.clone(), props.on_chosen.clone());
        Callback::from(move |e: MouseEvent| {
            let on_link = e
                .target_dyn_into::<Element>()
                .and_then(|t| t.closest("a").ok().flatten())
                .is_some();
            if on_link {
                expanded.set(None);
                on_chosen.emit(());
            }
        })
    };
    let entries = JOBS.iter().map(|&(job, routes)| {
        let current = routes.contains(&route);
        let active = current.then_some("active");
        if let [only] = routes {
            return html! {
                <li>
                    <RouteLink href={only.to_path()} classes={classes!(active)}>
                        <span aria-current={current.then_some("page")}>{ job.title(&ui) }</span>
                        if job == Job::Watchlist {
                            <NewsCount title={ui.t("New since the last check", "Новое с прошлой проверки")} />
                            <AlertMark title={ui.t("A check crossed an alert threshold", "Проверка превысила порог оповещения")} />
                        }
                    </RouteLink>
                </li>
            };
        }
        let is_open = *expanded == Some(job);
        let toggle = {
            let expanded = expanded.clone();
            Callback::from(move |_: MouseEvent| {
                expanded.set(if *expanded == Some(job) { None } else { Some(job) })
            })
        };
        let menu_id = format!("nav-{}", job.slug());
        html! {
            <li class={classes!("nav-job", active)}>
                <button type="button" class="nav-job-toggle" aria-expanded={is_open.to_string()}
                    aria-controls={menu_id.clone()} onclick={toggle}>
                    { job.title(&ui) }
                </button>
                <span class="nav-job-label">{ job.title(&ui) }</span>
                <ul id={menu_id} class={classes!("nav-menu", is_open.then_some("open"))}>
                    { for routes.iter().map(|&page| {
                        let here = page == route;
                        html! {
                            <li>
                                <RouteLink href={page.to_path()} classes={classes!(here.then_some("active"))}>
                                    <span aria-current={here.then_some("page")}>{ page.nav_title(&ui) }</span>
                                </RouteLink>
                            </li>
                        }
                    }) }
                </ul>
            </li>
        }
    });
    html! {
        <nav id="tools-nav" ref={nav} class={classes!("tools-nav", props.open.then_some("open"))}
            aria-label={ui.t("Tools", "Инструменты")} {onclick}>
            <ul class="nav-jobs">{ for entries }</ul>
        </nav>
    }
}

/// Closes an open menu on a click outside the navigation, or on Escape (focus then goes back to
/// the menu's button, as a keyboard user expects).
#[hook]
fn use_close_outside(nav: &NodeRef, expanded: &UseStateHandle<Option<Job>>) {
    let nav = nav.clone();
    let expanded = expanded.clone();
    let open = expanded.is_some();
    use_effect_with(open, move |&open| {
        let document = web_sys::window().and_then(|w| w.document());
        let listeners = match (open, document) {
            (true, Some(document)) => {
                let on_click = {
                    let (nav, expanded) = (nav.clone(), expanded.clone());
                    Closure::<dyn Fn(Event)>::new(move |e: Event| {
                        let inside = match (nav.cast::<Node>(), e.target()) {
                            (Some(nav), Some(target)) => nav.contains(target.dyn_ref::<Node>()),
                            _ => false,
                        };
                        if !inside {
                            expanded.set(None);
                        }
                    })
                };
                let on_key = Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
                    if e.key() == "Escape" {
                        expanded.set(None);
                        if let Some(button) = nav
                            .cast::<Element>()
                            .and_then(|n| n.query_selector("[aria-expanded=true]").ok().flatten())
                            .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok())
                        {
                            let _ = button.focus();
                        }
                    }
                });
                let _ = document
                    .add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref());
                let _ = document
                    .add_event_listener_with_callback("keydown", on_key.as_ref().unchecked_ref());
                Some((document, on_click, on_key))
            }
            _ => None,
        };
        move || {
            if let Some((document, on_click, on_key)) = listeners {
                let _ = document.remove_event_listener_with_callback(
                    "click",
                    on_click.as_ref().unchecked_ref(),
                );
                let _ = document.remove_event_listener_with_callback(
                    "keydown",
                    on_key.as_ref().unchecked_ref(),
                );
            }
        }
    });
}
