//! What a planted channel is made of: its spec, its events and the adverts for it, with the
//! defaults the battery's channels start from.

use super::super::channels::Restriction;
use super::super::growth::Shape;

/// How an advert names the channel it promotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Naming {
    /// `t.me/<name>`.
    Link,
    /// `@<name>`.
    Username,
    /// The channel's invite link, `t.me/joinchat/<code>`: a search for the channel's link or
    /// username does not find it, only a campaign that tracks the placement knows it.
    Invite,
}

/// An advert for a planted channel in a generated channel's post, placed in a post near `days`
/// days and `hours` hours before "now" (within 12 hours).
pub struct Advert {
    pub days: i64,
    pub hours: i64,
    /// The share of the host post's final views that subscribe, [`Shape::Fading`] with time
    /// constant `fading_hours`. Market guides give 1–5 % for an ordinary advert, 10 % for an
    /// exceptional, well-targeted one.
    pub conversion: f64,
    pub fading_hours: f64,
    pub naming: Naming,
    /// The final views of the host post sought: of the posts near the time, the one whose
    /// views are nearest on a log scale. `None`: the post nearest in time.
    pub host_views: Option<f64>,
    /// Whether a tracked campaign has it as a placement (its time, post and views known).
    pub tracked: bool,
    /// Subscribers bought half an hour after the post, as a share of its final views (0 for
    /// none), spread evenly over `bots_hours` (at most 1: within the hour), a share `bots_loss`
    /// of them lost after (time constant 3 days). Bots that hide behind the advert.
    pub bots: f64,
    pub bots_hours: f64,
    pub bots_loss: f64,
}

/// The time constant of an ordinary advert's arrivals: most come within a day, nearly all
/// within two.
const ADVERT_HOURS: f64 = 10.0;
/// The share of an advert's subscribers who leave again, over a time constant of 10 days.
pub(super) const ADVERT_LOSS: f64 = 0.1;

/// Subscribers arriving or leaving at a set time: `days` before "now", at `hour` UTC.
pub struct Planted {
    pub days: i64,
    pub hour: i64,
    /// Negative for subscribers leaving.
    pub size: f64,
    pub shape: Shape,
    /// The share lost afterwards, and its time constant in days.
    pub loss: f64,
    pub loss_days: f64,
    /// Whether they were bought (or, leaving, purged): the truth the health check is judged on.
    /// Bought subscribers never read.
    pub bought: bool,
}

/// One planted channel.
pub struct Spec {
    pub username: &'static str,
    pub title: &'static str,
    pub about: &'static str,
    pub category: &'static str,
    /// Subscribers at "now".
    pub now_count: f64,
    /// Growth a day, as a share…
    pub daily_growth: f64,
    /// …and on Saturdays and Sundays, where it differs (a weekly rhythm).
    pub weekend_growth: Option<f64>,
    /// The amplitude of a daily rhythm, as a share of the count: lowest at 06:00 UTC, highest
    /// at 18:00, so that the count gains by day and loses at night. 0 for none.
    pub rhythm: f64,
    /// Hourly noise, as a share of the count.
    pub jitter: f64,
    pub events: &'static [Planted],
    pub adverts: &'static [Advert],
    pub restriction: Restriction,
    /// Whether the battery reads it by day, as on a plan that gives no hours.
    pub daily_only: bool,
    /// Posts a day on average (each day 0.5 to 1.5 times as many, rounded).
    pub posts_per_day: f64,
    /// The channel's usual ERR: a post's final views over its organic subscribers at
    /// publication, before the post's own luck (0.8 to 1.2).
    pub err: f64,
}

impl Spec {
    /// Whether anything in its history was bought.
    pub fn bought(&self) -> bool {
        self.events.iter().any(|e| e.bought) || self.adverts.iter().any(|a| a.bots > 0.0)
    }
}

/// Hourly noise of most planted channels, as a share of the count: small enough that a flat
/// stretch stays flat.
pub const PLANTED_JITTER: f64 = 0.0001;

pub(super) const fn dump(days: i64, hour: i64, size: f64, loss: f64, loss_days: f64) -> Planted {
    Planted {
        days,
        hour,
        size,
        shape: Shape::Dump,
        loss,
        loss_days,
        bought: true,
    }
}

/// Bots at an even rate over `hours` that starts and stops at once: a box.
pub(super) const fn bought_box(days: i64, hour: i64, size: f64, hours: f64) -> Planted {
    Planted {
        shape: Shape::Drip(hours),
        ..dump(days, hour, size, 0.15, 5.0)
    }
}

/// An advert naming the channel by `naming`, converting `conversion` of the views of a post
/// with about `host_views`.
pub(super) const fn advert(
    days: i64,
    hours: i64,
    conversion: f64,
    host_views: f64,
    naming: Naming,
) -> Advert {
    Advert {
        days,
        hours,
        conversion,
        fading_hours: ADVERT_HOURS,
        naming,
        host_views: Some(host_views),
        tracked: false,
        bots: 0.0,
        bots_hours: 1.0,
        bots_loss: 0.3,
    }
}

pub(super) const fn spec(username: &'static str, title: &'static str, about: &'static str) -> Spec {
    Spec {
        username,
        title,
        about,
        category: "news",
        now_count: 20_000.0,
        daily_growth: 0.001,
        weekend_growth: None,
        rhythm: 0.0,
        jitter: PLANTED_JITTER,
        events: &[],
        adverts: &[],
        restriction: Restriction::None,
        daily_only: false,
        posts_per_day: 1.5,
        err: 0.2,
    }
}
