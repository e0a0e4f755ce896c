//! Requests from components: a short-lived response cache shared by the whole page, one request
//! in flight per identical call (however many components ask), and `use_task`, which runs one
//! async job at a time per component — a newer job aborts the older one, a cancelled or
//! superseded job can never overwrite a newer result, and unmounting aborts; and `use_job`, which
//! runs an analysis of many requests with its cost said first, progress, pauses and cancelling.

mod cache;
mod client;
mod flight;
mod job;
pub mod subscribers;
mod task;

pub use cache::{clear_cache, CACHE_TTL_MS};
pub use client::CachedClient;
pub use job::{use_job, Job, Phase, Plan, Progress, Unit};
pub use task::{use_task, ApiConfig, Task, TaskState};

use std::future::Future;
use std::pin::Pin;

/// Runs `job` on the page's event loop. Taking the job boxed, the spawning code is compiled once
/// rather than once for each job's type.
fn spawn(job: Pin<Box<dyn Future<Output = ()>>>) {
    wasm_bindgen_futures::spawn_local(job);
}
