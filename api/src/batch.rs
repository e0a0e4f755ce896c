//! Statistics of more identifiers than one call may carry: the list is split into batches of at
//! most [`STAT_MULTI_IDS_MAX`], a few batches run at a time, and the answers are put back together
//! in the order of the input.
//!
//! The calls are joined with `futures`' combinators, which need no executor of their own: the
//! same code runs in the browser (under `wasm-bindgen-futures`) and in native tests (under any
//! executor, even one that only polls).

use std::collections::HashSet;
use std::fmt;
use std::future::Future;

use futures::{future, stream, StreamExt, TryFutureExt, TryStreamExt};

use super::error::Error;
use super::limits::STAT_MULTI_IDS_MAX;
use super::model::Records;

/// Calls running at once: enough to hide latency, few enough not to trip flood control.
pub const MAX_CONCURRENT_BATCHES: usize = 3;

/// `ids` without repeats, in first-seen order, cut into batches of at most `size` (at least 1).
pub fn split_batches(ids: &[u64], size: usize) -> Vec<Vec<u64>> {
    let mut seen = HashSet::new();
    let unique: Vec<u64> = ids.iter().copied().filter(|id| seen.insert(*id)).collect();
    unique.chunks(size.max(1)).map(<[u64]>::to_vec).collect()
}

/// How many calls `ids` take at [`STAT_MULTI_IDS_MAX`] per call.
pub fn batch_count(ids: &[u64]) -> usize {
    split_batches(ids, STAT_MULTI_IDS_MAX).len()
}

/// The first batch that failed; the batches after it were not waited for.
#[derive(Clone, Debug, PartialEq)]
pub struct BatchError {
    /// 0-based position of the failed batch.
    pub batch: usize,
    /// Batches in all.
    pub batches: usize,
    /// The identifiers the failed batch carried.
    pub ids: Vec<u64>,
    pub error: Error,
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "request {} of {} failed: {}",
            self.batch + 1,
            self.batches,
            self.error
        )
    }
}

impl std::error::Error for BatchError {}

/// Fetches the records of `ids` (repeats dropped) in batches of [`STAT_MULTI_IDS_MAX`], at most
/// `concurrency` calls at a time, through `fetch`; the records come back batch by batch in input
/// order, with the records of every batch that could not be read counted together. The first
/// failure ends the whole run and drops the calls still running.
pub async fn fetch_in_batches<R, F, Fut>(
    ids: &[u64],
    concurrency: usize,
    fetch: F,
) -> Result<Records<R>, BatchError>
where
    F: Fn(Vec<u64>) -> Fut,
    Fut: Future<Output = Result<Records<R>, Error>>,
{
    let batches = split_batches(ids, STAT_MULTI_IDS_MAX);
    let count = batches.len();
    let run = bounded(batches.clone(), concurrency, &fetch).await;
    match run {
        Ok(parts) => Ok(parts.into_iter().fold(Records::default(), |mut all, part| {
            all.append(part);
            all
        })),
        Err((batch, error)) => Err(BatchError {
            batch,
            batches: count,
            ids: batches.get(batch).cloned().unwrap_or_default(),
            error,
        }),
    }
}

/// Runs `task` on every item with at most `limit` (at least 1) of them in flight, and gives
/// their outputs in the order of `items`, or the position and error of the first to fail. The
/// first failure drops the calls still running (the browser transport aborts fetches on drop).
pub fn bounded<T, O, E, F, Fut>(
    items: Vec<T>,
    limit: usize,
    task: F,
) -> impl Future<Output = Result<Vec<O>, (usize, E)>>
where
    F: Fn(T) -> Fut,
    Fut: Future<Output = Result<O, E>>,
{
    stream::iter(items.into_iter().enumerate())
        .map(move |(index, item)| task(item).map_err(move |error| (index, error)))
        .buffered(limit.max(1))
        .try_collect()
}

/// Runs two futures at once and gives both outputs: a page's main call and the call that gives
/// its figures a base (a channel's subscribers) cost one round trip, not two.
pub async fn both<A: Future, B: Future>(a: A, b: B) -> (A::Output, B::Output) {
    future::join(a, b).await
}
