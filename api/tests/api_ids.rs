//! Identifier forms: what people paste, what is sent, and what is refused with which message.

use chanscope_api::ids::{parse_id_list, IdError, IdKind, IdListError};
use chanscope_api::{ChannelId, PostId};
use std::fmt::{Debug, Display};
use std::str::FromStr;

fn channel(text: &str) -> Result<ChannelId, IdError> {
    text.parse()
}

fn post(text: &str) -> Result<PostId, IdError> {
    text.parse()
}

/// Parses each `(input, identifier, form sent to the API)` case and prints it back.
fn assert_forms<T>(cases: &[(&str, T, &str)])
where
    T: FromStr<Err = IdError> + PartialEq + Debug + Display,
{
    for (input, expected, sent) in cases {
        let parsed: T = input.parse().unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(&parsed, expected, "{input}");
        assert_eq!(parsed.to_string(), *sent, "{input}");
    }
}

fn username(name: &str) -> ChannelId {
    ChannelId::Username(name.into())
}

fn link(name: &str) -> ChannelId {
    ChannelId::Link(name.into())
}

fn invite(code: &str) -> ChannelId {
    ChannelId::Invite(code.into())
}

fn post_link(username: &str, message: u64) -> PostId {
    PostId::Link {
        username: username.into(),
        message,
    }
}

#[test]
fn channel_forms_parse_and_print_as_the_api_wants_them() {
    assert_forms(&[
        ("@durov", username("durov"), "@durov"),
        (
            "  @Tech_News_24 ",
            username("Tech_News_24"),
            "@Tech_News_24",
        ),
        ("durov", username("durov"), "@durov"),
        ("t.me/durov", link("durov"), "t.me/durov"),
        ("https://t.me/durov", link("durov"), "t.me/durov"),
        ("HTTP://T.ME/durov/", link("durov"), "t.me/durov"),
        ("https://telegram.me/durov", link("durov"), "t.me/durov"),
        ("https://t.me/s/durov", link("durov"), "t.me/durov"),
        ("t.me/durov?start=1", link("durov"), "t.me/durov"),
        (
            "t.me/joinchat/AAAAAEk3Fv8a_-x",
            invite("AAAAAEk3Fv8a_-x"),
            "t.me/joinchat/AAAAAEk3Fv8a_-x",
        ),
        (
            "https://t.me/+AbCdEf123",
            invite("AbCdEf123"),
            "t.me/joinchat/AbCdEf123",
        ),
        ("1001234567", ChannelId::Numeric(1001234567), "1001234567"),
    ]);
}

#[test]
fn garbage_channels_are_refused_with_the_accepted_forms() {
    for input in [
        "@",
        "@1abc",
        "@ab",
        "hello world",
        "https://example.com/durov",
        "t.me/joinchat/",
        "t.me/",
        "-100123",
        "0",
        "@durov; DROP TABLE",
        "javascript:alert(1)",
    ] {
        let error = channel(input).expect_err(input);
        let message = error.to_string();
        assert!(
            message
                .contains("@username, t.me/username, t.me/joinchat/CODE or a numeric channel ID"),
            "{input}: {message}"
        );
    }
    assert_eq!(
        channel("   "),
        Err(IdError::Empty {
            what: IdKind::Channel
        })
    );
    assert_eq!(
        channel("").unwrap_err().to_string(),
        "enter a channel: @username, t.me/username, t.me/joinchat/CODE or a numeric channel ID"
    );
}

#[test]
fn a_post_link_is_not_a_channel_and_says_so() {
    let error = channel("https://t.me/durov/123").unwrap_err();
    assert_eq!(
        error.to_string(),
        "\"https://t.me/durov/123\" is a post, not a channel; use @username, t.me/username, \
         t.me/joinchat/CODE or a numeric channel ID"
    );
}

#[test]
fn post_forms_parse_and_print_as_the_api_wants_them() {
    assert_forms(&[
        ("987654321", PostId::Numeric(987654321), "987654321"),
        ("t.me/durov/123", post_link("durov", 123), "t.me/durov/123"),
        (
            "https://t.me/durov/123?single",
            post_link("durov", 123),
            "t.me/durov/123",
        ),
        (
            "https://t.me/s/durov/45",
            post_link("durov", 45),
            "t.me/durov/45",
        ),
        (
            "t.me/c/1234567/89",
            PostId::Private {
                channel: 1234567,
                message: 89,
            },
            "t.me/c/1234567/89",
        ),
    ]);
}

#[test]
fn garbage_posts_are_refused_with_the_accepted_forms() {
    for input in [
        "t.me/durov/abc",
        "t.me/c/abc/1",
        "t.me/c/1/0",
        "post 12",
        "https://example.com/durov/1",
        "12.5",
    ] {
        let message = post(input).expect_err(input).to_string();
        assert!(
            message.ends_with("use t.me/username/123, t.me/c/1234567/89 or a numeric post ID"),
            "{input}: {message}"
        );
    }
    assert_eq!(
        post("t.me/durov").unwrap_err().to_string(),
        "\"t.me/durov\" is a channel, not a post; use t.me/username/123, t.me/c/1234567/89 or \
         a numeric post ID"
    );
    assert_eq!(
        post("@durov").unwrap_err(),
        IdError::WrongKind {
            expected: IdKind::Post,
            input: "@durov".into()
        }
    );
}

#[test]
fn long_input_is_shortened_in_messages() {
    let long = "x".repeat(500);
    let message = channel(&format!("{long} {long}")).unwrap_err().to_string();
    assert!(message.len() < 200, "{message}");
    assert!(message.contains('…'));
}

#[test]
fn id_lists_split_on_commas_spaces_and_lines_and_drop_repeats() {
    assert_eq!(
        parse_id_list("101, 202\n303 \t404,,101\r\n"),
        Ok(vec![101, 202, 303, 404])
    );
    assert_eq!(parse_id_list("  "), Ok(vec![]));
    assert_eq!(
        parse_id_list("1, two, 3, -4"),
        Err(IdListError {
            bad: vec!["two".into(), "-4".into()]
        })
    );
    assert_eq!(
        parse_id_list("a b c d e f g").unwrap_err().to_string(),
        "not numeric IDs: a, b, c, d, e, …"
    );
}
