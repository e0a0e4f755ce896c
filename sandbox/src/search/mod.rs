//! Search over texts, independent of the dataset: splitting texts into words and stems
//! (`tokens`), the inverted index of post texts (`index`), and the query syntax evaluated
//! against it (`syntax`). The operations read their queries and filters in `ops/`.

pub mod index;
pub mod syntax;
pub mod tokens;
