//! Everything that can go wrong with a call, typed so that the user interface can say what to do.

use std::fmt;

use super::validate::Invalid;

/// A failed call.
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    /// The request broke a documented rule; nothing was sent.
    Invalid(Invalid),
    /// The service answered `{"status":"error"}`.
    Api(ApiError),
    /// The service answered `{"status":"pending"}`: the data is not ready yet; ask again later.
    Pending,
    /// A non-success HTTP status without an API envelope (a proxy or server failure page).
    Http { status: u16 },
    /// HTTP 429 without an API envelope: a proxy in front of the service limits the rate; wait
    /// this long (its `Retry-After`) when it said.
    TooManyRequests { retry_after_secs: Option<u32> },
    /// The request did not reach the service or no answer came back.
    Network(String),
    /// No answer within the transport's time limit.
    Timeout,
    /// The call was cancelled (a newer request replaced it, or the user stopped it).
    Aborted,
    /// The answer ended early: its JSON is cut short (a dropped connection, a proxy's limit).
    /// Asking again usually gives the whole answer.
    Incomplete,
    /// The answer is not what the API documents: not JSON, or of another shape.
    Decode(String),
}

/// An error envelope: its message exactly as sent, and what kind of trouble it means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    pub kind: ApiErrorKind,
    pub message: String,
}

/// The classes of API errors, each with its own remedy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApiErrorKind {
    /// `empty_token`, `token_invalid`: the token is missing or wrong.
    Auth,
    /// `no_active_subscription`: the plan or product does not include this operation.
    Plan,
    /// `quota_*_reached`, `quota_foreign_channel`: a quota of the plan is used up.
    Quota,
    /// `flood_control_N`: too many requests; retry after this many seconds.
    FloodControl { retry_after_secs: u32 },
    /// `outdated_statistics`: the service has no current statistics for this object.
    OutdatedStatistics,
    /// A parameter the service refused (`param … required`, `param q is too short`, …).
    InvalidParameter,
    /// `wrong_method`, `wrong_method_type`: the operation or HTTP method is not known.
    WrongMethod,
    /// `upstream_unavailable`, `upstream_timeout`, `upstream_too_large`: the gateway in front of
    /// the service got no usable answer from it (it sends these with HTTP 502 or 504).
    Upstream,
    /// `unknown_error` or a message this client does not know.
    Unknown,
}

impl ApiError {
    /// Classifies a message of an error envelope.
    pub fn from_message(message: &str) -> ApiError {
        let code = message.trim();
        let kind = match code {
            "empty_token" | "token_invalid" => ApiErrorKind::Auth,
            "no_active_subscription" => ApiErrorKind::Plan,
            "outdated_statistics" => ApiErrorKind::OutdatedStatistics,
            "wrong_method" | "wrong_method_type" => ApiErrorKind::WrongMethod,
            "upstream_unavailable" | "upstream_timeout" | "upstream_too_large" => {
                ApiErrorKind::Upstream
            }
            "unknown_error" => ApiErrorKind::Unknown,
            _ if code.starts_with("quota_") => ApiErrorKind::Quota,
            _ => match code.strip_prefix("flood_control_") {
                Some(secs) => match secs.parse() {
                    Ok(retry_after_secs) => ApiErrorKind::FloodControl { retry_after_secs },
                    Err(_) => ApiErrorKind::Unknown,
                },
                None if is_parameter_message(code) => ApiErrorKind::InvalidParameter,
                None => ApiErrorKind::Unknown,
            },
        };
        ApiError {
            kind,
            message: code.to_owned(),
        }
    }
}

/// Free-text parameter errors: `param q is too short`, `param country required`, and the
/// spec's `at least one parameters q or category required`.
fn is_parameter_message(message: &str) -> bool {
    message.starts_with("param ")
        || message.starts_with("at least one parameter")
        || message.contains("required")
        || message.contains("too short")
        || message.contains("too long")
        || message.contains("invalid")
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let advice = match self.kind {
            ApiErrorKind::Auth => "the API token is missing or not valid",
            ApiErrorKind::Plan => "the plan of this token does not include this operation",
            ApiErrorKind::Quota => "a request quota of this token's plan is used up",
            ApiErrorKind::FloodControl { .. } => "too many requests; wait before retrying",
            ApiErrorKind::OutdatedStatistics => "the service has no current statistics for this",
            ApiErrorKind::InvalidParameter => "the service refused a parameter",
            ApiErrorKind::WrongMethod => "the service does not know this operation",
            ApiErrorKind::Upstream => "the gateway could not get an answer from the service",
            ApiErrorKind::Unknown => "the service reported an error",
        };
        write!(f, "{advice} ({})", self.message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Invalid(invalid) => write!(f, "{invalid}"),
            Error::Api(api) => write!(f, "{api}"),
            Error::Pending => {
                f.write_str("the service is still preparing this data; try again shortly")
            }
            Error::Http { status } => write!(f, "the server answered HTTP {status}"),
            Error::TooManyRequests {
                retry_after_secs: Some(secs),
            } => write!(f, "too many requests (HTTP 429); retry after {secs} s"),
            Error::TooManyRequests { .. } => f.write_str("too many requests (HTTP 429)"),
            Error::Network(detail) => write!(f, "network error: {detail}"),
            Error::Timeout => f.write_str("no answer in time"),
            Error::Aborted => f.write_str("the request was cancelled"),
            Error::Incomplete => f.write_str("the answer was cut short"),
            Error::Decode(detail) => write!(f, "unexpected answer from the service: {detail}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<Invalid> for Error {
    fn from(invalid: Invalid) -> Self {
        Error::Invalid(invalid)
    }
}

impl Error {
    /// Seconds to wait before asking again, when the service (flood control) or a proxy in
    /// front of it (HTTP 429 with `Retry-After`) said so.
    pub fn retry_after_secs(&self) -> Option<u32> {
        match self {
            Error::Api(ApiError {
                kind: ApiErrorKind::FloodControl { retry_after_secs },
                ..
            }) => Some(*retry_after_secs),
            Error::TooManyRequests { retry_after_secs } => *retry_after_secs,
            _ => None,
        }
    }

    /// Replaces every occurrence of `secret` in the error's text, so that no message can carry the
    /// token (a network layer may quote the URL it failed on).
    pub(crate) fn redact(self, secret: &str) -> Error {
        if secret.is_empty() {
            return self;
        }
        let scrub = |text: String| text.replace(secret, "***");
        match self {
            Error::Network(detail) => Error::Network(scrub(detail)),
            Error::Decode(detail) => Error::Decode(scrub(detail)),
            Error::Api(ApiError { kind, message }) => Error::Api(ApiError {
                kind,
                message: scrub(message),
            }),
            other => other,
        }
    }
}
