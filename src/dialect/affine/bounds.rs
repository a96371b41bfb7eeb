//! Proving `affine.load`/`affine.store` accesses in bounds, so that checked code (the default)
//! compiles them without a check.
//!
//! An access is proven when every subscript result's range, computed from the ranges of its
//! operands, lies inside the memref's dimension. Operand ranges come from constants,
//! `affine.apply` results and the induction variables of enclosing `affine.for` loops
//! (`max(lower bound results) <= iv <= min(upper bound results) - 1`). A dynamic dimension is
//! matched symbolically: a subscript that is exactly an induction variable counting from 0 or
//! more up to `dim %memref, k` is inside dimension `k`. Conditions (`affine.if`) are ignored,
//! which only makes the ranges wider: what is proven without them holds with them.

use crate::dialect::standard as S;
use crate::ir::{AffineExpr, AffineMap, Attribute, ExprKind, Module, Op, Value, ValueDef};

/// How far operand definitions are followed.
const MAX_DEPTH: u32 = 16;

/// Whether every element the access `op` (memref operand at `at`, subscripts after it, its
/// `map` attribute) reaches lies inside the memref.
pub(super) fn proven(m: &Module, op: Op, at: usize) -> bool {
    let d = m.op(op);
    let Some(&memref) = d.operands.get(at) else { return false };
    let Some(map) = m.attr(op, "map").and_then(Attribute::as_map) else { return false };
    let Some(mt) = m.value_type(memref).as_memref() else { return false };
    let subs = &d.operands[at + 1..];
    if map.results().len() != mt.shape.len() || subs.len() != map.num_inputs() {
        return false;
    }
    map.results().iter().enumerate().all(|(k, e)| {
        let extent = mt.shape[k];
        if extent >= 0 {
            return expr_range(m, map, e, subs, 0).is_some_and(|(lo, hi)| lo >= 0 && hi < extent);
        }
        below_dim(m, map, e, subs, memref, k)
    })
}

/// The range of a map result over its operands' ranges.
fn expr_range(m: &Module, map: &AffineMap, e: &AffineExpr, operands: &[Value], depth: u32) -> Option<(i64, i64)> {
    let ranges: Vec<(i64, i64)> = operands.iter().map(|&v| value_range(m, v, depth + 1)).collect::<Option<_>>()?;
    // Symbols become dimensions after the map's own: `range` then takes ranges for both.
    let nd = map.num_dims() as u32;
    let syms: Vec<AffineExpr> = (0..map.num_symbols() as u32).map(|i| AffineExpr::dim(nd + i)).collect();
    e.substitute(&[], &syms).range(&ranges, &[])
}

/// The values an `index` value can take, when known.
fn value_range(m: &Module, v: Value, depth: u32) -> Option<(i64, i64)> {
    if depth > MAX_DEPTH {
        return None;
    }
    match m.value(v).def {
        ValueDef::Result(op, 0) if S::CONSTANT.is(m, op) => {
            let c = i64::try_from(m.attr(op, "value")?.as_int()?).ok()?;
            Some((c, c))
        }
        ValueDef::Result(op, 0) if super::APPLY.is(m, op) => {
            let map = m.attr(op, "map")?.as_map()?;
            let [e] = map.results() else { return None };
            expr_range(m, map, e, &m.op(op).operands, depth)
        }
        ValueDef::Arg(b, 0) => {
            let for_op = m.parent_op_of_block(b).filter(|&f| super::FOR.is(m, f))?;
            let parts = super::for_parts(m, for_op)?;
            // iv >= max(lb results) >= each of them; iv < min(ub results) <= each of them.
            let lo = bound_results(m, parts.lb, parts.lb_operands, depth).filter_map(|r| r.map(|r| r.0)).max()?;
            let hi = bound_results(m, parts.ub, parts.ub_operands, depth).filter_map(|r| r.map(|r| r.1)).min()?;
            Some((lo, hi.checked_sub(1)?))
        }
        _ => None,
    }
}

fn bound_results<'m>(
    m: &'m Module,
    map: &'m AffineMap,
    operands: &'m [Value],
    depth: u32,
) -> impl Iterator<Item = Option<(i64, i64)>> + 'm {
    map.results().iter().map(move |e| expr_range(m, map, e, operands, depth))
}

/// Whether subscript `e` is an induction variable that counts from 0 or more up to
/// `dim %memref, k` (exclusive).
fn below_dim(m: &Module, map: &AffineMap, e: &AffineExpr, subs: &[Value], memref: Value, k: usize) -> bool {
    let Some(iv) = input_of(map, e, subs) else { return false };
    let ValueDef::Arg(b, 0) = m.value(iv).def else { return false };
    let Some(for_op) = m.parent_op_of_block(b).filter(|&f| super::FOR.is(m, f)) else { return false };
    let Some(parts) = super::for_parts(m, for_op) else { return false };
    let starts_inside = bound_results(m, parts.lb, parts.lb_operands, 0).flatten().any(|(lo, _)| lo >= 0);
    let ends_at_dim = parts.ub.results().iter().any(|u| {
        input_of(parts.ub, u, parts.ub_operands).is_some_and(|ub| match m.value(ub).def {
            ValueDef::Result(d, 0) if S::DIM.is(m, d) => {
                m.op(d).operands.first() == Some(&memref)
                    && m.attr(d, "index").and_then(Attribute::as_int) == Some(k as i128)
            }
            _ => false,
        })
    });
    starts_inside && ends_at_dim
}

/// The operand a map result is exactly (`d3`, `s0`), if it is one.
fn input_of(map: &AffineMap, e: &AffineExpr, operands: &[Value]) -> Option<Value> {
    match e.kind() {
        ExprKind::Dim(i) => operands.get(*i as usize).copied(),
        ExprKind::Symbol(i) => operands.get(map.num_dims() + *i as usize).copied(),
        _ => None,
    }
}
