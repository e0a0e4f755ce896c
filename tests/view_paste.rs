//! The one box: every form people paste, read as where it goes.

use chanscope::view::paste::{
    read_paste, remember, Opened, OpenedKind, Paste, PostGroup, Unreadable, RECENT_MAX,
};

fn channel(text: &str) -> Paste {
    Paste::Channel(text.to_owned())
}

#[test]
fn every_form_of_a_channel_opens_its_report() {
    for typed in [
        "@durov",
        "t.me/durov",
        "https://t.me/durov",
        "http://www.t.me/durov",
        "telegram.me/durov",
        "t.me/s/durov",
        "t.me/joinchat/AAAAAEHbEkejzxUjAUCyYA",
        "t.me/+AbCd-_12",
        "https://t.me/+AbCd-_12",
        "1005",
    ] {
        assert_eq!(read_paste(typed), channel(typed), "{typed}");
    }
    // Surrounding white space goes; what is kept is what the report's address carries.
    assert_eq!(read_paste("  t.me/durov \n"), channel("t.me/durov"));
}

#[test]
fn a_post_link_opens_the_post() {
    assert_eq!(
        read_paste("https://t.me/durov/123"),
        Paste::Post("t.me/durov/123".into())
    );
    assert_eq!(
        read_paste("t.me/c/1234567/89"),
        Paste::Post("t.me/c/1234567/89".into())
    );
    assert_eq!(
        read_paste("t.me/s/durov/7?single"),
        Paste::Post("t.me/durov/7".into())
    );
}

#[test]
fn a_list_of_post_links_opens_them_together_by_channel() {
    let pasted = "t.me/durov/5\nhttps://t.me/durov/7, t.me/other_news/1; t.me/Durov/5 t.me/c/99/3";
    assert_eq!(
        read_paste(pasted),
        Paste::Posts(vec![
            PostGroup::Public {
                channel: "@durov".into(),
                messages: vec![5, 7],
            },
            PostGroup::Public {
                channel: "@other_news".into(),
                messages: vec![1],
            },
            PostGroup::Private("t.me/c/99/3".into()),
        ])
    );
    // The same link twice is still one post, not a list.
    assert_eq!(
        read_paste("t.me/durov/5 t.me/durov/5"),
        Paste::Posts(vec![PostGroup::Public {
            channel: "@durov".into(),
            messages: vec![5],
        }])
    );
}

#[test]
fn several_channels_compare() {
    assert_eq!(
        read_paste("@durov, t.me/telegram\n@tginfo @DUROV"),
        Paste::Channels(vec![
            "@durov".into(),
            "t.me/telegram".into(),
            "@tginfo".into()
        ])
    );
    // The same channel twice is one channel.
    assert_eq!(read_paste("@durov @durov"), channel("@durov"));
    let eleven: Vec<String> = (0..11).map(|i| format!("@chan{i:02}x")).collect();
    assert_eq!(
        read_paste(&eleven.join(" ")),
        Paste::Unreadable(Unreadable::TooManyChannels(11))
    );
}

#[test]
fn words_offer_the_searches() {
    assert_eq!(
        read_paste("  bitcoin   etf "),
        Paste::Words {
            text: "bitcoin etf".into(),
            username: false,
        }
    );
    // One bare word that could name a channel says so; a short one cannot.
    assert_eq!(
        read_paste("durov"),
        Paste::Words {
            text: "durov".into(),
            username: true,
        }
    );
    assert_eq!(
        read_paste("ai"),
        Paste::Words {
            text: "ai".into(),
            username: false,
        }
    );
    // Numbers and @names among words are words: a post search reads them.
    assert_eq!(
        read_paste("выборы 2024 @durov"),
        Paste::Words {
            text: "выборы 2024 @durov".into(),
            username: false,
        }
    );
}

#[test]
fn what_cannot_be_read_says_which_pieces() {
    assert_eq!(read_paste("   "), Paste::Unreadable(Unreadable::Empty));
    assert_eq!(
        read_paste("t.me/"),
        Paste::Unreadable(Unreadable::Pieces(vec!["t.me/".into()]))
    );
    assert_eq!(
        read_paste("@a"),
        Paste::Unreadable(Unreadable::Pieces(vec!["@a".into()]))
    );
    assert_eq!(
        read_paste("https://example.com/durov t.me/durov/1"),
        Paste::Unreadable(Unreadable::Pieces(vec!["https://example.com/durov".into()]))
    );
    assert_eq!(
        read_paste("t.me/durov/1 t.me/telegram"),
        Paste::Unreadable(Unreadable::Mixed)
    );
    assert_eq!(
        read_paste("look at t.me/durov/1"),
        Paste::Unreadable(Unreadable::Mixed)
    );
}

fn opened(href: &str, label: &str) -> Opened {
    Opened {
        label: label.into(),
        ..Opened::new(OpenedKind::Channel, href.into(), " x ")
    }
}

#[test]
fn the_recent_list_keeps_ten_newest_first_each_once() {
    let mut list = Vec::new();
    for i in 0..12 {
        list = remember(&list, opened(&format!("/channel-info?channel={i}"), "x"));
    }
    assert_eq!(list.len(), RECENT_MAX);
    assert_eq!(list[0].href, "/channel-info?channel=11");
    assert_eq!(list[9].href, "/channel-info?channel=2");
    // Opened again: it moves to the top with its newer label, and nothing else goes.
    let again = remember(&list, opened("/channel-info?channel=5", "Five"));
    assert_eq!(again.len(), RECENT_MAX);
    assert_eq!(again[0], opened("/channel-info?channel=5", "Five"));
    assert_eq!(again[1].href, "/channel-info?channel=11");
    assert_eq!(again.iter().filter(|o| o.href.ends_with("=5")).count(), 1);
    assert_eq!(again[9].href, "/channel-info?channel=2");
}
