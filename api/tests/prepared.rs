//! A request prepared by the client: checked once against the documented rules, addressed
//! without the token, and sent with it, as the console's cache and shared requests use it.

mod common;

use chanscope_api::model::ChannelSearchResponse;
use chanscope_api::ops::ChannelSearch;
use chanscope_api::{Error, MemoryTransport};
use common::{client, run, search, SECRET};

#[test]
fn a_prepared_request_is_checked_once_and_sent_with_the_token() {
    let transport = MemoryTransport::new();
    let client = client(&transport);
    // Checked when prepared: an invalid request never gets a URL, and nothing is sent.
    let no_country = ChannelSearch {
        q: "crypto".into(),
        ..ChannelSearch::new("")
    };
    assert!(matches!(
        client.prepare(&no_country),
        Err(Error::Invalid(invalid)) if invalid.problems[0].param == "country"
    ));
    assert!(transport.requests().is_empty());

    // Its public URL carries no token; sending it adds the token, decodes the answer, and
    // nothing checks it again.
    let prepared = client.prepare(&search()).unwrap();
    assert_eq!(
        prepared.public_url(),
        "https://api.example/channels/search?q=crypto&country=Russia"
    );
    assert!(!format!("{prepared:?}").contains(SECRET));
    transport.reply_ok(r#"{"count":0,"items":[]}"#);
    let answer = run(client.send_prepared(&prepared)).unwrap();
    let found = answer.downcast::<ChannelSearchResponse>().unwrap();
    assert_eq!((found.count, found.items.len()), (0, 0));
    assert_eq!(
        transport.requests(),
        vec![format!(
            "https://api.example/channels/search?q=crypto&country=Russia&token={SECRET}"
        )]
    );
}
