//! The labelled battery: every planted channel's spec, its events and its truth.

use super::super::channels::Restriction;
use super::super::growth::Shape;
use super::spec::{advert, bought_box, dump, spec, Advert, Naming, Planted, Spec};

/// The days before "now" of `@mention_surge_music`'s advert and `@readers_followed`'s: where
/// each run of the battery has a post with views enough near the time.
const MUSIC_DAYS: i64 = 9;
const READERS_DAYS: i64 = 28;

/// Every planted channel, in the order they follow the generated ones.
pub const BATTERY: [Spec; 24] = [
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
            advert(12, 10, 0.05, 40_000.0, Naming::Link),
            advert(8, 3, 0.04, 40_000.0, Naming::Username),
            advert(4, 15, 0.03, 40_000.0, Naming::Link),
        ],
        ..spec(
            "pocket_finance_tips",
            "Pocket Finance Tips",
            "Sandbox example: advertised in three other channels' posts 12, 8 and 4 days ago; 5, 4 and 3 % of each post's readers subscribed in the two days after it.",
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
            ..advert(MUSIC_DAYS, 18, 0.06, 100_000.0, Naming::Link)
        }],
        ..spec(
            "mention_surge_music",
            "Indie Music Finds",
            "Sandbox example: 6 % of the readers of a big channel's post that named it subscribed within hours, nothing bought.",
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
    Spec {
        now_count: 50_000.0,
        events: &[bought_box(15, 8, 3_000.0, 24.0)],
        ..spec(
            "box_one_day",
            "Evening Wire",
            "Sandbox example: 3,000 subscribers bought 15 days ago, fed in at an even 125 an hour for one day.",
        )
    },
    Spec {
        category: "tech",
        now_count: 80_000.0,
        events: &[bought_box(26, 0, 4_800.0, 48.0)],
        ..spec(
            "box_two_days",
            "Code Review Weekly",
            "Sandbox example: 4,800 subscribers bought 26 days ago, 100 an hour for two days at an even rate.",
        )
    },
    Spec {
        category: "travels",
        now_count: 60_000.0,
        events: &[bought_box(38, 12, 6_000.0, 96.0)],
        ..spec(
            "box_four_days",
            "Cheap Flights Hunter",
            "Sandbox example: 6,000 subscribers bought 38 days ago, about 62 an hour for four days at an even rate.",
        )
    },
    Spec {
        category: "crypto",
        now_count: 30_000.0,
        adverts: &[Advert {
            bots: 0.35,
            ..advert(14, 20, 0.03, 20_000.0, Naming::Link)
        }],
        ..spec(
            "masked_mention_bots",
            "Token Talk",
            "Sandbox example: advertised in a post of about 20,000 views 14 days ago; 3 % of its readers subscribed, and in the hour after it 35 % of its views in bought subscribers arrived.",
        )
    },
    Spec {
        category: "marketing",
        now_count: 35_000.0,
        adverts: &[Advert {
            tracked: true,
            bots: 0.25,
            bots_hours: 6.0,
            ..advert(19, 11, 0.02, 30_000.0, Naming::Invite)
        }],
        ..spec(
            "placement_bots",
            "Growth Hacks Daily",
            "Sandbox example: a tracked campaign's placement 19 days ago, naming the channel by its invite link; 2 % of its readers subscribed, and bought subscribers of a quarter of its views over 6 hours after it.",
        )
    },
    Spec {
        category: "economics",
        now_count: 40_000.0,
        events: &[bought_box(21, 6, 800.0, 72.0)],
        adverts: &[
            advert(30, 12, 0.03, 25_000.0, Naming::Link),
            advert(9, 17, 0.03, 25_000.0, Naming::Username),
        ],
        ..spec(
            "slow_bots_adverts",
            "Budget Lab",
            "Sandbox example: advertised 30 and 9 days ago (3 % of each post's readers subscribed), and 800 subscribers bought over three days 21 days ago.",
        )
    },
    Spec {
        category: "education",
        now_count: 40_000.0,
        adverts: &[
            advert(34, 9, 0.01, 50_000.0, Naming::Link),
            advert(25, 14, 0.03, 50_000.0, Naming::Link),
            advert(16, 19, 0.06, 50_000.0, Naming::Username),
            advert(6, 10, 0.10, 50_000.0, Naming::Link),
        ],
        ..spec(
            "advert_ladder",
            "Language Lessons Hub",
            "Sandbox example: four adverts 34, 25, 16 and 6 days ago, of which 1, 3, 6 and 10 % of the readers subscribed; nothing bought.",
        )
    },
    Spec {
        category: "health",
        now_count: 18_000.0,
        adverts: &[Advert {
            fading_hours: 12.0,
            ..advert(READERS_DAYS, 16, 0.04, 120_000.0, Naming::Link)
        }],
        ..spec(
            "readers_followed",
            "Calm Mind Notes",
            "Sandbox example: a big channel's feature brought 4 % of its readers within a day or two, over a third more subscribers, who read like the rest; nothing bought.",
        )
    },
    Spec {
        category: "sport",
        now_count: 50_000.0,
        rhythm: 0.006,
        events: &[Planted {
            shape: Shape::Drip(5.0),
            ..dump(11, 0, 2_000.0, 0.2, 4.0)
        }],
        ..spec(
            "night_rhythm_bots",
            "Late Night Football",
            "Sandbox example: gains by day and loses at night, every day; 2,000 subscribers bought 11 days ago over the night's hours from midnight to 05:00.",
        )
    },
];
