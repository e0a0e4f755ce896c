//! The page-wide cache of answers: identical requests (same base URL, token and query) within a
//! minute are answered from memory.
//!
//! One table holds the answers of every operation, so an entry is kept as `dyn Any` and read back
//! as the response type of the operation asking ([`cached`]); the key names the operation's path,
//! so a key always finds the type it was stored with.

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// Identical requests within this many milliseconds are answered from memory.
pub const CACHE_TTL_MS: f64 = 60_000.0;
/// Entries kept at most; the oldest go first.
const CACHE_CAPACITY: usize = 200;

struct Entry {
    stored_at: f64,
    value: Rc<dyn Any>,
}

thread_local! {
    static CACHE: RefCell<HashMap<String, Entry>> = RefCell::new(HashMap::new());
}

pub(super) fn now_ms() -> f64 {
    js_sys::Date::now()
}

pub(super) fn cached<R: 'static>(key: &str) -> Option<Rc<R>> {
    fresh(key)?.downcast().ok()
}

// `cached` is the typed face of `fresh`, kept out of line: inlined into it, the cache's code was
// copied into every operation's request path.

#[inline(never)]
fn fresh(key: &str) -> Option<Rc<dyn Any>> {
    CACHE.with(|cache| {
        let cache = cache.borrow();
        let entry = cache.get(key)?;
        (now_ms() - entry.stored_at <= CACHE_TTL_MS).then(|| entry.value.clone())
    })
}

/// Keeps `value`, the answer under `key`, for [`CACHE_TTL_MS`].
pub(super) fn store(key: String, value: Rc<dyn Any>) {
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        let now = now_ms();
        cache.retain(|_, e| now - e.stored_at <= CACHE_TTL_MS);
        if cache.len() >= CACHE_CAPACITY {
            let oldest = cache
                .iter()
                .min_by(|a, b| a.1.stored_at.total_cmp(&b.1.stored_at))
                .map(|(k, _)| k.clone());
            if let Some(oldest) = oldest {
                cache.remove(&oldest);
            }
        }
        cache.insert(
            key,
            Entry {
                stored_at: now,
                value,
            },
        );
    });
}

/// Forgets every cached answer (after the token or the base URL changes, or on "Refresh").
pub fn clear_cache() {
    CACHE.with(|cache| cache.borrow_mut().clear());
}

/// A 64-bit FNV-1a fingerprint: cache keys tell tokens apart without holding them.
pub(super) fn fingerprint(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}
