//! The one box: a channel's or a post's link, a list of links or words, opened where they
//! belong (see [`read_paste`]). `/` anywhere outside a field focuses it. What it cannot read it
//! says under itself, keeping what was typed; words get the searches that take them, post search
//! first; what it opened is remembered ([`crate::store::recent`]) and offered again as the box's
//! suggestions.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

use crate::format::fill;
use crate::pages::compare_href;
use crate::route::{
    route_href, use_navigator, ChannelQuery, PostQuery, PostsQuery, Route, RouteLink, SearchQuery,
};
use crate::store::recent::{recent, remember_opened};
use crate::ui::{use_ui, Ui};
use crate::view::paste::{
    read_paste, Opened, OpenedKind, Paste, PostGroup, Unreadable, MOST_CHANNELS,
};

/// A way on from the box: an address, its name, and what to remember when it is taken.
#[derive(Clone, PartialEq)]
struct Offer {
    href: String,
    label: String,
    opened: Opened,
}

/// What the box shows under itself after a submit.
#[derive(Clone, PartialEq)]
enum Answer {
    Offers { intro: String, offers: Vec<Offer> },
    Problem(String),
}

#[derive(Properties, PartialEq)]
pub struct PasteBoxProps {
    /// `large` on the start page, where the box is the page's first thing.
    #[prop_or_default]
    pub large: bool,
}

#[function_component(PasteBox)]
pub fn paste_box(props: &PasteBoxProps) -> Html {
    let ui = use_ui();
    let navigator = use_navigator();
    let text = use_state(String::new);
    let answer = use_state(|| None::<Answer>);
    let input = use_node_ref();
    let offers = use_node_ref();
    use_slash_focuses(&input);
    // Read again on each step between pages: what was opened since is offered too.
    let route = crate::route::use_route();
    let suggestions = use_memo(route, |_| recent());
    {
        // A new answer's first offer takes the focus: Enter then opens post search.
        let offers = offers.clone();
        use_effect_with((*answer).clone(), move |answer| {
            if matches!(answer, Some(Answer::Offers { .. })) {
                if let Some(first) = offers
                    .cast::<web_sys::Element>()
                    .and_then(|o| o.query_selector("a").ok().flatten())
                    .and_then(|a| a.dyn_into::<HtmlElement>().ok())
                {
                    let _ = first.focus();
                }
            }
        });
    }
    let oninput = {
        let (text, answer) = (text.clone(), answer.clone());
        Callback::from(move |e: InputEvent| {
            if let Some(field) = e.target_dyn_into::<HtmlInputElement>() {
                text.set(field.value());
                answer.set(None);
            }
        })
    };
    let onkeydown = {
        let answer = answer.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                answer.set(None);
            }
        })
    };
    let onsubmit = {
        let (text, answer, ui) = (text.clone(), answer.clone(), ui.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match route_of(&ui, &text) {
                Ok(offer) => {
                    remember_opened(offer.opened.clone());
                    answer.set(None);
                    text.set(String::new());
                    if let Some(navigator) = &navigator {
                        navigator.push(&offer.href);
                    }
                }
                Err(shown) => answer.set(Some(shown)),
            }
        })
    };
    let onchosen = {
        let (answer, text) = (answer.clone(), text.clone());
        move |opened: Opened| {
            let (answer, text) = (answer.clone(), text.clone());
            Callback::from(move |_: MouseEvent| {
                remember_opened(opened.clone());
                answer.set(None);
                text.set(String::new());
            })
        }
    };
    let below = match &*answer {
        None => Html::default(),
        Some(Answer::Problem(problem)) => html! {
            <p class="paste-problem" role="alert">{ problem.clone() }</p>
        },
        Some(Answer::Offers {
            intro,
            offers: list,
        }) => html! {
            <div class="paste-offers" ref={offers.clone()}>
                <p class="hint">{ intro.clone() }</p>
                <ul>
                    { for list.iter().map(|offer| html! {
                        <li onclick={onchosen(offer.opened.clone())}>
                            <RouteLink href={offer.href.clone()}>{ offer.label.clone() }</RouteLink>
                        </li>
                    }) }
                </ul>
            </div>
        },
    };
    let label = ui.t(
        "Open a channel or post link, or search",
        "Открыть ссылку на канал или пост, или искать",
    );
    html! {
        <div class={classes!("paste-box", props.large.then_some("paste-box-large"))}>
            <form role="search" onsubmit={onsubmit} novalidate=true>
                <input ref={input} id={if props.large { "home-box" } else { "paste-box" }} class="paste-input"
                    type="search" aria-label={label} list="paste-recent" autocomplete="off"
                    enterkeyhint="go" spellcheck="false" value={(*text).clone()} {oninput} {onkeydown}
                    placeholder={ui.t("Paste t.me/… or @name, or type words   /", "Вставьте t.me/… или @имя, или слова   /")} />
                <button type="submit">{ ui.t("Open", "Открыть") }</button>
            </form>
            <datalist id="paste-recent">
                { for suggestions.iter().map(|o| html! { <option value={o.typed.clone()} label={o.label.clone()} /> }) }
            </datalist>
            { below }
        </div>
    }
}

