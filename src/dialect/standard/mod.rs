//! The standard dialect (`std.*`): the ops the language references list, plus the "sub etc."
//! they promise.
//!
//! - `control.rs`: `br`, `cond_br`, `return`, `assert`, `call`, `call_indirect`
//! - `parallel.rs`: `parallel_for`, `yield`
//! - `memory.rs`: `dim`, `alloc`, `alloc_static`, `dealloc`, `dma_start`, `dma_wait`,
//!   `extract_element`, `load`, `store`, `tensor_load`, `tensor_store`, `memref_cast`,
//!   `tensor_cast`, `reshape`, `view`
//! - `arith.rs`: `constant`, integer and float arithmetic, `cmpi`, `cmpf`, `select`, math
//!   functions, casts
//! - `semantics.rs`: what the arithmetic means on scalars (shared by folding and codegen)

pub mod arith;
pub mod control;
pub mod memory;
pub mod parallel;
pub mod semantics;

use super::OpDef;
use crate::syntax::ParseFn;

/// The op tables of the standard dialect.
pub static TABLES: &[&[OpDef]] = &[control::OPS, memory::OPS, arith::OPS, parallel::OPS];

/// Keywords of the earliest reference that parse as a std op.
pub static LEGACY_KEYWORDS: &[(&str, ParseFn)] = &[("br_cond", control::parse_cond_br)];

/// Generic-form names of the earliest reference and their registered names.
pub static LEGACY_NAMES: &[(&str, &str)] = &[("br_cond", "std.cond_br")];
