//! Browser tests of `use_job` over a stubbed `fetch`: how many requests a job has on their way,
//! when it waits for a confirmation, what cancelling keeps, how it waits out flood control, which
//! errors it records for one unit and which stop it, how far a refined plan goes, and what a
//! restart asks again.
#![cfg(target_arch = "wasm32")]

mod dom;
mod job_support;

use std::rc::Rc;

use chanscope::api::ops::PostSearch;
use chanscope::api::{ApiError, ApiErrorKind, Error, Operation};
use chanscope::request::{Phase, Plan, Progress, Unit};
use wasm_bindgen_test::*;

use job_support::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn a_job_has_three_requests_on_their_way_and_gives_each_unit_its_own_answer() {
    let stub = Stub::install();
    for index in 0..7 {
        stub.ok(&url("seven", index), 100 + u64::from(index), 200);
    }
    let started = now_ms();
    let page = Page::mount(|| Plan::new("jobs: seven", pages("seven", 7)), 20).await;
    let job = page.job();

    // The fourth waits for one of the first three to land.
    let progress = job.progress();
    assert_eq!(
        (progress.phase, progress.done, progress.in_flight),
        (Phase::Running, 0, 3)
    );
    assert_eq!(
        urls(&calls("seven")),
        (0..3).map(|i| url("seven", i)).collect::<Vec<_>>()
    );

    until("the job to finish", 3000.0, || phase(&job) == Phase::Done).await;
    let took = now_ms() - started;
    assert_eq!(most_open(), 3);
    // Three rounds of 200 ms answers.
    assert!((590.0..1500.0).contains(&took), "took {took} ms");
    let asked = calls("seven");
    assert_eq!(
        urls(&asked),
        (0..7).map(|i| url("seven", i)).collect::<Vec<_>>()
    );
    assert!(
        asked.iter().all(|call| call.answered && !call.aborted),
        "{asked:?}"
    );
    assert_eq!(
        job.progress(),
        Progress {
            phase: Phase::Done,
            total: 7,
            done: 7,
            in_flight: 0,
            paused_until: None,
            time_left_ms: Some(0.0),
        }
    );
    assert_eq!(total_counts(&job), (100..107).map(Some).collect::<Vec<_>>());
    assert_eq!(job.result(3).map(|page| page.total_count), Some(103));
    assert!(job.error(3).is_none());
    // A unit past the end gives nothing rather than a panic.
    assert!(job.result(7).is_none());
    sleep_ms(30).await;
    assert_eq!(page.shown(), "7/7");
    assert!(!page.job().awaits_confirmation());
}

#[wasm_bindgen_test]
async fn a_job_of_more_units_than_the_threshold_waits_for_start() {
    let stub = Stub::install();
    for index in 0..7 {
        stub.ok(&url("asks", index), u64::from(index), 20);
        stub.ok(&url("goes", index), u64::from(index), 20);
    }

    let page = Page::mount(|| Plan::new("jobs: asks", pages("asks", 7)), 5).await;
    let job = page.job();
    sleep_ms(200).await;
    assert!(job.awaits_confirmation());
    assert_eq!(
        job.progress(),
        Progress {
            phase: Phase::Idle,
            total: 7,
            done: 0,
            in_flight: 0,
            paused_until: None,
            time_left_ms: None,
        }
    );
    assert!(calls("asks").is_empty());
    assert_eq!(page.shown(), "0/7");

    job.start();
    assert!(!job.awaits_confirmation());
    assert_eq!(phase(&job), Phase::Running);
    until("the confirmed job to finish", 2000.0, || {
        phase(&job) == Phase::Done
    })
    .await;
    assert_eq!(
        urls(&calls("asks")),
        (0..7).map(|i| url("asks", i)).collect::<Vec<_>>()
    );
    assert_eq!(total_counts(&job), (0..7).map(Some).collect::<Vec<_>>());

    // A job of exactly the threshold's size does not ask.
    let page = Page::mount(|| Plan::new("jobs: goes", pages("goes", 7)), 7).await;
    let job = page.job();
    assert!(!job.awaits_confirmation());
    assert_eq!((phase(&job), job.progress().in_flight), (Phase::Running, 3));
    until("the job at the threshold to finish", 2000.0, || {
        phase(&job) == Phase::Done
    })
    .await;
    assert_eq!(
        urls(&calls("goes")),
        (0..7).map(|i| url("goes", i)).collect::<Vec<_>>()
    );
}

