//! The pages the gateway writes with their answer, through the gateway as deployed: read
//! without scripts, and typed into while the console takes over.

use chanscope_e2e::browser::normalize;
use chanscope_e2e::{ensure, http, text, Browser, Picks, Res};
use serde_json::json;

use super::{lines, wait_line, Lines, GATEWAY_TOKEN};

/// Channel info opened by a link, its answer written in by the gateway: typed into its form
/// while the console takes over, key by key until well after, and nothing typed is lost.
pub(super) async fn typing_while_the_console_takes_over(
    browser: &Browser,
    webdriver: &str,
    picks: &Picks,
) -> Res<()> {
    // A network as slow as a phone's, nothing cached: the module takes seconds to arrive, as it
    // does there, so the typing goes on across the console taking over.
    let slow = json!({ "offline": false, "latency": 150, "downloadThroughput": 250_000,
                       "uploadThroughput": 100_000 });
    browser
        .devtools(webdriver, "Network.enable", json!({}))
        .await?;
    let no_cache = json!({ "cacheDisabled": true });
    browser
        .devtools(webdriver, "Network.setCacheDisabled", no_cache)
        .await?;
    browser
        .devtools(webdriver, "Network.emulateNetworkConditions", slow)
        .await?;
    let link = format!(
        "/channel-info?channel={}",
        picks.channel.replace('@', "%40")
    );
    browser
        .client()
        .goto(&format!("{}{link}", browser.origin()))
        .await?;
    let before = browser
        .eval(
            "return document.querySelector('[data-app-ready]') === null
               && document.getElementById('boot-shell').hasAttribute('data-painted');",
            vec![],
        )
        .await?;
    // The caret after what the link put there, as a tap at its end leaves it.
    browser
        .eval(
            "const field = document.getElementById('ci-channel');
             field.focus();
             field.setSelectionRange(field.value.length, field.value.length);",
            vec![],
        )
        .await?;
    // Key by key until four have gone to the console's field (at most 600: a bound, not a wait).
    let keys = "_typed_key_by_key";
    let mut typed = String::new();
    let (mut keys_before, mut keys_after) = (0, 0);
    for key in keys.chars().cycle().take(600) {
        // To whichever field has the focus: the shell's, then the console's it moved to. The
        // shell's may go between finding it and typing (a stale element, the key not sent):
        // then to the console's.
        let field = browser.client().active_element().await?;
        if field.send_keys(&key.to_string()).await.is_err() {
            let field = browser.client().active_element().await?;
            field.send_keys(&key.to_string()).await?;
        }
        typed.push(key);
        let ready = browser
            .eval(
                "return document.querySelector('[data-app-ready]') !== null;",
                vec![],
            )
            .await?;
        if ready == json!(true) {
            keys_after += 1;
        } else {
            keys_before += 1;
        }
        if keys_after > 3 {
            break;
        }
    }
    browser
        .wait_css(".app[data-app-ready] main#main > *")
        .await?;
    let value = browser
        .eval(
            "return document.querySelector('#console #ci-channel').value;",
            vec![],
        )
        .await?;
    browser
        .devtools(webdriver, "Network.disable", json!({}))
        .await?;
    let expected = format!("{}{typed}", picks.channel);
    println!(
        "    typed while the console took over: shell first {before}, {keys_before} keys before \
         it was ready, {keys_after} after"
    );
    ensure(value == json!(expected), || {
        format!("typed {expected:?} in all; the console's field holds {value}")
    })
}

