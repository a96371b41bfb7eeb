//! Passes over the core IR.

pub mod canonicalize;