#[wasm_bindgen_test]
async fn cancelling_keeps_the_answers_and_start_asks_only_for_the_rest() {
    let stub = Stub::install();
    for index in 0..7 {
        stub.ok(&url("halfway", index), 300 + u64::from(index), 300);
    }
    let page = Page::mount(|| Plan::new("jobs: halfway", pages("halfway", 7)), 20).await;
    let job = page.job();

    until("the first three answers", 2000.0, || {
        job.progress().done == 3
    })
    .await;
    // Their landing sent the next three at once.
    assert_eq!(job.progress().in_flight, 3);
    assert_eq!(calls("halfway").len(), 6);

    job.cancel();
    // Stopped: nothing more goes out, and the three on their way are not thrown away.
    let progress = job.progress();
    assert_eq!(
        (progress.phase, progress.done, progress.in_flight),
        (Phase::Stopped, 3, 3)
    );
    until("the three on their way to land", 2000.0, || {
        job.progress().in_flight == 0
    })
    .await;
    // The clock stands still while stopped: the estimate does not move during the wait below.
    let time_left_ms = job.progress().time_left_ms;
    assert!(time_left_ms.is_some_and(|ms| ms > 0.0), "{time_left_ms:?}");
    let stopped = Progress {
        phase: Phase::Stopped,
        total: 7,
        done: 6,
        in_flight: 0,
        paused_until: None,
        time_left_ms,
    };
    assert_eq!(job.progress(), stopped);
    let kept: Vec<Option<u64>> = (300..306).map(Some).chain([None]).collect();
    assert_eq!(total_counts(&job), kept);
    sleep_ms(400).await;
    assert_eq!(job.progress(), stopped);
    assert_eq!(page.shown(), "6/7");
    assert_eq!(calls("halfway"), answered_once("halfway", 6));

    // Going on asks for the one page never asked, and nothing else: every request once.
    job.start();
    assert_eq!(job.progress().in_flight, 1);
    until("the job to finish after start", 3000.0, || {
        phase(&job) == Phase::Done
    })
    .await;
    assert_eq!(job.progress().done, 7);
    assert_eq!(total_counts(&job), (300..307).map(Some).collect::<Vec<_>>());
    assert_eq!(calls("halfway"), answered_once("halfway", 7));
}

#[wasm_bindgen_test]
async fn answers_landing_after_cancel_can_finish_the_job() {
    let stub = Stub::install();
    for index in 0..3 {
        stub.ok(&url("last", index), 600 + u64::from(index), 200);
    }
    let page = Page::mount(|| Plan::new("jobs: last", pages("last", 3)), 20).await;
    let job = page.job();
    assert_eq!(job.progress().in_flight, 3);
    job.cancel();
    until("the three to land", 2000.0, || phase(&job) == Phase::Done).await;
    assert_eq!(total_counts(&job), (600..603).map(Some).collect::<Vec<_>>());
    assert_eq!(calls("last").len(), 3);
    assert_eq!(page.shown(), "3/3");
}

#[wasm_bindgen_test]
async fn flood_control_pauses_the_job_and_it_goes_on_by_itself() {
    let stub = Stub::install();
    for index in 0..7 {
        if index == 1 {
            stub.error(&url("flood", index), "flood_control_1", 50);
        }
        stub.ok(&url("flood", index), 200 + u64::from(index), 100);
    }
    let started = now_ms();
    let page = Page::mount(|| Plan::new("jobs: flood", pages("flood", 7)), 20).await;
    let job = page.job();

    until("the pause", 1000.0, || {
        job.progress().paused_until.is_some()
    })
    .await;
    let paused_at = now_ms();
    let progress = job.progress();
    assert_eq!(progress.phase, Phase::Running);
    let wait = progress.paused_until.unwrap() - paused_at;
    assert!((850.0..=1000.0).contains(&wait), "paused for {wait} ms");

    // The two on their way still land; nothing new goes out during the pause.
    until("the two on their way", 1000.0, || {
        job.progress().in_flight == 0
    })
    .await;
    sleep_ms(300).await;
    let progress = job.progress();
    assert_eq!(
        (
            progress.done,
            progress.in_flight,
            progress.paused_until.is_some()
        ),
        (2, 0, true)
    );
    assert_eq!(calls("flood").len(), 3);

    until("the job to finish by itself", 2500.0, || {
        phase(&job) == Phase::Done
    })
    .await;
    let took = now_ms() - started;
    // One second of pause, and two rounds of 100 ms answers after it.
    assert!((1150.0..2500.0).contains(&took), "took {took} ms");
    assert_eq!(
        job.progress(),
        Progress {
            phase: Phase::Done,
            total: 7,
            done: 7,
            in_flight: 0,
            paused_until: None,
            time_left_ms: Some(0.0),
        }
    );
    assert_eq!(total_counts(&job), (200..207).map(Some).collect::<Vec<_>>());
    let asked = calls("flood");
    assert_eq!(asked.len(), 8);
    for index in 0..7 {
        let times = times_asked(&asked, "flood", index, |_| true);
        assert_eq!(times, if index == 1 { 2 } else { 1 }, "page {index}");
    }
    assert!(asked.iter().all(|call| call.answered), "{asked:?}");
}

