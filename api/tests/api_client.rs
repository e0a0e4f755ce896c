//! The client over scripted answers: envelopes, error classes, retries, flood control, and the
//! token kept out of everything but the request itself.

mod common;

use std::time::Duration;

use chanscope_api::ops::{ChannelSearch, PostSearch, SubscriberDynamics};
use chanscope_api::{
    ApiError, ApiErrorKind, Client, ClientConfig, Error, MemoryTransport, RetryPolicy, Rule, Token,
    TransportError,
};
use common::{client, run, search, SECRET};

#[test]
fn sends_the_token_last_and_decodes_the_response() {
    let transport = MemoryTransport::new();
    transport.reply_ok(
        r#"{"count":1,"items":[{"id":7,"title":"Crypto Daily","username":"@cryptodaily",
            "participants_count":"15200","link":"t.me/cryptodaily"}]}"#,
    );
    let found = run(client(&transport).channel_search(&search())).unwrap();
    assert_eq!(found.count, 1);
    assert_eq!(found.items[0].id, 7);
    assert_eq!(found.items[0].title, "Crypto Daily");
    assert_eq!(found.items[0].participants_count, 15200);
    assert_eq!(
        transport.requests(),
        vec![format!(
            "https://api.example/channels/search?q=crypto&country=Russia&token={SECRET}"
        )]
    );
}

#[test]
fn the_public_url_has_no_token() {
    let transport = MemoryTransport::new();
    assert_eq!(
        client(&transport).public_url(&search()),
        "https://api.example/channels/search?q=crypto&country=Russia"
    );
    assert_eq!(format!("{:?}", Token::new(SECRET).unwrap()), "Token(***)");
    assert!(!format!("{:?}", client(&transport)).contains(SECRET));
}

