//! What the console keeps in the browser: records of one kind, each a JSON object under its id,
//! and how an imported file's records join those kept.

use std::collections::{HashMap, HashSet};

use serde::de::DeserializeOwned;
use serde::Serialize;

/// A record kept in an object store of the console's database under its id.
pub trait Record: Serialize + DeserializeOwned {
    /// The object store the records of this kind are kept in: one of [`STORES`].
    const STORE: &'static str;

    /// Unique among the records of this kind: the key of the stored record, and what an import
    /// matches on.
    fn id(&self) -> &str;

    /// The record as one JSON object, as files and the browser's store keep it.
    fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a record has only string keys, so it serializes")
    }
}

/// Every object store of the console's database: an upgrade makes whichever is missing.
pub const STORES: [&str; 2] = ["watches", "campaigns"];

/// What an import changed in the records kept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MergeReport {
    /// Records that were not kept yet.
    pub added: usize,
    /// Records kept replaced by an imported one with the same id.
    pub replaced: usize,
}

/// The records after importing `imported` into `existing`: an imported record replaces the one
/// with the same id where it stands, any other is added at the end in the file's order.
pub fn merge<R: Record>(existing: Vec<R>, imported: Vec<R>) -> (Vec<R>, MergeReport) {
    let before = existing.len();
    let mut records = existing;
    let mut place: HashMap<String, usize> = records
        .iter()
        .enumerate()
        .map(|(index, record)| (record.id().to_owned(), index))
        .collect();
    let mut replaced = HashSet::new();
    for record in imported {
        match place.get(record.id()) {
            Some(&index) => {
                if index < before {
                    replaced.insert(index);
                }
                records[index] = record;
            }
            None => {
                place.insert(record.id().to_owned(), records.len());
                records.push(record);
            }
        }
    }
    let report = MergeReport {
        added: records.len() - before,
        replaced: replaced.len(),
    };
    (records, report)
}
