//! What the two bench binaries share: a bounded HTTP/1.1 load over loopback (`load`).

pub mod load;
