use super::*;

const NOW: u64 = 1_800_000_000_000;
const OK: &[u8] = br#"{"status":"ok","response":{"id":1}}"#;
const ABSENT_BODY: &[u8] = br#"{"status":"error","error":"channel not found"}"#;

fn lifetimes() -> Lifetimes {
    Lifetimes {
        ttl: Duration::from_secs(60),
        absent_ttl: Duration::from_secs(5),
        stale_max: Duration::from_secs(100),
    }
}

fn value(fresh_until: u64, body: &[u8]) -> Vec<u8> {
    let mut v = fresh_until.to_be_bytes().to_vec();
    v.extend_from_slice(body);
    v
}

#[test]
fn freshness_is_capped_by_the_lifetime() {
    // Stored as fresh for a year: fresh for the operation's --ttl at most.
    let year = 365 * 24 * 3_600_000;
    let kept = answer(&value(NOW + year, OK), NOW, lifetimes()).unwrap();
    assert_eq!(kept.fresh_for, Some(Duration::from_secs(60)));
    assert_eq!(kept.kind, Kind::Answer);
    let kept = answer(&value(NOW + year, ABSENT_BODY), NOW, lifetimes()).unwrap();
    assert_eq!(kept.fresh_for, Some(Duration::from_secs(5)));
    assert_eq!(kept.kind, Kind::Absent);
    let kept = answer(&value(NOW + 1_500, OK), NOW, lifetimes()).unwrap();
    assert_eq!(kept.fresh_for, Some(Duration::from_millis(1_500)));
}

#[test]
fn only_an_ok_answer_within_the_bound_is_stale() {
    let stale = answer(&value(NOW - 99_000, OK), NOW, lifetimes()).unwrap();
    assert_eq!(stale.fresh_for, None);
    assert!(answer(&value(NOW - 100_000, OK), NOW, lifetimes()).is_none());
    assert!(answer(&value(NOW - 1, ABSENT_BODY), NOW, lifetimes()).is_none());
    assert!(answer(&value(NOW, ABSENT_BODY), NOW, lifetimes()).is_none());
}

#[test]
fn only_envelopes_the_gateway_keeps_within_its_size() {
    for body in [
        &br#"{"status":"pending"}"#[..],
        br#"{"status":"error","error":"upstream_unavailable"}"#,
        b"<html>",
        b"",
    ] {
        assert!(answer(&value(NOW + 1, body), NOW, lifetimes()).is_none());
    }
    assert!(answer(&[1, 2, 3], NOW, lifetimes()).is_none());
    let mut large = br#"{"status":"ok","response":""#.to_vec();
    large.resize(MAX_SHARED_ANSWER_BYTES - 2, b'x');
    large.extend_from_slice(br#""}"#);
    assert!(answer(&value(NOW + 1, &large), NOW, lifetimes()).is_some());
    large.insert(30, b'x');
    assert!(answer(&value(NOW + 1, &large), NOW, lifetimes()).is_none());
}

#[test]
fn only_failures_the_gateway_records() {
    let stored = |status: u16, code: &str| {
        let mut v = status.to_be_bytes().to_vec();
        v.extend_from_slice(&serverkit::envelope::error_body(code));
        v
    };
    assert_eq!(
        failure(&stored(502, "upstream_unavailable")),
        Some(Failure::Unavailable)
    );
    assert_eq!(
        failure(&stored(504, "upstream_timeout")),
        Some(Failure::Timeout)
    );
    for status in [101, 204, 304, 418, 999, 200, 504] {
        assert_eq!(
            failure(&stored(status, "upstream_unavailable")),
            None,
            "{status}"
        );
    }
    assert_eq!(failure(&stored(502, "channel not found")), None);
    let mut long = stored(502, "upstream_unavailable");
    long.resize(FAILURE_READ_MAX + 1, b' ');
    assert_eq!(failure(&long), None);
}
