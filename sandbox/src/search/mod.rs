//! Search over the dataset's texts: splitting texts into words and stems (`tokens`), the
//! inverted index (`index`), the query syntax (`syntax`), and what keyword mentions and post
//! search share: the text query with its snippets, and the filters on posts.

mod filter;
pub mod index;
pub mod syntax;
mod text_query;
pub mod tokens;

pub use filter::{date_range, PostFilter};
pub use text_query::TextQuery;
