//! The typed layer over the eight read-only operations of the analytics API.

pub mod de;
pub mod limits;
pub mod model;
pub mod params;
