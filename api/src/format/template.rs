//! Interface texts with values in them, whose position differs between the languages.

/// `template` with each `{name}` replaced by its value: for texts from `ui.t` that carry numbers
/// or names, whose position differs between the languages.
pub fn fill(template: &str, values: &[(&str, String)]) -> String {
    values
        .iter()
        .fold(template.to_owned(), |text, (name, value)| {
            text.replace(&format!("{{{name}}}"), value)
        })
}
