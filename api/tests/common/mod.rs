//! Helpers shared by the native test files.
// Each test file uses its own part of these.
#![allow(dead_code)]

use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use chanscope_api::ops::ChannelSearch;
use chanscope_api::{Client, ClientConfig, MemoryTransport, Token};

/// Runs a future whose awaits all complete at once (the in-memory transport never waits);
/// a future that stays pending is a bug in the code under test.
pub fn run<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let mut cx = Context::from_waker(Waker::noop());
    for _ in 0..1000 {
        if let Poll::Ready(value) = future.as_mut().poll(&mut cx) {
            return value;
        }
    }
    panic!("the future did not complete although every await was ready");
}

/// The token of the client tests: it must show up in the URL sent and nowhere else.
pub const SECRET: &str = "s3cr3t-t0ken";

/// A client over `transport` with a base URL and [`SECRET`] as its token.
pub fn client(transport: &MemoryTransport) -> Client<MemoryTransport> {
    Client::new(
        transport.clone(),
        ClientConfig {
            base_url: "https://api.example/".into(),
            token: Token::new(SECRET),
            ..ClientConfig::default()
        },
    )
}

/// A valid channel search.
pub fn search() -> ChannelSearch {
    ChannelSearch {
        q: "crypto".into(),
        ..ChannelSearch::new("Russia")
    }
}
