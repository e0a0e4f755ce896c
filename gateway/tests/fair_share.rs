//! Each visitor has a fair share of the upstream budget: one visitor flooding distinct calls
//! cannot starve the others, on one instance or across a fleet sharing Redis. Before, with
//! `--upstream-rate 2 --upstream-burst 2`, a second visitor got `flood_control` on 8 of 10 new
//! calls while another flooded.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::http::{Method, StatusCode};

use common::fleet::{channel_calls, Fleet};
use common::*;
use gateway::budget::Rate;
use gateway::config::Config;

const FLOODER: &str = "198.51.100.1";
const VISITOR: &str = "203.0.113.9";
/// The second visitor's new calls.
const ASKS: usize = 6;

fn budget(c: &mut Config) {
    c.upstream_rate = Some(Rate {
        per_second: 2.0,
        burst: 2.0,
    });
    c.upstream_wait = Duration::from_secs(2);
    c.trust_forwarded_for = true;
}

/// Floods `origin` with distinct calls, 32 at a time, until `stop`; then the answers'
/// statuses.
fn flood(
    origin: String,
    calls: Vec<String>,
    stop: Arc<AtomicBool>,
) -> tokio::task::JoinHandle<Vec<u16>> {
    tokio::spawn(async move {
        // Round and round: a refused call is not kept, so it is a new call each time.
        let calls = Arc::new(std::sync::Mutex::new(calls.into_iter().cycle()));
        let workers: Vec<_> = (0..32)
            .map(|_| {
                let (origin, calls, stop) = (origin.clone(), Arc::clone(&calls), Arc::clone(&stop));
                tokio::spawn(async move {
                    let mut statuses = Vec::new();
                    while !stop.load(Ordering::SeqCst) {
                        let Some(path) = calls.lock().unwrap().next() else {
                            break;
                        };
                        let url = format!("{origin}{path}");
                        let answer = send(Method::GET, &url, &[("x-forwarded-for", FLOODER)]).await;
                        statuses.push(answer.status.as_u16());
                    }
                    statuses
                })
            })
            .collect();
        let mut statuses = Vec::new();
        for worker in workers {
            statuses.extend(worker.await.unwrap());
        }
        statuses
    })
}

/// The flooder on `flooder`, the second visitor's calls one after another on `visitor`, once
/// the flood has spent the burst; the second visitor's statuses and the flooder's.
async fn contest(flooder: &Rig, visitor: &Rig) -> (Vec<StatusCode>, Vec<u16>) {
    let calls = channel_calls(200);
    let (flood_calls, own_calls) = calls.split_at(200 - ASKS);
    let stop = Arc::new(AtomicBool::new(false));
    let flooding = flood(
        flooder.origin.clone(),
        flood_calls.to_vec(),
        Arc::clone(&stop),
    );
    // The flood has the budget to itself until its burst is spent and calls queue.
    while flooder.upstream_calls() < 4 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let mut answers = Vec::new();
    for path in own_calls {
        let answer = visitor
            .send(Method::GET, path, &[("x-forwarded-for", VISITOR)])
            .await;
        answers.push(answer.status);
    }
    stop.store(true, Ordering::SeqCst);
    (answers, flooding.await.unwrap())
}

fn judged(answers: &[StatusCode], flooder: &[u16]) {
    let ok = answers.iter().filter(|s| **s == StatusCode::OK).count();
    let flooder_refused = flooder.iter().filter(|s| **s == 429).count();
    eprintln!(
        "second visitor: {ok} of {ASKS} answered ({answers:?}); flooder: {} calls, {flooder_refused} refused",
        flooder.len()
    );
    assert!(ok >= ASKS - 1, "{answers:?}");
    // The flooder, over its share, is told to slow down.
    assert!(flooder_refused > 0, "{flooder:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_visitor_flooding_distinct_calls_does_not_starve_another() {
    let rig = Rig::start(healthy(), budget).await;
    let (answers, flooder) = contest(&rig, &rig).await;
    judged(&answers, &flooder);
    let metrics = rig.get("/metrics").await.body;
    assert!(
        !metrics.contains("gateway_upstream_share_refusals_total 0\n"),
        "{metrics}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn across_a_fleet_the_shares_are_kept_in_redis() {
    let fleet = Fleet::start(2, budget).await;
    let (answers, flooder) = contest(&fleet.gateways[0], &fleet.gateways[1]).await;
    judged(&answers, &flooder);
    let shares = fleet.redis_keys("chanscope:gateway:*:share:*").await;
    assert!(shares.len() >= 2, "{shares:?}");
}