#[test]
fn without_a_token_the_gateway_adds_one() {
    let transport = MemoryTransport::new();
    transport.reply_ok(r#"[]"#);
    let client = Client::new(transport.clone(), ClientConfig::default());
    let request = SubscriberDynamics::new("@durov".parse().unwrap());
    assert_eq!(
        run(client.subscriber_dynamics(&request)),
        Ok(Default::default())
    );
    assert_eq!(
        transport.requests(),
        vec!["/api/channels/subscribers?channelId=%40durov".to_string()]
    );
}

#[test]
fn invalid_requests_are_not_sent() {
    let transport = MemoryTransport::new();
    let request = ChannelSearch {
        q: "ab".into(),
        ..ChannelSearch::new("Russia")
    };
    let error = run(client(&transport).channel_search(&request)).unwrap_err();
    match error {
        Error::Invalid(invalid) => {
            assert_eq!(invalid.problems.len(), 1);
            assert_eq!(invalid.problems[0].param, "q");
            assert_eq!(
                invalid.problems[0].rule,
                Rule::TooShort { min: 3, given: 2 }
            );
        }
        other => panic!("expected Invalid, got {other:?}"),
    }
    assert!(transport.requests().is_empty());
}

fn api_error(message: &str) -> Error {
    let transport = MemoryTransport::new();
    transport.reply(
        200,
        serde_json::json!({"status": "error", "error": message}).to_string(),
    );
    run(client(&transport).channel_search(&search())).unwrap_err()
}

#[test]
fn api_errors_are_classified_and_keep_the_message() {
    use ApiErrorKind::{
        Auth, FloodControl, InvalidParameter, OutdatedStatistics, Plan, Quota, Unknown, Upstream,
        WrongMethod,
    };
    let flood = |secs| FloodControl {
        retry_after_secs: secs,
    };
    let cases: [(ApiErrorKind, &[&str]); 10] = [
        (Auth, &["empty_token", "token_invalid"]),
        (Plan, &["no_active_subscription"]),
        (
            Quota,
            &[
                "quota_requests_reached",
                "quota_channel_reached",
                "quota_keywords_reached",
                "quota_foreign_channel",
            ],
        ),
        (flood(10), &["flood_control_10"]),
        (flood(60), &["flood_control_60"]),
        (OutdatedStatistics, &["outdated_statistics"]),
        (WrongMethod, &["wrong_method", "wrong_method_type"]),
        (
            InvalidParameter,
            &[
                "param q is too short",
                "param country required",
                "at least one parameters q or category required",
            ],
        ),
        (
            Upstream,
            &[
                "upstream_unavailable",
                "upstream_timeout",
                "upstream_too_large",
            ],
        ),
        (
            Unknown,
            &["unknown_error", "something new", "flood_control_soon"],
        ),
    ];
    for (kind, messages) in cases {
        for &message in messages {
            assert_eq!(
                api_error(message),
                Error::Api(ApiError {
                    kind,
                    message: message.into()
                }),
                "{message}"
            );
        }
    }
}

#[test]
fn error_texts_say_what_happened() {
    assert_eq!(
        api_error("no_active_subscription").to_string(),
        "the plan of this token does not include this operation (no_active_subscription)"
    );
    assert_eq!(api_error("flood_control_10").retry_after_secs(), Some(10));
    assert_eq!(api_error("token_invalid").retry_after_secs(), None);
}

#[test]
fn a_gateway_without_an_upstream_answer_is_retried_then_explained() {
    let transport = MemoryTransport::new();
    for _ in 0..5 {
        transport.reply(502, r#"{"status":"error","error":"upstream_unavailable"}"#);
    }
    let error = run(client(&transport).channel_search(&search())).unwrap_err();
    assert_eq!(
        error,
        Error::Api(ApiError {
            kind: ApiErrorKind::Upstream,
            message: "upstream_unavailable".into()
        })
    );
    assert_eq!(
        error.to_string(),
        "the gateway could not get an answer from the service (upstream_unavailable)"
    );
    assert_eq!(transport.requests().len(), 5);

    let transport = MemoryTransport::new();
    transport.reply(504, r#"{"status":"error","error":"upstream_timeout"}"#);
    transport.reply_ok(r#"{"count":0,"items":[]}"#);
    let found = run(client(&transport).channel_search(&search())).unwrap();
    assert_eq!((found.count, transport.requests().len()), (0, 2));
}

#[test]
fn an_error_envelope_with_http_500_is_still_an_api_error() {
    let transport = MemoryTransport::new();
    transport.reply(500, r#"{"status":"error","error":"unknown_error"}"#);
    assert_eq!(
        run(client(&transport).channel_search(&search())),
        Err(Error::Api(ApiError {
            kind: ApiErrorKind::Unknown,
            message: "unknown_error".into()
        }))
    );
    assert_eq!(transport.requests().len(), 1);
}

#[test]
fn pending_envelope() {
    let transport = MemoryTransport::new();
    transport.reply(200, r#"{"status":"pending"}"#);
    assert_eq!(
        run(client(&transport).channel_search(&search())),
        Err(Error::Pending)
    );
}

#[test]
fn malformed_answers_are_typed_errors() {
    type Check = fn(&Error) -> bool;
    let cases: &[(u16, &str, Check)] = &[
        (
            500,
            "<html><body>Internal Server Error</body></html>",
            |e| *e == Error::Http { status: 500 },
        ),
        (404, "", |e| *e == Error::Http { status: 404 }),
        (
            200,
            "<html>oops</html>",
            |e| matches!(e, Error::Decode(m) if m.starts_with("the answer is not JSON")),
        ),
        (
            200,
            r#"{"status":"ok","response":{"count":3,"items":[{"id":1"#,
            |e| *e == Error::Incomplete,
        ),
        (
            200,
            r#"[1,2,3]"#,
            |e| matches!(e, Error::Decode(m) if m.contains("not an API envelope")),
        ),
        (
            200,
            r#"{"status":"weird"}"#,
            |e| matches!(e, Error::Decode(m) if m.contains("unknown envelope status")),
        ),
        (200, r#"{"status":7}"#, |e| matches!(e, Error::Decode(_))),
        (
            200,
            r#"{"status":"ok","response":{"count":1,"items":"nope"}}"#,
            |e| matches!(e, Error::Decode(m) if m.starts_with("unexpected shape of the response")),
        ),
    ];
    for (status, body, check) in cases {
        let transport = MemoryTransport::new();
        transport.reply(*status, *body);
        let error = run(client(&transport).channel_search(&search())).unwrap_err();
        assert!(check(&error), "{status} {body}: {error:?}");
    }
}

#[test]
fn an_empty_array_stands_for_an_empty_object() {
    let transport = MemoryTransport::new();
    transport.reply_ok("[]");
    let found = run(client(&transport).post_search(&PostSearch::new("nft"))).unwrap();
    assert_eq!(found.count, 0);
    assert_eq!(found.total_count, 0);
    assert!(found.items.is_empty());
}

#[test]
fn network_errors_and_gateway_statuses_are_retried_with_backoff() {
    let transport = MemoryTransport::new();
    transport
        .fail(TransportError::Network("connection refused".into()))
        .reply(502, "Bad Gateway")
        .reply(503, "")
        .reply(504, "")
        .reply_ok(r#"{"count":0,"items":[]}"#);
    let found = run(client(&transport).channel_search(&search())).unwrap();
    assert_eq!(found.count, 0);
    assert_eq!(transport.requests().len(), 5);
    assert_eq!(
        transport.sleeps(),
        [500, 1000, 2000, 4000].map(Duration::from_millis).to_vec()
    );
}

#[test]
fn retries_stop_after_the_last_attempt() {
    let transport = MemoryTransport::new();
    for _ in 0..5 {
        transport.reply(503, "Service Unavailable");
    }
    transport.reply_ok(r#"{"count":0,"items":[]}"#);
    assert_eq!(
        run(client(&transport).channel_search(&search())),
        Err(Error::Http { status: 503 })
    );
    assert_eq!(transport.requests().len(), 5);
    assert_eq!(transport.pending_replies(), 1);

    let transport = MemoryTransport::new();
    for _ in 0..5 {
        transport.fail(TransportError::Network("offline".into()));
    }
    assert_eq!(
        run(client(&transport).channel_search(&search())),
        Err(Error::Network("offline".into()))
    );
}

#[test]
fn backoff_is_capped() {
    let policy = RetryPolicy {
        max_attempts: 10,
        ..RetryPolicy::default()
    };
    let delays: Vec<u64> = (0..6).map(|n| policy.delay(n).as_millis() as u64).collect();
    assert_eq!(delays, vec![500, 1000, 2000, 4000, 5000, 5000]);
    assert_eq!(policy.delay(u32::MAX), Duration::from_secs(5));
}

#[test]
fn other_failures_are_not_retried() {
    let answers = [
        Ok((500, "boom")),
        Ok((429, "slow down")),
        Ok((
            200,
            r#"{"status":"error","error":"quota_requests_reached"}"#,
        )),
        Err(TransportError::Timeout),
        Err(TransportError::Aborted),
    ];
    for answer in answers {
        let transport = MemoryTransport::new();
        match answer {
            Ok((status, body)) => transport.reply(status, body),
            Err(error) => transport.fail(error),
        };
        transport.reply_ok(r#"{"count":0,"items":[]}"#);
        assert!(run(client(&transport).channel_search(&search())).is_err());
        assert_eq!(transport.requests().len(), 1);
        assert!(transport.sleeps().is_empty());
    }
}

#[test]
fn timeouts_and_aborts_are_their_own_errors() {
    let transport = MemoryTransport::new();
    transport.fail(TransportError::Timeout);
    assert_eq!(
        run(client(&transport).channel_search(&search())),
        Err(Error::Timeout)
    );
    transport.fail(TransportError::Aborted);
    assert_eq!(
        run(client(&transport).channel_search(&search())),
        Err(Error::Aborted)
    );
}

#[test]
fn flood_control_waits_once_when_allowed() {
    let flood = r#"{"status":"error","error":"flood_control_10"}"#;
    let transport = MemoryTransport::new();
    transport
        .reply(200, flood)
        .reply_ok(r#"{"count":2,"items":[{"id":1},{"id":2}]}"#);
    let patient = Client::new(
        transport.clone(),
        ClientConfig {
            flood_wait_max_secs: Some(60),
            ..ClientConfig::default()
        },
    );
    assert_eq!(run(patient.channel_search(&search())).unwrap().count, 2);
    assert_eq!(transport.sleeps(), vec![Duration::from_secs(10)]);

    // Only once: a second flood answer is reported.
    let transport = MemoryTransport::new();
    transport
        .reply(200, flood)
        .reply(200, flood)
        .reply(200, flood);
    let patient = Client::new(transport.clone(), patient.config().clone());
    assert_eq!(
        run(patient.channel_search(&search()))
            .unwrap_err()
            .retry_after_secs(),
        Some(10)
    );
    assert_eq!(transport.requests().len(), 2);

    // A wait longer than allowed is reported at once.
    let transport = MemoryTransport::new();
    transport.reply(200, r#"{"status":"error","error":"flood_control_60"}"#);
    let hasty = Client::new(
        transport.clone(),
        ClientConfig {
            flood_wait_max_secs: Some(30),
            ..ClientConfig::default()
        },
    );
    assert_eq!(
        run(hasty.channel_search(&search()))
            .unwrap_err()
            .retry_after_secs(),
        Some(60)
    );
    assert!(transport.sleeps().is_empty());

    // Not allowed at all: reported at once.
    let transport = MemoryTransport::new();
    transport.reply(200, flood);
    assert_eq!(
        run(client(&transport).channel_search(&search()))
            .unwrap_err()
            .retry_after_secs(),
        Some(10)
    );
    assert!(transport.sleeps().is_empty());
}

#[test]
fn the_token_never_appears_in_an_error() {
    let transport = MemoryTransport::new();
    for _ in 0..5 {
        transport.fail(TransportError::Network(format!(
            "GET https://api.example/channels/search?token={SECRET} failed"
        )));
    }
    let error = run(client(&transport).channel_search(&search())).unwrap_err();
    assert_eq!(
        error,
        Error::Network("GET https://api.example/channels/search?token=*** failed".into())
    );
    assert!(!error.to_string().contains(SECRET));

    let transport = MemoryTransport::new();
    transport.reply(
        200,
        format!(r#"{{"status":"error","error":"token {SECRET} is invalid"}}"#),
    );
    let error = run(client(&transport).channel_search(&search())).unwrap_err();
    assert!(!format!("{error} {error:?}").contains(SECRET), "{error:?}");
}
