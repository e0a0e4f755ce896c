//! Successful answers by call key, each with its lifetime, within a byte budget: the least
//! recently used go first. Expired answers stay until evicted, so that one can stand in when the
//! upstream fails or asks us to slow down.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use bytes::Bytes;

pub struct Cache {
    max_bytes: usize,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    entries: HashMap<String, Entry>,
    /// Use order: tick → key; the smallest tick is the least recently used.
    order: BTreeMap<u64, String>,
    tick: u64,
    bytes: usize,
}

struct Entry {
    body: Bytes,
    expires: Instant,
    tick: u64,
}

/// What an entry costs against the budget.
fn cost(key: &str, body: &Bytes) -> usize {
    key.len() + body.len()
}

impl Inner {
    /// Marks `key` as just used; its body, if present.
    fn touch(&mut self, key: &str) -> Option<&Entry> {
        self.tick += 1;
        let tick = self.tick;
        let entry = self.entries.get_mut(key)?;
        self.order.remove(&entry.tick);
        entry.tick = tick;
        self.order.insert(tick, key.to_owned());
        Some(entry)
    }

    fn remove(&mut self, key: &str) {
        if let Some(old) = self.entries.remove(key) {
            self.order.remove(&old.tick);
            self.bytes -= cost(key, &old.body);
        }
    }
}

impl Cache {
    pub fn new(max_bytes: usize) -> Cache {
        Cache {
            max_bytes,
            inner: Mutex::default(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // The map stays consistent under every operation, so a panic elsewhere cannot spoil it.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The answer for `key` if it has not expired.
    pub fn fresh(&self, key: &str) -> Option<Bytes> {
        let now = Instant::now();
        let mut inner = self.lock();
        inner
            .touch(key)
            .filter(|e| now < e.expires)
            .map(|e| e.body.clone())
    }

    /// The answer for `key` however old.
    pub fn stale(&self, key: &str) -> Option<Bytes> {
        self.lock().touch(key).map(|e| e.body.clone())
    }

    /// Keeps `body` for `ttl`, evicting the least recently used answers to make room. An answer
    /// larger than the whole budget is not kept.
    pub fn put(&self, key: String, body: Bytes, ttl: Duration) {
        let size = cost(&key, &body);
        if size > self.max_bytes {
            return;
        }
        let mut inner = self.lock();
        inner.remove(&key);
        while inner.bytes + size > self.max_bytes {
            let Some((_, oldest)) = inner.order.pop_first() else {
                break;
            };
            if let Some(old) = inner.entries.remove(&oldest) {
                inner.bytes -= cost(&oldest, &old.body);
            }
        }
        inner.tick += 1;
        let tick = inner.tick;
        inner.order.insert(tick, key.clone());
        inner.bytes += size;
        inner.entries.insert(
            key,
            Entry {
                body,
                expires: Instant::now() + ttl,
                tick,
            },
        );
    }

    /// Entries and bytes held.
    pub fn usage(&self) -> (usize, usize) {
        let inner = self.lock();
        (inner.entries.len(), inner.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUR: Duration = Duration::from_secs(3600);

    #[test]
    fn least_recently_used_go_first_within_the_budget() {
        // Keys of 1 byte and bodies of 9: 10 bytes each, room for 3.
        let cache = Cache::new(30);
        for key in ["a", "b", "c"] {
            cache.put(key.into(), Bytes::from(vec![b'x'; 9]), HOUR);
        }
        assert_eq!(cache.usage(), (3, 30));
        assert!(cache.fresh("a").is_some());
        cache.put("d".into(), Bytes::from(vec![b'y'; 9]), HOUR);
        assert!(cache.fresh("b").is_none(), "b was the least recently used");
        assert!(cache.fresh("a").is_some() && cache.fresh("c").is_some());
        assert_eq!(cache.usage(), (3, 30));
        // Replacing an entry frees its old size first.
        cache.put("a".into(), Bytes::from(vec![b'z'; 4]), HOUR);
        assert_eq!(cache.usage(), (3, 25));
        // Too large for the whole budget: not kept, nothing evicted.
        cache.put("e".into(), Bytes::from(vec![b'z'; 40]), HOUR);
        assert_eq!(cache.usage(), (3, 25));
    }

    #[test]
    fn expired_answers_are_stale_not_fresh() {
        let cache = Cache::new(1000);
        cache.put("k".into(), Bytes::from_static(b"v"), Duration::ZERO);
        assert_eq!(cache.fresh("k"), None);
        assert_eq!(cache.stale("k"), Some(Bytes::from_static(b"v")));
        assert_eq!(cache.stale("other"), None);
    }
}
