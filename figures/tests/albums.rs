//! An album's posts count once in reach totals, through its most-viewed post.

use chanscope_api::model::Post;
use chanscope_figures::albums::{folded_posts, publications};

fn post(id: i64, channel_id: i64, group_id: Option<i64>, views: u64) -> Post {
    Post {
        id,
        channel_id,
        group_id,
        views,
        ..Post::default()
    }
}

#[test]
fn an_album_counts_once_with_its_most_viewed_post() {
    let posts = [
        post(1, 10, None, 500),
        post(2, 10, Some(77), 900),
        post(3, 10, Some(77), 950),
        post(4, 10, Some(77), 940),
        post(5, 10, Some(0), 100),
        post(6, 11, Some(77), 300),
    ];
    let found = publications(&posts);
    let shown: Vec<(i64, usize, u64)> = found
        .iter()
        .map(|p| (p.post.id, p.posts, p.views()))
        .collect();
    // Post 6 has the same group_id in another channel: another album. A group_id of 0 is none.
    assert_eq!(
        shown,
        vec![(1, 1, 500), (3, 3, 950), (5, 1, 100), (6, 1, 300)]
    );
    assert_eq!(folded_posts(&found), 2);
    let views: u64 = found.iter().map(|p| p.views()).sum();
    assert_eq!(views, 500 + 950 + 100 + 300);
}

#[test]
fn posts_without_albums_are_their_own_publications() {
    let posts = [post(1, 1, None, 10), post(2, 1, None, 20)];
    let found = publications(posts.iter().filter(|p| p.views > 0));
    assert_eq!(found.len(), 2);
    assert_eq!(folded_posts(&found), 0);
    assert!(publications(&[]).is_empty());
    // Equal views: the first post of the album stands for it.
    let album = [post(8, 1, Some(5), 40), post(9, 1, Some(5), 40)];
    assert_eq!(publications(&album)[0].post.id, 8);
}
