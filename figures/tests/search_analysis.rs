//! The whole result of a post search on exact numbers: the offsets to request, the pages
//! collected with repeats dropped, the top posts in a total order, the channels' shares and
//! reach with albums counted once, the mix of media, the figures and the file of every post.

use chanscope_api::model::{Media, Post};
use chanscope_figures::engagement::Missing;
use chanscope_figures::media::MediaKind;
use chanscope_figures::named::Value;
use chanscope_figures::search_analysis::{
    channels_by_posts, channels_by_reach, media_mix, pages_for, top_by_er, top_by_err,
    top_by_views, ChannelShare, Collected, MediaShare, SearchFigures, PAGE,
};

mod fixtures;

use fixtures::{channel, page, post, value};

fn ids<'a>(posts: impl IntoIterator<Item = &'a Post>) -> Vec<i64> {
    posts.into_iter().map(|p| p.id).collect()
}

#[test]
fn pages_cover_the_total_up_to_the_offset_maximum() {
    assert_eq!(PAGE, 50);
    assert_eq!(pages_for(0), [0]);
    assert_eq!(pages_for(1), [0]);
    assert_eq!(pages_for(50), [0]);
    assert_eq!(pages_for(51), [0, 50]);
    assert_eq!(pages_for(120), [0, 50, 100]);
    let thousand = pages_for(1_000);
    assert_eq!((thousand.len(), thousand.last()), (20, Some(&950)));
    for total in [1_001, 1_051, 5_000, u64::MAX] {
        let offsets = pages_for(total);
        assert_eq!(offsets.len(), 21, "total {total}");
        assert_eq!(offsets.last(), Some(&1_000), "total {total}");
        assert_eq!(offsets[1], 50);
    }
}

#[test]
fn pages_collect_each_post_once_and_remember_channels() {
    let mut collected = Collected::default();
    let first = page(
        120,
        vec![
            post(5, 10, 500, 100),
            post(4, 10, 400, 1),
            post(3, 20, 300, 1),
        ],
        vec![channel(10, 1_000), channel(20, 0)],
    );
    assert_eq!(collected.add_page(&first), 3);
    // A new post moved the offsets: post 3 comes again, with newer views.
    let second = page(
        121,
        vec![
            post(3, 20, 300, 999),
            post(2, 30, 200, 1),
            post(1, 10, 100, 1),
        ],
        vec![channel(10, 2_000), channel(30, 70)],
    );
    assert_eq!(collected.add_page(&second), 2);
    assert_eq!(collected.add_page(&second), 0);
    assert_eq!(ids(collected.posts()), [5, 4, 3, 2, 1]);
    assert_eq!(collected.posts()[2].views, 1);
    assert_eq!(
        collected.channel(10).map(|c| c.participants_count),
        Some(2_000)
    );
    assert_eq!(collected.subscribers(10), Some(2_000));
    assert_eq!(collected.subscribers(30), Some(70));
    // Known but counting none, and not carried at all.
    assert_eq!(collected.subscribers(20), None);
    assert_eq!(collected.subscribers(40), None);
    assert!(collected.channel(40).is_none());
    assert_eq!((collected.total_count(), collected.pages()), (121, 3));
}

/// Posts of channels 10 and 20: three of 500 views (two of them on one date), a deleted one, an
/// album of two items that each report the album's 800 views, and one without views.
fn ranked() -> Vec<Post> {
    let with = |p: Post, shares, comments, reactions| Post {
        shares_count: shares,
        comments_count: comments,
        reactions_count: reactions,
        ..p
    };
    let album = |p: Post| Post {
        group_id: Some(7),
        ..p
    };
    vec![
        // ER 25 / 500 = 5 %.
        with(post(1, 10, 100, 500), 5, 5, 15),
        // ER 2 %, in a channel whose subscribers are not known.
        with(post(2, 20, 200, 500), 0, 0, 10),
        // ER 5 %.
        with(post(3, 10, 200, 500), 0, 0, 25),
        Post {
            is_deleted: true,
            ..with(post(4, 10, 400, 900), 0, 0, 900)
        },
        // ER 40 / 800 = 5 %, and 0 %.
        album(with(post(5, 10, 300, 800), 0, 0, 40)),
        album(post(6, 10, 300, 800)),
        post(8, 10, 50, 0),
    ]
}

