//! The initials that stand for a channel without a usable avatar.

/// Up to two initials of a title: the first letter or digit of each of its first two words that
/// have one, upper-cased; `?` for a title without any. For a channel without a usable avatar in
/// the console, and for the avatars the sandbox draws.
pub fn initials(title: &str) -> String {
    let letters: String = title
        .split_whitespace()
        .filter_map(|word| word.chars().find(|c| c.is_alphanumeric()))
        .take(2)
        .flat_map(char::to_uppercase)
        .collect();
    if letters.is_empty() {
        "?".to_owned()
    } else {
        letters
    }
}
