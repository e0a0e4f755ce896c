//! Statistics of many posts in batches: the split into calls of at most 50 identifiers, the
//! order of the merged answer, the bound on calls running at once, and the first failure.

mod common;

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};

use chanscope_api::batch::{
    batch_count, bounded, fetch_in_batches, split_batches, MAX_CONCURRENT_BATCHES,
};
use chanscope_api::model::{PostStatRecord, Records};
use chanscope_api::ops::MultiPostStats;
use chanscope_api::{ApiErrorKind, ChannelId, Client, ClientConfig, Error, MemoryTransport};
use common::run;

fn client(transport: &MemoryTransport) -> Client<MemoryTransport> {
    Client::new(
        transport.clone(),
        ClientConfig {
            base_url: "https://api.example".into(),
            ..ClientConfig::default()
        },
    )
}

/// A `/posts/stat-multi` answer with one record per id: views = id * 10.
fn answer(ids: &[u64]) -> String {
    let records: Vec<String> = ids
        .iter()
        .map(|id| {
            format!(
                r#"{{"postId":{id},"viewsCount":{},"sharesCount":1,"commentsCount":2,"reactionsCount":3}}"#,
                id * 10
            )
        })
        .collect();
    format!("[{}]", records.join(","))
}

/// The `postsIds` of a requested URL, decoded.
fn posts_ids(url: &str) -> Vec<u64> {
    let query = url.split_once('?').map_or("", |(_, q)| q);
    let value = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("postsIds="))
        .unwrap_or_default();
    value
        .replace("%2C", ",")
        .split(',')
        .map(|id| id.parse().unwrap())
        .collect()
}

type Call = Pin<Box<dyn Future<Output = Result<Records<PostStatRecord>, Error>>>>;

fn send_batch(client: &Client<MemoryTransport>) -> impl Fn(Vec<u64>) -> Call {
    let client = client.clone();
    move |ids| {
        let client = client.clone();
        Box::pin(async move {
            client
                .send(&MultiPostStats::new(ChannelId::Numeric(7), ids))
                .await
        })
    }
}

#[test]
fn a_hundred_and_twenty_ids_take_three_calls_of_50_50_and_20() {
    let ids: Vec<u64> = (1..=120).collect();
    let transport = MemoryTransport::new();
    for chunk in ids.chunks(50) {
        transport.reply_ok(&answer(chunk));
    }
    let client = client(&transport);

    let records = run(fetch_in_batches(
        &ids,
        MAX_CONCURRENT_BATCHES,
        send_batch(&client),
    ))
    .unwrap();

    let requests = transport.requests();
    assert_eq!(requests.len(), 3);
    assert!(requests
        .iter()
        .all(|url| url.starts_with("https://api.example/posts/stat-multi?channelId=7&")));
    assert_eq!(posts_ids(&requests[0]), (1..=50).collect::<Vec<u64>>());
    assert_eq!(posts_ids(&requests[1]), (51..=100).collect::<Vec<u64>>());
    assert_eq!(posts_ids(&requests[2]), (101..=120).collect::<Vec<u64>>());
    let got: Vec<i64> = records.iter().map(|r| r.post_id).collect();
    assert_eq!(got, (1..=120).collect::<Vec<i64>>());
    assert_eq!(records[119].views_count, 1200);
    assert_eq!(batch_count(&ids), 3);
}

#[test]
fn repeated_ids_are_sent_once_in_first_seen_order() {
    let ids = [5, 3, 5, 9, 3, 1];
    assert_eq!(split_batches(&ids, 50), vec![vec![5, 3, 9, 1]]);
    assert_eq!(split_batches(&ids, 2), vec![vec![5, 3], vec![9, 1]]);
    assert_eq!(batch_count(&[]), 0);

    let transport = MemoryTransport::new();
    transport.reply_ok(&answer(&[5, 3, 9, 1]));
    let client = client(&transport);
    let records = run(fetch_in_batches(&ids, 3, send_batch(&client))).unwrap();
    assert_eq!(posts_ids(&transport.requests()[0]), vec![5, 3, 9, 1]);
    assert_eq!(records.len(), 4);
}

