//! Statistics of more identifiers than one call may carry: the list is split into batches of at
//! most [`STAT_MULTI_IDS_MAX`], a few batches run at a time, and the answers are put back together
//! in the order of the input.
//!
//! The join of the running calls is written here rather than taken from an executor crate, so the
//! same code runs in the browser (under `wasm-bindgen-futures`) and in native tests (under any
//! executor, even one that only polls).

use std::collections::{HashSet, VecDeque};
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

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
/// their outputs in the order of `items`, or the position and error of the first to fail.
pub fn bounded<T, O, E, F, Fut>(
    items: Vec<T>,
    limit: usize,
    task: F,
) -> impl Future<Output = Result<Vec<O>, (usize, E)>>
where
    F: Fn(T) -> Fut,
    Fut: Future<Output = Result<O, E>>,
{
    let outputs = std::iter::repeat_with(|| None).take(items.len()).collect();
    Bounded {
        waiting: items.into_iter().enumerate().collect(),
        running: Vec::new(),
        outputs,
        limit: limit.max(1),
        task,
    }
}

struct Bounded<T, O, F, Fut> {
    waiting: VecDeque<(usize, T)>,
    running: Vec<(usize, Pin<Box<Fut>>)>,
    outputs: Vec<Option<O>>,
    limit: usize,
    task: F,
}

// Nothing is pinned through `Bounded` itself: the running futures are pinned in their own boxes.
impl<T, O, F, Fut> Unpin for Bounded<T, O, F, Fut> {}

impl<T, O, E, F, Fut> Future for Bounded<T, O, F, Fut>
where
    F: Fn(T) -> Fut,
    Fut: Future<Output = Result<O, E>>,
{
    type Output = Result<Vec<O>, (usize, E)>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.get_mut();
        loop {
            while this.running.len() < this.limit {
                let Some((index, item)) = this.waiting.pop_front() else {
                    break;
                };
                this.running.push((index, Box::pin((this.task)(item))));
            }
            let mut finished = false;
            let mut at = 0;
            while at < this.running.len() {
                let (index, future) = &mut this.running[at];
                match future.as_mut().poll(cx) {
                    Poll::Pending => at += 1,
                    Poll::Ready(Ok(output)) => {
                        if let Some(slot) = this.outputs.get_mut(*index) {
                            *slot = Some(output);
                        }
                        this.running.remove(at);
                        finished = true;
                    }
                    Poll::Ready(Err(error)) => {
                        let index = *index;
                        // Dropping the others cancels them (the browser transport aborts fetches
                        // on drop).
                        this.running.clear();
                        this.waiting.clear();
                        return Poll::Ready(Err((index, error)));
                    }
                }
            }
            if this.running.is_empty() && this.waiting.is_empty() {
                let outputs = std::mem::take(&mut this.outputs);
                return Poll::Ready(Ok(outputs.into_iter().flatten().collect()));
            }
            // A finished call freed a place: start the next ones and poll them now, so that each
            // running future has seen this waker.
            if !finished {
                return Poll::Pending;
            }
        }
    }
}

/// Runs two futures at once and gives both outputs: a page's main call and the call that gives
/// its figures a base (a channel's subscribers) cost one round trip, not two.
pub async fn both<A: Future, B: Future>(a: A, b: B) -> (A::Output, B::Output) {
    let (mut a, mut b) = (Box::pin(a), Box::pin(b));
    let (mut out_a, mut out_b) = (None, None);
    std::future::poll_fn(move |cx: &mut Context<'_>| {
        if out_a.is_none() {
            if let Poll::Ready(value) = a.as_mut().poll(cx) {
                out_a = Some(value);
            }
        }
        if out_b.is_none() {
            if let Poll::Ready(value) = b.as_mut().poll(cx) {
                out_b = Some(value);
            }
        }
        match (out_a.take(), out_b.take()) {
            (Some(a), Some(b)) => Poll::Ready((a, b)),
            (a, b) => {
                (out_a, out_b) = (a, b);
                Poll::Pending
            }
        }
    })
    .await
}
