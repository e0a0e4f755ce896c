//! Several gateways sharing one Redis (a `redis-server` of their own on a free loopback port)
//! and one counting upstream, as a deployment behind a load balancer runs them.

use std::sync::Arc;

use gateway::config::Config;
use sandbox::redis_server::RedisServer;
use sandbox::State;

use super::{healthy, Answer, CountingUpstream, Rig};

pub struct Fleet {
    pub redis: RedisServer,
    pub upstream: CountingUpstream,
    pub gateways: Vec<Rig>,
}

impl Fleet {
    /// `instances` gateways in front of the fault-free upstream, all with `--redis`; returns
    /// once every one says Redis is up.
    pub async fn start(instances: usize, tweak: impl Fn(&mut Config)) -> Fleet {
        Fleet::start_on(healthy(), instances, tweak).await
    }

    pub async fn start_on(
        state: Arc<State>,
        instances: usize,
        tweak: impl Fn(&mut Config),
    ) -> Fleet {
        // No Redis is a failure, never a skip: `cargo xtask test` installs it first.
        let redis = RedisServer::start().unwrap_or_else(|e| panic!("{e}"));
        let upstream = CountingUpstream::start(state).await;
        let mut gateways = Vec::new();
        for _ in 0..instances {
            let url = redis.url();
            let rig = Rig::on(&upstream, |c| {
                c.redis = Some(url);
                tweak(c);
            })
            .await;
            gateways.push(rig);
        }
        let fleet = Fleet {
            redis,
            upstream,
            gateways,
        };
        fleet.wait_for_redis("up").await;
        fleet
    }

    /// Waits (5 s at most) until every instance's `/readyz` says `"redis": state`.
    pub async fn wait_for_redis(&self, state: &str) {
        for gateway in &self.gateways {
            gateway.wait_for_redis(state).await;
        }
    }

    pub fn upstream_calls(&self) -> usize {
        self.upstream.calls()
    }

    /// `path` through instance `n`.
    pub async fn get(&self, n: usize, path: &str) -> Answer {
        self.gateways[n].get(path).await
    }

    /// Keys this fleet has in Redis now, read with a client of the test's own.
    pub async fn redis_keys(&self, pattern: &str) -> Vec<String> {
        let client = redis::Client::open(self.redis.url()).unwrap();
        let mut connection = client.get_multiplexed_async_connection().await.unwrap();
        let mut keys: Vec<String> = redis::cmd("KEYS")
            .arg(pattern)
            .query_async(&mut connection)
            .await
            .unwrap();
        keys.sort();
        keys
    }
}

/// `n` distinct channel-info calls (the small dataset has 200 channels).
pub fn channel_calls(n: usize) -> Vec<String> {
    healthy()
        .dataset
        .channels
        .iter()
        .take(n)
        .map(|c| format!("/api/channels/get?channelId={}", c.id))
        .collect()
}
