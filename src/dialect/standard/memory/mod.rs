//! Memory and shape ops: `dim`, `rank`, `alloc`, `alloc_static`, `dealloc`, `dma_start`, `dma_wait`,
//! `extract_element`, `load`, `store`, `tensor_load`, `tensor_store`, `memref_cast`,
//! `tensor_cast`, `reshape`, `view` (mlir-langref-mid.md "Memory Operations",
//! mlir-langref-early.md for `reshape` and `view`).
//!
//! The earliest spellings are read too: `alloc memref<..>(%n)[%s]`, `store %v to %A[..]`,
//! `tensor_store %t to %m : ..`.
//!
//! One file per concept, each op's parser, printer, verifier, folder and lowering together:
//! `shape.rs`, `alloc.rs`, `access.rs`, `views.rs`, `dma.rs`; `bounds.rs` proves `load`/`store`
//! in counted CFG loops in bounds; helpers they share are here.

mod access;
mod alloc;
mod bounds;
mod dma;
mod shape;
mod views;

use crate::codegen::repr::Dim;
use crate::codegen::{CodegenError, FnLowerer};
use crate::dialect::OpDef;
use crate::dialect::common::{parse_index_list, print_index_list};
use crate::ir::{DYNAMIC, MemrefType, Module, Type, Value, Values};
use crate::syntax::{PResult, Parser, Printer, TokKind};
pub use access::*;
pub use alloc::*;
pub use dma::*;
pub use shape::*;
pub use views::*;

/// Ops of this folder.
pub static OPS: &[&OpDef] = &[
    &DIM,
    &RANK,
    &ALLOCA,
    &ALLOC,
    &ALLOC_STATIC,
    &DEALLOC,
    &DMA_START,
    &DMA_WAIT,
    &EXTRACT_ELEMENT,
    &LOAD,
    &STORE,
    &TENSOR_LOAD,
    &TENSOR_STORE,
    &MEMREF_CAST,
    &TENSOR_CAST,
    &RESHAPE,
    &MEMREF_OFFSET,
    &MEMREF_STRIDE,
    &MEMREF_BITCAST,
    &VIEW,
];

fn memref_type(m: &Module, v: Value) -> Option<&MemrefType> {
    m.value_type(v).as_memref()
}

/// Parse `(%a, ..)` and optionally `[%s, ..]`, all `index`.
fn parse_dims_and_symbols(p: &mut Parser<'_>) -> PResult<(Values, Values)> {
    let dims = p.parse_delimited_operands(TokKind::LParen, TokKind::RParen, "'(' and the dimension operands")?;
    let dims = p.resolve_all(&dims, &Type::Index)?;
    let syms = if p.kind() == TokKind::LSquare { parse_index_list(p)? } else { Values::new() };
    Ok((dims, syms))
}

fn print_dims_and_symbols(p: &mut Printer<'_>, dims: &[Value], syms: &[Value]) {
    p.w("(");
    p.print_values(dims);
    p.w(")");
    if !syms.is_empty() {
        print_index_list(p, syms);
    }
}

pub(crate) fn parse_memref_access<'a>(p: &mut Parser<'a>) -> PResult<(crate::syntax::UnresolvedOperand<'a>, Values)> {
    let m = p.parse_operand()?;
    let idx = parse_index_list(p)?;
    Ok((m, idx))
}

/// Index operands as i64 values.
fn index_values(lw: &FnLowerer<'_, '_>, vals: &[Value]) -> Result<Vec<cranelift_codegen::ir::Value>, CodegenError> {
    vals.iter().map(|&v| lw.scalar(v)).collect()
}

/// The dimensions of a memref type whose dynamic sizes are the first of `operands`, and the
/// layout symbols that follow them.
fn dims_and_symbols(
    mt: &MemrefType,
    operands: Vec<cranelift_codegen::ir::Value>,
) -> (Vec<Dim>, Vec<cranelift_codegen::ir::Value>) {
    let mut it = operands.into_iter();
    let dims = mt
        .shape
        .iter()
        .map(|&s| if s == DYNAMIC { Dim::Dynamic(it.next().unwrap_or_else(unreachable_value)) } else { Dim::Static(s) })
        .collect();
    (dims, it.collect())
}

/// Never reached for verified input (operand counts match the type); a harmless placeholder.
fn unreachable_value() -> cranelift_codegen::ir::Value {
    cranelift_codegen::ir::Value::from_u32(0)
}