#[test]
fn the_first_failed_batch_is_reported_with_its_ids() {
    let ids: Vec<u64> = (1..=120).collect();
    let transport = MemoryTransport::new();
    transport.reply_ok(&answer(&ids[..50]));
    transport.reply(
        200,
        r#"{"status":"error","error":"quota_requests_reached"}"#,
    );
    transport.reply_ok(&answer(&ids[100..]));
    let client = client(&transport);

    let error = run(fetch_in_batches(&ids, 3, send_batch(&client))).unwrap_err();

    assert_eq!(error.batch, 1);
    assert_eq!(error.batches, 3);
    assert_eq!(error.ids, (51..=100).collect::<Vec<u64>>());
    match &error.error {
        Error::Api(api) => {
            assert_eq!(api.kind, ApiErrorKind::Quota);
            assert_eq!(api.message, "quota_requests_reached");
        }
        other => panic!("expected an API error, got {other:?}"),
    }
    assert!(error.to_string().starts_with("request 2 of 3 failed"));
}

/// Pending for `polls` polls (waking itself each time), then ready.
struct Yield {
    polls: u32,
}

impl Future for Yield {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.polls == 0 {
            return Poll::Ready(());
        }
        self.polls -= 1;
        cx.waker().wake_by_ref();
        Poll::Pending
    }
}

#[test]
fn no_more_calls_run_at_once_than_allowed() {
    let ids: Vec<u64> = (1..=430).collect();
    let running = Rc::new(Cell::new(0usize));
    let most = Rc::new(Cell::new(0usize));
    let calls = Rc::new(Cell::new(0usize));
    let fetch = |batch: Vec<u64>| {
        let (running, most) = (running.clone(), most.clone());
        calls.set(calls.get() + 1);
        running.set(running.get() + 1);
        most.set(most.get().max(running.get()));
        // Calls take different times, so they finish out of order.
        let polls = (batch[0] % 4) as u32 + 1;
        async move {
            Yield { polls }.await;
            running.set(running.get() - 1);
            Ok::<_, Error>(batch.into_iter().map(|id| id * 2).collect::<Records<u64>>())
        }
    };

    let doubled = run(fetch_in_batches(&ids, 3, fetch)).unwrap();

    assert_eq!(calls.get(), 9);
    assert_eq!(most.get(), 3);
    assert_eq!(running.get(), 0);
    assert_eq!(doubled, ids.iter().map(|id| id * 2).collect::<Vec<u64>>());
}

#[test]
fn a_bound_of_one_runs_the_items_one_after_another() {
    let running = Rc::new(Cell::new(0usize));
    let most = Rc::new(Cell::new(0usize));
    let task = |n: u32| {
        let (running, most) = (running.clone(), most.clone());
        running.set(running.get() + 1);
        most.set(most.get().max(running.get()));
        async move {
            Yield { polls: 3 - n % 3 }.await;
            running.set(running.get() - 1);
            if n == 4 {
                Err(format!("item {n} failed"))
            } else {
                Ok(n * n)
            }
        }
    };
    assert_eq!(run(bounded(vec![1, 2, 3], 1, task)), Ok(vec![1, 4, 9]));
    assert_eq!(most.get(), 1);
    assert_eq!(
        run(bounded(vec![1, 2, 4, 5], 0, task)),
        Err((2, "item 4 failed".to_owned()))
    );
    assert_eq!(run(bounded(Vec::new(), 3, task)), Ok(Vec::new()));
}

#[test]
fn both_runs_two_futures_and_keeps_each_output() {
    use chanscope_api::batch::both;
    use std::cell::Cell;
    use std::rc::Rc;

    // The first future needs two polls, the second one: both outputs come back, in order.
    let polls = Rc::new(Cell::new(0));
    let slow = {
        let polls = polls.clone();
        std::future::poll_fn(move |cx| {
            polls.set(polls.get() + 1);
            if polls.get() < 2 {
                cx.waker().wake_by_ref();
                std::task::Poll::Pending
            } else {
                std::task::Poll::Ready("slow")
            }
        })
    };
    let (a, b) = run(both(slow, async { 42 }));
    assert_eq!((a, b), ("slow", 42));
    assert_eq!(polls.get(), 2);
}
