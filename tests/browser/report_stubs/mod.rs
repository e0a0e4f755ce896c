//! The answers the channel report's browser tests stub `fetch` with: a channel read by days, a
//! rise after a tracked placement, and a rise whose newcomers do not read with the posts around
//! it.

/// @promo, 1,000 subscribers, with a plan that refuses hours: by day, the 91 days up to today,
/// 1000 + 10 a day and 200 more from six days ago on: the day of the one post of @other that
/// mentions it, six days ago at 10:00 UTC, so the end-of-day count of that day already holds
/// the rise. The post was seen by 5,000, whose 10 % can bring the 200. No channel mentions it by keyword.
pub const FAKE_FETCH: &str = r#"
const day = 86400000;
const today = Math.floor(Date.now() / day) * day;
const channel = (id, name, count) => ({
  id, tg_id: id, link: `t.me/${name}`, peer_type: 'channel', username: `@${name}`,
  title: name, about: '', image100: '', image640: '', participants_count: count,
  ci_index: 0, service_restrictions: [], created_at: 0,
});
let body;
if (u.pathname.endsWith('/channels/get')) {
  body = channel(5, 'promo', 1000);
} else if (u.pathname.endsWith('/channels/subscribers') && q.get('group') === 'hour') {
  return Promise.resolve(new Response('{"status":"error","error":"no_active_subscription"}'));
} else if (u.pathname.endsWith('/channels/subscribers')) {
  body = Array.from({ length: 91 }, (_, i) => ({
    period: new Date(today - (90 - i) * day).toISOString().slice(0, 10),
    participants_count: 1000 + 10 * i + (i >= 84 ? 200 : 0),
  })).reverse();
} else if (u.pathname.endsWith('/words/mentions-by-channels')) {
  body = { items: [], channels: [] };
} else if (u.pathname.endsWith('/posts/search')) {
  body = {
    count: 1, total_count: 1,
    items: [{
      id: 1, date: (today - 6 * day + 10 * 3600000) / 1000, views: 5000, shares_count: 0,
      comments_count: 0, reactions_count: 0, link: 't.me/other/1', channel_id: 9,
      forwarded_from: null, is_deleted: 0, text: 't.me/promo', snippet: 't.me/promo',
    }],
    channels: [channel(9, 'other', 500)],
  };
} else {
  return Promise.resolve(new Response('{"status":"error","error":"unknown_error"}'));
}
"#;

/// @tracked, by the hour over the 90 days up to the current hour: 5,000 + 2 an hour, and 700,
/// 350, 200, 150 and 100 more in the 5 hours from 12:00 UTC ten days ago: readers answering a
/// post, most at once and then fewer (an even rate would be no answer to it). No post mentions
/// it.
pub const TRACKED_FETCH: &str = r#"
const hour = 3600000;
const now = Math.floor(Date.now() / hour) * hour;
const rise = Math.floor(Date.now() / 86400000) * 86400000 - 10 * 86400000 + 12 * hour;
let body;
if (u.pathname.endsWith('/channels/get')) {
  body = {
    id: 7, tg_id: 7, link: 't.me/tracked', peer_type: 'channel', username: '@tracked',
    title: 'Tracked', about: '', image100: '', image640: '', participants_count: 9800,
    ci_index: 0, service_restrictions: [], created_at: 0,
  };
} else if (u.pathname.endsWith('/channels/subscribers')) {
  body = Array.from({ length: 90 * 24 }, (_, i) => {
    const at = now - (90 * 24 - 1 - i) * hour;
    const arrived = [0, 700, 1050, 1250, 1400, 1500][Math.min(5, Math.max(0, (at - rise) / hour + 1))];
    return {
      period: new Date(at).toISOString().slice(0, 13).replace('T', ' ') + ':00',
      participants_count: 5000 + 2 * i + arrived,
    };
  }).reverse();
} else if (u.pathname.endsWith('/posts/search')) {
  body = { count: 0, total_count: 0, items: [], channels: [] };
} else {
  return Promise.resolve(new Response('{"status":"error","error":"unknown_error"}'));
}
"#;

