//! `bench-picks`: the end-to-end suite's inputs (see `picks.rs`) for the browser benchmark
//! (`cargo xtask bench`), one `key=value` a line: first the sandbox's `seed`, `size` and `now`,
//! with which the benchmark starts the `sandbox` binary so that every page it opens finds
//! something, then the picks. No value holds a space.
//!
//! `now` is `CHANSCOPE_E2E_NOW` when set, as for the end-to-end tests.

use std::process::ExitCode;

use chanscope_e2e::{pinned_now, Picks, SEED};
use sandbox::{Dataset, Size};

fn main() -> ExitCode {
    const SIZE: Size = Size::Small;
    let picked = pinned_now()
        .map_err(|e| e.to_string())
        .and_then(|now| Picks::choose(&Dataset::generate(SEED, SIZE, now)).map(|p| (now, p)));
    let (now, p) = match picked {
        Ok(picked) => picked,
        Err(e) => {
            eprintln!("bench-picks: {e}");
            return ExitCode::FAILURE;
        }
    };
    let list = |ids: &[u64]| ids.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
    for (key, value) in [
        ("seed", SEED.to_string()),
        ("size", SIZE.to_string()),
        ("now", now.to_string()),
        ("channel", p.channel),
        ("channel_id", p.channel_id.to_string()),
        ("post_ids", list(&p.post_ids)),
        ("story_ids", list(&p.story_ids)),
        ("post_link", p.post_link),
        ("keyword", p.keyword),
        ("channel_query", p.channel_query),
        ("channel_country", p.channel_country),
        ("rising_keyword", p.rising_keyword),
        ("broad_keyword", p.broad_keyword),
        ("compare_channels", p.compare_channels.join(",")),
    ] {
        println!("{key}={value}");
    }
    ExitCode::SUCCESS
}
