use super::*;

const HOUR: Duration = Duration::from_secs(3600);

/// The budget of `n` entries of a 1-byte key and a 9-byte body.
fn room_for(n: usize) -> usize {
    n * (10 + ENTRY_OVERHEAD)
}

#[test]
fn least_recently_used_go_first_within_the_budget() {
    let cache = Cache::new(room_for(3), HOUR);
    for key in ["a", "b", "c"] {
        cache.put(key, &[b'x'; 9], HOUR, Kind::Answer);
    }
    assert_eq!(cache.usage(), (3, room_for(3)));
    assert!(cache.fresh("a").is_some());
    cache.put("d", &[b'y'; 9], HOUR, Kind::Answer);
    assert!(cache.fresh("b").is_none(), "b was the least recently used");
    assert!(cache.fresh("a").is_some() && cache.fresh("c").is_some());
    assert_eq!(cache.usage(), (3, room_for(3)));
    // Replacing an entry frees its old size first.
    cache.put("a", &[b'z'; 4], HOUR, Kind::Answer);
    assert_eq!(cache.usage(), (3, room_for(3) - 5));
    // Too large for the whole budget: not kept, nothing evicted.
    cache.put("e", &[b'z'; 2_000], HOUR, Kind::Answer);
    assert_eq!(cache.usage(), (3, room_for(3) - 5));
}

#[test]
fn each_entry_counts_its_overhead_not_only_its_bytes() {
    // Before, an entry cost its key and body only: 1,000 such entries fitted in 10,000 bytes
    // while the process held several times that.
    const { assert!(ENTRY_OVERHEAD >= 200) };
    let cache = Cache::new(10_000, HOUR);
    for n in 0..1_000 {
        cache.put(&format!("{n:05}"), b"xxxxx", HOUR, Kind::Absent);
    }
    let (entries, bytes) = cache.usage();
    assert_eq!(bytes, entries * (10 + ENTRY_OVERHEAD));
    assert!(entries < 10_000 / ENTRY_OVERHEAD + 1, "{entries}");
}

#[test]
fn an_ok_answer_stands_in_for_stale_max_and_no_longer() {
    let cache = Cache::new(100_000, Duration::from_millis(200));
    let t0 = Instant::now();
    cache.put("k", b"v", Duration::ZERO, Kind::Answer);
    assert_eq!(cache.fresh("k"), None);
    assert_eq!(cache.stale("k"), Some(Bytes::from_static(b"v")));
    assert_eq!(cache.stale("other"), None);
    // Past its lifetime and the bound: swept, and no stand-in even before the sweep.
    cache.sweep(t0 + Duration::from_millis(100));
    assert_eq!(cache.usage().0, 1);
    cache.sweep(t0 + Duration::from_secs(1));
    assert_eq!(cache.usage(), (0, 0));
    assert_eq!(cache.stale("k"), None);
}

#[test]
fn an_absent_answer_never_stands_in() {
    let cache = Cache::new(100_000, HOUR);
    cache.put(
        "gone",
        br#"{"status":"error"}"#,
        Duration::ZERO,
        Kind::Absent,
    );
    assert_eq!(cache.fresh("gone"), None);
    assert_eq!(cache.stale("gone"), None);
    // Its lifetime is over: the next put or sweep takes it away.
    cache.put("other", b"v", HOUR, Kind::Answer);
    assert_eq!(cache.usage().0, 1);
}

#[test]
fn expired_entries_are_swept_without_waiting_for_eviction() {
    let cache = Cache::new(1 << 30, Duration::ZERO);
    for n in 0..10_000 {
        cache.put(&n.to_string(), b"x", Duration::from_secs(10), Kind::Answer);
    }
    cache.put("long", b"x", HOUR, Kind::Answer);
    assert_eq!(cache.usage().0, 10_001);
    cache.sweep(Instant::now() + Duration::from_secs(11));
    assert_eq!(cache.usage(), (1, 5 + ENTRY_OVERHEAD));
    assert!(cache.fresh("long").is_some());
}
