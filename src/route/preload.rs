//! The API calls a page makes as it opens at an address, known from the address alone, so that
//! the server of the page can start them with the page (a `Link: <…>; rel=preload` header, as the
//! gateway sends). They are built in the API crate ([`crate::api::opening`]), which the gateway
//! depends on instead of the console, so that the preloaded URLs and the console's own match byte
//! for byte; the console's native tests hold its routes and links to the path and the query key
//! found there.

pub use crate::api::opening::{
    channel_history, channel_info_request, opening_calls, CHANNEL_HISTORY_DAYS,
};
