//! Channel avatars, served by the sandbox itself under `/avatars/<id>-<size>.svg`: a square of
//! the channel's colour with the initials of its title, so that pages showing avatars make no
//! request that fails.

pub use chanscope_api::format::initials;

use crate::dataset::Dataset;
use crate::rng::mix;

/// The sizes the service offers (`image100`, `image640`).
pub const SIZES: [u32; 2] = [100, 640];

/// Backgrounds dark enough for white initials.
const COLOURS: [&str; 10] = [
    "#c0392b", "#d35400", "#8e44ad", "#27ae60", "#16a085", "#2980b9", "#c2185b", "#5d4037",
    "#455a64", "#7b1fa2",
];

/// The path of the avatar of the channel with service ID `id` at `size` pixels.
pub fn path(id: u64, size: u32) -> String {
    format!("/avatars/{id}-{size}.svg")
}

/// The channel ID and size a file name under `/avatars/` names, if it is one of ours.
pub fn parse(file: &str) -> Option<(u64, u32)> {
    let (id, size) = file.strip_suffix(".svg")?.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(id) || !digits(size) {
        return None;
    }
    let size = size.parse().ok().filter(|s| SIZES.contains(s))?;
    Some((id.parse().ok()?, size))
}

/// The SVG of a channel's avatar at `size` pixels; `None` for an unknown channel ID.
pub fn svg(ds: &Dataset, id: u64, size: u32) -> Option<String> {
    let channel = &ds.channels[ds.channel_by_id(id)? as usize];
    let colour = COLOURS[(mix(id) % COLOURS.len() as u64) as usize];
    // Only letters and digits reach the markup, so nothing needs escaping.
    let text = initials(&channel.title);
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{size}\" \
         viewBox=\"0 0 100 100\"><rect width=\"100\" height=\"100\" fill=\"{colour}\"/>\
         <text x=\"50\" y=\"50\" dy=\".35em\" text-anchor=\"middle\" font-family=\"sans-serif\" \
         font-size=\"40\" fill=\"#fff\">{text}</text></svg>"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_round_trip() {
        assert_eq!(path(10_007, 640), "/avatars/10007-640.svg");
        assert_eq!(parse("10007-640.svg"), Some((10_007, 640)));
        assert_eq!(parse("10007-100.svg"), Some((10_007, 100)));
        for bad in [
            "10007-50.svg",
            "10007-100.png",
            "-100.svg",
            "a-100.svg",
            "10007.svg",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn initials_of_titles() {
        assert_eq!(initials("Новости экономики"), "НЭ");
        assert_eq!(initials("Чат: crypto talk"), "ЧC");
        assert_eq!(initials("tech"), "T");
        assert_eq!(initials("<b> 💡 «Daily» news"), "BD");
        assert_eq!(initials("  ✨ ✨ "), "?");
    }
}
