//! The JavaScript face: options refused with readable errors, and the promise-based client.

use std::sync::Arc;

use chanscope_e2e::{ensure, Harness, Res};
use serde_json::json;

use super::{blank_host, run_js, FIRST_CHANNEL, SECOND_CHANNEL};

pub(super) async fn bad_options_raise_errors(h: Arc<Harness>) -> Res<()> {
    blank_host(&h, "<div id='slot'>host placeholder</div>").await?;
    let cases = [
        (
            "mountChannelCard",
            json!({ "chanel": FIRST_CHANNEL }),
            "unknown option \"chanel\"",
        ),
        (
            "mountChannelCard",
            json!({}),
            "option \"channel\" is required",
        ),
        (
            "mountChannelCard",
            json!({ "channel": "not a channel!" }),
            "option \"channel\"",
        ),
        (
            "mountSubscriberChart",
            json!({ "channel": FIRST_CHANNEL, "days": "many" }),
            "option \"days\" must be a whole number",
        ),
        (
            "mountSubscriberChart",
            json!({ "channel": FIRST_CHANNEL, "group": "hour", "days": 90 }),
            "hourly records cover at most 31 days",
        ),
        (
            "mountPostSearch",
            json!({ "query": "market", "limit": 80 }),
            "option \"limit\" must be from 1 to 50",
        ),
        (
            "mountPostSearch",
            json!({ "query": "market", "theme": "pink" }),
            "option \"theme\" must be one of",
        ),
        (
            "mountPostSearch",
            json!({ "query": "market", "language": "de" }),
            "option \"language\" must be \"en\" or \"ru\"",
        ),
        (
            "mountPostSearch",
            json!({ "query": "market", "timezone": "Mars/Base" }),
            "option \"timezone\"",
        ),
    ];
    for (function, options, expected) in cases {
        let answer = run_js(
            &h,
            "const m = await import('/embed.js');
             m[args[0]]('#slot', args[1]);
             return 'mounted';",
            vec![json!(function), options.clone()],
        )
        .await?;
        let message = answer["message"].as_str().unwrap_or_default();
        ensure(
            answer["thrown"] == json!("TypeError")
                && message.contains(expected)
                && message.starts_with("Chanscope "),
            || {
                format!(
                    "{function}({options}) gave {answer}; expected a TypeError saying {expected:?}"
                )
            },
        )?;
    }
    let missing = run_js(
        &h,
        "const m = await import('/embed.js'); m.mountChannelCard('#nowhere', { channel: '1' }); return 'mounted';",
        vec![],
    )
    .await?;
    ensure(
        missing["message"]
            .as_str()
            .unwrap_or_default()
            .contains("no element matches \"#nowhere\""),
        || format!("mounting into a missing element gave {missing}"),
    )?;
    let slot = h
        .browser
        .eval(
            "return document.querySelector('#slot').textContent;",
            vec![],
        )
        .await?;
    ensure(slot == json!("host placeholder"), || {
        format!("a refused mount changed the host element: {slot}")
    })
}

pub(super) async fn client_returns_plain_objects(h: Arc<Harness>) -> Res<()> {
    blank_host(&h, "<p>client</p>").await?;
    let mark = h.site.log.mark();
    let answer = run_js(
        &h,
        "const m = await import('/embed.js');
         const client = new m.Client();
         const [a, b] = await Promise.all([
           client.channelInfo({ channelId: args[0] }),
           client.channelInfo({ channelId: args[0] }),
         ]);
         const found = await client.postSearch({ q: 'market', limit: 3, extended: 1 });
         let refused;
         try { await client.channelSearch({ country: 'us', q: 'ab' }); } catch (e) {
           refused = { name: e.name, kind: e.kind, problems: e.problems, message: e.message };
         }
         let unknown;
         try { await client.postSearch({ query: 'market' }); } catch (e) { unknown = { name: e.name, message: e.message }; }
         return { a, same: JSON.stringify(a) === JSON.stringify(b), plain: Object.getPrototypeOf(a) === Object.prototype,
                  found, refused, unknown };",
        vec![json!(SECOND_CHANNEL)],
    )
    .await?;
    let info_calls = h.sent(mark, "/channels/get");
    ensure(info_calls.len() == 1, || {
        format!(
            "two identical calls at once sent {} requests: {info_calls:?}",
            info_calls.len()
        )
    })?;
    let channel = h.replay(&info_calls[0]).await?;
    ensure(
        answer["a"]["title"] == channel["title"] && answer["a"]["id"] == channel["id"],
        || {
            format!(
                "channelInfo gave {}; the sandbox has {channel}",
                answer["a"]
            )
        },
    )?;
    ensure(
        answer["same"] == json!(true) && answer["plain"] == json!(true),
        || format!("the two results differ or are not plain objects: {answer}"),
    )?;
    let search = h.wait_sent(mark, "/posts/search").await?;
    let found = h.replay(&search).await?;
    ensure(
        answer["found"]["total_count"] == found["total_count"]
            && answer["found"]["items"].as_array().map(Vec::len)
                == found["items"].as_array().map(Vec::len)
            && answer["found"]["items"][0]["id"] == found["items"][0]["id"],
        || {
            format!(
                "postSearch gave {}; the sandbox sent {found}",
                answer["found"]
            )
        },
    )?;
    let refused = &answer["refused"];
    ensure(
        refused["name"] == json!("ChanscopeError")
            && refused["kind"] == json!("invalid")
            && refused["problems"][0]["param"] == json!("q"),
        || format!("a too-short q gave {refused}"),
    )?;
    ensure(h.sent(mark, "/channels/search").is_empty(), || {
        "an invalid channel search was sent anyway".into()
    })?;
    ensure(
        answer["unknown"]["name"] == json!("TypeError")
            && answer["unknown"]["message"]
                .as_str()
                .unwrap_or_default()
                .contains("unknown option \"query\""),
        || format!("an unknown parameter gave {}", answer["unknown"]),
    )
}
