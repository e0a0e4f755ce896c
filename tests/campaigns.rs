//! Campaigns as typed: the check that reads them (every problem named, by row), the campaigns
//! file read back, and every reason an import is refused.

use chanscope::api::ids::{ChannelId, IdError, IdKind, PostId};
use chanscope::campaigns::{
    check, export_campaigns, import_campaigns, parse_date, Campaign, CampaignFileError,
    CheckedPlacement, PlacementEntry, Problem,
};
use chanscope::figures::reach::PriceError;
use chanscope::format::Locale;
use chanscope::store::{merge, MergeReport};
use chrono::NaiveDate;
use serde_json::json;

fn entry(post: &str, price: &str, date: &str) -> PlacementEntry {
    PlacementEntry {
        post: post.into(),
        price: price.into(),
        date: date.into(),
    }
}

fn campaign(id: &str) -> Campaign {
    Campaign {
        name: format!("Campaign {id}"),
        promoted: "t.me/promoted".into(),
        placements: vec![
            entry("t.me/host/12", "1 500 ₽", "2026-11-20 14:00"),
            entry("https://t.me/other/7", "$200", ""),
        ],
        ..Campaign::new(id.into())
    }
}

#[test]
fn a_campaign_as_typed_is_read_into_ids_prices_and_dates() {
    let checked = check(&campaign("a")).unwrap();
    assert_eq!(checked.promoted, ChannelId::Link("promoted".into()));
    let at = NaiveDate::from_ymd_opt(2026, 11, 20)
        .unwrap()
        .and_hms_opt(14, 0, 0);
    assert_eq!(
        checked.placements,
        [
            CheckedPlacement {
                post: PostId::Link {
                    username: "host".into(),
                    message: 12
                },
                // "1 500 ₽": the digits with their group space, the sign as the currency.
                price: 1500.0,
                currency: "₽".into(),
                at,
            },
            CheckedPlacement {
                post: PostId::Link {
                    username: "other".into(),
                    message: 7
                },
                price: 200.0,
                currency: "$".into(),
                // Empty: the post's statistics give it.
                at: None,
            },
        ]
    );
}

#[test]
fn every_problem_is_named_with_its_row() {
    let typed = Campaign {
        name: " ".into(),
        promoted: "t.me/host/12".into(),
        placements: vec![
            entry("@host", "free", "yesterday"),
            entry("t.me/host/3", "300", "2026-11-20"),
            // Thousands in a group of two: refused with why, never read as 1,500 or 15.
            entry("t.me/host/4", "15 00 ₽", ""),
        ],
        ..Campaign::new("x".into())
    };
    assert_eq!(
        check(&typed),
        Err(vec![
            Problem::NoName,
            Problem::Promoted(IdError::WrongKind {
                expected: IdKind::Channel,
                input: "t.me/host/12".into()
            }),
            Problem::Post {
                row: 1,
                error: IdError::WrongKind {
                    expected: IdKind::Post,
                    input: "@host".into()
                }
            },
            Problem::Price {
                row: 1,
                error: PriceError::NoNumber
            },
            Problem::Date { row: 1 },
            Problem::Price {
                row: 3,
                error: PriceError::Grouping
            },
        ])
    );
    let none = Campaign {
        placements: Vec::new(),
        ..campaign("y")
    };
    assert_eq!(check(&none), Err(vec![Problem::NoPlacements]));
}

#[test]
fn dates_are_read_in_utc_with_or_without_the_hour() {
    let day = NaiveDate::from_ymd_opt(2026, 11, 20).unwrap();
    assert_eq!(parse_date(""), Some(None));
    assert_eq!(parse_date("2026-11-20"), Some(day.and_hms_opt(0, 0, 0)));
    assert_eq!(
        parse_date("2026-11-20T09:30"),
        Some(day.and_hms_opt(9, 30, 0))
    );
    assert_eq!(
        parse_date(" 2026-11-20 09:30 "),
        Some(day.and_hms_opt(9, 30, 0))
    );
    assert_eq!(parse_date("20.11.2026"), None);
    assert_eq!(parse_date("2026-11-20 9:30"), None);
    assert_eq!(parse_date("2026-11-31"), None);
}

#[test]
fn the_file_reads_back_what_was_exported() {
    let campaigns = vec![campaign("a"), campaign("b")];
    let text = export_campaigns(&campaigns, 1_700_000_000);
    assert_eq!(import_campaigns(&text), Ok(campaigns));
}

#[test]
fn a_file_is_refused_whole_with_the_reason() {
    let file = |campaigns: serde_json::Value| {
        json!({"format": "chanscope-campaigns", "version": 1, "campaigns": campaigns}).to_string()
    };
    let good = serde_json::to_value(campaign("a")).unwrap();
    assert_eq!(
        import_campaigns("{\"format\":"),
        Err(CampaignFileError::NotJson {
            line: 1,
            column: 10
        })
    );
    assert_eq!(
        import_campaigns(
            &json!({"format": "chanscope-watchlist", "version": 1, "campaigns": []}).to_string()
        ),
        Err(CampaignFileError::NotCampaigns)
    );
    assert_eq!(
        import_campaigns(
            &json!({"format": "chanscope-campaigns", "version": 2, "campaigns": []}).to_string()
        ),
        Err(CampaignFileError::Newer { version: 2 })
    );
    assert_eq!(
        import_campaigns(&file(json!([good, good]))),
        Err(CampaignFileError::SameId { number: 2 })
    );
    // A campaign of a later console's layout is not read as this one's.
    let mut later = good.clone();
    later["version"] = json!(2);
    let refused = import_campaigns(&file(json!([good, later])));
    let Err(CampaignFileError::Unreadable { number: 2, detail }) = refused else {
        panic!("{refused:?}")
    };
    assert!(
        detail.starts_with("campaign version 2 is not one"),
        "{detail}"
    );
    assert_eq!(
        CampaignFileError::SameId { number: 2 }.message(Locale::En),
        "Campaign 2 of the file has the id of one before it, or none; export the campaigns again."
    );
}

#[test]
fn an_import_replaces_campaigns_by_id_and_adds_the_others() {
    let renamed = Campaign {
        name: "Renamed".into(),
        ..campaign("a")
    };
    let (merged, report) = merge(vec![campaign("a")], vec![renamed.clone(), campaign("c")]);
    assert_eq!(merged, [renamed, campaign("c")]);
    assert_eq!(
        report,
        MergeReport {
            added: 1,
            replaced: 1
        }
    );
}
