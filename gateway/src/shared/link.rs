//! The connection to Redis and whether it is usable. Every command runs under a short time
//! limit; the first failure marks the link down (one log line), after which requests do not wait
//! on Redis at all while a single probe asks it again with a growing pause (one log line when it
//! is back). redis-rs's `ConnectionManager` does the reconnecting itself; the probe only decides
//! when to trust it again.

use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::RedisError;

use crate::access_log::AccessLog;

/// The longest any one Redis command may take before the request goes on without it. Redis
/// answers on a local network in well under a millisecond; this only bounds a sick one.
pub const COMMAND_TIMEOUT: Duration = Duration::from_millis(500);
/// Pauses between probes while Redis is down: doubling from the first to the last.
pub const PROBE_FIRST: Duration = Duration::from_millis(50);
pub const PROBE_LAST: Duration = Duration::from_secs(1);
/// How long `/readyz` and `/metrics` wait for Redis to answer their own PING: a load balancer's
/// check must not hang on a sick Redis.
pub const CHECK_TIMEOUT: Duration = Duration::from_millis(250);
/// At most one such PING this often, however often they are asked.
pub const CHECK_EVERY: Duration = Duration::from_secs(1);

pub struct Link {
    connection: ConnectionManager,
    /// `host:port` only: a URL may hold a password.
    address: String,
    up: AtomicBool,
    probing: AtomicBool,
    /// When `/readyz` or `/metrics` last asked Redis itself.
    checked: tokio::sync::Mutex<Option<Instant>>,
    log: AccessLog,
}

impl Link {
    /// A link that connects on its own; down until the first probe answers. Needs a Tokio
    /// runtime, as redis-rs does.
    pub fn open(client: redis::Client, log: AccessLog) -> Result<Arc<Link>, RedisError> {
        let info = client.get_connection_info();
        let address = info.addr().to_string();
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(COMMAND_TIMEOUT))
            .set_response_timeout(Some(COMMAND_TIMEOUT))
            .set_number_of_retries(1)
            .set_min_delay(PROBE_FIRST)
            .set_max_delay(PROBE_LAST);
        let connection = ConnectionManager::new_lazy_with_config(client, config)?;
        let link = Arc::new(Link {
            connection,
            address,
            up: AtomicBool::new(false),
            probing: AtomicBool::new(false),
            checked: tokio::sync::Mutex::new(None),
            log,
        });
        link.probe();
        Ok(link)
    }

    pub fn is_up(&self) -> bool {
        self.up.load(Ordering::Relaxed)
    }

    /// Whether Redis answers a PING now, asked at most once per [`CHECK_EVERY`]: without it, a
    /// Redis that stopped while no request needed it would still read as up.
    pub async fn check(self: &Arc<Self>) -> bool {
        let mut last = self.checked.lock().await;
        if last.is_some_and(|at| at.elapsed() < CHECK_EVERY) {
            return self.is_up();
        }
        *last = Some(Instant::now());
        let (mut connection, ping) = (self.connection.clone(), redis::cmd("PING"));
        let ping = ping.query_async::<String>(&mut connection);
        match tokio::time::timeout(CHECK_TIMEOUT, ping).await {
            Ok(Ok(_)) => self.mark_up(),
            Ok(Err(e)) => self.down(&e.to_string()),
            Err(_) => self.down("no answer to a PING in time"),
        }
        self.is_up()
    }

    /// `op` on the connection, or `None` when Redis is down, fails or is too slow (which marks
    /// it down).
    pub async fn run<T, F, Fut>(self: &Arc<Self>, op: F) -> Option<T>
    where
        F: FnOnce(ConnectionManager) -> Fut,
        Fut: Future<Output = Result<T, RedisError>>,
    {
        if !self.is_up() {
            self.probe();
            return None;
        }
        match tokio::time::timeout(COMMAND_TIMEOUT, op(self.connection.clone())).await {
            Ok(Ok(value)) => Some(value),
            Ok(Err(e)) => {
                self.down(&e.to_string());
                None
            }
            Err(_) => {
                self.down("no answer in time");
                None
            }
        }
    }

    fn down(self: &Arc<Self>, why: &str) {
        if self.up.swap(false, Ordering::Relaxed) {
            self.log.warn(&format!(
                "gateway: redis at {} is down ({why}); the cache, coalescing and limits are this \
                 instance's own until it is back",
                self.address
            ));
        }
        self.probe();
    }

    /// Starts the probe unless one is running: PING with a growing pause until it answers.
    fn probe(self: &Arc<Self>) {
        if self.probing.swap(true, Ordering::AcqRel) {
            return;
        }
        let link = Arc::clone(self);
        tokio::spawn(async move {
            let mut pause = PROBE_FIRST;
            loop {
                let (mut connection, ping) = (link.connection.clone(), redis::cmd("PING"));
                let ping = ping.query_async::<String>(&mut connection);
                if let Ok(Ok(_)) = tokio::time::timeout(COMMAND_TIMEOUT, ping).await {
                    break;
                }
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(PROBE_LAST);
            }
            link.probing.store(false, Ordering::Release);
            link.mark_up();
        });
    }

    fn mark_up(&self) {
        if !self.up.swap(true, Ordering::Relaxed) {
            self.log.write(&format!(
                "gateway: redis at {} is up; cache, coalescing and limits are shared",
                self.address
            ));
        }
    }
}