/// Where `typed` goes at once, or what the box shows instead: the offers for words or for posts
/// of several channels, or why it cannot be read.
fn route_of(ui: &Ui, typed: &str) -> Result<Offer, Answer> {
    let offer = |kind, href: String, label: String| Offer {
        opened: Opened {
            label: label.clone(),
            ..Opened::new(kind, href.clone(), typed)
        },
        href,
        label,
    };
    match read_paste(typed) {
        Paste::Channel(channel) => Ok(offer(
            OpenedKind::Channel,
            route_href(Route::ChannelInfo, &ChannelQuery::new(&channel)),
            channel,
        )),
        Paste::Post(post) => Ok(offer(
            OpenedKind::Post,
            route_href(Route::PostStats, &PostQuery { post: post.clone() }),
            post,
        )),
        Paste::Channels(channels) => Ok(offer(
            OpenedKind::Channels,
            compare_href(&channels),
            channels.join(", "),
        )),
        Paste::Posts(groups) => {
            let mut offers: Vec<Offer> = groups.iter().map(|g| group_offer(ui, g, typed)).collect();
            if offers.len() == 1 {
                return Ok(offers.remove(0));
            }
            Err(Answer::Offers {
                intro: fill(
                    ui.t(
                        "These posts are of {n} channels; statistics of several posts are asked per channel:",
                        "Эти посты из {n} каналов; статистику нескольких постов запрашивают по каналу:",
                    ),
                    &[("n", offers.len().to_string())],
                ),
                offers,
            })
        }
        Paste::Words { text, username } => {
            let q = SearchQuery { q: text.clone() };
            let mut offers = vec![
                offer(
                    OpenedKind::Search,
                    route_href(Route::PostSearch, &q),
                    ui.t("Post search", "Поиск постов").to_owned(),
                ),
                offer(
                    OpenedKind::Search,
                    route_href(Route::ChannelSearch, &q),
                    ui.t("Channel search", "Поиск каналов").to_owned(),
                ),
                offer(
                    OpenedKind::Search,
                    route_href(Route::KeywordMentions, &q),
                    ui.t("Keyword mentions by channel", "Упоминания по каналам")
                        .to_owned(),
                ),
            ];
            if username {
                let channel = format!("@{text}");
                offers.push(offer(
                    OpenedKind::Channel,
                    route_href(Route::ChannelInfo, &ChannelQuery::new(&channel)),
                    fill(
                        ui.t("The channel {c}", "Канал {c}"),
                        &[("c", channel.clone())],
                    ),
                ));
            }
            Err(Answer::Offers {
                intro: fill(
                    ui.t("Search for «{q}» in:", "Искать «{q}» в:"),
                    &[("q", text)],
                ),
                offers,
            })
        }
        Paste::Unreadable(why) => Err(Answer::Problem(problem(ui, &why))),
    }
}

