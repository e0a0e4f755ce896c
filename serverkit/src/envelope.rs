//! The response envelope, and errors as the real service sends them: HTTP 200 with
//! `{"status":"error","error":"…"}`, told apart by the body only.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

pub const EMPTY_TOKEN: &str = "empty_token";
pub const TOKEN_INVALID: &str = "token_invalid";
pub const NO_ACTIVE_SUBSCRIPTION: &str = "no_active_subscription";
pub const WRONG_METHOD: &str = "wrong_method";
pub const WRONG_METHOD_TYPE: &str = "wrong_method_type";
pub const FLOOD_CONTROL_10: &str = "flood_control_10";

/// An error the API reports in its envelope.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError(pub String);

impl ApiError {
    pub fn new(message: impl Into<String>) -> ApiError {
        ApiError(message.into())
    }

    pub fn required(param: &str) -> ApiError {
        ApiError(format!("param {param} required"))
    }

    pub fn invalid(param: &str) -> ApiError {
        ApiError(format!("param {param} is invalid"))
    }

    pub fn at_most(param: &str, max: impl std::fmt::Display) -> ApiError {
        ApiError(format!("param {param} must be at most {max}"))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        json_response(error_body(&self.0))
    }
}

#[derive(Serialize)]
struct Ok<'a, T> {
    status: &'static str,
    response: &'a T,
}

#[derive(Serialize)]
struct Failed<'a> {
    status: &'static str,
    error: &'a str,
}

/// `{"status":"ok","response":…}`.
pub fn ok_body<T: Serialize>(response: &T) -> Vec<u8> {
    serde_json::to_vec(&Ok {
        status: "ok",
        response,
    })
    .expect("responses serialize to JSON")
}

/// `{"status":"error","error":…}`.
pub fn error_body(message: &str) -> Vec<u8> {
    serde_json::to_vec(&Failed {
        status: "error",
        error: message,
    })
    .expect("a string serializes to JSON")
}

/// A JSON body with HTTP 200, as the service answers both successes and API errors.
pub fn json_response(body: Vec<u8>) -> Response {
    (
        StatusCode::OK,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json; charset=utf-8"),
        )],
        body,
    )
        .into_response()
}
