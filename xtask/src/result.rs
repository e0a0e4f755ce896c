//! What every step returns: `Ok`, or the message `cargo xtask` prints before it exits with 1.

pub type Result<T = ()> = std::result::Result<T, String>;
