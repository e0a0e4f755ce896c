//! Tolerant deserializers for the variants the real service sends.
