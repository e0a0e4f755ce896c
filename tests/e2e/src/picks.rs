//! What the tests type into the forms, chosen from the generated dataset so that every search
//! finds something. Only inputs come from here; expected values come from the API's answers.

use std::collections::{BTreeMap, BTreeSet};

use sandbox::dataset::{Channel, Peer, BROAD_KEYWORD, DAY, RISING_KEYWORD};
use sandbox::search::tokens::{normalise, tokens};
use sandbox::Dataset;

/// Posts in the batching test: more than one request's worth (50).
pub const BATCH_IDS: usize = 60;
/// Channels side by side in the comparison.
pub const COMPARED: usize = 3;

#[derive(Clone, Debug)]
pub struct Picks {
    /// `@username` of a channel with many posts and some stories.
    pub channel: String,
    pub channel_id: u64,
    /// The channel's newest posts, newest first ([`BATCH_IDS`] of them).
    pub post_ids: Vec<u64>,
    /// The channel's stories.
    pub story_ids: Vec<u64>,
    /// `t.me/<username>/<n>` of a reposted post of that channel, a few days old.
    pub post_link: String,
    /// A word of several recent posts in several channels.
    pub keyword: String,
    /// A word of a Russian-language channel's title, and that channel's country.
    pub channel_query: String,
    pub channel_country: String,
    /// `@username` that no channel has.
    pub unknown_channel: String,
    /// A word mentioned more week after week over the last months, and on in the days to come
    /// ([`RISING_KEYWORD`]).
    pub rising_keyword: String,
    /// A word of more posts than post search pages through (1,050), some of them among the
    /// first day's posts to come ([`BROAD_KEYWORD`]).
    pub broad_keyword: String,
    /// `@username`s of the [`COMPARED`] channels (not chats) with the most posts among those
    /// whose participant history covers the whole period the sandbox keeps.
    pub compare_channels: Vec<String>,
}

