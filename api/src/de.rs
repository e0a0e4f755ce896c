//! Tolerant deserializers for the variants the real service sends.
//!
//! The service is loose about JSON types: numbers and flags sometimes arrive as strings, flags as
//! booleans, `null` stands for "no value", and an empty value is encoded as `[]` even where an
//! object belongs. The helpers here are meant for `#[serde(deserialize_with = "...")]` and accept
//! exactly those variants. Anything else becomes a serde error: no input makes them panic, and a
//! number that does not fit its field is refused rather than wrapped or truncated.

use serde::de::{self, Deserialize, DeserializeOwned, Deserializer, Visitor};
use serde_json::{Map, Value};
use std::fmt;
use std::marker::PhantomData;

/// One JSON scalar as it arrived, before it is read as the field's type.
///
/// Integers are widened to `i128` so that every `i64` and `u64` the parser can produce is
/// represented exactly and range checks happen in one place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar<'a> {
    Null,
    Bool(bool),
    Int(i128),
    Float(f64),
    Str(&'a str),
}

/// A field type that can be read from whichever JSON scalar the service sends for it.
///
/// `Ok(None)` means "no value" (null, or a blank string where a number belongs); [`lenient`]
/// turns it into the type's default and [`lenient_opt`] into `None`. `Err` carries the reason.
pub trait Lenient: Sized {
    /// Reads one scalar; see the trait's documentation for the meaning of the result.
    fn from_scalar(value: Scalar<'_>) -> Result<Option<Self>, String>;
}

/// Floats at or beyond 2^64 cannot fit any integer field; refusing them early also keeps the
/// float-to-`i128` conversion below exact instead of saturating.
const INTEGRAL_FLOAT_LIMIT: f64 = 18_446_744_073_709_551_616.0;

fn parse_float(text: &str) -> Result<f64, String> {
    // Decimal digits only: no "inf" or "NaN", which no number of the service can mean.
    crate::format::parse_decimal(text).ok_or_else(|| format!("\"{text}\" is not a finite number"))
}

fn float_to_int(f: f64) -> Result<i128, String> {
    if !f.is_finite() || f.fract() != 0.0 {
        Err(format!("{f} is not an integer"))
    } else if f.abs() >= INTEGRAL_FLOAT_LIMIT {
        Err(format!("{f} is out of range for an integer"))
    } else {
        Ok(f as i128)
    }
}

/// An integer from a JSON integer, an integral float (`12.0`, `1e3`) or a numeric string.
fn integral(value: Scalar<'_>) -> Result<Option<i128>, String> {
    match value {
        Scalar::Null => Ok(None),
        Scalar::Int(n) => Ok(Some(n)),
        Scalar::Float(f) => float_to_int(f).map(Some),
        Scalar::Str(s) => {
            let s = s.trim();
            if s.is_empty() {
                return Ok(None);
            }
            match s.parse::<i128>() {
                Ok(n) => Ok(Some(n)),
                Err(_) => float_to_int(parse_float(s)?).map(Some),
            }
        }
        Scalar::Bool(b) => Err(format!("{b} is not a number")),
    }
}

fn int_in_range<T: TryFrom<i128>>(value: Scalar<'_>, type_name: &str) -> Result<Option<T>, String> {
    match integral(value)? {
        None => Ok(None),
        Some(n) => T::try_from(n)
            .map(Some)
            .map_err(|_| format!("{n} is out of range for {type_name}")),
    }
}

macro_rules! lenient_int {
    ($($ty:ty),+) => {$(
        impl Lenient for $ty {
            fn from_scalar(value: Scalar<'_>) -> Result<Option<Self>, String> {
                int_in_range(value, stringify!($ty))
            }
        }
    )+};
}

lenient_int!(i32, i64, u32, u64);

impl Lenient for f64 {
    fn from_scalar(value: Scalar<'_>) -> Result<Option<Self>, String> {
        match value {
            Scalar::Null => Ok(None),
            Scalar::Int(n) => Ok(Some(n as f64)),
            Scalar::Float(f) => Ok(Some(f)),
            Scalar::Str(s) if s.trim().is_empty() => Ok(None),
            Scalar::Str(s) => parse_float(s.trim()).map(Some),
            Scalar::Bool(b) => Err(format!("{b} is not a number")),
        }
    }
}

/// Flags are documented as `0`/`1`; `true`/`false` and their string forms are accepted too.
/// Any other number is refused: guessing what a `2` means would hide a change on the service.
impl Lenient for bool {
    fn from_scalar(value: Scalar<'_>) -> Result<Option<Self>, String> {
        match value {
            Scalar::Bool(b) => return Ok(Some(b)),
            Scalar::Str(s) if s.trim().eq_ignore_ascii_case("true") => return Ok(Some(true)),
            Scalar::Str(s) if s.trim().eq_ignore_ascii_case("false") => return Ok(Some(false)),
            _ => {}
        }
        match integral(value)? {
            None => Ok(None),
            Some(0) => Ok(Some(false)),
            Some(1) => Ok(Some(true)),
            Some(n) => Err(format!("a flag must be 0 or 1, not {n}")),
        }
    }
}

/// Text as sent (not trimmed); a number becomes its decimal spelling, so an identifier sent as
/// `123` or `"123"` reads the same. Booleans are refused: no text field is documented as one.
impl Lenient for String {
    fn from_scalar(value: Scalar<'_>) -> Result<Option<Self>, String> {
        match value {
            Scalar::Null => Ok(None),
            Scalar::Str(s) => Ok(Some(s.to_owned())),
            Scalar::Int(n) => Ok(Some(n.to_string())),
            Scalar::Float(f) => Ok(Some(match float_to_int(f) {
                Ok(n) => n.to_string(),
                // serde_json spells floats the shortest way that reads back the same.
                Err(_) => {
                    serde_json::Number::from_f64(f).map_or_else(|| f.to_string(), |n| n.to_string())
                }
            })),
            Scalar::Bool(b) => Err(format!("{b} is not text")),
        }
    }
}

struct ScalarVisitor<T>(PhantomData<T>);

impl<T: Lenient> ScalarVisitor<T> {
    fn read<E: de::Error>(value: Scalar<'_>) -> Result<Option<T>, E> {
        T::from_scalar(value).map_err(E::custom)
    }
}

impl<'de, T: Lenient> Visitor<'de> for ScalarVisitor<T> {
    type Value = Option<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number, a string, a boolean or null")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Self::read(Scalar::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Self::read(Scalar::Int(v.into()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Self::read(Scalar::Int(v.into()))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Self::Value, E> {
        Self::read(Scalar::Int(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Self::read(Scalar::Float(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Self::read(Scalar::Str(v))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Self::read(Scalar::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Self::read(Scalar::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

/// A scalar field read leniently (see [`Lenient`]); null or a blank numeric string gives the
/// type's default.
pub fn lenient<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Lenient + Default,
{
    lenient_opt(deserializer).map(Option::unwrap_or_default)
}

/// A scalar field read leniently (see [`Lenient`]) where "no value" must stay distinguishable
/// from zero, e.g. the citation index that post search does not send.
pub fn lenient_opt<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Lenient,
{
    deserializer.deserialize_any(ScalarVisitor(PhantomData))
}

/// The service encodes "nothing" as `null`, `[]` or `{}` (an empty PHP array).
fn is_empty_value(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Array(items) => items.is_empty(),
        Value::Object(fields) => fields.is_empty(),
        _ => false,
    }
}

/// A field of any JSON shape that may instead be `null`, `[]` or `{}`, all of which mean "none"
/// (`forwarded_from`: a channel ID, or something else kept as sent).
pub fn value_or_none<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned,
{
    let value = Value::deserialize(deserializer)?;
    if is_empty_value(&value) {
        return Ok(None);
    }
    T::deserialize(value).map(Some).map_err(de::Error::custom)
}

/// An object field that may instead be `null`, `[]` or `{}`, all of which mean "none". Any other
/// shape (a scalar, a non-empty array) is not the object either and reads as none too, rather
/// than failing the whole answer over one field.
///
/// Read as it streams by: an object is told empty by its first key, which is then handed back to
/// `T` in front of the rest (no intermediate `Value`: a post search reads one per post).
pub fn none_if_empty<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned,
{
    deserializer.deserialize_any(NoneIfEmpty(PhantomData))
}

struct NoneIfEmpty<T>(PhantomData<T>);

impl<'de, T: DeserializeOwned> Visitor<'de> for NoneIfEmpty<T> {
    type Value = Option<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object, null, [] or {}")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_seq<S: de::SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
        while seq.next_element::<de::IgnoredAny>()?.is_some() {}
        Ok(None)
    }

    fn visit_map<M: de::MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
        let Some(first) = map.next_key::<String>()? else {
            return Ok(None);
        };
        let rest = FirstKeyThen {
            first: Some(first),
            map,
        };
        T::deserialize(de::value::MapAccessDeserializer::new(rest)).map(Some)
    }
}

/// A map whose first key has been read already.
struct FirstKeyThen<M> {
    first: Option<String>,
    map: M,
}

impl<'de, M: de::MapAccess<'de>> de::MapAccess<'de> for FirstKeyThen<M> {
    type Error = M::Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, M::Error> {
        match self.first.take() {
            Some(key) => seed
                .deserialize(de::value::StringDeserializer::<M::Error>::new(key))
                .map(Some),
            None => self.map.next_key_seed(seed),
        }
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, M::Error> {
        self.map.next_value_seed(seed)
    }
}

/// A list that may also arrive as `null` (no elements) or as one bare element.
pub fn one_or_many<'de, D, T>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned,
{
    let elements = match Value::deserialize(deserializer)? {
        Value::Null => Vec::new(),
        Value::Array(elements) => elements,
        single => vec![single],
    };
    elements
        .into_iter()
        .map(T::deserialize)
        .collect::<Result<_, _>>()
        .map_err(de::Error::custom)
}

/// Restriction fields: `[]` when none, otherwise an object or an array of objects. Their keys
/// are not specified, so each restriction stays a JSON object; empty objects carry no
/// restriction and are dropped.
pub fn restrictions<'de, D>(deserializer: D) -> Result<Vec<Map<String, Value>>, D::Error>
where
    D: Deserializer<'de>,
{
    let mut found: Vec<Map<String, Value>> = one_or_many(deserializer)?;
    found.retain(|fields| !fields.is_empty());
    Ok(found)
}

/// A field (typically a list) that may be `null`, which reads as the type's default.
pub fn null_as_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Option::<T>::deserialize(deserializer).map(Option::unwrap_or_default)
}
