//! What the servers' hand-written command lines share.

/// Prints `usage` when the arguments ask for help; whether they did.
pub fn help_asked(args: &[String], usage: &str) -> bool {
    let asked = args.iter().any(|a| a == "--help" || a == "-h");
    if asked {
        println!("{usage}");
    }
    asked
}

/// A whole number for `flag`, or an error that quotes what was given.
pub fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag} must be a whole number; got \"{text}\""))
}
