//! What getting one answer results in, shared by every caller that waited for it: its status,
//! its body and where it came from; and which kept answers say that something does not exist.

use axum::http::StatusCode;
use bytes::Bytes;

use serverkit::envelope::error_body;

use crate::upstream::Failure;

/// The errors by which the service says definitely that what was asked for does not exist. They
/// are kept for `--absent-ttl`, like an answer: a retry would get the same, and spend quota.
pub const ABSENT: [&str; 2] = ["channel not found", "post not found"];

/// Whether `body`, a kept answer, is one of [`ABSENT`]: only small bodies are read, since an
/// `ok` answer may be megabytes and an error envelope is a few dozen bytes.
pub fn is_absent(body: &[u8]) -> bool {
    #[derive(serde::Deserialize)]
    struct Head<'a> {
        status: &'a str,
        #[serde(default)]
        error: &'a str,
    }
    body.len() < 256
        && serde_json::from_slice::<Head>(body)
            .is_ok_and(|h| h.status == "error" && ABSENT.contains(&h.error))
}

/// Where an answer came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// This instance's upstream call (or its refusal).
    Upstream,
    /// Kept in Redis by another instance earlier.
    Shared,
    /// Kept in Redis by another instance while this one waited for it.
    Waited,
    /// An expired answer stood in.
    Stale,
}

/// The result of getting one answer, shared by every caller that waited for it.
#[derive(Clone)]
pub struct Outcome {
    pub status: StatusCode,
    pub body: Bytes,
    pub source: Source,
    /// For a refusal by the upstream budget: seconds until it has room.
    pub retry_after: Option<u64>,
}

impl Outcome {
    pub(crate) fn passed(body: Bytes, source: Source) -> Outcome {
        Outcome {
            status: StatusCode::OK,
            body,
            source,
            retry_after: None,
        }
    }
}

pub fn failed(failure: Failure) -> Outcome {
    Outcome {
        status: failure.status(),
        body: Bytes::from(error_body(failure.code())),
        source: Source::Upstream,
        retry_after: None,
    }
}
