//! Resources and response records of the API.
