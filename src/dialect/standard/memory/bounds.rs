//! Proving `load`/`store` indices in bounds in counted CFG loops, so that checked code (the
//! default) compiles them without a check.
//!
//! The pattern is the loop a front end writes by hand or by lowering:
//!
//! ```text
//! ^loop(%i: index):                     // entered with constants >= 0, looped with %i + c, c >= 0
//!   %more = cmpi "slt", %i, %n : index  // %n a constant <= the dimension, or `dim %A, k`
//!   cond_br %more, ^body, ^exit
//! ^body:                                // reached only from that branch
//!   %x = load %A[%i] : memref<...>
//! ```
//!
//! An index is proven when it is a constant inside its dimension, or when the access's block is
//! entered only where `index < n` holds (`ult`, or `slt` on an index that never goes below 0)
//! for an `n` no larger than the dimension.

use crate::dialect::standard::semantics::CMPI_PREDICATES;
use crate::dialect::standard::{ADDI, CMPI, COND_BR, CONSTANT, DIM};
use crate::ir::{Attribute, Block, Module, Op, Successor, Value, ValueDef};

/// Blocks scanned for predecessors at most (a larger function keeps its checks).
const MAX_BLOCKS: usize = 4096;

/// Whether every index of the access `op` (memref operand at `at`, indices after it) lies
/// inside the memref's dimensions.
pub(super) fn proven(m: &Module, op: Op, at: usize) -> bool {
    let d = m.op(op);
    let Some(&memref) = d.operands.get(at) else { return false };
    let Some(mt) = m.value_type(memref).as_memref() else { return false };
    let idx = &d.operands[at + 1..];
    if idx.len() != mt.shape.len() {
        return false;
    }
    let guard = m.parent_block(op).and_then(|b| entry_guard(m, b));
    idx.iter().enumerate().all(|(k, &i)| {
        let extent = mt.shape[k];
        if let Some(c) = constant(m, i) {
            return extent >= 0 && (0..extent).contains(&c);
        }
        let Some((v, n, unsigned)) = guard else { return false };
        let bounded = match constant(m, n) {
            Some(c) => extent >= 0 && c <= extent,
            None => is_dim_of(m, n, memref, k),
        };
        v == i && bounded && (unsigned || never_negative(m, i))
    })
}

/// The condition that holds in `block` because its only way in is the true edge of a
/// `cond_br` on `cmpi "slt"/"ult" %v, %n` (or `sgt`/`ugt` with the operands swapped): `(v, n,
/// unsigned)`.
fn entry_guard(m: &Module, block: Block) -> Option<(Value, Value, bool)> {
    let mut edges = edges_into(m, block)?;
    let (branch, s, _) = edges.next()?;
    if edges.next().is_some() || s != 0 || !COND_BR.is(m, branch) {
        return None;
    }
    let ValueDef::Result(cmp, 0) = m.value(*m.op(branch).operands.first()?).def else { return None };
    if !CMPI.is(m, cmp) {
        return None;
    }
    let (a, b) = (m.op(cmp).operands[0], m.op(cmp).operands[1]);
    let predicate = usize::try_from(m.attr(cmp, "predicate")?.as_int()?).ok()?;
    match *CMPI_PREDICATES.get(predicate)? {
        "slt" => Some((a, b, false)),
        "sgt" => Some((b, a, false)),
        "ult" => Some((a, b, true)),
        "ugt" => Some((b, a, true)),
        _ => None,
    }
}

/// Whether `v` is a loop counter that starts at constants `>= 0` and only grows: a block
/// argument every incoming edge passes a constant `>= 0` or `v + c` to, where `c >= 0` and the
/// addition cannot wrap because it happens where `v < n` holds (`n` a constant no larger than
/// `i64::MAX - c`, or a dimension: the extent of memory that exists).
fn never_negative(m: &Module, v: Value) -> bool {
    let ValueDef::Arg(header, pos) = m.value(v).def else { return false };
    let Some(mut edges) = edges_into(m, header) else { return false };
    edges.all(|(_, _, succ)| {
        let x = succ.args.get(pos as usize).copied();
        let Some(x) = x else { return false };
        if let Some(c) = constant(m, x) {
            return c >= 0;
        }
        let ValueDef::Result(add, 0) = m.value(x).def else { return false };
        if !ADDI.is(m, add) {
            return false;
        }
        let (p, q) = (m.op(add).operands[0], m.op(add).operands[1]);
        let step = if p == v {
            constant(m, q)
        } else if q == v {
            constant(m, p)
        } else {
            None
        };
        let Some(c) = step.filter(|&c| c >= 0) else { return false };
        let guard = m.parent_block(add).and_then(|b| entry_guard(m, b));
        guard.is_some_and(|(g, n, _)| {
            g == v
                && match constant(m, n) {
                    Some(limit) => limit <= i64::MAX - c,
                    None => matches!(m.value(n).def, ValueDef::Result(d, 0) if DIM.is(m, d)),
                }
        })
    })
}

/// The branches into `block` (terminator, successor position, successor), if its region is
/// small enough to scan.
fn edges_into(m: &Module, block: Block) -> Option<impl Iterator<Item = (Op, usize, &Successor)>> {
    let blocks = &m.region(m.parent_region(block)?).blocks;
    if blocks.len() > MAX_BLOCKS {
        return None;
    }
    Some(
        blocks
            .iter()
            .filter_map(|&b| m.terminator(b))
            .flat_map(move |t| m.op(t).successors.iter().enumerate().map(move |(s, succ)| (t, s, succ)))
            .filter(move |(_, _, succ)| succ.block == block),
    )
}

/// Whether `n` is `dim %memref, k`.
fn is_dim_of(m: &Module, n: Value, memref: Value, k: usize) -> bool {
    match m.value(n).def {
        ValueDef::Result(d, 0) if DIM.is(m, d) => {
            m.op(d).operands.first() == Some(&memref)
                && m.attr(d, "index").and_then(Attribute::as_int) == Some(k as i128)
        }
        _ => false,
    }
}

fn constant(m: &Module, v: Value) -> Option<i64> {
    match m.value(v).def {
        ValueDef::Result(op, 0) if CONSTANT.is(m, op) => i64::try_from(m.attr(op, "value")?.as_int()?).ok(),
        _ => None,
    }
}
