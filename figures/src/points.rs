//! A series of points as a chart draws it: what subscriber dynamics, a post's growth and a watch's
//! history give (the console's `view::chart` lays them out).

/// One value of a series.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// Position on the horizontal axis: Unix seconds or any other increasing measure.
    pub x: f64,
    pub y: f64,
    /// What the tooltip calls this point, e.g. a period label.
    pub label: String,
}

/// A named line.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub points: Vec<Point>,
}
