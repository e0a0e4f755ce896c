//! Redis going away never fails a visitor's request: the instances carry on with their own
//! cache and limits, say so once in the log and in `/readyz`, and share again by themselves
//! once Redis is back on its port.

mod common;

use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode};

use common::fleet::{channel_calls, Fleet};
use common::*;
use gateway::shared::{CHECK_EVERY, PROBE_LAST};

#[tokio::test]
async fn a_redis_outage_in_the_middle_of_a_load_fails_nothing_and_heals_itself() {
    let mut fleet = Fleet::start(2, |_| {}).await;
    let calls = channel_calls(31);
    let (load_calls, after) = (&calls[..30], &calls[30]);
    // 120 requests: four rounds of 30 distinct calls, one every 20 ms. Rounds 1 and 3 send each
    // call to the instance that did not see it in round 0; Redis stops within round 1.
    let started = Instant::now();
    let mut asks = Vec::new();
    for n in 0..120 {
        let (round, call) = (n / 30, n % 30);
        let instance = (call + round) % 2;
        let url = format!("{}{}", fleet.gateways[instance].origin, load_calls[call]);
        asks.push(tokio::spawn(
            async move { send(Method::GET, &url, &[]).await },
        ));
        tokio::time::sleep(Duration::from_millis(20)).await;
        if n == 50 {
            fleet.redis.stop();
        }
    }
    let mut misses = 0;
    for ask in asks {
        let answer = ask.await.unwrap();
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        assert_eq!(answer.json()["status"], "ok", "{}", answer.body);
        let source = answer.header("x-chanscope-cache").unwrap();
        assert!(matches!(source, "miss" | "hit"), "{source}");
        misses += usize::from(source == "miss");
    }
    let upstream = fleet.upstream_calls();
    let shared: u64 = fleet
        .gateways
        .iter()
        .map(|g| g.counters().shared_hits)
        .sum();
    eprintln!(
        "load of 120 took {:.2} s: upstream calls {upstream}, hits from Redis {shared}",
        started.elapsed().as_secs_f64()
    );
    assert_eq!(misses, upstream);
    // Round 0 asks the upstream for all 30. Each request of round 1 is either a hit from Redis
    // (before the stop) or, after it, an upstream call of the instance on its own; rounds 2 and
    // 3 are the instances' own hits.
    assert_eq!(upstream as u64 - 30 + shared, 30);
    // Requests 51 to 59 came after the stop.
    assert!((39..=45).contains(&upstream), "{upstream}");

    fleet.wait_for_redis("down").await;
    for gateway in &fleet.gateways {
        assert_eq!(gateway.redis_state().await, "down");
        let log = gateway.log();
        let downs: Vec<&String> = log.iter().filter(|l| l.contains("is down")).collect();
        assert_eq!(downs.len(), 1, "{downs:?}");
        assert!(downs[0].contains(&format!("127.0.0.1:{}", fleet.redis.port())));
    }

    // While it is down, a new call is still answered (by the instance on its own).
    let alone = fleet.get(0, after).await;
    assert_eq!(alone.header("x-chanscope-cache"), Some("miss"));

    // Back on the same port, empty: both instances find it again without a restart.
    fleet.redis.restart().unwrap();
    let restarted = Instant::now();
    fleet.wait_for_redis("up").await;
    // The probes ask at least once a second.
    let healed = restarted.elapsed();
    eprintln!("shared again {} ms after the restart", healed.as_millis());
    assert!(
        healed < PROBE_LAST + Duration::from_millis(1_500),
        "{healed:?}"
    );
    for gateway in &fleet.gateways {
        let ups = gateway.log().iter().filter(|l| l.contains("is up")).count();
        assert_eq!(ups, 2, "connected at start and again after the outage");
    }
    let fresh = &channel_calls(32)[31];
    let calls_before = fleet.upstream_calls();
    let first = fleet.get(1, fresh).await;
    assert_eq!(first.header("x-chanscope-cache"), Some("miss"));
    let second = fleet.get(0, fresh).await;
    assert_eq!(second.header("x-chanscope-cache"), Some("hit"));
    assert_eq!(second.body, first.body);
    assert_eq!(fleet.upstream_calls(), calls_before + 1);
    let shared_after: u64 = fleet
        .gateways
        .iter()
        .map(|g| g.counters().shared_hits)
        .sum();
    assert_eq!(shared_after, shared + 1);
}

/// How many PINGs Redis has answered since it started.
async fn pings(fleet: &Fleet) -> u64 {
    let client = redis::Client::open(fleet.redis.url()).unwrap();
    let mut connection = client.get_multiplexed_async_connection().await.unwrap();
    let info: String = redis::cmd("INFO")
        .arg("commandstats")
        .query_async(&mut connection)
        .await
        .unwrap();
    info.lines()
        .find_map(|l| l.strip_prefix("cmdstat_ping:calls="))
        .and_then(|rest| rest.split(',').next())
        .map_or(0, |n| n.parse().unwrap())
}

#[tokio::test]
async fn readiness_asks_redis_itself_at_most_once_a_second() {
    let mut fleet = Fleet::start(1, |_| {}).await;
    let gateway = &fleet.gateways[0];
    let ready = gateway.get("/readyz").await;
    assert_eq!(ready.status, StatusCode::OK, "{}", ready.body);
    assert_eq!(ready.json()["redis"], "up");
    assert!(gateway
        .get("/metrics")
        .await
        .body
        .contains("\ngateway_redis_up 1\n"));

    // However often they are asked, /readyz and /metrics ping Redis once a second at most.
    tokio::time::sleep(CHECK_EVERY + Duration::from_millis(100)).await;
    let before = pings(&fleet).await;
    let started = Instant::now();
    for _ in 0..10 {
        assert_eq!(gateway.get("/readyz").await.status, StatusCode::OK);
        assert_eq!(gateway.get("/metrics").await.status, StatusCode::OK);
    }
    let asked = pings(&fleet).await - before;
    let took = started.elapsed();
    eprintln!("20 checks in {} ms: {asked} PINGs", took.as_millis());
    let seconds = took.as_secs() + 1;
    assert!((1..=seconds).contains(&asked), "{asked} PINGs in {took:?}");

    // Redis stops while no API request comes: readiness and the gauge see it by themselves.
    fleet.redis.stop();
    let stopped = Instant::now();
    let gateway = &fleet.gateways[0];
    let seen = loop {
        let ready = gateway.get("/readyz").await;
        if ready.status == StatusCode::SERVICE_UNAVAILABLE {
            assert_eq!(ready.json()["redis"], "down", "{}", ready.body);
            break stopped.elapsed();
        }
        assert!(
            stopped.elapsed() < Duration::from_secs(5),
            "/readyz still says {} 5 s after Redis stopped",
            ready.body
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    eprintln!(
        "/readyz answered 503 {} ms after Redis stopped",
        seen.as_millis()
    );
    assert!(seen < CHECK_EVERY + Duration::from_secs(1), "{seen:?}");
    assert!(gateway
        .get("/metrics")
        .await
        .body
        .contains("\ngateway_redis_up 0\n"));
    assert_eq!(gateway.counters().api_requests, 0);
    let downs = gateway
        .log()
        .iter()
        .filter(|l| l.contains("is down"))
        .count();
    assert_eq!(downs, 1);
}