#[test]
fn the_top_by_views_counts_an_album_once_and_orders_ties_by_date_then_id() {
    let posts = ranked();
    assert_eq!(ids(top_by_views(&posts, 10)), [5, 3, 2, 1, 8]);
    assert_eq!(ids(top_by_views(&posts, 2)), [5, 3]);
    assert!(top_by_views(&posts, 0).is_empty());
    assert!(top_by_views(&[], 5).is_empty());
}

#[test]
fn the_top_by_er_ranks_every_post_with_views() {
    let posts = ranked();
    let top: Vec<(i64, f64)> = top_by_er(&posts, 10)
        .into_iter()
        .map(|(p, er)| (p.id, er))
        .collect();
    assert_eq!(top, [(5, 5.0), (3, 5.0), (1, 5.0), (2, 2.0), (6, 0.0)]);
}

#[test]
fn the_top_by_err_leaves_out_channels_without_subscribers() {
    let posts = ranked();
    let subscribers = |id: i64| (id == 10).then_some(1_000);
    let top: Vec<(i64, f64)> = top_by_err(&posts, subscribers, 10)
        .into_iter()
        .map(|(p, err)| (p.id, err))
        .collect();
    // 800, 500, 500 and 0 views of 1,000 subscribers.
    assert_eq!(top, [(5, 80.0), (3, 50.0), (1, 50.0), (8, 0.0)]);
    assert_eq!(top_by_err(&posts, |_| None, 10), []);
}

fn share(channel_id: i64, posts: u32, reach: u64, of: u32) -> ChannelShare {
    ChannelShare {
        channel_id,
        posts,
        reach,
        share: f64::from(posts) * 100.0 / f64::from(of),
    }
}

#[test]
fn channels_are_ranked_by_posts_or_by_reach() {
    let mut posts = ranked();
    posts.extend([
        post(20, 30, 1, 700),
        post(21, 5, 1, 700),
        post(22, 40, 1, 100),
        post(23, 40, 1, 100),
    ]);
    // Channel 10: six posts; reach 500 + 500 + 800 (the album once) + 0, the deleted post's 900
    // left out.
    assert_eq!(
        channels_by_posts(&posts),
        [
            share(10, 6, 1_800, 11),
            share(40, 2, 200, 11),
            share(5, 1, 700, 11),
            share(30, 1, 700, 11),
            share(20, 1, 500, 11),
        ]
    );
    assert_eq!(
        channels_by_reach(&posts),
        [
            share(10, 6, 1_800, 11),
            share(5, 1, 700, 11),
            share(30, 1, 700, 11),
            share(20, 1, 500, 11),
            share(40, 2, 200, 11),
        ]
    );
    // 6 of 11 posts.
    assert!((channels_by_posts(&posts)[0].share - 54.545_454_545).abs() < 1e-8);
    let shares: f64 = channels_by_posts(&posts).iter().map(|c| c.share).sum();
    assert!((shares - 100.0).abs() < 1e-9);
    assert_eq!(channels_by_posts(&[]), []);
}

fn typed(media_type: &str) -> Option<Media> {
    Some(Media {
        media_type: media_type.to_owned(),
        ..Media::default()
    })
}

fn kind(media: Option<Media>) -> MediaKind {
    MediaKind::of(media.as_ref())
}