/// @boughtad, by the hour over the 90 days up to the current hour: 20,000 flat, and 30,000 from
/// the reading of 12:00 UTC fourteen days ago on: +10,000 in the hour from 12:00 (the reading
/// labelled 11:00 is the count at 12:00). At 12:00 that day @other posted a mention seen by
/// 150,000, which names the channel's post 200: at most 15,000 (10 %) can come from it, so the
/// rise is explained by its size. The channel posts every 12 hours: message `n` at 12:00
/// fourteen days ago + (`n` − 176) × 12 h, up to 200; each post's first hour brings its whole
/// reach at 24 hours, 3,900 to 4,100 by its number (median 4,000 over any six in a row), and
/// nothing after. Whether before or after the rise, the posts reach 4,000: the 10,000 newcomers
/// do not read (a rise of half the count, which posts that vary by a few percent can tell).
pub const READERS_FETCH: &str = r#"
const hour = 3600000;
const now = Math.floor(Date.now() / hour) * hour;
const rise = Math.floor(Date.now() / 86400000) * 86400000 - 14 * 86400000 + 12 * hour;
const stamp = (at) => new Date(at).toISOString().slice(0, 13).replace('T', ' ') + ':00';
const reaches = [4050, 3900, 4000, 4100, 4000, 3950];
let body;
if (u.pathname.endsWith('/channels/get')) {
  body = {
    id: 8, tg_id: 8, link: 't.me/boughtad', peer_type: 'channel', username: '@boughtad',
    title: 'Bought ad', about: '', image100: '', image640: '', participants_count: 30000,
    ci_index: 0, service_restrictions: [], created_at: 0,
  };
} else if (u.pathname.endsWith('/channels/subscribers')) {
  body = Array.from({ length: 90 * 24 }, (_, i) => {
    const at = now - (90 * 24 - 1 - i) * hour;
    return { period: stamp(at), participants_count: at >= rise ? 30000 : 20000 };
  }).reverse();
} else if (u.pathname.endsWith('/posts/search')) {
  body = {
    count: 1, total_count: 1,
    items: [{
      id: 1, date: rise / 1000, views: 150000, shares_count: 0, comments_count: 0,
      reactions_count: 0, link: 't.me/other/1', channel_id: 9, forwarded_from: null,
      is_deleted: 0, text: 'Read t.me/boughtad/200', snippet: 't.me/boughtad/200',
    }],
    channels: [{
      id: 9, tg_id: 9, link: 't.me/other', peer_type: 'channel', username: '@other',
      title: 'other', about: '', image100: '', image640: '', participants_count: 90000,
      ci_index: 0, service_restrictions: [], created_at: 0,
    }],
  };
} else if (u.pathname.endsWith('/posts/stat') && q.get('group') === 'hour'
    && q.get('postId').startsWith('t.me/boughtad/')) {
  const n = Number(q.get('postId').split('/').pop());
  if (!(n >= 1 && n <= 200)) {
    return Promise.resolve(new Response('{"status":"error","error":"invalid_parameter"}'));
  }
  const published = rise + (n - 176) * 12 * hour;
  body = {
    viewsCount: 4000, sharesCount: 0, commentsCount: 0, reactionsCount: 0,
    forwardsCount: 0, mentionsCount: 0, forwards: [], mentions: [],
    views: Array.from({ length: 48 }, (_, i) => ({
      date: stamp(published + i * hour), viewsGrowth: i === 0 ? reaches[n % 6] : 0,
    })).reverse(),
  };
} else {
  return Promise.resolve(new Response('{"status":"error","error":"unknown_error"}'));
}
"#;

/// @denseold: @boughtad's counts and mention, but its posts came every 6 hours before message
/// 185 (12:00 fourteen days ago + 108 hours) and every 12 hours from it: message 167 went out
/// at the rise's start, and the six before the day before it are 158..=163.
pub fn dense_fetch() -> String {
    READERS_FETCH
        .replace("boughtad", "denseold")
        .replace("id: 8, tg_id: 8", "id: 11, tg_id: 11")
        .replace(
            "const published = rise + (n - 176) * 12 * hour;",
            "const published = rise + 108 * hour + (n >= 185 ? (n - 185) * 12 : (n - 185) * 6) * hour;",
        )
}
