//! The health check as a tool hands it on: the verdict, each finding with its rule, dates, size,
//! confidence and why it is not sure, in words an assistant can repeat.

use chanscope_figures::health::verdict::Verdict;
use chanscope_figures::health::{Doubt, Finding, Size};
use schemars::JsonSchema;
use serde::Serialize;

use super::out::round;

/// The health check of a channel.
#[derive(Serialize, JsonSchema)]
pub struct HealthOut {
    /// `warnings` or `clean`.
    pub verdict: &'static str,
    /// `low`, `medium` or `high`: with warnings, the surest warning's; clean, how far the
    /// counts read allow "nothing found" to mean anything.
    pub confidence: &'static str,
    /// Why the confidence is not high.
    pub doubts: Vec<String>,
    pub warnings: usize,
    /// Subscriber counts read, and whether by `hour` or by `day`.
    pub counts_read: usize,
    pub counts_by: &'static str,
    /// Whether the search for the posts that mention the channel was made (without it, rises
    /// stay unexplained).
    pub mentions_searched: bool,
    pub findings: Vec<FindingOut>,
}

/// One finding, with its evidence.
#[derive(Serialize, JsonSchema)]
pub struct FindingOut {
    /// `subscriber-jump`, `subscriber-step`, `subscriber-drop`, `beyond-mention`,
    /// `mention-rise` (a rise a mention explains: not a warning), `low-err`, `restriction`.
    pub kind: &'static str,
    pub warning: bool,
    pub date: String,
    pub confidence: &'static str,
    pub doubts: Vec<String>,
    /// The numbers behind it.
    pub evidence: Evidence,
}

/// What a finding rests on.
#[derive(Serialize, JsonSchema, Default)]
pub struct Evidence {
    /// First and last count of the movement, UTC.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Subscribers before it, and its change.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub change: Option<i64>,
    /// The change beyond the channel's normal over as long, and that in spreads of the normal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub excess: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spreads: Option<f64>,
    /// `sudden`, `box` (an even rate: how purchases are delivered), `fading` (readers answering
    /// a post), `ramp`, `uneven`, `unclear`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shape: Option<&'static str>,
    /// The post that explains the rise (a mention), its channel and views.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cause: Option<String>,
    /// How many of the rise's subscribers were still there 7 days later, beyond normal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stayed: Option<i64>,
    /// The most the cause's readers could bring (10 % of its views).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explains: Option<f64>,
    /// For low ERR: the channel's ERR and the usual ERR of its size band, percent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub err: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usual_err: Option<f64>,
    /// A restriction of the service, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// A doubt in words, its name first.
pub fn doubt_text(doubt: Doubt) -> String {
    match doubt {
        Doubt::SmallChannel => "small-channel: under 1,000 subscribers, a few people make a big share",
        Doubt::ShortHistory => "short-history: under 30 days of counts",
        Doubt::Gappy => "gappy: more than a tenth of the readings missing",
        Doubt::DailyOnly => "daily-only: daily counts, on which an advert's day and a bought day look alike",
        Doubt::NearNormal => "near-normal: under 12 spreads beyond the channel's normal",
        Doubt::Fades => "fades: it fades as an advert's response does, perhaps an advert the check does not know of",
        Doubt::ReadersFollowed => "readers-followed: the reach of the posts moved in step with the count, as real readers do",
        Doubt::ReadersUnchecked => "readers-unchecked: rises were explained by mentions, but whether their newcomers read was not checked",
    }
    .to_owned()
}

fn doubts(list: &[Doubt]) -> Vec<String> {
    list.iter().copied().map(doubt_text).collect()
}

/// The findings and verdict as handed on.
pub fn health_out(
    found: &[Finding],
    verdict: &Verdict,
    (counts_read, counts_by): (usize, &'static str),
    mentions_searched: bool,
) -> HealthOut {
    HealthOut {
        verdict: verdict.state.as_str(),
        confidence: verdict.confidence.as_str(),
        doubts: doubts(&verdict.doubts),
        warnings: verdict.warnings,
        counts_read,
        counts_by,
        mentions_searched,
        findings: found.iter().map(finding_out).collect(),
    }
}

fn finding_out(finding: &Finding) -> FindingOut {
    let time = |t: chrono::NaiveDateTime| t.format("%Y-%m-%d %H:%M").to_string();
    let evidence = match &finding.size {
        Size::Subscribers(m) => Evidence {
            from: Some(time(m.start)),
            to: Some(time(m.end)),
            before: Some(m.before),
            change: Some(m.change),
            excess: Some(round(m.excess)),
            spreads: Some(round(m.spreads)),
            shape: m.shape.map(|s| s.as_str()),
            cause: m.cause.as_ref().map(|c| {
                let views = c.views.map_or(String::new(), |v| format!(", {v} views"));
                format!("{} at {} UTC ({}{views})", c.source, time(c.at), c.post)
            }),
            stayed: m.stayed,
            explains: m.explains.map(round),
            ..Evidence::default()
        },
        Size::Err { err, usual } => Evidence {
            err: Some(round(*err)),
            usual_err: Some(*usual),
            ..Evidence::default()
        },
        Size::Text(text) => Evidence {
            text: Some(text.clone()),
            ..Evidence::default()
        },
    };
    FindingOut {
        kind: finding.kind.as_str(),
        warning: chanscope_figures::health::verdict::is_warning(finding.kind),
        date: finding.date.to_string(),
        confidence: finding.confidence.as_str(),
        doubts: doubts(&finding.doubts),
        evidence,
    }
}
