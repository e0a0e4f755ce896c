//! Keyword mentions weighed: share of all mentions and reach per mention.

use chanscope_figures::engagement::Missing;
use chanscope_figures::mentions::{reach_per_mention, share};

#[test]
fn shares_and_reach_per_mention() {
    assert_eq!(share(5, 20), Ok(25.0));
    assert_eq!(share(0, 20), Ok(0.0));
    assert_eq!(share(3, 0), Err(Missing::NoPosts));
    assert_eq!(reach_per_mention(12_000, 8), Ok(1_500.0));
    assert_eq!(reach_per_mention(100, 0), Err(Missing::NoPosts));
}
