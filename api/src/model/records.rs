//! Lists of records read one record at a time: a record that cannot be read is left out and
//! counted, so one malformed field does not lose the other 49 posts of an answer.

use std::fmt;
use std::marker::PhantomData;
use std::ops::Deref;

use serde::de::{DeserializeOwned, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::value::RawValue;

/// The records of a list that could be read, in the order sent, and how many could not.
///
/// Derefs to a slice, so callers iterate, index and count it as before; it serializes as a plain
/// JSON array of the readable records (an export holds the good ones).
#[derive(Clone, Debug, PartialEq)]
pub struct Records<T> {
    items: Vec<T>,
    unreadable: usize,
}

impl<T> Records<T> {
    /// Records of which none was unreadable.
    pub fn new(items: Vec<T>) -> Self {
        Records {
            items,
            unreadable: 0,
        }
    }

    /// Records read, and how many others the service sent that could not be read.
    pub fn with_unreadable(items: Vec<T>, unreadable: usize) -> Self {
        Records { items, unreadable }
    }

    /// How many records the service sent that could not be read (and are left out).
    pub fn unreadable(&self) -> usize {
        self.unreadable
    }

    /// How many records the service sent: those read and those left out.
    pub fn sent(&self) -> usize {
        self.items.len().saturating_add(self.unreadable)
    }

    /// The records read.
    pub fn into_vec(self) -> Vec<T> {
        self.items
    }

    /// Each record turned into another, the count of unreadable ones kept.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Records<U> {
        Records {
            items: self.items.into_iter().map(f).collect(),
            unreadable: self.unreadable,
        }
    }

    /// These records followed by `more`'s, their unreadable counts added (answers of batches).
    pub fn append(&mut self, more: Records<T>) {
        self.items.extend(more.items);
        self.unreadable = self.unreadable.saturating_add(more.unreadable);
    }
}

impl<T> Default for Records<T> {
    fn default() -> Self {
        Records::new(Vec::new())
    }
}

impl<T> Deref for Records<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.items
    }
}

impl<T> From<Vec<T>> for Records<T> {
    fn from(items: Vec<T>) -> Self {
        Records::new(items)
    }
}

impl<T> FromIterator<T> for Records<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Records::new(iter.into_iter().collect())
    }
}

impl<T> IntoIterator for Records<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a Records<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<T: PartialEq> PartialEq<Vec<T>> for Records<T> {
    fn eq(&self, other: &Vec<T>) -> bool {
        self.unreadable == 0 && self.items == *other
    }
}

impl<T: Serialize> Serialize for Records<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.items.serialize(serializer)
    }
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Records<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(RecordsVisitor(PhantomData))
    }
}

struct RecordsVisitor<T>(PhantomData<T>);

impl<'de, T: DeserializeOwned> Visitor<'de> for RecordsVisitor<T> {
    type Value = Records<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Records<T>, S::Error> {
        // The hint comes from the input; capped so a lying one cannot reserve much.
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(256));
        let mut unreadable = 0usize;
        // serde_json cannot go on after an error inside an element, so each element is first
        // taken whole (which checks it is JSON) and read into `T` on its own.
        while let Some(raw) = seq.next_element::<Box<RawValue>>()? {
            match serde_json::from_str::<T>(raw.get()) {
                Ok(item) => items.push(item),
                Err(_) => unreadable += 1,
            }
        }
        Ok(Records::with_unreadable(items, unreadable))
    }
}
