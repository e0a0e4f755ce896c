//! The watchlist as the console holds it: loaded from the store once, shared through context
//! (the navigation counts what is new, pages save watches, the Watchlist page shows and checks
//! them), and checked as one job of one request per watch. The job lives here, above the pages,
//! so a check goes on while the user reads another page (each watch is saved as its answer
//! arrives, so a check cut short by closing the console leaves only the unanswered ones for the
//! next). It starts by itself when the
//! console opens if Settings allow it and the last such check is older than the interval chosen.

use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

use yew::prelude::*;

use super::check::{auto_check_due, check_unit, checked, next_run, now_secs, remember_auto_check};
use super::check::{Run, WatchAnswer, WatchedPages};
use super::notify::notify;
use super::watch::{Watch, WatchTarget};
use crate::api::Error;
use crate::request::{use_job, Job, Phase, Plan};
use crate::settings::SettingsContext;
use crate::store::StoreError;
use crate::store::{merge, MergeReport};
use crate::ui::use_ui;
use crate::view::job::DEFAULT_CONFIRM_ABOVE;

/// The watchlist in the browser's database.
pub type WatchStore = crate::store::Store<Watch>;

/// The watchlist shared with the shell and the pages.
#[derive(Clone)]
pub struct Watchlist {
    pub watches: Rc<Vec<Watch>>,
    /// The store has been read (or could not be).
    pub loaded: bool,
    /// Why the store cannot be used (e.g. a private window), or what failed last.
    pub error: Option<Rc<StoreError>>,
    /// Records of the store that could not be read.
    pub unreadable: usize,
    /// The check running, waiting for a confirmation, or last run.
    pub job: Option<Job<WatchAnswer>>,
    pub check: Callback<()>,
    pub save: Callback<Watch>,
    pub remove: Callback<String>,
    /// Merges watches read from a file; answers with what was added and replaced.
    pub import: Callback<(Vec<Watch>, Callback<MergeReport>)>,
    /// The watches whose last check crossed a threshold since the Watchlist page was last
    /// seen, by ID: the navigation marks the watchlist while there are any.
    pub alerted: Rc<Vec<String>>,
    /// The Watchlist page has been seen: forgets `alerted`.
    pub seen_alerts: Callback<()>,
    /// The watches whose last check failed, by ID, with why.
    failures: Rc<Vec<(String, Rc<Error>)>>,
}

impl PartialEq for Watchlist {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.watches, &other.watches)
            && self.loaded == other.loaded
            && self.error.as_ref().map(Rc::as_ptr) == other.error.as_ref().map(Rc::as_ptr)
            && self.job == other.job
            && Rc::ptr_eq(&self.alerted, &other.alerted)
    }
}

impl Watchlist {
    /// Everything the last checks found new, across the watchlist.
    pub fn news(&self) -> usize {
        self.watches.iter().map(|w| w.news.count()).sum()
    }

    /// Why the last check of watch `id` failed, if it did.
    pub fn failure(&self, id: &str) -> Option<Rc<Error>> {
        self.failures
            .iter()
            .find(|(failed, _)| failed == id)
            .map(|(_, error)| error.clone())
    }

    /// The watch of `target`, if one is saved.
    pub fn watching(&self, target: &WatchTarget) -> Option<&Watch> {
        self.watches.iter().find(|w| &w.target == target)
    }
}

/// The watchlist of the nearest provider (none outside the console, as in widgets).
#[hook]
pub fn use_watchlist() -> Option<Watchlist> {
    use_context::<Watchlist>()
}

#[derive(Properties, PartialEq)]
pub struct WatchlistProviderProps {
    pub children: Children,
}

