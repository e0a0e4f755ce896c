//! Period strings, view-growth dates, timestamps and numbers: parsing, formatting, labels.
