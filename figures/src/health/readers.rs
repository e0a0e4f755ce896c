//! The readers' signal: whether the subscribers a rise brought (or a loss took) read the
//! channel's posts. Bought subscribers do not read: after a real rise the views of each post
//! rise with the count, after bots the reach per subscriber falls.
//!
//! For a rise or a loss from count `b` (at its start) to `a` (at its end):
//! - posts **before** it: those published from [`READ_DAYS`] days before its start to 24 hours
//!   before it (so that their first 24 hours are over before it starts), the [`READ_POSTS`]
//!   latest; posts **after** it: those published from its end to [`READ_DAYS`] days after,
//!   the [`READ_POSTS`] earliest. Each post's reach is its views in its first 24 hours.
//! - reach before `R_b` and after `R_a` = the medians of those reaches; ERR24 before =
//!   `R_b` / `b` × 100 %, after = `R_a` / `a` × 100 %.
//! - followed = (`R_a` / `R_b` − 1) / (`a` / `b` − 1): 1 when the newcomers read as the
//!   channel's readers did (reach grew in step with the count, ERR24 stayed), 0 when none of
//!   them read (reach stayed, ERR24 fell by `b` / `a`). For a loss: 1 when those who left
//!   read, 0 when they did not (bots cleaned out).
//! - How sure: the spread of the posts' reach, `s` = 1.4826 × the median absolute deviation
//!   of the logarithm of each post's reach from its side's median (both sides pooled), at least
//!   [`LEAST_SPREAD`]: a channel's posts vary in reach by a tenth at the least, and a handful of
//!   posts can happen to agree more closely. The standard error of ln(`R_a` / `R_b`) is
//!   1.2533 × `s` × √(1/n_b + 1/n_a) (a median is 1.2533 times less precise than a mean).
//!   The line between the two readings is half the newcomers reading,
//!   ln(1 + [`FOLLOWED_SHARE`] × (`a` / `b` − 1)); [`Follow::Followed`] when ln(`R_a` / `R_b`)
//!   lies more than [`SURE_ERRORS`] standard errors beyond it on the side of the count's
//!   change, [`Follow::NotFollowed`] when as far on the other side, otherwise
//!   [`Follow::Unclear`]: the posts cannot tell bots from readers. Fewer than [`MIN_POSTS`]
//!   posts on a side: [`Follow::TooFew`].

use chrono::{NaiveDateTime, TimeDelta};

use super::{confidence, Confidence, Doubt, Finding, Kind, Movement, Size};
use crate::robust::{median, MAD_TO_SIGMA};

/// Posts are read within this many days of a finding on each side.
pub const READ_DAYS: i64 = 7;
/// At most this many posts a side.
pub const READ_POSTS: usize = 6;
/// At least this many posts a side.
pub const MIN_POSTS: usize = 3;
/// The reach's change must lie this many standard errors from the line to be told.
pub const SURE_ERRORS: f64 = 2.0;
/// The least spread of ln(reach) from one post to the next.
pub const LEAST_SPREAD: f64 = 0.1;
/// The share of newcomers reading that counts as following.
pub const FOLLOWED_SHARE: f64 = 0.5;
/// A median's standard error is this many times a mean's, for normally spread values.
const MEDIAN_EFFICIENCY: f64 = 1.2533;

/// A post read around a finding.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReadPost {
    pub published: NaiveDateTime,
    /// Views in its first 24 hours.
    pub reach: f64,
}

/// What the posts say of the people a finding brought or took; the names are the page's
/// `data-readers`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Follow {
    /// Reach moved in step with the count: real readers.
    Followed,
    /// The count moved and reach did not: what bots look like.
    NotFollowed,
    /// The change is too small against how much the posts' reach varies.
    Unclear,
    /// Fewer than [`MIN_POSTS`] posts on a side.
    TooFew,
}

impl Follow {
    pub fn as_str(self) -> &'static str {
        match self {
            Follow::Followed => "followed",
            Follow::NotFollowed => "not-followed",
            Follow::Unclear => "unclear",
            Follow::TooFew => "too-few",
        }
    }
}