/// What a reader sees of the pages people land on before any script has run (or where scripts
/// are off): the gateway wrote their answer in.
pub(super) async fn without_scripts(
    browser: &Browser,
    picks: &Picks,
    upstream_at: &str,
) -> Res<()> {
    let origin = browser.origin();
    let card = http::api_response(
        upstream_at,
        &format!(
            "/api/channels/get?channelId={}&token={GATEWAY_TOKEN}",
            picks.channel.replace('@', "%40")
        ),
    )
    .await?;
    let count = card["participants_count"].as_i64().unwrap_or_default();
    let compact = chanscope_api::format::compact(count);
    browser
        .client()
        .goto(&format!(
            "{origin}/channel-info?channel={}",
            picks.channel.replace('@', "%40")
        ))
        .await?;
    let title = browser.texts(".channel-info .cs-card-title").await?;
    let figures = browser
        .texts(".channel-info .cs-card-facts .cs-num")
        .await?;
    let asked = browser
        .eval(
            "return document.getElementById('ci-channel').value;",
            vec![],
        )
        .await?;
    let ran = browser
        .eval(
            "return document.getElementById('console') !== null;",
            vec![],
        )
        .await?;
    browser
        .screenshot("gateway-channel-info-without-scripts")
        .await?;
    ensure(
        title.iter().map(|t| normalize(t)).collect::<Vec<_>>() == [text(&card["title"])]
            && figures.first() == Some(&compact)
            && asked == json!(picks.channel)
            && ran == json!(false),
        || {
            format!(
                "without scripts channel info shows {title:?} {figures:?}, asks {asked}, \
                     console {ran}; the channel is {card}"
            )
        },
    )?;
    // Post statistics: its counters.
    let post = picks.post_link.replace('/', "%2F");
    let stats = http::api_response(
        upstream_at,
        &format!("/api/posts/stat?postId={post}&token={GATEWAY_TOKEN}"),
    )
    .await?;
    browser
        .client()
        .goto(&format!("{origin}/post-stats?post={post}"))
        .await?;
    let tiles = browser.texts(".post-stats-results .cs-tile-value").await?;
    let views = chanscope_api::format::compact(stats["viewsCount"].as_i64().unwrap_or(-1));
    browser
        .screenshot("gateway-post-stats-without-scripts")
        .await?;
    ensure(tiles.first() == Some(&views) && tiles.len() == 6, || {
        format!("without scripts post statistics shows {tiles:?}; the post's are {stats}")
    })
}

/// Subscriber dynamics opened by a link, read without scripts: the gateway wrote its chart and
/// the summary of the channel's change over the API's last 10 days.
pub(super) async fn dynamics_without_scripts(
    browser: &Browser,
    picks: &Picks,
    upstream_at: &str,
) -> Res<()> {
    let origin = browser.origin();
    let channel = picks.channel.replace('@', "%40");
    let records = http::api_response(
        upstream_at,
        &format!("/api/channels/subscribers?channelId={channel}&token={GATEWAY_TOKEN}"),
    )
    .await?;
    // Days by their period, oldest first: the change is the last count less the first.
    let mut days: Vec<(String, i64)> = records
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            (
                text(&r["period"]),
                r["participants_count"].as_i64().unwrap_or(0),
            )
        })
        .collect();
    days.sort();
    days.dedup_by(|later, earlier| later.0 == earlier.0);
    let net = match (days.first(), days.last()) {
        (Some(first), Some(last)) => last.1 - first.1,
        _ => return Err(format!("no subscriber records for {channel}: {records}").into()),
    };
    let grouped = chanscope_api::format::group_thousands(net, chanscope_api::format::Locale::En);
    let expected = if net > 0 {
        format!("+{grouped}")
    } else {
        grouped
    };
    let link = format!("/subscriber-dynamics?channel={channel}");
    let (_, page) = http::get(origin.trim_start_matches("http://"), &link).await?;
    let painted = page.contains("data-painted");
    println!(
        "    subscriber dynamics written with its answer: {painted}, {} bytes",
        page.len()
    );
    browser.client().goto(&format!("{origin}{link}")).await?;
    let shown = browser
        .texts(".dynamics-results .dynamics-summary .summary-net")
        .await?;
    let chart = browser
        .eval(
            "const svg = document.querySelector('.dynamics-results .dynamics-chart svg');
                 return svg === null ? null : [svg.getAttribute('viewBox'),
                   svg.querySelectorAll('path.cs-chart-line').length,
                   svg.getBoundingClientRect().height];",
            vec![],
        )
        .await?;
    let asked = browser
        .eval(
            "return document.getElementById('sd-channel-0').value;",
            vec![],
        )
        .await?;
    browser
        .screenshot("gateway-subscriber-dynamics-without-scripts")
        .await?;
    ensure(
        shown == [expected.clone()]
            && chart[0] == json!("0 0 640 240")
            && chart[1] == json!(1)
            && chart[2].as_f64() == Some(240.0)
            && asked == json!(picks.channel),
        || {
            format!(
                "without scripts subscriber dynamics shows a net change of {shown:?} (the \
                     API's {expected}), the chart {chart}, asks {asked}"
            )
        },
    )
}