/// Provides [`Watchlist`] to everything below it, checking watches with the requests of `P`;
/// place it inside the settings' provider.
#[function_component(WatchlistProvider)]
pub fn watchlist_provider<P: WatchedPages>(props: &WatchlistProviderProps) -> Html {
    let ui = use_ui();
    let settings = use_context::<SettingsContext>();
    let confirm_above = settings
        .as_ref()
        .map_or(DEFAULT_CONFIRM_ABOVE, |c| c.settings.confirm_above);
    let watches = use_state(|| Rc::new(Vec::<Watch>::new()));
    let loaded = use_state(|| false);
    let error = use_state(|| None::<Rc<StoreError>>);
    let unreadable = use_state(|| 0usize);
    let store = use_mut_ref(|| None::<WatchStore>);
    let run = use_state(|| None::<Rc<Run>>);
    // The units of the current run whose answers are already in the list.
    let applied = use_mut_ref(HashSet::<usize>::new);
    let alerted = use_state(|| Rc::new(Vec::<String>::new()));

    // Given the watches to check: a handle's value is the one of the render that made it, so the
    // check on opening (set up before the store is read) could not see them.
    let start_run = {
        let (run, applied) = (run.clone(), applied.clone());
        Rc::new(move |watches: Vec<Watch>, automatic: bool| {
            if watches.is_empty() {
                return;
            }
            applied.borrow_mut().clear();
            let number = next_run();
            run.set(Some(Rc::new(Run {
                number,
                watches,
                automatic,
            })));
        })
    };

    // Read the store once; then check by itself when allowed and due.
    {
        let (watches, loaded, error, unreadable, store) = (
            watches.clone(),
            loaded.clone(),
            error.clone(),
            unreadable.clone(),
            store.clone(),
        );
        let auto = settings
            .as_ref()
            .filter(|c| c.settings.watch_auto)
            .map(|c| c.settings.watch_every_hours);
        let start_run = start_run.clone();
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                // Opened in a task after the first render's, which it would lengthen: opening
                // and reading the store took 7-9 ms of the main thread in Chromium's profiler.
                crate::api::browser::sleep(std::time::Duration::ZERO).await;
                let opened = match WatchStore::open().await {
                    Ok(opened) => opened,
                    Err(e) => {
                        error.set(Some(Rc::new(e)));
                        loaded.set(true);
                        return;
                    }
                };
                let read = opened.all().await;
                *store.borrow_mut() = Some(opened);
                match read {
                    Ok(records) => {
                        // An empty store leaves the list as it started: every reader of the
                        // watchlist is drawn again for what changes, and here only `loaded` does.
                        let skipped = records.unreadable();
                        if skipped > 0 {
                            unreadable.set(skipped);
                        }
                        let list: Vec<Watch> = records.iter().cloned().collect();
                        if !list.is_empty() {
                            watches.set(Rc::new(list.clone()));
                            if auto.is_some_and(auto_check_due) {
                                remember_auto_check();
                                start_run(list, true);
                            }
                        }
                    }
                    Err(e) => error.set(Some(Rc::new(e))),
                }
                loaded.set(true);
            });
        });
    }

    let plan = run.as_ref().map(|r| {
        Plan::new(
            format!("watchlist check {}", r.number),
            r.watches.iter().map(|w| check_unit::<P>(w, &ui)).collect(),
        )
    });
    let job = use_job(plan, confirm_above);

    // An automatic check was allowed in Settings: it does not ask.
    {
        let job = job.clone();
        let automatic = run.as_ref().is_some_and(|r| r.automatic);
        use_effect_with(run.as_ref().map(|r| r.number), move |_| {
            if let Some(job) = job.filter(|j| automatic && j.awaits_confirmation()) {
                job.start();
            }
        });
    }

    // Each answer that came in updates its watch, once, and is saved.
    if let (Some(job), Some(current)) = (&job, run.as_ref()) {
        let now = now_secs();
        let fresh: Vec<(usize, Watch)> = current
            .watches
            .iter()
            .enumerate()
            .filter(|(i, _)| !applied.borrow().contains(i))
            .filter_map(|(i, w)| {
                // The watch as it is now: a threshold set while the check ran stays.
                let w = watches.iter().find(|c| c.id == w.id).unwrap_or(w);
                Some((i, checked(w, job, i, now)?))
            })
            .collect();
        if !fresh.is_empty() {
            let mut list = (**watches).clone();
            let mut changed = Vec::new();
            let mut marked = (**alerted).clone();
            for (i, updated) in fresh {
                applied.borrow_mut().insert(i);
                // A watch deleted meanwhile stays deleted.
                if let Some(slot) = list.iter_mut().find(|w| w.id == updated.id) {
                    if !updated.alerts.is_empty() {
                        notify(&ui, &updated);
                        if !marked.contains(&updated.id) {
                            marked.push(updated.id.clone());
                        }
                    }
                    *slot = updated.clone();
                    changed.push(updated);
                }
            }
            if marked.len() != alerted.len() {
                alerted.set(Rc::new(marked));
            }
            watches.set(Rc::new(list));
            persist(&store, &error, move |s| {
                let changed = changed.clone();
                async move { s.put_all(&changed).await }
            });
        }
    }

    let save = {
        let (watches, store, error) = (watches.clone(), store.clone(), error.clone());
        Callback::from(move |watch: Watch| {
            let mut list = (**watches).clone();
            list.retain(|w| w.id != watch.id);
            list.push(watch.clone());
            watches.set(Rc::new(list));
            persist(&store, &error, move |s| {
                let watch = watch.clone();
                async move { s.put(&watch).await }
            });
        })
    };
    let remove = {
        let (watches, store, error) = (watches.clone(), store.clone(), error.clone());
        Callback::from(move |id: String| {
            let mut list = (**watches).clone();
            list.retain(|w| w.id != id);
            watches.set(Rc::new(list));
            persist(&store, &error, move |s| {
                let id = id.clone();
                async move { s.delete(&id).await }
            });
        })
    };
    let import = {
        let (watches, store, error) = (watches.clone(), store.clone(), error.clone());
        Callback::from(
            move |(imported, report): (Vec<Watch>, Callback<MergeReport>)| {
                let (list, merged) = merge((**watches).clone(), imported);
                watches.set(Rc::new(list.clone()));
                report.emit(merged);
                persist(&store, &error, move |s| {
                    let list = list.clone();
                    async move { s.put_all(&list).await }
                });
            },
        )
    };
    let check = {
        let (start_run, watches) = (start_run.clone(), watches.clone());
        Callback::from(move |()| start_run((**watches).clone(), false))
    };
    let seen_alerts = {
        let alerted = alerted.clone();
        Callback::from(move |()| alerted.set(Rc::new(Vec::new())))
    };
    let failures = match (&job, run.as_ref()) {
        (Some(job), Some(current)) => current
            .watches
            .iter()
            .enumerate()
            .filter_map(|(i, w)| Some((w.id.clone(), job.error(i)?)))
            .collect(),
        _ => Vec::new(),
    };
    let context = Watchlist {
        watches: (*watches).clone(),
        loaded: *loaded,
        error: (*error).clone(),
        unreadable: *unreadable,
        job: job.filter(|j| j.progress().phase != Phase::Idle || j.awaits_confirmation()),
        check,
        save,
        remove,
        import,
        alerted: (*alerted).clone(),
        seen_alerts,
        failures: Rc::new(failures),
    };
    html! {
        <ContextProvider<Watchlist> context={context}>
            { props.children.clone() }
        </ContextProvider<Watchlist>>
    }
}

/// Runs a change of the store when it is open; a failure is shown on the Watchlist page.
fn persist<F, Fut>(
    store: &Rc<RefCell<Option<WatchStore>>>,
    error: &UseStateHandle<Option<Rc<StoreError>>>,
    change: F,
) where
    F: FnOnce(WatchStore) -> Fut + 'static,
    Fut: std::future::Future<Output = Result<(), StoreError>> + 'static,
{
    let error = error.clone();
    crate::store::persist(store, change, || (), move |e| error.set(Some(Rc::new(e))));
}