/// The readers' signal of one finding (see the module's head).
#[derive(Clone, Debug, PartialEq)]
pub struct Readers {
    pub posts_before: usize,
    pub posts_after: usize,
    /// Median reach at 24 hours, and ERR24 in percent, before and after; `None` without posts
    /// on that side.
    pub reach_before: Option<f64>,
    pub reach_after: Option<f64>,
    pub err_before: Option<f64>,
    pub err_after: Option<f64>,
    /// The share of the newcomers (or the leavers) who read.
    pub followed: Option<f64>,
    pub follow: Follow,
}

/// The instants around `m` that posts are read from: (from, to) before it and after it.
pub fn windows(m: &Movement) -> [(NaiveDateTime, NaiveDateTime); 2] {
    let day = TimeDelta::hours(24);
    let days = TimeDelta::days(READ_DAYS);
    [(m.start - day - days, m.start - day), (m.end, m.end + days)]
}

/// The readers' signal of `m` from `posts` (any order; those outside its windows are left
/// out).
pub fn readers(m: &Movement, posts: &[ReadPost]) -> Readers {
    let [(b0, b1), (a0, a1)] = windows(m);
    let mut before: Vec<&ReadPost> = posts
        .iter()
        .filter(|p| b0 <= p.published && p.published <= b1 && p.reach.is_finite())
        .collect();
    before.sort_by_key(|p| std::cmp::Reverse(p.published));
    before.truncate(READ_POSTS);
    let mut after: Vec<&ReadPost> = posts
        .iter()
        .filter(|p| a0 <= p.published && p.published <= a1 && p.reach.is_finite())
        .collect();
    after.sort_by_key(|p| p.published);
    after.truncate(READ_POSTS);
    let reaches = |side: &[&ReadPost]| -> Vec<f64> { side.iter().map(|p| p.reach).collect() };
    let (rb, ra) = (median(&reaches(&before)), median(&reaches(&after)));
    let count_before = m.before as f64;
    let count_after = (m.before + m.change) as f64;
    let err =
        |reach: Option<f64>, count: f64| reach.filter(|_| count > 0.0).map(|r| r / count * 100.0);
    let mut found = Readers {
        posts_before: before.len(),
        posts_after: after.len(),
        reach_before: rb,
        reach_after: ra,
        err_before: err(rb, count_before),
        err_after: err(ra, count_after),
        followed: None,
        follow: Follow::TooFew,
    };
    let (Some(rb), Some(ra)) = (rb, ra) else {
        return found;
    };
    if before.len() < MIN_POSTS || after.len() < MIN_POSTS || rb <= 0.0 || count_before <= 0.0 {
        return found;
    }
    let growth = count_after / count_before - 1.0;
    found.followed = (growth != 0.0).then(|| (ra / rb - 1.0) / growth);
    // The spread of ln(reach) about each side's median, pooled.
    let deviations: Vec<f64> = [(&before, rb), (&after, ra)]
        .into_iter()
        .flat_map(|(side, centre)| {
            side.iter()
                .filter(move |p| p.reach > 0.0 && centre > 0.0)
                .map(move |p| (p.reach / centre).ln().abs())
        })
        .collect();
    let spread = (MAD_TO_SIGMA * median(&deviations).unwrap_or(0.0)).max(LEAST_SPREAD);
    let error =
        MEDIAN_EFFICIENCY * spread * (1.0 / before.len() as f64 + 1.0 / after.len() as f64).sqrt();
    let line = (1.0 + FOLLOWED_SHARE * growth).ln();
    // How far the reach's change lies beyond the line, in the direction the count moved.
    let beyond = growth.signum() * ((ra / rb).ln() - line);
    found.follow = if growth == 0.0 {
        Follow::Unclear
    } else if beyond > SURE_ERRORS * error {
        Follow::Followed
    } else if beyond < -SURE_ERRORS * error {
        Follow::NotFollowed
    } else {
        Follow::Unclear
    };
    found
}