#[wasm_bindgen_test]
async fn a_flood_control_wait_holds_across_cancel_and_continue() {
    let stub = Stub::install();
    for index in 0..4 {
        if index == 0 {
            stub.error(&url("holds", index), "flood_control_2", 50);
        }
        stub.ok(&url("holds", index), 400 + u64::from(index), 50);
    }
    let page = Page::mount(|| Plan::new("jobs: holds", pages("holds", 4)), 20).await;
    let job = page.job();
    until("the pause", 1000.0, || {
        job.progress().paused_until.is_some()
    })
    .await;
    let until_at = job.progress().paused_until.unwrap();
    until("the others to land", 1000.0, || {
        job.progress().in_flight == 0
    })
    .await;
    job.cancel();
    assert_eq!(phase(&job), Phase::Stopped);
    job.start();
    // Going on before the wait is over sends nothing (the first three went out before the
    // pause; the flood-controlled one and the fourth wait): the wait still holds.
    sleep_ms(300).await;
    assert!(now_ms() < until_at, "the test itself was too slow");
    assert_eq!(job.progress().paused_until, Some(until_at));
    assert_eq!(calls("holds").len(), 3, "{:?}", calls("holds"));
    until("the job to finish after the wait", 3000.0, || {
        phase(&job) == Phase::Done
    })
    .await;
    assert!(now_ms() >= until_at);
    assert_eq!(total_counts(&job), (400..404).map(Some).collect::<Vec<_>>());
    assert_eq!(calls("holds").len(), 5);
}

#[wasm_bindgen_test]
async fn an_error_about_one_unit_is_kept_for_it_and_the_others_go_on() {
    let stub = Stub::install();
    for index in 0..7 {
        if index == 4 {
            stub.error(&url("unit", index), "param q is too short", 50);
        } else if index == 5 {
            stub.error(&url("unit", index), "channel_gone_away", 50);
        } else {
            stub.ok(&url("unit", index), 400 + u64::from(index), 50);
        }
    }
    let unaskable = PostSearch::new(" ").validate().unwrap_err();
    let plan = {
        let unaskable = unaskable.clone();
        move || {
            let mut units = pages("unit", 7);
            units[2] = Unit::fails(Error::Invalid(unaskable.clone()));
            Plan::new("jobs: unit errors", units)
        }
    };
    let page = Page::mount(plan, 20).await;
    let job = page.job();

    until("the job to finish", 2000.0, || phase(&job) == Phase::Done).await;
    let progress = job.progress();
    assert_eq!((progress.total, progress.done), (7, 7));
    assert_eq!(
        job.error(4).as_deref(),
        Some(&Error::Api(ApiError {
            kind: ApiErrorKind::InvalidParameter,
            message: "param q is too short".into(),
        }))
    );
    assert_eq!(
        job.error(5).as_deref(),
        Some(&Error::Api(ApiError {
            kind: ApiErrorKind::Unknown,
            message: "channel_gone_away".into(),
        }))
    );
    assert_eq!(job.error(2).as_deref(), Some(&Error::Invalid(unaskable)));
    assert_eq!(
        total_counts(&job),
        vec![Some(400), Some(401), None, Some(403), None, None, Some(406)]
    );
    assert!(job.error(0).is_none());
    // The unit that fails before sending is never asked.
    assert_eq!(
        urls(&calls("unit")),
        [0, 1, 3, 4, 5, 6]
            .into_iter()
            .map(|i| url("unit", i))
            .collect::<Vec<_>>()
    );
}

