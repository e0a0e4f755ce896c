//! The campaigns file: written by Export, read back by Import, refused whole with the reason
//! when any campaign in it cannot be read (an import never adds half a file).

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::campaign::Campaign;
use crate::format::{fill, Locale};

/// The `format` of a campaigns file.
pub const CAMPAIGNS_FORMAT: &str = "chanscope-campaigns";

/// The version of the campaigns file this console writes, and the newest it reads.
pub const CAMPAIGNS_FILE_VERSION: u64 = 1;

#[derive(Serialize)]
struct CampaignsFile<'a> {
    format: &'static str,
    version: u64,
    exported_at: i64,
    campaigns: &'a [Campaign],
}

/// The campaigns file of `campaigns`, exported `now` (Unix seconds).
pub fn export_campaigns(campaigns: &[Campaign], now: i64) -> String {
    serde_json::to_string(&CampaignsFile {
        format: CAMPAIGNS_FORMAT,
        version: CAMPAIGNS_FILE_VERSION,
        exported_at: now,
        campaigns,
    })
    .expect("campaigns have only string keys, so they serialize")
}

/// Why a campaigns file was refused. Campaigns are counted from 1 in the file's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CampaignFileError {
    /// Not JSON; where reading stopped.
    NotJson { line: usize, column: usize },
    /// JSON, but not a campaigns file.
    NotCampaigns,
    /// Written by a later console.
    Newer { version: u64 },
    /// A campaign that cannot be read (a field missing or of the wrong type, or a later
    /// console's record); the reader's words.
    Unreadable { number: usize, detail: String },
    /// Two campaigns share an id, so one would silently replace the other.
    SameId { number: usize },
}

impl CampaignFileError {
    /// What went wrong, for the person importing, in `locale`.
    pub fn message(&self, locale: Locale) -> String {
        let t = |en: &'static str, ru: &'static str| if locale == Locale::Ru { ru } else { en };
        match self {
            CampaignFileError::NotJson { line, column } => fill(
                t("This file is not JSON (reading stopped at line {line}, column {column}).",
                  "Этот файл не в формате JSON (чтение остановилось в строке {line}, позиции {column})."),
                &[("line", line.to_string()), ("column", column.to_string())],
            ),
            CampaignFileError::NotCampaigns => t(
                "This file is not a Chanscope campaigns file.",
                "Это не файл кампаний Chanscope.",
            )
            .to_owned(),
            CampaignFileError::Newer { version } => fill(
                t("These campaigns were saved by a newer version of the console (file version {version}); reload the page, then import again.",
                  "Эти кампании сохранены более новой версией консоли (версия файла {version}); обновите страницу и импортируйте снова."),
                &[("version", version.to_string())],
            ),
            CampaignFileError::Unreadable { number, detail } => fill(
                t("Campaign {n} of the file cannot be read ({detail}). Export the campaigns again.",
                  "Кампания {n} в файле не читается ({detail}). Экспортируйте кампании заново."),
                &[("n", number.to_string()), ("detail", detail.clone())],
            ),
            CampaignFileError::SameId { number } => fill(
                t("Campaign {n} of the file has the id of one before it, or none; export the campaigns again.",
                  "У кампании {n} в файле тот же идентификатор, что у предыдущей, или его нет; экспортируйте кампании заново."),
                &[("n", number.to_string())],
            ),
        }
    }
}

/// The file as read: each campaign left as JSON until it is read on its own, so that the error
/// can say which one.
#[derive(Deserialize)]
struct FileIn {
    #[serde(default)]
    format: Value,
    #[serde(default)]
    version: Value,
    #[serde(default)]
    campaigns: Value,
}

/// The campaigns of a campaigns file, or why it is refused.
pub fn import_campaigns(text: &str) -> Result<Vec<Campaign>, CampaignFileError> {
    let file: FileIn = match serde_json::from_str::<Value>(text) {
        Err(error) => {
            return Err(CampaignFileError::NotJson {
                line: error.line(),
                column: error.column(),
            })
        }
        Ok(value) => serde_json::from_value(value).map_err(|_| CampaignFileError::NotCampaigns)?,
    };
    let Value::Array(entries) = file.campaigns else {
        return Err(CampaignFileError::NotCampaigns);
    };
    if file.format.as_str() != Some(CAMPAIGNS_FORMAT) {
        return Err(CampaignFileError::NotCampaigns);
    }
    match file.version.as_u64() {
        Some(version) if version > CAMPAIGNS_FILE_VERSION => {
            return Err(CampaignFileError::Newer { version })
        }
        Some(1..) => {}
        _ => return Err(CampaignFileError::NotCampaigns),
    }
    let mut ids = HashSet::new();
    entries
        .into_iter()
        .enumerate()
        .map(|(index, entry)| {
            let number = index + 1;
            let campaign: Campaign =
                serde_json::from_value(entry).map_err(|error| CampaignFileError::Unreadable {
                    number,
                    detail: error.to_string().chars().take(80).collect(),
                })?;
            if campaign.id.trim().is_empty() || !ids.insert(campaign.id.clone()) {
                return Err(CampaignFileError::SameId { number });
            }
            Ok(campaign)
        })
        .collect()
}
