//! The vector dialect.
//!
//! - `transfer.rs`: `vector_transfer_read`, `vector_transfer_write` (mlir-langref-early.md),
//!   and their later subscripted forms.
//! - `ops.rs`: `vector.broadcast`, `vector.shuffle`, `vector.insertelement`, and the contiguous
//!   `vector.load` / `vector.store` that TIR's vector loads and stores lower to.

mod ops;
mod transfer;

pub use ops::{BROADCAST, INSERTELEMENT, LOAD, LOOP_INVARIANT, SHUFFLE, STORE};
pub use transfer::{TRANSFER_READ, TRANSFER_WRITE};

use super::OpDef;

/// The op tables of the vector dialect.
pub(crate) static TABLES: &[&[&OpDef]] = &[transfer::OPS, ops::OPS];
