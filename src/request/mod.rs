//! Requests from components: a short-lived response cache shared by the whole page, one request
//! in flight per identical call (however many components ask), and `use_task`, which runs one
//! async job at a time per component — a newer job aborts the older one, a cancelled or
//! superseded job can never overwrite a newer result, and unmounting aborts.

mod cache;
mod client;
mod flight;
mod task;

pub use cache::{clear_cache, CACHE_TTL_MS};
pub use client::CachedClient;
pub use task::{use_task, ApiConfig, Task, TaskState};
