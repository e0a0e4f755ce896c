//! The watchlist: a post search saved, kept across a reload, and checked before and after the
//! sandbox's clock moves a day on.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use chanscope_e2e::browser::WAIT;
use chanscope_e2e::{ensure, query_param, Harness, Res};
use serde_json::{json, Value};

use crate::{int, submit_form};

/// How many watches the console's IndexedDB store holds (-1 when it cannot be read).
const STORED_WATCHES: &str = "const done = arguments[arguments.length - 1];
    const open = indexedDB.open('chanscope');
    open.onerror = () => done(-1);
    open.onsuccess = () => {
        const db = open.result;
        try {
            const count = db.transaction('watches').objectStore('watches').count();
            count.onsuccess = () => { db.close(); done(count.result); };
            count.onerror = () => { db.close(); done(-1); };
        } catch (e) { db.close(); done(-1); }
    };";

/// How many watches the store holds: once it holds `expected`, when given. Saving is written to
/// IndexedDB after the page shows it; a reload before the commit would test the timing, not the
/// store.
pub(super) async fn wait_stored_watches(h: &Harness, expected: Option<usize>) -> Res<usize> {
    let deadline = Instant::now() + WAIT;
    loop {
        let stored = h
            .browser
            .client()
            .execute_async(STORED_WATCHES, vec![])
            .await?;
        let count = stored.as_u64().map(|n| n as usize);
        match (count, expected) {
            (Some(n), None) => return Ok(n),
            (Some(n), Some(e)) if n == e => return Ok(n),
            _ => {}
        }
        ensure(Instant::now() < deadline, || {
            format!("the store holds {stored} watches, not {expected:?}")
        })?;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The IDs of a post search's answer.
fn post_ids(answer: &Value) -> Vec<i64> {
    answer["items"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| int(&p["id"]))
        .collect()
}

/// The posts of a search answer whose IDs are not in `known`, as (date, ID), newest first: the
/// order the watchlist lists what is new.
fn posts_not_in(answer: &Value, known: &BTreeSet<i64>) -> Vec<(i64, i64)> {
    let mut fresh: Vec<(i64, i64)> = answer["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| !known.contains(&int(&p["id"])))
        .map(|p| (int(&p["date"]), int(&p["id"])))
        .collect();
    fresh.sort_by(|a, b| b.cmp(a));
    fresh
}

/// The IDs of the posts the watchlist lists as new, in its order.
async fn new_posts_listed(h: &Harness) -> Res<Value> {
    h.browser
        .eval(
            "return [...document.querySelectorAll('.watch-new-posts li[data-post-id]')]
                 .map(li => li.dataset.postId);",
            vec![],
        )
        .await
}

/// Presses "Check all" and waits for the check to end; the request it sent.
async fn check_all(h: &Harness) -> Res<String> {
    let mark = h.site.log.mark();
    h.browser.click(".watch-check").await?;
    let sent = h.wait_sent(mark, "/posts/search").await?;
    h.browser.wait_css(".job-done").await?;
    let all = h.site.log.since(mark);
    ensure(all.len() == 1, || {
        format!("one watch should cost one request: {all:?}")
    })?;
    Ok(sent)
}

pub(crate) async fn watchlist_news_after_the_clock_moves(h: Arc<Harness>) -> Res<()> {
    let keyword = h.picks.broad_keyword.clone();
    let name = format!("{keyword} (e2e)");
    submit_form(&h, "/post-search", &[("(q)", &keyword)]).await?;
    h.browser.click(".watch-button:not([disabled])").await?;
    h.browser.fill("watch-name", &name).await?;
    h.browser
        .click(".watch-form button[type=submit]:not([disabled])")
        .await?;
    h.browser.wait_text_in(".watch-saved", &[&name]).await?;
    wait_stored_watches(&h, Some(1)).await?;

    h.browser.goto("/watchlist").await?;
    h.browser
        .wait_text_in("li.watch .watch-name", &[&name])
        .await?;
    h.browser
        .wait_text_in(".watch-check", &["Check all 1 now"])
        .await?;
    h.browser
        .wait_text_in(".watch-checked", &["Not checked yet"])
        .await?;

    // The first check only notes what there is.
    let first_check = check_all(&h).await?;
    ensure(
        query_param(&first_check, "q").as_deref() == Some(keyword.as_str()),
        || format!("the check searched {first_check}"),
    )?;
    let seen = post_ids(&h.replay(&first_check).await?);
    ensure(!seen.is_empty(), || format!("{first_check} found nothing"))?;
    h.browser
        .wait_text_in(".watch-checked", &["Checked"])
        .await?;
    h.browser
        .wait_text_in("li.watch", &["Nothing new at the last check."])
        .await?;
    ensure(h.browser.count(".nav-count").await? == 0, || {
        "the first check counts news".into()
    })?;

    // A day passes: the posts of that day appear.
    h.state.dataset.advance(86_400);
    let second_check = check_all(&h).await?;
    let answer = h.replay(&second_check).await?;
    let seen: BTreeSet<i64> = seen.into_iter().collect();
    let fresh = posts_not_in(&answer, &seen);
    ensure(fresh.len() >= 3, || {
        format!(
            "{second_check} brought {} posts not seen before",
            fresh.len()
        )
    })?;
    let expected: Vec<String> = fresh.iter().map(|(_, id)| id.to_string()).collect();
    h.browser.wait_css(".watch-new-posts li").await?;
    let listed = new_posts_listed(&h).await?;
    ensure(listed == json!(expected), || {
        format!("the new posts listed are {listed}, not {expected:?}")
    })?;
    let n = expected.len().to_string();
    h.browser
        .wait_text_in(".watch-count", &[&format!("{n} new")])
        .await?;
    // Beside Watchlist in the navigation, and on the Tools button that folds it on narrow
    // screens.
    let counts = h
        .browser
        .texts(".tools-nav .nav-count, .menu-toggle .nav-count")
        .await?;
    ensure(
        counts.len() == 2 && counts.iter().all(|c| c.trim() == n),
        || format!("the navigation counts {counts:?}, not {n} twice"),
    )?;

    // Settings let the watchlist check itself when the console opens: a day later, opening it
    // checks without a click and lists that day's posts.
    let known: BTreeSet<i64> = seen.iter().copied().chain(post_ids(&answer)).collect();
    h.browser
        .eval(
            "const prefs = JSON.parse(localStorage.getItem('chanscope.settings') || '{}');
             prefs.watch_auto = true;
             prefs.watch_every_hours = 24;
             localStorage.setItem('chanscope.settings', JSON.stringify(prefs));
             localStorage.removeItem('chanscope.watch.autoChecked');
             return true;",
            vec![],
        )
        .await?;
    h.state.dataset.advance(86_400);
    let mark = h.site.log.mark();
    h.browser.goto("/watchlist").await?;
    let third_check = h.wait_sent(mark, "/posts/search").await?;
    // Read before the replay below, which the log counts too.
    let searched = h.sent(mark, "/posts/search");
    ensure(searched.len() == 1, || {
        format!("the check on opening searched more than once: {searched:?}")
    })?;
    let fresh = posts_not_in(&h.replay(&third_check).await?, &known);
    ensure(!fresh.is_empty(), || {
        format!("{third_check} brought no post of the second day")
    })?;
    let expected: Vec<String> = fresh.iter().map(|(_, id)| id.to_string()).collect();
    let deadline = Instant::now() + WAIT;
    loop {
        let listed = new_posts_listed(&h).await?;
        if listed == json!(expected) {
            break;
        }
        ensure(Instant::now() < deadline, || {
            format!(
                "after the check on opening the new posts listed are {listed}, not {expected:?}"
            )
        })?;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Three checks, three readings in the watch's history; a reload keeps them.
    for _ in 0..2 {
        h.browser
            .wait_text_in("li.watch .watch-history summary", &["History: 3 checks"])
            .await?;
        let rows = h
            .browser
            .eval(
                "const d = document.querySelector('li.watch .watch-history');
                 d.open = true;
                 return d.querySelectorAll('tbody tr').length;",
                vec![],
            )
            .await?;
        ensure(rows == json!(3), || {
            format!("the history table has {rows} rows")
        })?;
        h.browser.screenshot("watchlist").await?;
        h.browser.goto("/watchlist").await?;
    }
    h.browser.screenshot_at("watchlist-360", 360).await?;
    Ok(())
}
