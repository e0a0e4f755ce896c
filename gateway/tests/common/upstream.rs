//! The upstream the gateway forwards to: the in-process sandbox, which accepts the gateway's token
//! alone, behind a counter of the requests that reach it; or a router of the test's own making.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use axum::extract::Request;
use axum::middleware::{self, Next};

use sandbox::faults::Fault;
use sandbox::{Dataset, Faults, Size, State};

use super::{listen, NOW, SECRET};

pub fn upstream_state(faults: Faults) -> Arc<State> {
    let mut config = sandbox::Config::default();
    config
        .tokens
        .add(&format!("{SECRET}=search+stat:XL"))
        .unwrap();
    config.faults = faults;
    Arc::new(State::new(Dataset::generate(1, Size::Small, NOW), config))
}

/// The fault-free upstream, generated once per test binary.
pub fn healthy() -> Arc<State> {
    static STATE: OnceLock<Arc<State>> = OnceLock::new();
    Arc::clone(STATE.get_or_init(|| upstream_state(Faults::default())))
}

/// A fault seed whose first decisions are `pattern` (the sandbox decides faults by request
/// number), so a test knows which upstream call fails.
pub fn faults_in_order(mut faults: Faults, pattern: &[Option<Fault>]) -> Faults {
    faults.seed = (0..10_000)
        .find(|&seed| {
            let f = Faults {
                seed,
                ..faults.clone()
            };
            pattern
                .iter()
                .enumerate()
                .all(|(n, want)| f.decide(n as u64) == *want)
        })
        .expect("some seed gives the pattern");
    faults
}

/// The sandbox on a loopback port, behind a counter of the requests that reach it.
#[derive(Clone)]
pub struct CountingUpstream {
    pub address: SocketAddr,
    /// Path and query of every request that reached it.
    pub seen: Arc<Mutex<Vec<String>>>,
    /// When each of them arrived.
    pub times: Arc<Mutex<Vec<Instant>>>,
    pub channel_id: u64,
}

impl CountingUpstream {
    pub async fn start(state: Arc<State>) -> CountingUpstream {
        let channel_id = state.dataset.channels[0].id;
        let seen = Arc::new(Mutex::new(Vec::new()));
        let times = Arc::new(Mutex::new(Vec::new()));
        let counted = {
            let (seen, times) = (Arc::clone(&seen), Arc::clone(&times));
            sandbox::router(state).layer(middleware::from_fn(
                move |request: Request, next: Next| {
                    let (seen, times) = (Arc::clone(&seen), Arc::clone(&times));
                    async move {
                        let uri = request.uri();
                        if uri.path().starts_with("/api/") {
                            seen.lock().unwrap().push(uri.to_string());
                            times.lock().unwrap().push(Instant::now());
                        }
                        next.run(request).await
                    }
                },
            ))
        };
        let upstream = listen().await;
        let address = upstream.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(upstream, counted).await });
        CountingUpstream {
            address,
            seen,
            times,
            channel_id,
        }
    }

    pub fn calls(&self) -> usize {
        self.seen.lock().unwrap().len()
    }

    /// `router` on a loopback port: an upstream of the test's own making, whose requests are not
    /// counted, for channel 5.
    pub async fn own(router: axum::Router) -> CountingUpstream {
        let listener = listen().await;
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, router).await });
        CountingUpstream {
            address,
            seen: Arc::default(),
            times: Arc::default(),
            channel_id: 5,
        }
    }
}
