//! Strata: a multi-level tensor IR with an embedded JIT.
#![warn(missing_docs)]

pub mod ir;
pub mod syntax;
