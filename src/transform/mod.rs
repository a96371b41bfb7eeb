//! Passes over the core IR, and the optimization levels that choose Strata's optional passes
//! (`pipeline.rs`; the passes themselves live with what they transform: TIR's in
//! `tir::transform`, the affine vectorizer and store forwarding in `dialect::affine`, register
//! buffers in codegen).

pub mod canonicalize;
mod pipeline;

pub use pipeline::{OptLevel, Passes};