#[test]
fn media_kinds_read_every_spelling_and_shape() {
    for name in [
        "mediaPhoto",
        "photo",
        "MEDIA_PHOTO",
        "messageMediaPhoto",
        " mediaPhoto ",
    ] {
        assert_eq!(kind(typed(name)), MediaKind::Photo, "{name}");
    }
    assert_eq!(kind(typed("mediaVideo")), MediaKind::Video);
    assert_eq!(kind(typed("video_note")), MediaKind::Video);
    assert_eq!(kind(typed("mediaDocument")), MediaKind::Document);
    assert_eq!(kind(typed("voice")), MediaKind::Audio);
    assert_eq!(kind(typed("mediaAudio")), MediaKind::Audio);
    assert_eq!(kind(typed("gif")), MediaKind::Animation);
    assert_eq!(kind(typed("mediaSticker")), MediaKind::Sticker);
    assert_eq!(kind(typed("mediaWebPage")), MediaKind::LinkPreview);
    assert_eq!(
        kind(typed("mediaPoll")),
        MediaKind::Other("mediaPoll".into())
    );
    assert_eq!(kind(None), MediaKind::None);

    let preview = Some(Media {
        url: Some("https://example.org/a".into()),
        title: Some("A page".into()),
        ..Media::default()
    });
    assert_eq!(kind(preview), MediaKind::LinkPreview);
    let file = |mime: &str| {
        Some(Media {
            mime_type: Some(mime.into()),
            size: Some(10),
            ..Media::default()
        })
    };
    assert_eq!(kind(file("image/jpeg")), MediaKind::Photo);
    assert_eq!(kind(file("video/mp4")), MediaKind::Video);
    assert_eq!(kind(file("application/pdf")), MediaKind::Document);
    assert_eq!(kind(file("nonsense")), MediaKind::Other(String::new()));

    let keys: Vec<String> = [
        MediaKind::LinkPreview,
        MediaKind::None,
        MediaKind::Other("mediaPoll".into()),
        MediaKind::Other(String::new()),
    ]
    .iter()
    .map(|k| k.key().to_owned())
    .collect();
    assert_eq!(keys, ["link_preview", "none", "mediaPoll", "other"]);
}

#[test]
fn the_media_mix_is_over_every_post() {
    let preview = Some(Media {
        url: Some("https://example.org".into()),
        ..Media::default()
    });
    let medias = [
        typed("mediaPhoto"),
        typed("mediaPoll"),
        None,
        typed("mediaVideo"),
        typed("mediaPhoto"),
        preview.clone(),
        None,
        typed("mediaVideo"),
        preview,
        typed("photo"),
    ];
    let posts: Vec<Post> = medias
        .into_iter()
        .enumerate()
        .map(|(i, media)| Post {
            id: i as i64,
            media,
            is_deleted: i == 0,
            ..Post::default()
        })
        .collect();
    let mix = |kind, posts, percent| MediaShare {
        kind,
        posts,
        percent,
    };
    assert_eq!(
        media_mix(&posts),
        [
            mix(MediaKind::Photo, 3, 30.0),
            mix(MediaKind::Video, 2, 20.0),
            mix(MediaKind::LinkPreview, 2, 20.0),
            mix(MediaKind::None, 2, 20.0),
            mix(MediaKind::Other("mediaPoll".into()), 1, 10.0),
        ]
    );
    assert_eq!(media_mix(&[]), []);
}

#[test]
fn the_figures_of_the_whole_search() {
    let with_reactions = |p: Post, reactions| Post {
        reactions_count: reactions,
        ..p
    };
    let mut collected = Collected::default();
    collected.add_page(&page(
        40,
        vec![
            with_reactions(post(11, 1, 0, 100), 2),
            with_reactions(post(12, 1, 0, 300), 12),
        ],
        vec![],
    ));
    collected.add_page(&page(
        41,
        vec![
            with_reactions(post(12, 1, 0, 300), 12),
            Post {
                is_deleted: true,
                ..post(13, 1, 0, 200)
            },
            post(14, 1, 0, 500),
        ],
        vec![],
    ));
    let figures = SearchFigures::of(&collected);
    let named = figures.named();
    let names: Vec<&str> = named.iter().map(|f| f.name).collect();
    assert_eq!(
        names,
        [
            "posts",
            "total_count",
            "pages",
            "views",
            "average_reach",
            "median_reach",
            "average_er_percent"
        ]
    );
    assert_eq!(value(&named, "posts"), &Value::Count(4));
    assert_eq!(value(&named, "total_count"), &Value::Count(41));
    assert_eq!(value(&named, "pages"), &Value::Count(2));
    // 100 + 300 + 500, the deleted post left out.
    assert_eq!(value(&named, "views"), &Value::Count(900));
    assert_eq!(value(&named, "average_reach"), &Value::Number(Ok(300.0)));
    assert_eq!(value(&named, "median_reach"), &Value::Number(Ok(300.0)));
    // ER 2 %, 4 % and 0 %.
    assert_eq!(value(&named, "average_er_percent"), &Value::Number(Ok(2.0)));

    let none = SearchFigures::of(&Collected::default()).named();
    assert_eq!(value(&none, "posts"), &Value::Count(0));
    assert_eq!(
        value(&none, "average_reach"),
        &Value::Number(Err(Missing::NoPosts))
    );
}
