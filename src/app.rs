//! The console's shell: header and the catalogue of the eight tools.

use yew::prelude::*;

/// A tool of the console: one operation of the API.
pub struct Tool {
    pub name: &'static str,
    pub summary: &'static str,
}

/// The eight operations, in the order the API documents them.
pub const TOOLS: [Tool; 8] = [
    Tool {
        name: "Keyword mentions",
        summary: "Per channel: mentions of a word or phrase, their reach and the latest one",
    },
    Tool {
        name: "Channel search",
        summary: "Find channels and chats by keyword or category",
    },
    Tool {
        name: "Subscriber dynamics",
        summary: "Participants of a channel over time, by hour, day, week or month",
    },
    Tool {
        name: "Channel information",
        summary: "Everything known about one channel or chat",
    },
    Tool {
        name: "Statistics of several posts",
        summary: "Views, shares, comments and reactions of up to 50 posts",
    },
    Tool {
        name: "Statistics of several stories",
        summary: "Views, shares and reactions of up to 50 stories",
    },
    Tool {
        name: "Statistics of one post",
        summary: "Counters, reposts, mentions and the growth of views",
    },
    Tool {
        name: "Post search",
        summary: "Full-text search of posts, newest first",
    },
];

#[function_component(App)]
pub fn app() -> Html {
    html! {
        <div class="app" data-app-ready="true">
            <header class="app-header">
                <h1 class="brand">{ "Chanscope" }</h1>
                <p class="tagline">{ "Analytics of messenger channels and chats" }</p>
            </header>
            <main class="app-main">
                <h2>{ "Tools" }</h2>
                <ul class="tools">
                    { for TOOLS.iter().map(|tool| html! {
                        <li class="tool">
                            <h3>{ tool.name }</h3>
                            <p>{ tool.summary }</p>
                        </li>
                    }) }
                </ul>
            </main>
        </div>
    }
}

/// Mounts the console on the page's `<body>`.
pub fn start() {
    yew::Renderer::<App>::new().render();
}
