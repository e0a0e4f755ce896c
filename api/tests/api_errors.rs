//! Errors that give the right advice: an answer cut short is `Incomplete` (worth a retry, not an
//! update of the console), and HTTP 429 with `Retry-After` waits like flood control.

mod common;

use std::time::Duration;

use chanscope_api::envelope::decode;
use chanscope_api::model::PostSearchResponse;
use chanscope_api::ops::ChannelSearch;
use chanscope_api::transport::parse_retry_after;
use chanscope_api::{
    ApiErrorKind, Client, ClientConfig, Error, HttpResponse, MemoryTransport, RetryPolicy,
};
use common::run;

const WHOLE: &str = r#"{"status":"ok","response":{"count":2,"total_count":2,"items":[{"id":1,"views":"12","text":"Привет, <b>мир</b>","media":{"url":"t.me/x"}},{"id":2,"views":3.0,"is_deleted":true}],"channels":[]}}"#;

/// A client without network retries, waiting out flood control up to `flood_wait_max_secs`.
fn client(
    transport: &MemoryTransport,
    flood_wait_max_secs: Option<u32>,
) -> Client<MemoryTransport> {
    let retry = RetryPolicy::none();
    let config = ClientConfig {
        retry,
        flood_wait_max_secs,
        ..ClientConfig::default()
    };
    Client::new(transport.clone(), config)
}

fn search() -> ChannelSearch {
    let mut request = ChannelSearch::new("Russia");
    request.q = "crypto".into();
    request
}

#[test]
fn every_cut_of_an_answer_is_incomplete() {
    assert_eq!(
        decode::<PostSearchResponse>(&HttpResponse::new(200, WHOLE))
            .unwrap()
            .items
            .len(),
        2
    );
    let mut cuts = 0;
    for end in 0..WHOLE.len() {
        if !WHOLE.is_char_boundary(end) {
            continue;
        }
        let answer = HttpResponse::new(200, &WHOLE[..end]);
        assert_eq!(
            decode::<PostSearchResponse>(&answer),
            Err(Error::Incomplete),
            "cut at {end}: {}",
            &WHOLE[..end]
        );
        cuts += 1;
    }
    assert!(cuts > 150, "{cuts}");
    // Whitespace is all that came.
    assert_eq!(
        decode::<PostSearchResponse>(&HttpResponse::new(200, "  \n")),
        Err(Error::Incomplete)
    );
}