/// Subscriber dynamics opened by a link with scripts on: the console takes the written page's
/// place and draws its chart at its box's width, and nothing on the page moves.
pub(super) async fn dynamics_taken_over_without_a_shift(
    browser: &Browser,
    picks: &Picks,
) -> Res<()> {
    let link = format!(
        "/subscriber-dynamics?channel={}",
        picks.channel.replace('@', "%40")
    );
    browser
        .client()
        .goto(&format!("{}{link}", browser.origin()))
        .await?;
    // The console's own: the table of every period is drawn by it alone.
    browser
        .wait_css(".app[data-app-ready] .dynamics-results .dynamics-table")
        .await?;
    let seen = browser
        .eval(
            "const svg = document.querySelector('.dynamics-results .dynamics-chart svg');
             // The page's layout shifts so far: buffered entries are in the observer's records
             // as soon as it observes.
             const observer = new PerformanceObserver(() => {});
             observer.observe({ type: 'layout-shift', buffered: true });
             const shifts = observer.takeRecords().reduce((sum, e) => sum + e.value, 0);
             observer.disconnect();
             return [shifts, svg.getBoundingClientRect().height, svg.getAttribute('viewBox'),
                     svg.parentElement.clientWidth];",
            vec![],
        )
        .await?;
    browser
        .screenshot("gateway-subscriber-dynamics-taken-over")
        .await?;
    println!(
        "    subscriber dynamics taken over: layout shift, chart height, viewBox, box width {seen}"
    );
    ensure(
        seen[0].as_f64() == Some(0.0) && seen[1].as_f64() == Some(240.0),
        || {
            format!("subscriber dynamics taken over: layout shift, chart height, viewBox, box width {seen}")
        },
    )
}

/// A post search opened by a link, read before any script has run: the gateway wrote its first
/// page in, the first post's date in UTC (no zone cookie yet) and its counters as the console
/// writes them.
pub(super) async fn post_search_without_scripts(
    browser: &Browser,
    picks: &Picks,
    upstream_at: &str,
) -> Res<()> {
    let origin = browser.origin();
    let q = &picks.keyword;
    let answer = http::api_response(
        upstream_at,
        &format!("/api/posts/search?q={q}&extended=1&token={GATEWAY_TOKEN}"),
    )
    .await?;
    let first = &answer["items"][0];
    browser
        .client()
        .goto(&format!("{origin}/post-search?q={q}"))
        .await?;
    let ids = browser
        .eval(
            "return [...document.querySelectorAll('.post-results .post-item')]
                    .map(item => item.dataset.postId);",
            vec![],
        )
        .await?;
    let date = browser
        .texts(".post-results .post-item:first-child .post-date")
        .await?;
    let counters = browser
        .texts(".post-results .post-item:first-child .post-counter dd")
        .await?;
    let summary = browser.texts(".post-results .summary").await?;
    let asked = browser
        .eval("return document.getElementById('ps-q').value;", vec![])
        .await?;
    browser
        .screenshot("gateway-post-search-without-scripts")
        .await?;
    let utc = chrono::FixedOffset::east_opt(0).expect("zero is a valid offset");
    let when = chanscope_api::format::format_timestamp(
        first["date"].as_i64().unwrap_or_default(),
        &utc,
        chanscope_api::format::Locale::En,
    );
    let compact = |key: &str| chanscope_api::format::compact(first[key].as_i64().unwrap_or(-1));
    let expected = [
        compact("views"),
        compact("shares_count"),
        compact("comments_count"),
        compact("reactions_count"),
    ];
    let sent = answer["items"].as_array().map_or(0, Vec::len);
    ensure(
        ids.as_array().map(Vec::len) == Some(sent)
            && ids[0] == json!(first["id"].to_string())
            && date == [when.clone()]
            && counters.get(..4) == Some(&expected[..])
            && summary.len() == 1
            && asked == json!(picks.keyword),
        || {
            format!(
                "without scripts the post search shows posts {ids}, the first of {date:?} \
                     with {counters:?} ({summary:?}, asks {asked}); the answer's first is \
                     {first} ({when}, {expected:?}), {sent} sent"
            )
        },
    )
}

