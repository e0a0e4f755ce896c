//! Reading the options a host page passes in: a plain JavaScript object, read key by key so that
//! every problem names the option and says what is expected. Unknown keys are refused too: a
//! misspelt `chanel` must not turn into a silent empty box.

use std::fmt;
use std::str::FromStr;

use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::api::{ApiError, Error, Token};
use crate::format::Locale;
use crate::ui::{Ui, Zone};

/// A problem with the options, thrown to the host as a `TypeError`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    /// What was being set up, e.g. "channel card" or "Client.postSearch".
    pub what: &'static str,
    pub message: String,
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Chanscope {}: {}", self.what, self.message)
    }
}

impl From<OptionError> for JsValue {
    fn from(error: OptionError) -> JsValue {
        js_sys::TypeError::new(&error.to_string()).into()
    }
}

/// What a channel option accepts.
pub const CHANNEL_FORMS: &str =
    "@username, t.me/username, t.me/joinchat/… or the service's numeric ID";
/// What a post option accepts.
pub const POST_FORMS: &str = "t.me/username/123, t.me/c/123/45 or the service's numeric ID";

/// The options every widget takes (the client takes the first two).
pub const COMMON_KEYS: [&str; 5] = ["baseUrl", "token", "language", "timezone", "theme"];

/// `undefined` and `null` read as an empty object; anything else must be a plain object (a
/// string or an array would otherwise pass for one).
pub fn options_object(what: &'static str, value: &JsValue) -> Result<Object, OptionError> {
    if value.is_undefined() || value.is_null() {
        Ok(Object::new())
    } else if value.is_object() && !Array::is_array(value) && !value.is_function() {
        Ok(value.clone().unchecked_into())
    } else {
        Err(OptionError {
            what,
            message: "options must be an object, e.g. { channel: \"@name\" }".into(),
        })
    }
}

/// Key-by-key access to an options object whose keys were checked against the known ones.
pub struct Reader {
    what: &'static str,
    object: Object,
}

impl Reader {
    /// `undefined` and `null` read as an empty object; anything else must be an object whose
    /// keys are all in `keys`. Unknown keys are refused first: a misspelt `chanel` is better
    /// reported as itself than as a missing `channel`.
    pub fn new(what: &'static str, value: &JsValue, keys: &[&str]) -> Result<Reader, OptionError> {
        let object = options_object(what, value)?;
        let unknown = Object::keys(&object)
            .iter()
            .filter_map(|k| k.as_string())
            .find(|k| !keys.contains(&k.as_str()));
        if let Some(key) = unknown {
            let message = match keys.iter().find(|known| near_miss(&key, known)) {
                Some(meant) => format!("unknown option \"{key}\"; did you mean \"{meant}\"?"),
                None => {
                    let mut known = keys.to_vec();
                    known.sort_unstable();
                    format!(
                        "unknown option \"{key}\"; the options are {}",
                        quoted(&known)
                    )
                }
            };
            return Err(OptionError { what, message });
        }
        Ok(Reader { what, object })
    }

    pub fn error(&self, message: impl Into<String>) -> OptionError {
        OptionError {
            what: self.what,
            message: message.into(),
        }
    }

    fn wrong(&self, key: &str, expected: &str, value: &JsValue) -> OptionError {
        let got = value
            .js_typeof()
            .as_string()
            .unwrap_or_else(|| "something else".into());
        self.error(format!("option \"{key}\" must be {expected}, not {got}"))
    }

    /// The value of `key`; `undefined` and `null` count as absent.
    pub fn value(&mut self, key: &'static str) -> Option<JsValue> {
        let value = Reflect::get(&self.object, &key.into()).ok()?;
        (!value.is_undefined() && !value.is_null()).then_some(value)
    }

    /// A string; numbers are taken as their decimal text (IDs are often numbers in JavaScript).
    pub fn text(&mut self, key: &'static str) -> Result<Option<String>, OptionError> {
        let Some(value) = self.value(key) else {
            return Ok(None);
        };
        if let Some(text) = value.as_string() {
            return Ok(Some(text.trim().to_owned()).filter(|t| !t.is_empty()));
        }
        match value.as_f64() {
            Some(n) if n.fract() == 0.0 && (0.0..9.0e15).contains(&n) => {
                Ok(Some(format!("{}", n as u64)))
            }
            _ => Err(self.wrong(key, "a string", &value)),
        }
    }

