//! How the tools hand figures on: each a value or the reason it is missing (never a 0 in its
//! place), and the definitions of the figures an answer holds, worded as `docs/assistants.md`
//! words them, so that an assistant can quote them.

use chanscope_figures::engagement::{Figure, Missing};
use schemars::JsonSchema;
use serde::Serialize;

/// Where every figure's definition is written out.
pub const FIGURES_DOC: &str = "docs/assistants.md#the-figures";

/// A figure: its value, or why there is none.
#[derive(Clone, Serialize, JsonSchema, Debug, PartialEq)]
pub struct Value {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missing: Option<String>,
}

impl From<Figure> for Value {
    fn from(figure: Figure) -> Value {
        match figure {
            Ok(value) => Value {
                value: Some(round(value)),
                missing: None,
            },
            Err(why) => Value {
                value: None,
                missing: Some(missing_text(why)),
            },
        }
    }
}

/// Two decimals: more would be noise to a reader, and an assistant repeats what it is given.
pub fn round(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// Why a figure is missing, in words.
pub fn missing_text(why: Missing) -> String {
    match why {
        Missing::NoViews => "the post has no views".into(),
        Missing::NoSubscribers => "the subscriber count is not known".into(),
        Missing::NoPosts => "no post counts".into(),
        Missing::NotYet { hours } => format!("the post's view growth does not reach {hours} h yet"),
        Missing::NoGrowth => "the answer has no hourly view growth".into(),
        Missing::NoPrice => "no price was given".into(),
        Missing::NoHistory { days } => {
            format!("the subscriber history does not reach {days} days back")
        }
        Missing::NoCounts { hours } => format!("the subscriber counts do not cover {hours} h"),
        Missing::NoGain => "no gain beyond the channel's normal growth".into(),
        Missing::MixedCurrencies => "the prices are in different currencies".into(),
        Missing::NoDate => "the placement has no date".into(),
        Missing::NoNormal { hours } => {
            format!("no window of {hours} h outside other adverts to read the normal change from")
        }
        Missing::WithinNormal => {
            "within normal variation: the gain is within 2 spreads of the normal change".into()
        }
        Missing::OfPlacement { placement } => format!("missing for placement {placement}"),
    }
}

/// A figure's name and definition.
#[derive(Serialize, JsonSchema)]
pub struct Definition {
    pub figure: &'static str,
    pub definition: &'static str,
}

/// Every definition, by name: the tools pick theirs, the resource lists them all.
pub const DEFINITIONS: &[(&str, &str)] = &[
    ("subscribers", "the channel's participants_count as the service reports it now"),
    ("change_7d, change_30d", "the count at the last reading minus the count at the reading 7 (30) days before it (or the latest before that day); percent of the earlier count"),
    ("reach_Nh", "the views a post has accumulated N hours after the hour of its publication: its hourly view growth summed up to that hour"),
    ("average_reach_Nh, median_reach_Nh", "the mean and the median of the reach at N hours of the channel's last posts (an album counted once); a post whose growth does not reach N hours yet is left out"),
    ("err", "ERR = the average views of the channel's last posts / its subscribers × 100 % (deleted posts left out)"),
    ("err24", "ERR24 = the average reach at 24 hours / subscribers × 100 %"),
    ("er", "ER of a post = (shares + comments + reactions) / views × 100 %; of the channel, the average over its last posts"),
    ("cpm", "CPM = price / (reach / 1000)"),
    ("verdict", "the health check in one word: warnings (a subscriber jump, step or drop beyond the channel's normal, a rise beyond what a mention could bring, a restriction of the service, or an ERR below a third of its size band's usual) or clean (nothing but rises that mentions explain), with how sure it is"),
    ("confidence", "low for a channel under 1,000 subscribers, under 30 days of counts, more than a tenth of them missing, or daily counts only; medium for an event under 12 spreads beyond normal, one that fades as an advert's response does, or rises whose newcomers' reading was not checked; high otherwise"),
    ("finding.excess, finding.spreads", "the change beyond the channel's normal change over as long (the median change over every window of that length in the last 90 days, carried along their trend), and that excess in spreads of the normal change (its robust deviation)"),
    ("mention.gain_Nh", "the channel's subscriber change in the N hours after a mention minus its normal change over as long, ± its spread; beyond normal when more than 2 spreads"),
    ("gain_Nh", "a campaign window's subscriber change from the last count before its first placement to the first count N hours after its last, minus the normal change over as long (windows overlapping 48 h after a placement or a mention left out), ± spread; placements within 48 h share one window, its gain split by reach at 24 h"),
    ("cost_per_subscriber_Nh", "price / gain at N hours, given only when the gain is more than 2 spreads beyond normal; within 2 spreads it is within normal variation"),
];

/// The definitions named `names` (each a key of [`DEFINITIONS`]).
pub fn definitions(names: &[&str]) -> Vec<Definition> {
    DEFINITIONS
        .iter()
        .filter(|(figure, _)| names.contains(figure))
        .map(|&(figure, definition)| Definition { figure, definition })
        .collect()
}
