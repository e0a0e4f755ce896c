//! Albums in reach totals. The posts of one album (the same `group_id` in one channel) are sent
//! together and the service counts views per item, so each item reports about the album's whole
//! reach: summing or averaging them would count one publication several times. Here an album's
//! posts count once, through the one of them with the most views.

use crate::api::model::Post;

/// One publication: a post on its own, or an album's posts as one.
#[derive(Clone, Debug, PartialEq)]
pub struct Publication<'a> {
    /// The post that stands for the publication: the album's most-viewed post (the first of
    /// equals), or the post itself.
    pub post: &'a Post,
    /// Posts it stands for: 1 for a post on its own, the album's size otherwise.
    pub posts: usize,
}

impl Publication<'_> {
    /// The publication's reach: the views of the post that stands for it.
    pub fn views(&self) -> u64 {
        self.post.views
    }
}

/// The publications of `posts`, in the order of their first post; a page's reach totals
/// (average and median views) are taken over these rather than over the posts.
///
/// Albums are told apart by channel and `group_id`, so two channels' albums never merge. A plain
/// scan: a page holds a few dozen posts, and it keeps a hash map out of the widgets bundle.
pub fn publications<'a>(posts: impl IntoIterator<Item = &'a Post>) -> Vec<Publication<'a>> {
    let mut found: Vec<Publication<'a>> = Vec::new();
    for post in posts {
        let same_album = post.album().and_then(|album| {
            found.iter_mut().find(|seen| {
                seen.post.album() == Some(album) && seen.post.channel_id == post.channel_id
            })
        });
        match same_album {
            Some(seen) => {
                seen.posts += 1;
                if post.views > seen.post.views {
                    seen.post = post;
                }
            }
            None => found.push(Publication { post, posts: 1 }),
        }
    }
    found
}

/// How many posts were counted inside another post's album (0 when no album has more than one
/// post on the page): what the page says when its totals fold albums.
pub fn folded_posts(publications: &[Publication<'_>]) -> usize {
    publications.iter().map(|p| p.posts.saturating_sub(1)).sum()
}