impl Picks {
    pub fn choose(ds: &Dataset) -> Result<Picks, String> {
        // `posts` of a channel are oldest first, those still to come last.
        let existing = |c: &Channel| -> usize { c.posts.partition_point(|&p| ds.is_visible(p)) };
        let (ci, channel) = ds
            .channels
            .iter()
            .enumerate()
            .filter(|(_, c)| {
                c.peer == Peer::Channel
                    && !c.usernames.is_empty()
                    && existing(c) >= BATCH_IDS
                    && c.stories.len() >= 2
            })
            .max_by_key(|(i, c)| (existing(c), std::cmp::Reverse(*i)))
            .ok_or("the dataset has no channel with 60 posts and stories")?;
        let post_ids: Vec<u64> = channel.posts[..existing(channel)]
            .iter()
            .rev()
            .take(BATCH_IDS)
            .map(|&p| ds.posts[p as usize].id)
            .collect();
        let story_ids = channel
            .stories
            .iter()
            .map(|&s| ds.stories[s as usize].id)
            .collect();
        let reposted = channel
            .posts
            .iter()
            .copied()
            .filter(|&p| ds.posts[p as usize].date <= ds.now - 3 * DAY)
            .max_by_key(|p| {
                let reposts = ds.forwards.get(p).into_iter().flatten();
                (reposts.filter(|&&r| ds.is_visible(r)).count(), *p)
            })
            .ok_or("the channel has no post older than 3 days")?;
        let post_link = format!(
            "t.me/{}/{}",
            channel.usernames[0], ds.posts[reposted as usize].message
        );

        // The most common long word of the last week's posts, in at least two channels; the
        // rising keyword is not one to pick, being in half of them.
        let rising = normalise(RISING_KEYWORD);
        let mut seen: BTreeMap<String, (usize, BTreeSet<u32>)> = BTreeMap::new();
        let last_week = ds.posts[ds.visible()]
            .iter()
            .take_while(|p| p.date >= ds.now - 7 * DAY);
        for post in last_week {
            for token in tokens(&post.text) {
                if token.form.chars().count() >= 6
                    && token.form.chars().all(char::is_alphabetic)
                    && token.form != rising
                {
                    let entry = seen.entry(token.form).or_default();
                    entry.0 += 1;
                    entry.1.insert(post.channel);
                }
            }
        }
        let keyword = seen
            .iter()
            .filter(|(_, (_, channels))| channels.len() >= 2)
            .max_by_key(|(word, (count, _))| (*count, std::cmp::Reverse((*word).clone())))
            .map(|(word, _)| word.clone())
            .ok_or("no word is shared by recent posts")?;

        // The Russian-language title word (of 5 letters or more) that most channels of one
        // country share, so that the search finds several.
        let matches = |form: &str, country: &str| {
            ds.channels
                .iter()
                .filter(|c| c.language == "russian" && c.peer == Peer::Channel)
                .filter(|c| c.country == country)
                .filter(|c| c.title_words.iter().any(|(f, _)| f.starts_with(form)))
                .count()
        };
        let mut best: Option<(usize, String, &'static str)> = None;
        for c in ds
            .channels
            .iter()
            .filter(|c| c.language == "russian" && c.peer == Peer::Channel)
        {
            for (form, _) in c.title_words.iter().filter(|(f, _)| f.chars().count() >= 5) {
                let n = matches(form, c.country);
                if best.as_ref().is_none_or(|(m, f, _)| (n, form) > (*m, f)) {
                    best = Some((n, form.clone(), c.country));
                }
            }
        }
        let (_, channel_query, channel_country) =
            best.ok_or("no Russian channel has a title word of 5 letters")?;

        let mut compared: Vec<&Channel> = ds
            .channels
            .iter()
            .filter(|c| c.peer == Peer::Channel && c.created_at < ds.history_start())
            .collect();
        // The sort is stable: of channels with as many posts, the first in the list comes first.
        compared.sort_by_key(|c| std::cmp::Reverse(existing(c)));
        let compare_channels: Vec<String> = compared
            .iter()
            .take(COMPARED)
            .map(|c| format!("@{}", c.usernames[0]))
            .collect();
        if compare_channels.len() < COMPARED {
            return Err(format!(
                "the dataset has fewer than {COMPARED} channels with their whole history"
            ));
        }

        Ok(Picks {
            channel: format!("@{}", channel.usernames[0]),
            channel_id: channel.id,
            post_ids,
            story_ids,
            post_link,
            keyword,
            channel_query,
            channel_country: channel_country.to_owned(),
            unknown_channel: format!("@nosuch_{}_e2e", ci),
            rising_keyword: RISING_KEYWORD.to_owned(),
            broad_keyword: BROAD_KEYWORD.to_owned(),
            compare_channels,
        })
    }
}

#[cfg(test)]
mod tests {
    use sandbox::search::index::Match;
    use sandbox::Size;

    use super::*;

    #[test]
    fn the_suites_dataset_has_what_the_picks_promise() {
        let ds = Dataset::generate(crate::SEED, Size::Small, 1_767_225_600);
        let picks = Picks::choose(&ds).unwrap();
        let compared: BTreeSet<u32> = picks
            .compare_channels
            .iter()
            .map(|name| ds.channel_by_username(&name[1..]).unwrap())
            .collect();
        assert_eq!(compared.len(), COMPARED);
        for &c in &compared {
            let c = &ds.channels[c as usize];
            assert!(c.peer == Peer::Channel && c.created_at < ds.history_start());
            let posts = c.posts.iter().filter(|&&p| ds.is_visible(p)).count();
            assert!(posts >= BATCH_IDS, "{posts}");
        }
        let broad = ds
            .index
            .lookup(&normalise(&picks.broad_keyword), Match::Loose);
        let existing = broad.iter().filter(|&i| ds.is_visible(i)).count();
        assert!(existing > 1_050, "{existing}");
        assert_ne!(picks.keyword, normalise(&picks.rising_keyword));
    }
}