#[wasm_bindgen_test]
async fn an_error_that_would_fail_every_unit_stops_the_job() {
    let stub = Stub::install();
    for index in 0..7 {
        if index == 1 {
            stub.error(&url("token", index), "token_invalid", 50);
        } else {
            stub.ok(&url("token", index), 500 + u64::from(index), 200);
        }
    }
    let page = Page::mount(|| Plan::new("jobs: token", pages("token", 7)), 20).await;
    let job = page.job();

    until("the job to fail", 1000.0, || {
        matches!(phase(&job), Phase::Failed(_))
    })
    .await;
    assert_eq!(
        phase(&job),
        Phase::Failed(Rc::new(Error::Api(ApiError {
            kind: ApiErrorKind::Auth,
            message: "token_invalid".into(),
        })))
    );
    assert_eq!(job.progress().in_flight, 2);

    // The two already on their way land and are kept, and nothing more is asked.
    until("the two on their way", 1000.0, || {
        job.progress().in_flight == 0
    })
    .await;
    sleep_ms(300).await;
    let progress = job.progress();
    assert!(matches!(progress.phase, Phase::Failed(_)));
    assert_eq!((progress.total, progress.done), (7, 2));
    assert_eq!(
        total_counts(&job),
        vec![Some(500), None, Some(502), None, None, None, None]
    );
    assert!(job.error(1).is_none());
    assert_eq!(
        urls(&calls("token")),
        (0..3).map(|i| url("token", i)).collect::<Vec<_>>()
    );
}

#[wasm_bindgen_test]
async fn a_refined_plan_asks_only_for_the_pages_its_first_answer_says_exist() {
    let stub = Stub::install();
    // Every page answers, so that one asked past the end would show up as a call.
    for index in 0..21 {
        stub.ok(&url("refine", index), 120, 100);
    }
    let plan = || {
        Plan::new("jobs: refine", pages("refine", 21))
            .refined_by(|first: &SearchPage| first.total_count.div_ceil(u64::from(PAGE)) as usize)
    };
    let page = Page::mount(plan, 25).await;
    let job = page.job();

    // Until the first page lands, it runs alone and the job counts every unit.
    let progress = job.progress();
    assert_eq!(
        (progress.phase, progress.total, progress.in_flight),
        (Phase::Running, 21, 1)
    );
    assert_eq!(urls(&calls("refine")), [url("refine", 0)]);

    until("the job to finish", 2000.0, || phase(&job) == Phase::Done).await;
    assert_eq!(
        urls(&calls("refine")),
        (0..3).map(|i| url("refine", i)).collect::<Vec<_>>()
    );
    assert_eq!(
        job.progress(),
        Progress {
            phase: Phase::Done,
            total: 3,
            done: 3,
            in_flight: 0,
            paused_until: None,
            time_left_ms: Some(0.0),
        }
    );
    assert_eq!(total_counts(&job), vec![Some(120); 3]);
    sleep_ms(30).await;
    assert_eq!(page.shown(), "3/3");
}

#[wasm_bindgen_test]
async fn restart_forgets_the_answers_and_the_cache_gives_them_back() {
    let stub = Stub::install();
    for index in 0..4 {
        stub.ok(&url("again", index), 600 + u64::from(index), 50);
    }
    let page = Page::mount(|| Plan::new("jobs: again", pages("again", 4)), 20).await;
    let job = page.job();
    until("the job to finish", 2000.0, || phase(&job) == Phase::Done).await;
    assert_eq!(calls("again").len(), 4);

    job.restart();
    let progress = job.progress();
    assert_eq!(
        (progress.phase, progress.done, progress.in_flight),
        (Phase::Running, 0, 3)
    );
    assert_eq!(total_counts(&job), vec![None; 4]);
    until("the job to finish again", 2000.0, || {
        phase(&job) == Phase::Done
    })
    .await;
    assert_eq!(total_counts(&job), (600..604).map(Some).collect::<Vec<_>>());
    // Every answer is younger than the cache's minute, so none is asked for again.
    assert_eq!(
        urls(&calls("again")),
        (0..4).map(|i| url("again", i)).collect::<Vec<_>>()
    );
}
