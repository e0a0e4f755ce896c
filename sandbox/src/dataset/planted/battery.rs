//! The labelled battery: every planted channel's spec, its events and its truth.

use super::super::channels::Restriction;
use super::super::growth::Shape;

/// An advert for a planted channel in a generated channel's post, placed in the post nearest
/// `days` days and `hours` hours before "now".
pub struct Advert {
    pub days: i64,
    pub hours: i64,
    /// Subscribers it brings, [`Shape::Fading`] with time constant `fading_hours`.
    pub size: f64,
    pub fading_hours: f64,
    /// Whether it names the channel as `@name` rather than by its link.
    pub by_username: bool,
    /// Whether it goes into the post of the largest channel near that time rather than the
    /// nearest post.
    pub big: bool,
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
    /// Hourly noise, as a share of the count.
    pub jitter: f64,
    pub events: &'static [Planted],
    pub adverts: &'static [Advert],
    pub restriction: Restriction,
    /// Whether the battery reads it by day, as on a plan that gives no hours.
    pub daily_only: bool,
}

impl Spec {
    /// Whether anything in its history was bought.
    pub fn bought(&self) -> bool {
        self.events.iter().any(|e| e.bought)
    }
}

/// Hourly noise of most planted channels, as a share of the count: small enough that a flat
/// stretch stays flat.
pub const PLANTED_JITTER: f64 = 0.0001;