    /// A string that must be there; `hint` says what it is.
    pub fn required(&mut self, key: &'static str, hint: &str) -> Result<String, OptionError> {
        self.text(key)?
            .ok_or_else(|| self.error(format!("option \"{key}\" is required ({hint})")))
    }

    /// A required identifier (`ChannelId`, `PostId`); `forms` lists what is accepted.
    pub fn id<T>(&mut self, key: &'static str, forms: &str) -> Result<T, OptionError>
    where
        T: FromStr,
        T::Err: fmt::Display,
    {
        let text = self.required(key, forms)?;
        text.parse()
            .map_err(|e| self.error(format!("option \"{key}\": {e}")))
    }

    /// One of the values `T` parses from (an API enum such as `PeriodGroup`).
    pub fn choice<T: FromStr>(
        &mut self,
        key: &'static str,
        allowed: &[&str],
    ) -> Result<Option<T>, OptionError> {
        let Some(text) = self.text(key)? else {
            return Ok(None);
        };
        text.parse().map(Some).map_err(|_| {
            self.error(format!(
                "option \"{key}\" must be one of {}, not \"{text}\"",
                quoted(allowed)
            ))
        })
    }

    /// `true`/`false`, or the API's flags `1`/`0`.
    pub fn flag(&mut self, key: &'static str) -> Result<Option<bool>, OptionError> {
        let Some(value) = self.value(key) else {
            return Ok(None);
        };
        if let Some(b) = value.as_bool() {
            return Ok(Some(b));
        }
        match value.as_f64() {
            Some(n) if n == 0.0 || n == 1.0 => Ok(Some(n == 1.0)),
            _ => Err(self.wrong(key, "true or false", &value)),
        }
    }

    /// A whole number from `min` to `max`.
    pub fn number(
        &mut self,
        key: &'static str,
        min: u32,
        max: u32,
    ) -> Result<Option<u32>, OptionError> {
        let Some(value) = self.value(key) else {
            return Ok(None);
        };
        let n = value
            .as_f64()
            .or_else(|| {
                value
                    .as_string()
                    .and_then(|s| crate::format::parse_decimal(&s))
            })
            .filter(|n| n.fract() == 0.0)
            .ok_or_else(|| self.wrong(key, "a whole number", &value))?;
        if n < f64::from(min) || n > f64::from(max) {
            return Err(self.error(format!(
                "option \"{key}\" must be from {min} to {max}, not {n}"
            )));
        }
        Ok(Some(n as u32))
    }

    /// A list: an array of strings or numbers, or one string of comma- or space-separated items.
    pub fn list(&mut self, key: &'static str) -> Result<Option<Vec<String>>, OptionError> {
        let Some(value) = self.value(key) else {
            return Ok(None);
        };
        if let Some(text) = value.as_string() {
            return Ok(Some(
                text.split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect(),
            ));
        }
        if !Array::is_array(&value) {
            return Err(self.wrong(key, "an array", &value));
        }
        let items: Array = value.unchecked_into();
        items
            .iter()
            .map(|item| match (item.as_string(), item.as_f64()) {
                (Some(text), _) => Ok(text.trim().to_owned()),
                (None, Some(n)) if n.fract() == 0.0 && n >= 0.0 => Ok(format!("{}", n as u64)),
                _ => Err(self.wrong(key, "an array of strings or numbers", &item)),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }
}

/// `given` is `wanted` with different letter case or at most two letters added, dropped or
/// changed.
fn near_miss(given: &str, wanted: &str) -> bool {
    let a: Vec<char> = given.to_lowercase().chars().collect();
    let b: Vec<char> = wanted.to_lowercase().chars().collect();
    if a.len().abs_diff(b.len()) > 2 {
        return false;
    }
    // Levenshtein distance, one row at a time.
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitute = previous + usize::from(ca != cb);
            previous = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(previous + 1);
        }
    }
    row[b.len()] <= 2
}

fn quoted(items: &[&str]) -> String {
    items
        .iter()
        .map(|i| format!("\"{i}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where the token comes from: nowhere (a gateway adds it), the options, or a function of the
/// host page called before every request (it may return a promise).
#[derive(Clone, Debug, PartialEq)]
pub enum TokenSource {
    None,
    Fixed(Token),
    Function(Function),
}

impl TokenSource {
    fn read(reader: &mut Reader) -> Result<TokenSource, OptionError> {
        let Some(value) = reader.value("token") else {
            return Ok(TokenSource::None);
        };
        if let Some(function) = value.dyn_ref::<Function>() {
            return Ok(TokenSource::Function(function.clone()));
        }
        match value.as_string() {
            Some(text) => Ok(Token::new(&text).map_or(TokenSource::None, TokenSource::Fixed)),
            None => Err(reader.wrong("token", "a string or a function", &value)),
        }
    }

    /// The token for the next request.
    pub async fn resolve(&self) -> Result<Option<Token>, Error> {
        let function = match self {
            TokenSource::None => return Ok(None),
            TokenSource::Fixed(token) => return Ok(Some(token.clone())),
            TokenSource::Function(function) => function,
        };
        let failed = |e: JsValue| {
            let detail = js_sys::Error::from(e).message();
            Error::Network(format!("the page's token function failed: {detail}"))
        };
        let mut value = function.call0(&JsValue::UNDEFINED).map_err(failed)?;
        if let Some(promise) = value.dyn_ref::<Promise>() {
            value = JsFuture::from(promise.clone()).await.map_err(failed)?;
        }
        match value.as_string().and_then(|t| Token::new(&t)) {
            Some(token) => Ok(Some(token)),
            None => Err(Error::Api(ApiError::from_message("empty_token"))),
        }
    }
}

/// How a widget looks: the host's custom properties over light defaults (`auto`), the visitor's
/// colour scheme (`system`), or forced light or dark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Theme {
    #[default]
    Auto,
    System,
    Light,
    Dark,
}

impl Theme {
    /// The class on the widget's root; `auto` has none and follows the custom properties.
    pub fn class(self) -> Option<&'static str> {
        match self {
            Theme::Auto => None,
            Theme::System => Some("cs-theme-system"),
            Theme::Light => Some("cs-theme-light"),
            Theme::Dark => Some("cs-theme-dark"),
        }
    }
}

impl FromStr for Theme {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        match s {
            "auto" => Ok(Theme::Auto),
            "system" => Ok(Theme::System),
            "light" => Ok(Theme::Light),
            "dark" => Ok(Theme::Dark),
            _ => Err(()),
        }
    }
}

/// The options every widget and the client share.
#[derive(Clone, Debug, PartialEq)]
pub struct Common {
    pub base_url: String,
    pub token: TokenSource,
    pub ui: Ui,
    pub theme: Theme,
}

impl Common {
    /// `baseUrl` (default: the `api` folder next to the module), `token`, `language` (`en`,
    /// `ru`), `timezone` (an IANA name, `UTC`; default the browser's), `theme`.
    pub fn read(reader: &mut Reader, default_base: &str) -> Result<Common, OptionError> {
        let base_url = match reader.text("baseUrl")? {
            Some(url) if crate::settings::valid_base_url(&url) => {
                url.trim_end_matches('/').to_owned()
            }
            Some(url) => {
                return Err(reader.error(format!(
                    "option \"baseUrl\" must be an http(s) URL or a path starting with /, not \"{url}\""
                )))
            }
            None => default_base.to_owned(),
        };
        let token = TokenSource::read(reader)?;
        let locale = match reader.text("language")?.as_deref() {
            None | Some("en") => Locale::En,
            Some("ru") => Locale::Ru,
            Some(other) => {
                return Err(reader.error(format!(
                    "option \"language\" must be \"en\" or \"ru\", not \"{other}\""
                )))
            }
        };
        let zone = match reader.text("timezone")? {
            None => Zone::Browser,
            Some(name) => Zone::from_name(&name).ok_or_else(|| {
                reader.error(format!(
                    "option \"timezone\" must be an IANA time zone such as \"Europe/Berlin\" or \"UTC\", not \"{name}\""
                ))
            })?,
        };
        let theme = reader
            .choice("theme", &["auto", "system", "light", "dark"])?
            .unwrap_or_default();
        Ok(Common {
            base_url,
            token,
            ui: Ui { locale, zone },
            theme,
        })
    }
}