/// `finding` with its readers' signal: the signal is kept in its movement, and
/// - a rise or a loss against the channel (a jump, a step, a rise beyond its mention, a drop)
///   whose people did not read is one level surer; one whose people read is one level less
///   sure ([`Doubt::ReadersFollowed`]);
/// - an explained rise whose newcomers did not read is not what the mention brought: a rise
///   beyond its mention, of medium confidence at most.
pub fn judged(finding: &Finding, readers: Readers) -> Finding {
    let mut judged = finding.clone();
    let follow = readers.follow;
    if let Size::Subscribers(m) = &mut judged.size {
        m.readers = Some(Box::new(readers));
    } else {
        return judged;
    }
    match (finding.kind, follow) {
        (Kind::MentionRise, Follow::NotFollowed) => {
            judged.kind = Kind::BeyondMention;
            judged.doubts.push(Doubt::NearNormal);
            judged.confidence = confidence(&judged.doubts);
        }
        (kind, Follow::NotFollowed) if kind.is_anomaly() => {
            judged.confidence = surer(confidence(&judged.doubts));
        }
        (kind, Follow::Followed) if kind.is_anomaly() => {
            judged.doubts.push(Doubt::ReadersFollowed);
            judged.confidence = less_sure(confidence(&judged.doubts));
        }
        _ => {}
    }
    judged
}

fn surer(c: Confidence) -> Confidence {
    match c {
        Confidence::Low => Confidence::Medium,
        _ => Confidence::High,
    }
}

fn less_sure(c: Confidence) -> Confidence {
    match c {
        Confidence::High => Confidence::Medium,
        _ => Confidence::Low,
    }
}

/// Message numbers probed on each side beyond the [`READ_POSTS`]: a channel's pace varies.
pub const MARGIN: u64 = 2;

/// The message at instant `t` as estimated from `known` (message number and when it went out,
/// sorted by message, once each): between the two known posts around it, or from the nearest
/// known post at the pace of them all (posts per second from the oldest to the newest). `None`
/// without two known posts at different instants.
fn estimate(known: &[(u64, NaiveDateTime)], t: NaiveDateTime) -> Option<i64> {
    let (&(m0, t0), &(m1, t1)) = (known.first()?, known.last()?);
    let seconds = (t1 - t0).num_seconds();
    if m1 <= m0 || seconds <= 0 {
        return None;
    }
    let pace = (m1 - m0) as f64 / seconds as f64;
    let pair = known.windows(2).find(|w| w[0].1 <= t && t <= w[1].1);
    let (base, at, rate) = match pair {
        Some(w) if w[1].1 > w[0].1 => (
            w[0].0,
            w[0].1,
            (w[1].0 - w[0].0) as f64 / (w[1].1 - w[0].1).num_seconds() as f64,
        ),
        _ if t < t0 => (m0, t0, pace),
        _ => (m1, t1, pace),
    };
    Some(base as i64 + ((t - at).num_seconds() as f64 * rate).round() as i64)
}

/// `known` sorted by message, once each.
fn sorted(known: &[(u64, NaiveDateTime)]) -> Vec<(u64, NaiveDateTime)> {
    let mut known = known.to_vec();
    known.sort();
    known.dedup_by_key(|k| k.0);
    known
}

/// The message numbers to read for `m` (see [`windows`]) from `known` (message numbers and when
/// they went out: the reach profile's, and the posts a round before read, which place a finding
/// weeks older than the profile's posts better than their pace does), newest first
/// and never above the newest known or below 1. Each side probes [`READ_POSTS`] around its
/// estimated edge and [`MARGIN`] more on either end, as posts outside a window are left out
/// when read; messages already known are probed again, since their reach is read with them.
/// Empty without two known posts at different instants.
pub fn messages_to_read(m: &Movement, known: &[(u64, NaiveDateTime)]) -> Vec<u64> {
    let known = sorted(known);
    let newest = known.last().map_or(0, |k| k.0) as i64;
    let [(_, before_end), (after_start, _)] = windows(m);
    let (Some(last_before), Some(first_after)) =
        (estimate(&known, before_end), estimate(&known, after_start))
    else {
        return Vec::new();
    };
    let posts = READ_POSTS as i64;
    let margin = MARGIN as i64;
    let mut numbers: Vec<u64> = (last_before - posts + 1 - margin..=last_before + margin)
        .chain(first_after - margin..=first_after + posts - 1 + margin)
        .filter(|&n| n >= 1 && n <= newest)
        .map(|n| n as u64)
        .collect();
    numbers.sort_unstable_by(|a, b| b.cmp(a));
    numbers.dedup();
    numbers
}
