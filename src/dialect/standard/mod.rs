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

mod arith;
mod control;
pub(crate) mod memory;
mod parallel;
pub(crate) mod semantics;

// Each op's definition is its typed handle: `standard::ADDI.is(m, op)`, `standard::LOAD.state()`.
pub use arith::{
    ABSF, ADDF, ADDI, AND, BITCAST, CMPF, CMPI, CONSTANT, COPYSIGN, COS, CTLZ, CTPOP, DIVF, DIVIS, DIVIU, EXP, FPEXT,
    FPTOSI, FPTOUI, FPTRUNC, INDEX_CAST, LOG, MULF, MULI, NEGF, OR, REMF, REMIS, REMIU, SELECT, SEXTI, SHLIS, SHRIS,
    SHRIU, SIN, SITOFP, SQRT, SUBF, SUBI, TANH, TRUNCI, UITOFP, XOR, ZEXTI,
};
pub use control::{ASSERT, BOUNDED, BR, CALL, CALL_INDIRECT, COND_BR, RETURN};
pub use memory::{
    ALLOC, ALLOC_STATIC, ALLOCA, DEALLOC, DIM, DMA_START, DMA_WAIT, EXTRACT_ELEMENT, LOAD, MEMREF_BITCAST, MEMREF_CAST,
    MEMREF_OFFSET, MEMREF_STRIDE, RANK, RESHAPE, STORE, TENSOR_CAST, TENSOR_LOAD, TENSOR_STORE, VIEW,
};
pub use parallel::{PARALLEL_FOR, YIELD};

use super::OpDef;
use crate::syntax::ParseFn;

/// The op tables of the standard dialect.
pub(crate) static TABLES: &[&[&OpDef]] = &[control::OPS, memory::OPS, arith::OPS, parallel::OPS];

/// Keywords of the earliest reference that parse as a std op.
pub(crate) static LEGACY_KEYWORDS: &[(&str, ParseFn)] = &[("br_cond", control::parse_cond_br)];

/// Generic-form names of the earliest reference and their registered names.
pub(crate) static LEGACY_NAMES: &[(&str, &str)] = &[("br_cond", "std.cond_br")];