#[test]
fn a_cut_answer_is_not_mistaken_for_another_shape() {
    let not_json = HttpResponse::new(200, "<html>oops</html>");
    assert!(matches!(
        decode::<PostSearchResponse>(&not_json),
        Err(Error::Decode(m)) if m.starts_with("the answer is not JSON")
    ));
    // A failure page cut short is still the failure it was.
    assert_eq!(
        decode::<PostSearchResponse>(&HttpResponse::new(502, r#"{"status":"err"#)),
        Err(Error::Http { status: 502 })
    );
    assert_eq!(Error::Incomplete.to_string(), "the answer was cut short");
}

#[test]
fn http_429_with_retry_after_waits_like_flood_control() {
    let transport = MemoryTransport::new();
    transport.reply_answer(HttpResponse {
        retry_after_secs: Some(30),
        ..HttpResponse::new(429, "<html>Too Many Requests</html>")
    });
    let error = run(client(&transport, None).channel_search(&search())).unwrap_err();
    assert_eq!(
        error,
        Error::TooManyRequests {
            retry_after_secs: Some(30)
        }
    );
    assert_eq!(error.retry_after_secs(), Some(30));
    assert_eq!(
        error.to_string(),
        "too many requests (HTTP 429); retry after 30 s"
    );
    assert_eq!(transport.requests().len(), 1);

    // A caller that waits out flood control waits this too, once, then asks again.
    let transport = MemoryTransport::new();
    transport.reply_answer(HttpResponse {
        retry_after_secs: Some(7),
        ..HttpResponse::new(429, "")
    });
    transport.reply_ok(r#"{"count":0,"items":[]}"#);
    let found = run(client(&transport, Some(60)).channel_search(&search())).unwrap();
    assert_eq!(found.count, 0);
    assert_eq!(transport.sleeps(), vec![Duration::from_secs(7)]);
    assert_eq!(transport.requests().len(), 2);
}

#[test]
fn http_429_without_retry_after_has_no_wait_and_the_body_decides_first() {
    let transport = MemoryTransport::new();
    transport.reply(429, "slow down");
    let error = run(client(&transport, Some(60)).channel_search(&search())).unwrap_err();
    assert_eq!(
        error,
        Error::TooManyRequests {
            retry_after_secs: None
        }
    );
    assert_eq!(error.retry_after_secs(), None);
    assert!(transport.sleeps().is_empty());

    // The gateway's own limit sends an envelope: flood control with the envelope's wait.
    let transport = MemoryTransport::new();
    transport.reply_answer(HttpResponse {
        retry_after_secs: Some(2),
        ..HttpResponse::new(429, r#"{"status":"error","error":"flood_control_3"}"#)
    });
    let error = run(client(&transport, None).channel_search(&search())).unwrap_err();
    assert!(matches!(
        &error,
        Error::Api(api) if api.kind == ApiErrorKind::FloodControl { retry_after_secs: 3 }
    ));
    assert_eq!(error.retry_after_secs(), Some(3));
}

#[test]
fn retry_after_reads_seconds_and_dates() {
    // Wed, 21 Oct 2015 07:28:00 GMT
    let at = 1_445_412_480;
    assert_eq!(parse_retry_after("120", at), Some(120));
    assert_eq!(parse_retry_after(" 0 ", at), Some(0));
    assert_eq!(parse_retry_after("99999999999", at), Some(u32::MAX));
    assert_eq!(
        parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", at - 90),
        Some(90)
    );
    assert_eq!(
        parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", at + 5),
        Some(0)
    );
    assert_eq!(parse_retry_after("-5", at), None);
    assert_eq!(parse_retry_after("soon", at), None);
    assert_eq!(parse_retry_after("", at), None);
    assert_eq!(parse_retry_after("1.5", at), None);
    assert_eq!(parse_retry_after("Wed, 32 Oct 2015 07:28:00 GMT", at), None);
    assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:28:00 UTC", at), None);
    assert_eq!(parse_retry_after("Wed, 21 Okt 2015 07:28:00 GMT", at), None);
    assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:28 GMT", at), None);
}

#[test]
fn http_429_is_a_wait_whatever_its_envelope_says() {
    let answer = |body: &str, retry_after_secs: Option<u32>| HttpResponse {
        status: 429,
        body: body.to_owned(),
        retry_after_secs,
    };
    // The service's own words for it, read as a wait rather than an unknown error.
    assert_eq!(
        decode::<PostSearchResponse>(&answer(
            r#"{"status":"error","error":"too many requests"}"#,
            Some(12)
        )),
        Err(Error::TooManyRequests {
            retry_after_secs: Some(12)
        })
    );
    assert_eq!(
        decode::<PostSearchResponse>(&answer(r#"{"status":"error","error":"slow down"}"#, None)),
        Err(Error::TooManyRequests {
            retry_after_secs: None
        })
    );
    // flood_control_N (the gateway's own 429) keeps its N.
    let flood = decode::<PostSearchResponse>(&answer(
        r#"{"status":"error","error":"flood_control_3"}"#,
        Some(3),
    ))
    .unwrap_err();
    assert_eq!(flood.retry_after_secs(), Some(3));
    assert!(matches!(
        flood,
        Error::Api(ref e) if e.kind == ApiErrorKind::FloodControl { retry_after_secs: 3 }
    ));
    // An error with HTTP 200 is the service's error, as before.
    assert!(matches!(
        decode::<PostSearchResponse>(&HttpResponse::new(
            200,
            r#"{"status":"error","error":"too many requests"}"#
        )),
        Err(Error::Api(ref e)) if e.kind == ApiErrorKind::Unknown
    ));
}
