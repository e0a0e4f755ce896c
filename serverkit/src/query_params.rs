//! Reading a request's query parameters: each reader names the parameter in its error, as a
//! client needs to show which field to fix.

use std::collections::HashMap;
use std::str::FromStr;

use chanscope_api::params::UnknownValue;

use crate::envelope::ApiError;

/// The parameters of one request by name, as given.
pub struct Params(pub HashMap<String, String>);

impl Params {
    /// A parameter's value, trimmed; blank counts as absent.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(|v| v.trim()).filter(|v| !v.is_empty())
    }

    pub fn required(&self, name: &str) -> Result<&str, ApiError> {
        self.text(name).ok_or_else(|| ApiError::required(name))
    }

    /// A flag: absent is 0.
    pub fn flag(&self, name: &str) -> Result<bool, ApiError> {
        match self.text(name) {
            None | Some("0") => Ok(false),
            Some("1") => Ok(true),
            Some(_) => Err(ApiError::new(format!("param {name} must be 0 or 1"))),
        }
    }

    /// A whole number up to `max`, or `default` when absent.
    pub fn number(&self, name: &str, default: u32, min: u32, max: u32) -> Result<u32, ApiError> {
        let Some(text) = self.text(name) else {
            return Ok(default);
        };
        let value: u64 = text.parse().map_err(|_| ApiError::invalid(name))?;
        if value < u64::from(min) {
            return Err(ApiError::new(format!(
                "param {name} must be at least {min}"
            )));
        }
        if value > u64::from(max) {
            return Err(ApiError::at_most(name, max));
        }
        Ok(value as u32)
    }

    /// Unix seconds.
    pub fn timestamp(&self, name: &str) -> Result<Option<i64>, ApiError> {
        self.text(name)
            .map(|t| {
                t.parse::<i64>()
                    .ok()
                    .filter(|v| *v >= 0)
                    .ok_or_else(|| ApiError::invalid(name))
            })
            .transpose()
    }

    /// One of the values of a shared enum of the client (`PeerType`, `PeriodGroup`, ...).
    pub fn choice<T>(&self, name: &str, default: T) -> Result<T, ApiError>
    where
        T: FromStr<Err = UnknownValue>,
    {
        match self.text(name) {
            None => Ok(default),
            Some(text) => text.parse().map_err(|e: UnknownValue| {
                ApiError::new(format!(
                    "param {name} must be one of {}",
                    e.allowed.join(", ")
                ))
            }),
        }
    }

    /// A comma-separated list of at most `max` numeric IDs.
    pub fn id_list(&self, name: &str, max: usize) -> Result<Vec<u64>, ApiError> {
        let ids = self
            .required(name)?
            .split(',')
            .map(|part| {
                part.trim()
                    .parse::<u64>()
                    .map_err(|_| ApiError::invalid(name))
            })
            .collect::<Result<Vec<u64>, ApiError>>()?;
        if ids.len() > max {
            return Err(ApiError::new(format!(
                "param {name} must list at most {max} ids"
            )));
        }
        Ok(ids)
    }

    /// `startDate`..`endDate`, with `start` taken from `default_start` when absent.
    pub fn period(
        &self,
        default_start: impl FnOnce(Option<i64>) -> Option<i64>,
    ) -> Result<(Option<i64>, Option<i64>), ApiError> {
        let start = self.timestamp("startDate")?;
        let end = self.timestamp("endDate")?;
        let start = start.or_else(|| default_start(end));
        if let (Some(s), Some(e)) = (start, end) {
            if s > e {
                return Err(ApiError::new("param startDate must not be after endDate"));
            }
        }
        Ok((start, end))
    }
}
