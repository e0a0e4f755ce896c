//! Tokens, the plans and products they hold, and what each operation requires of them.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use serverkit::envelope::{ApiError, EMPTY_TOKEN, NO_ACTIVE_SUBSCRIPTION, TOKEN_INVALID};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Plan {
    S,
    M,
    L,
    XL,
}

impl FromStr for Plan {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_uppercase().as_str() {
            "S" => Ok(Plan::S),
            "M" => Ok(Plan::M),
            "L" => Ok(Plan::L),
            "XL" => Ok(Plan::XL),
            _ => Err(format!("plan must be S, M, L or XL; got \"{s}\"")),
        }
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Plan::S => "S",
            Plan::M => "M",
            Plan::L => "L",
            Plan::XL => "XL",
        })
    }
}

/// The two products the service sells; a token holds one or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Product {
    Search,
    Stat,
}

/// What a token may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grant {
    pub search: bool,
    pub stat: bool,
    pub plan: Plan,
}

impl Grant {
    fn has(&self, product: Product) -> bool {
        match product {
            Product::Search => self.search,
            Product::Stat => self.stat,
        }
    }
}

/// What an operation requires: one of `products`, at `min_plan` or above.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    pub products: &'static [Product],
    pub min_plan: Plan,
}

/// The token that works for everything unless redefined, so a preview needs no setup.
pub const DEMO_TOKEN: &str = "demo";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tokens {
    grants: HashMap<String, Grant>,
    /// The token a request without one acts as (the preview runs without settings this way);
    /// `None`: such requests get `empty_token`, as from the real service.
    anonymous: Option<String>,
}

impl Default for Tokens {
    fn default() -> Self {
        let mut tokens = HashMap::new();
        tokens.insert(
            DEMO_TOKEN.to_owned(),
            Grant {
                search: true,
                stat: true,
                plan: Plan::XL,
            },
        );
        Tokens {
            grants: tokens,
            anonymous: None,
        }
    }
}

impl Tokens {
    /// Adds or replaces a token from `NAME=PRODUCTS:PLAN`, e.g. `both-m=search+stat:M`.
    pub fn add(&mut self, entry: &str) -> Result<(), String> {
        let bad =
            || format!("token must read NAME=search|stat|search+stat:S|M|L|XL; got \"{entry}\"");
        let (name, rest) = entry.trim().split_once('=').ok_or_else(bad)?;
        let (products, plan) = rest.split_once(':').ok_or_else(bad)?;
        if name.is_empty() {
            return Err(bad());
        }
        let mut grant = Grant {
            search: false,
            stat: false,
            plan: plan.parse()?,
        };
        for product in products.split('+') {
            match product {
                "search" => grant.search = true,
                "stat" => grant.stat = true,
                _ => return Err(bad()),
            }
        }
        self.grants.insert(name.to_owned(), grant);
        Ok(())
    }

    /// Requests without a token act as `name`, which must be a known token.
    pub fn set_anonymous(&mut self, name: &str) -> Result<(), String> {
        if !self.grants.contains_key(name) {
            return Err(format!(
                "--anonymous-token names an unknown token \"{name}\""
            ));
        }
        self.anonymous = Some(name.to_owned());
        Ok(())
    }

    /// Adds every entry of a tokens file: one entry a line; blank lines and `#` comments skipped.
    pub fn add_file(&mut self, text: &str) -> Result<(), String> {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .try_for_each(|l| self.add(l))
    }

    /// Whether `token` may call an operation requiring `access`.
    pub fn check(&self, token: Option<&str>, access: Access) -> Result<(), ApiError> {
        let token = token
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .or(self.anonymous.as_deref());
        let token = token.ok_or_else(|| ApiError::new(EMPTY_TOKEN))?;
        let grant = self
            .grants
            .get(token)
            .ok_or_else(|| ApiError::new(TOKEN_INVALID))?;
        let product = access.products.iter().any(|p| grant.has(*p));
        if product && grant.plan >= access.min_plan {
            Ok(())
        } else {
            Err(ApiError::new(NO_ACTIVE_SUBSCRIPTION))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_and_checks() {
        let mut tokens = Tokens::default();
        tokens.add("s-search=search:S").unwrap();
        tokens.add("both-m=search+stat:m").unwrap();
        assert!(tokens.add("x=mail:S").is_err());
        assert!(tokens.add("x=stat:XXL").is_err());
        let xl_stat = Access {
            products: &[Product::Stat],
            min_plan: Plan::XL,
        };
        let search = Access {
            products: &[Product::Search],
            min_plan: Plan::S,
        };
        assert_eq!(tokens.check(Some("s-search"), search), Ok(()));
        assert_eq!(
            tokens.check(Some("s-search"), xl_stat),
            Err(ApiError::new(NO_ACTIVE_SUBSCRIPTION))
        );
        assert_eq!(
            tokens.check(Some("both-m"), xl_stat),
            Err(ApiError::new(NO_ACTIVE_SUBSCRIPTION))
        );
        assert_eq!(tokens.check(Some("demo"), xl_stat), Ok(()));
        assert_eq!(
            tokens.check(Some(" "), search),
            Err(ApiError::new(EMPTY_TOKEN))
        );
        assert_eq!(
            tokens.check(Some("nope"), search),
            Err(ApiError::new(TOKEN_INVALID))
        );

        assert_eq!(tokens.check(None, search), Err(ApiError::new(EMPTY_TOKEN)));
        assert!(tokens.set_anonymous("nobody").is_err());
        tokens.set_anonymous("s-search").unwrap();
        assert_eq!(tokens.check(None, search), Ok(()));
        assert_eq!(tokens.check(Some(""), search), Ok(()));
        assert_eq!(
            tokens.check(None, xl_stat),
            Err(ApiError::new(NO_ACTIVE_SUBSCRIPTION))
        );
        // A token that is given is still checked, never replaced.
        assert_eq!(
            tokens.check(Some("nope"), search),
            Err(ApiError::new(TOKEN_INVALID))
        );
    }
}