/// Post search with no query: its shell shows the form's introduction as the console draws it
/// (`static/boot.js`), so that the page's largest paint on a phone can be the shell's rather than
/// the console's later drawing of the same paragraph. Read each frame while the shell is there.
pub(super) async fn bare_search_shows_its_introduction_with_the_shell(
    browser: &Browser,
    webdriver: &str,
) -> Res<()> {
    let watch = "window.shellIntro = [];
        const look = () => {
            const intro = document.querySelector('#boot-shell .intro');
            if (intro) window.shellIntro.push(getComputedStyle(intro).visibility);
            if (!document.querySelector('[data-app-ready]')) requestAnimationFrame(look);
        };
        requestAnimationFrame(look);";
    browser
        .devtools(
            webdriver,
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": watch }),
        )
        .await?;
    browser.goto("/post-search").await?;
    browser
        .wait_css(".app[data-app-ready] .post-search-page .intro")
        .await?;
    let seen = browser.eval("return window.shellIntro;", vec![]).await?;
    let frames = seen.as_array().cloned().unwrap_or_default();
    let visible = frames.iter().filter(|v| **v == json!("visible")).count();
    println!(
        "    /post-search's shell: its introduction visible in {visible} of {} frames",
        frames.len()
    );
    ensure(visible > 0, || {
        format!("the shell of /post-search never showed its introduction: {seen}")
    })
}

/// Subscriber dynamics and a post search of the last 30 days opened by a link, after the console
/// has kept its zone in its cookie: the gateway reads the period's days in that zone and writes
/// the answer in, and the console's own call, its days read in the browser's zone, is the same
/// URL, answered from the gateway's cache. The service sees the page's call alone.
pub(super) async fn preset_period_in_the_kept_zone(
    browser: &Browser,
    picks: &Picks,
    reached: &Lines,
    log: &Lines,
) -> Res<()> {
    let kept = browser.eval("return document.cookie;", vec![]).await?;
    ensure(
        kept.as_str().is_some_and(|c| c.contains("chanscope-zone=")),
        || format!("the console kept no zone in its cookie: {kept}"),
    )?;
    let pages = [
        (
            format!(
                "/subscriber-dynamics?channel={}&period=30",
                picks.channel.replace('@', "%40")
            ),
            ".app[data-app-ready] .dynamics-results .dynamics-table",
            "/api/channels/subscribers",
            ".dynamics-results",
        ),
        (
            format!("/post-search?q={}&period=30", picks.keyword),
            ".app[data-app-ready] .post-results .summary, \
             .app[data-app-ready] .post-results .cs-empty",
            "/api/posts/search",
            ".post-results",
        ),
    ];
    for (link, drawn, call, painted) in pages {
        let mark = lines(reached).len();
        let log_mark = lines(log).len();
        browser
            .client()
            .goto(&format!("{}{link}", browser.origin()))
            .await?;
        browser.wait_css(drawn).await?;
        // The console's own call, logged by the gateway once made.
        let console_call = |line: &str| line.contains(&format!(" GET {call} "));
        let logged = wait_line(log, log_mark, console_call, "in the gateway's log", &link).await?;
        let asked: Vec<String> = lines(reached)[mark..]
            .iter()
            .filter(|line| line.starts_with(&format!("{call}?")))
            .cloned()
            .collect();
        // The page as the gateway sends it to this browser, its cookie with it: written, from
        // the answer it keeps.
        let written = browser
            .eval(
                "return fetch(location.href).then((r) => r.text())
                   .then((page) => page.includes('data-painted=\"' + arguments[0]));",
                vec![json!(painted)],
            )
            .await?;
        println!("    {link}: {kept}; the service saw {asked:?}");
        ensure(
            asked.len() == 1 && asked[0].contains("&startDate=") && written == json!(true),
            || {
                format!(
                    "{link} ({kept}) reached the service as {asked:?}; the console's call \
                     {logged}; the page written: {written}"
                )
            },
        )?;
    }
    browser.screenshot("gateway-post-search-30-days").await?;
    Ok(())
}
