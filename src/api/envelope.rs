//! The response envelope `{status, response, error}`: success, API error, or pending, decided by
//! the body and never by the HTTP status (the service sends errors with HTTP 200).

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::error::{ApiError, Error};
use super::transport::HttpResponse;

/// Decodes an HTTP answer into the operation's `response`, or the typed error it stands for.
/// Any input gives `Ok` or `Err`, never a panic.
pub fn decode<R: DeserializeOwned>(answer: &HttpResponse) -> Result<R, Error> {
    let success = (200..300).contains(&answer.status);
    let mut envelope = match serde_json::from_str::<Value>(&answer.body) {
        Ok(Value::Object(map)) if map.contains_key("status") => map,
        // A proxy's or server's failure page: the HTTP status is all there is to report.
        _ if !success => {
            return Err(Error::Http {
                status: answer.status,
            })
        }
        Ok(_) => {
            return Err(Error::Decode(
                "the answer is JSON but not an API envelope".into(),
            ))
        }
        Err(e) if e.is_eof() => {
            return Err(Error::Decode(format!("the answer was cut short ({e})")))
        }
        Err(e) => return Err(Error::Decode(format!("the answer is not JSON ({e})"))),
    };
    match envelope.get("status").and_then(Value::as_str) {
        Some("ok") => {
            let response = envelope.remove("response").unwrap_or(Value::Null);
            payload(response)
        }
        Some("error") => {
            let message = match envelope.get("error") {
                Some(Value::String(text)) => text.clone(),
                Some(Value::Null) | None => String::new(),
                Some(other) => other.to_string(),
            };
            Err(Error::Api(ApiError::from_message(&message)))
        }
        Some("pending") => Err(Error::Pending),
        Some(other) => Err(Error::Decode(format!(
            "unknown envelope status \"{other}\""
        ))),
        None => Err(Error::Decode("the envelope status is not a string".into())),
    }
}

/// The service sends `[]` for an empty object; a payload of `[]` that does not fit the expected
/// type is therefore read again as `{}`.
fn payload<R: DeserializeOwned>(response: Value) -> Result<R, Error> {
    let empty_array = matches!(&response, Value::Array(items) if items.is_empty());
    match serde_json::from_value(response) {
        Ok(value) => Ok(value),
        Err(_) if empty_array => serde_json::from_value(Value::Object(Default::default()))
            .map_err(|e| Error::Decode(format!("unexpected shape of the response: {e}"))),
        Err(e) => Err(Error::Decode(format!(
            "unexpected shape of the response: {e}"
        ))),
    }
}
