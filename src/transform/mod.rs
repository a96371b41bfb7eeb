//! Passes over the core IR, the optimization levels that choose Strata's optional passes
//! (`pipeline.rs`), and the rules the optional loop passes of both front ends share:
//! [`vectorize`] (which innermost loops run as vectors, how wide, what is checked first) and
//! [`promote`] (which elements live in registers across a loop). Each front end writes what a
//! rule decides in its own form — TIR rewrites its statements (`tir::transform`), affine loops
//! are emitted as machine code (`dialect::affine`) — so a loop is judged the same way whichever
//! language it was written in.

pub mod canonicalize;
mod pipeline;
pub mod promote;
pub mod vectorize;

pub use pipeline::{OptLevel, Passes};