fn group_offer(ui: &Ui, group: &PostGroup, typed: &str) -> Offer {
    let (kind, href, label) = match group {
        PostGroup::Public { channel, messages } if messages.len() > 1 => {
            let ids: Vec<String> = messages.iter().map(u64::to_string).collect();
            (
                OpenedKind::Posts,
                route_href(
                    Route::MultiPostStats,
                    &PostsQuery {
                        channel: channel.clone(),
                        ids: ids.join(","),
                    },
                ),
                fill(
                    ui.t("{n} posts of {c}", "{n} постов {c}"),
                    &[("n", messages.len().to_string()), ("c", channel.clone())],
                ),
            )
        }
        PostGroup::Public { channel, messages } => {
            let post = format!(
                "t.me/{}/{}",
                channel.trim_start_matches('@'),
                messages.first().copied().unwrap_or_default()
            );
            (
                OpenedKind::Post,
                route_href(Route::PostStats, &PostQuery { post: post.clone() }),
                post,
            )
        }
        PostGroup::Private(post) => (
            OpenedKind::Post,
            route_href(Route::PostStats, &PostQuery { post: post.clone() }),
            post.clone(),
        ),
    };
    Offer {
        opened: Opened {
            label: label.clone(),
            ..Opened::new(kind, href.clone(), typed)
        },
        href,
        label,
    }
}

fn problem(ui: &Ui, why: &Unreadable) -> String {
    let forms = ui.t(
        "The box opens @name, t.me/name, t.me/+code, a channel's numeric ID, t.me/name/123, a list of post links, or words to search for.",
        "Поле открывает @имя, t.me/имя, t.me/+код, числовой ID канала, t.me/имя/123, список ссылок на посты или слова для поиска.",
    );
    let what = match why {
        Unreadable::Empty => ui.t("Nothing to open.", "Нечего открыть.").to_owned(),
        Unreadable::Pieces(pieces) => fill(
            ui.t("Not a channel or a post: {p}.", "Не канал и не пост: {p}."),
            &[("p", pieces.join(", "))],
        ),
        Unreadable::Mixed => ui
            .t(
                "Post links mixed with other things: paste only post links, only channels, or only words.",
                "Ссылки на посты вперемешку с другим: вставьте только ссылки на посты, только каналы или только слова.",
            )
            .to_owned(),
        Unreadable::TooManyChannels(n) => fill(
            ui.t(
                "{n} channels: a comparison holds at most {most}.",
                "Каналов {n}: в сравнении не больше {most}.",
            ),
            &[("n", n.to_string()), ("most", MOST_CHANNELS.to_string())],
        ),
    };
    format!("{what} {forms}")
}

/// `/` pressed outside a field (and without Ctrl, Alt or Meta) focuses the box, as on the
/// sites people search every day.
#[hook]
fn use_slash_focuses(input: &NodeRef) {
    let input = input.clone();
    use_effect_with((), move |_| {
        let document = web_sys::window().and_then(|w| w.document());
        let on_key = Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
            if e.key() != "/" || e.ctrl_key() || e.alt_key() || e.meta_key() {
                return;
            }
            let in_field = e
                .target()
                .and_then(|t| t.dyn_into::<HtmlElement>().ok())
                .is_some_and(|t| {
                    t.is_content_editable()
                        || matches!(t.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                });
            if in_field {
                return;
            }
            if let Some(field) = input.cast::<HtmlInputElement>() {
                e.prevent_default();
                let _ = field.focus();
                field.select();
            }
        });
        if let Some(document) = &document {
            let _ = document
                .add_event_listener_with_callback("keydown", on_key.as_ref().unchecked_ref());
        }
        move || {
            if let Some(document) = document {
                let _ = document.remove_event_listener_with_callback(
                    "keydown",
                    on_key.as_ref().unchecked_ref(),
                );
            }
        }
    });
}
