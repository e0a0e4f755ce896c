//! An upstream call's turn within the budget (`--upstream-rate`): first within its visitor's
//! share (`share`), then within the budget itself (`budget`), each in Redis while it is up and
//! this instance's own otherwise, the two waits together at most `max_wait`.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use crate::budget::Grant;
use crate::state::Gateway;

impl Gateway {
    /// Waits for `client`'s turn to call the upstream; `Err` with the time until a turn may be
    /// free when there is none within `max_wait`.
    pub(crate) async fn upstream_turn(
        &self,
        client: IpAddr,
        max_wait: Duration,
    ) -> Result<(), Duration> {
        let Some(rate) = self.config.upstream_rate else {
            return Ok(());
        };
        let started = Instant::now();
        let waits = (max_wait, self.config.upstream_wait);
        let share = match &self.redis {
            Some(redis) => redis.take_share(client, rate, waits).await,
            None => None,
        };
        let local = || {
            self.shares
                .as_ref()
                .map(|s| s.take(client, Instant::now(), max_wait))
        };
        let waited = match self.wait(share.or_else(local)).await {
            Ok(waited) => waited,
            Err(after) => {
                self.metrics.share_refusal();
                return Err(after);
            }
        };
        let max_wait = max_wait.saturating_sub(started.elapsed());
        let waits = (max_wait, self.config.upstream_wait);
        let shared = match &self.redis {
            Some(redis) => {
                redis
                    .take("upstream", rate.per_second, rate.burst, waits)
                    .await
            }
            None => None,
        };
        let local = || {
            self.budget
                .as_ref()
                .map(|b| b.take(Instant::now(), max_wait))
        };
        match self.wait(shared.or_else(local)).await {
            Ok(also_waited) => {
                // A call that waited counts once, however many of the two it waited for.
                if waited || also_waited {
                    self.metrics.budget_wait();
                }
                Ok(())
            }
            Err(after) => {
                self.metrics.budget_refusal();
                Err(after)
            }
        }
    }

    /// Sleeps out a granted wait, saying whether there was one; a refusal's time until a token.
    async fn wait(&self, grant: Option<Grant>) -> Result<bool, Duration> {
        match grant {
            Some(Grant::After(wait)) => {
                if !wait.is_zero() {
                    tokio::time::sleep(wait).await;
                }
                Ok(!wait.is_zero())
            }
            Some(Grant::Refused(after)) => Err(after),
            None => Ok(false),
        }
    }
}