const fn dump(days: i64, hour: i64, size: f64, loss: f64, loss_days: f64) -> Planted {
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

const fn advert(days: i64, hours: i64, size: f64, by_username: bool) -> Advert {
    Advert {
        days,
        hours,
        size,
        fading_hours: ADVERT_HOURS,
        by_username,
        big: false,
    }
}

const fn spec(username: &'static str, title: &'static str, about: &'static str) -> Spec {
    Spec {
        username,
        title,
        about,
        category: "news",
        now_count: 20_000.0,
        daily_growth: 0.001,
        weekend_growth: None,
        jitter: PLANTED_JITTER,
        events: &[],
        adverts: &[],
        restriction: Restriction::None,
        daily_only: false,
    }
}

/// Every planted channel, in the order they follow the generated ones.
pub const BATTERY: [Spec; 15] = [
    Spec {
        now_count: 30_000.0,
        daily_growth: 0.002,
        events: &[dump(20, 14, 8_000.0, 0.4, 3.0)],
        ..spec(
            "bought_jump_news",
            "Morning Brief News",
            "Sandbox example: 8,000 subscribers bought in one hour 20 days ago, 40 % of them cleaned out in the days after.",
        )
    },
    Spec {
        category: "crypto",
        now_count: 14_000.0,
        events: &[dump(45, 3, 3_000.0, 0.3, 5.0)],
        restriction: Restriction::RedLabel,
        ..spec(
            "bought_jump_crypto",
            "Crypto Signals Daily",
            "Sandbox example: 3,000 subscribers bought in one hour 45 days ago, a third lost after; the service's red label.",
        )
    },
    Spec {
        category: "travels",
        now_count: 13_000.0,
        daily_growth: 0.0,
        events: &[dump(10, 11, 4_000.0, 0.0, 1.0)],
        ..spec(
            "flat_then_step",
            "Quiet Garden Notes",
            "Sandbox example: no growth for months, then 4,000 subscribers in one hour 10 days ago.",
        )
    },
    Spec {
        category: "education",
        daily_growth: 0.003,
        ..spec(
            "smooth_growth",
            "Steady Science Digest",
            "Sandbox example: grows by 0.3 % a day, every day, with nothing bought.",
        )
    },
    Spec {
        category: "economics",
        now_count: 25_000.0,
        daily_growth: 0.0008,
        adverts: &[
            advert(12, 10, 1_800.0, false),
            advert(8, 3, 1_200.0, true),
            advert(4, 15, 700.0, false),
        ],
        ..spec(
            "pocket_finance_tips",
            "Pocket Finance Tips",
            "Sandbox example: advertised in three other channels' posts 12, 8 and 4 days ago; 1,800, 1,200 and 700 subscribers came in the two days after each.",
        )
    },
    Spec {
        category: "marketing",
        now_count: 40_000.0,
        daily_growth: 0.0015,
        events: &[Planted {
            shape: Shape::Drip(9.0),
            ..dump(22, 20, 3_600.0, 0.25, 4.0)
        }],
        ..spec(
            "drip_fed_deals",
            "Daily Deals Radar",
            "Sandbox example: 3,600 subscribers bought 22 days ago, fed in evenly over 9 hours (400 an hour, 1 % of the count), a quarter lost after.",
        )
    },
    Spec {
        now_count: 1_400_000.0,
        daily_growth: 0.0003,
        events: &[Planted {
            shape: Shape::Drip(3.0),
            ..dump(18, 2, 22_000.0, 0.2, 5.0)
        }],
        ..spec(
            "mega_city_news",
            "Mega City News",
            "Sandbox example: 1.4 million subscribers; 22,000 bought 18 days ago over 3 hours (1.6 % of the count), a fifth lost after.",
        )
    },
    Spec {
        category: "tech",
        now_count: 60_000.0,
        events: &[Planted {
            shape: Shape::Drip(30.0),
            ..dump(16, 9, -6_000.0, 0.0, 1.0)
        }],
        ..spec(
            "purged_gadgets",
            "Gadget Garage",
            "Sandbox example: 6,000 subscribers removed over 30 hours 16 days ago, with no jump before: bought long ago, purged now.",
        )
    },
    Spec {
        category: "sport",
        now_count: 22_000.0,
        daily_growth: 0.0012,
        events: &[dump(27, 13, 4_500.0, 0.3, 3.0)],
        daily_only: true,
        ..spec(
            "daily_plan_bought",
            "Match Day Talk",
            "Sandbox example: 4,500 subscribers bought in one hour 27 days ago; the labelled battery reads it by day, as a plan without hours does.",
        )
    },
    Spec {
        category: "business",
        now_count: 36_000.0,
        events: &[
            dump(40, 10, 3_000.0, 0.3, 3.0),
            Planted {
                shape: Shape::Drip(4.0),
                ..dump(33, 16, 3_500.0, 0.3, 3.0)
            },
        ],
        ..spec(
            "bought_twice_biz",
            "Business Breakfast",
            "Sandbox example: bought twice a week apart, 3,000 in one hour 40 days ago and 3,500 over 4 hours 33 days ago, each a third lost after.",
        )
    },
    Spec {
        category: "music",
        now_count: 18_000.0,
        adverts: &[Advert {
            fading_hours: 4.0,
            big: true,
            ..advert(9, 18, 6_000.0, false)
        }],
        ..spec(
            "mention_surge_music",
            "Indie Music Finds",
            "Sandbox example: 6,000 subscribers within hours of a big channel's post that named it 9 days ago, nothing bought.",
        )
    },
    Spec {
        category: "food",
        now_count: 24_000.0,
        events: &[Planted {
            shape: Shape::Ramp(96.0),
            bought: false,
            ..dump(25, 6, 9_000.0, 0.0, 1.0)
        }],
        ..spec(
            "viral_recipes",
            "Five Minute Recipes",
            "Sandbox example: went viral 25 days ago, 9,000 subscribers over four days passed from reader to reader, nothing bought.",
        )
    },
    Spec {
        now_count: 2_000_000.0,
        daily_growth: 0.0001,
        ..spec(
            "quiet_million",
            "National Broadcast",
            "Sandbox example: 2 million subscribers growing 200 a day, with an hourly noise of about a hundred; nothing bought.",
        )
    },
    Spec {
        category: "handmade",
        now_count: 320.0,
        daily_growth: 0.002,
        jitter: 0.01,
        events: &[
            Planted {
                shape: Shape::Fading(1.0),
                bought: false,
                ..dump(30, 19, 9.0, 0.0, 1.0)
            },
            Planted {
                shape: Shape::Fading(1.0),
                bought: false,
                ..dump(12, 8, 14.0, 0.0, 1.0)
            },
        ],
        ..spec(
            "tiny_model_trains",
            "Model Trains Club",
            "Sandbox example: a club of about 320 readers; nine and fourteen came within an hour on two days, nothing bought.",
        )
    },
    Spec {
        category: "business",
        now_count: 45_000.0,
        daily_growth: 0.004,
        weekend_growth: Some(-0.001),
        ..spec(
            "weekday_office",
            "Office Hours",
            "Sandbox example: grows 0.4 % on weekdays and loses 0.1 % at weekends, every week; nothing bought.",
        )
    },
];
