//! Identical calls in flight share one: the first starts the work as a task of its own, later
//! ones wait for its result. Since no client owns the task, a client that goes away cancels
//! nothing for the others; if the task dies, everyone waiting is told so instead of hanging.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};

use tokio::sync::watch;

/// Whether this caller started the shared work or joined it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Leader,
    Follower,
}

pub struct Flights<T> {
    inflight: Mutex<HashMap<String, watch::Receiver<Option<T>>>>,
}

impl<T> Default for Flights<T> {
    fn default() -> Self {
        Flights {
            inflight: Mutex::default(),
        }
    }
}

/// Takes a finished (or dead) flight off the board, on every exit path of its task.
struct Landing<T> {
    flights: Arc<Flights<T>>,
    key: String,
}

impl<T> Drop for Landing<T> {
    fn drop(&mut self) {
        self.flights.board().remove(&self.key);
    }
}

impl<T> Flights<T> {
    fn board(&self) -> std::sync::MutexGuard<'_, HashMap<String, watch::Receiver<Option<T>>>> {
        self.inflight.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Calls in flight now.
    pub fn len(&self) -> usize {
        self.board().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<T: Clone + Send + Sync + 'static> Flights<T> {
    /// The result of `work` for `key`, run once for all callers that ask while it runs;
    /// `None` if the work panicked.
    pub async fn run<F>(self: &Arc<Self>, key: String, work: F) -> (Option<T>, Role)
    where
        F: Future<Output = T> + Send + 'static,
    {
        let (mut result, role) = {
            let mut board = self.board();
            match board.get(&key) {
                Some(flight) => (flight.clone(), Role::Follower),
                None => {
                    let (sender, receiver) = watch::channel(None);
                    board.insert(key.clone(), receiver.clone());
                    let landing = Landing {
                        flights: Arc::clone(self),
                        key,
                    };
                    tokio::spawn(async move {
                        let value = work.await;
                        // Off the board before the result is out: whoever comes later finds
                        // the result where the work left it (the cache) or starts anew.
                        drop(landing);
                        let _ = sender.send(Some(value));
                    });
                    (receiver, Role::Leader)
                }
            }
        };
        let value = result
            .wait_for(Option::is_some)
            .await
            .ok()
            .and_then(|v| v.clone());
        (value, role)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn one_run_for_concurrent_callers_and_a_dead_leader_wedges_nobody() {
        let flights = Arc::new(Flights::<u32>::default());
        let runs = Arc::new(AtomicUsize::new(0));
        let calls = (0..10).map(|_| {
            let (flights, runs) = (Arc::clone(&flights), Arc::clone(&runs));
            async move {
                flights
                    .run("k".into(), async move {
                        runs.fetch_add(1, Ordering::SeqCst);
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        7
                    })
                    .await
            }
        });
        let results = futures_join(calls.collect()).await;
        assert_eq!(runs.load(Ordering::SeqCst), 1);
        assert!(results.iter().all(|(v, _)| *v == Some(7)));
        assert_eq!(
            results.iter().filter(|(_, r)| *r == Role::Leader).count(),
            1
        );
        assert!(flights.is_empty());

        let (value, _) = flights
            .run("k".into(), async { panic!("the upstream call died") })
            .await;
        assert_eq!(value, None);
        assert!(flights.is_empty());
    }

    #[tokio::test]
    async fn a_cancelled_leader_does_not_cancel_the_work() {
        let flights = Arc::new(Flights::<u32>::default());
        let leader = {
            let flights = Arc::clone(&flights);
            tokio::spawn(async move {
                flights
                    .run("k".into(), async {
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        3
                    })
                    .await
            })
        };
        tokio::time::sleep(Duration::from_millis(20)).await;
        let follower = flights.run("k".into(), async { 4 });
        leader.abort();
        assert_eq!(follower.await, (Some(3), Role::Follower));
    }

    async fn futures_join<F: Future + Send + 'static>(futures: Vec<F>) -> Vec<F::Output>
    where
        F::Output: Send + 'static,
    {
        let handles: Vec<_> = futures.into_iter().map(tokio::spawn).collect();
        let mut out = Vec::new();
        for h in handles {
            out.push(h.await.expect("no panic"));
        }
        out
    }
}
