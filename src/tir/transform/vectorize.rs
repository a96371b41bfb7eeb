//! Vectorized loops (tir-spec.md statement semantics 12.iii): `for i in T.vectorized(n)` becomes
//! one iteration over vectors of `n` lanes where the body allows it, as TVM's `VectorizeLoop`:
//! the loop variable is `Ramp(0, 1, n)`, expressions that depend on it become vectors (sums and
//! products with scalars stay ramps, so `A[i * 4 + v]` is a contiguous vector access), and
//! stores with a vector index store every lane.
//!
//! Side effects stay in order (lane `k` is iteration `k`): a body with anything whose order a
//! vector would change — a nested loop, a branch on a vector condition, a call, an allocation,
//! an assertion, a store of a varying value to one place — runs as a serial loop instead.
//! `T.if_then_else` becomes a lane-wise choice only when neither branch can fault (no loads or
//! divisions); otherwise the loop runs serially.

use std::collections::HashMap;

use super::{add, broadcast_to, lanes_of};
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, default_stmt};
use crate::tir::visit::walk_expr;

/// Vectorize every `T.vectorized` loop of a statement (others are kept).
pub fn vectorize_loops(s: &Stmt) -> Stmt {
    Loops.stmt(s)
}

struct Loops;

impl Mutator for Loops {
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = default_stmt(self, s);
        let StmtKind::For { var, min, extent, kind: ForKind::Vectorized, body, annotations } = s.kind() else {
            return s;
        };
        let n = extent.as_int().unwrap_or(0);
        let serial = || {
            Stmt::at(
                StmtKind::For {
                    var: var.clone(),
                    min: min.clone(),
                    extent: extent.clone(),
                    kind: ForKind::Serial,
                    body: body.clone(),
                    annotations: annotations.clone(),
                },
                s.span(),
            )
        };
        if min.as_int() != Some(0) || !(2..=i64::from(u16::MAX)).contains(&n) {
            // One lane, or not a loop the checker accepts as vectorized: a serial loop.
            return serial();
        }
        let ramp = PrimExpr::ramp(PrimExpr::int_of(0, var.dtype()), PrimExpr::int_of(1, var.dtype()), n as u16);
        let mut v = Vectorizer { lanes: n as u16, map: HashMap::from([(var.id(), ramp)]) };
        v.stmt(body).unwrap_or_else(serial)
    }
}

struct Vectorizer {
    lanes: u16,
    /// Variables whose values became vectors (the loop variable first).
    map: HashMap<u64, PrimExpr>,
}

impl Vectorizer {
    fn stmt(&mut self, s: &Stmt) -> Option<Stmt> {
        let sp = s.span();
        Some(match s.kind() {
            StmtKind::LetStmt { var, value, body } => {
                let v = self.expr(value)?;
                // A ramp (or broadcast) stays one: a scalar variable holds its base, so indices
                // built from it are still seen as contiguous.
                let parts = match v.kind() {
                    ExprKind::Ramp(b, st, n) => Some((b.clone(), Some(st.clone()), *n)),
                    ExprKind::Broadcast(x, n) => Some((x.clone(), None, *n)),
                    _ => None,
                };
                if let Some((base, stride, n)) = parts {
                    let bv = Var::at(&format!("{}_base", var.name()), Type::Prim(base.dtype()), var.span());
                    let sym = match &stride {
                        Some(st) => PrimExpr::ramp(PrimExpr::var(&bv), st.clone(), n),
                        None => PrimExpr::broadcast(PrimExpr::var(&bv), n),
                    };
                    self.map.insert(var.id(), sym);
                    let b = self.stmt(body)?;
                    return Some(Stmt::at(StmtKind::LetStmt { var: bv, value: base, body: b }, sp));
                }
                if v.dtype().lanes > 1 {
                    let nv = Var::at(var.name(), Type::Prim(v.dtype()), var.span());
                    self.map.insert(var.id(), PrimExpr::var(&nv));
                    let b = self.stmt(body)?;
                    Stmt::at(StmtKind::LetStmt { var: nv, value: v, body: b }, sp)
                } else {
                    let b = self.stmt(body)?;
                    Stmt::at(StmtKind::LetStmt { var: var.clone(), value: v, body: b }, sp)
                }
            }
            StmtKind::BufferStore { buffer, value, indices } => {
                let idx: Vec<PrimExpr> = indices.iter().map(|i| self.expr(i)).collect::<Option<_>>()?;
                let n = idx.len();
                if idx.iter().take(n.saturating_sub(1)).any(|i| i.dtype().lanes > 1) || buffer.dtype().lanes > 1 {
                    return None;
                }
                let v = self.expr(value)?;
                let index_lanes = idx.last().map_or(1, |i| i.dtype().lanes);
                if index_lanes > 1 {
                    let v = broadcast_to(v, index_lanes);
                    if v.dtype().lanes != index_lanes {
                        return None;
                    }
                    Stmt::at(StmtKind::BufferStore { buffer: buffer.clone(), value: v, indices: idx }, sp)
                } else if v.dtype().lanes > 1 {
                    // Every iteration stores to one place: order would matter.
                    return None;
                } else {
                    Stmt::at(StmtKind::BufferStore { buffer: buffer.clone(), value: v, indices: idx }, sp)
                }
            }
            StmtKind::IfThenElse { cond, then_case, else_case } => {
                let c = self.expr(cond)?;
                if c.dtype().lanes > 1 {
                    return None;
                }
                let t = self.stmt(then_case)?;
                let e = match else_case {
                    Some(e) => Some(self.stmt(e)?),
                    None => None,
                };
                Stmt::at(StmtKind::IfThenElse { cond: c, then_case: t, else_case: e }, sp)
            }
            StmtKind::Seq(list) => {
                Stmt::at(StmtKind::Seq(list.iter().map(|x| self.stmt(x)).collect::<Option<_>>()?), sp)
            }
            StmtKind::DeclBuffer { buffer, body } => {
                if buffer.shape().iter().chain(buffer.strides()).any(|e| self.depends(e))
                    || self.depends(buffer.elem_offset())
                {
                    return None;
                }
                Stmt::at(StmtKind::DeclBuffer { buffer: buffer.clone(), body: self.stmt(body)? }, sp)
            }
            StmtKind::Evaluate(e) if matches!(e.kind(), ExprKind::IntImm(_)) => s.clone(),
            _ => return None,
        })
    }

    /// Whether `e` depends on a vectorized variable.
    fn depends(&self, e: &PrimExpr) -> bool {
        let mut found = false;
        walk_expr(e, &mut |x| {
            if let ExprKind::Var(v) = x.kind() {
                found |= self.map.contains_key(&v.id());
            }
        });
        found
    }

    fn expr(&mut self, e: &PrimExpr) -> Option<PrimExpr> {
        if !self.depends(e) {
            return Some(e.clone());
        }
        let sp = e.span();
        let r = match e.kind() {
            ExprKind::Var(v) => return self.map.get(&v.id()).cloned(),
            ExprKind::Binary(op, a, b) => {
                let (x, y) = (self.expr(a)?, self.expr(b)?);
                binary(*op, x, y, self.lanes)?
            }
            ExprKind::Cmp(op, a, b) => {
                let (x, y) = self.same_lanes(a, b)?;
                PrimExpr::cmp(*op, x, y)
            }
            ExprKind::And(a, b) => {
                let (x, y) = self.same_lanes(a, b)?;
                PrimExpr::and(x, y)
            }
            ExprKind::Or(a, b) => {
                let (x, y) = self.same_lanes(a, b)?;
                PrimExpr::or(x, y)
            }
            ExprKind::Not(a) => PrimExpr::logical_not(self.expr(a)?),
            ExprKind::Cast(x) => {
                let x = self.expr(x)?;
                let l = x.dtype().lanes;
                PrimExpr::cast(e.dtype().with_lanes(l), x)
            }
            ExprKind::Select(c, a, b) => {
                let c = self.expr(c)?;
                let (x, y) = self.same_lanes(a, b)?;
                let l = x.dtype().lanes.max(c.dtype().lanes);
                PrimExpr::select(c, broadcast_to(x, l), broadcast_to(y, l))
            }
            ExprKind::BufferLoad(b, idx) => {
                let idx: Vec<PrimExpr> = idx.iter().map(|i| self.expr(i)).collect::<Option<_>>()?;
                let n = idx.len();
                if idx.iter().take(n.saturating_sub(1)).any(|i| i.dtype().lanes > 1) || b.dtype().lanes > 1 {
                    return None;
                }
                let index_lanes = idx.last().map_or(1, |i| i.dtype().lanes);
                if index_lanes == 1 {
                    // A vector index elsewhere would have made the last one a vector.
                    return None;
                }
                PrimExpr::load(b, idx)
            }
            ExprKind::Let(v, value, body) => {
                let val = self.expr(value)?;
                if val.dtype().lanes > 1 {
                    let nv = Var::at(v.name(), Type::Prim(val.dtype()), v.span());
                    self.map.insert(v.id(), PrimExpr::var(&nv));
                    let b = self.expr(body)?;
                    PrimExpr::let_in(&nv, val, b)
                } else {
                    PrimExpr::let_in(v, val, self.expr(body)?)
                }
            }
            ExprKind::Call(Callee::Builtin(name), args) => {
                let name: &str = name;
                if name == "tir.if_then_else" && args.len() == 3 {
                    // Both sides are evaluated in a lane-wise choice: only when that is harmless.
                    if !(fault_free(&args[1]) && fault_free(&args[2])) {
                        return None;
                    }
                    let c = self.expr(&args[0])?;
                    let (x, y) = self.same_lanes(&args[1], &args[2])?;
                    let l = x.dtype().lanes.max(c.dtype().lanes);
                    return Some(PrimExpr::select(c, broadcast_to(x, l), broadcast_to(y, l)).with_span(sp));
                }
                if name.starts_with("tir.call_extern") || name == "tir.ret" || !super::is_elementwise_builtin(name) {
                    return None;
                }
                let xs: Vec<PrimExpr> = args.iter().map(|a| self.expr(a)).collect::<Option<_>>()?;
                let l = xs.iter().map(lanes_of).max().unwrap_or(1);
                let xs: Vec<PrimExpr> = xs.into_iter().map(|x| broadcast_to(x, l)).collect();
                PrimExpr::new(ExprKind::Call(Callee::Builtin(name.into()), xs), e.dtype().with_lanes(l))
            }
            _ => return None,
        };
        Some(r.with_span(sp))
    }

    /// Two operands with equal lanes (a scalar is broadcast).
    fn same_lanes(&mut self, a: &PrimExpr, b: &PrimExpr) -> Option<(PrimExpr, PrimExpr)> {
        let (x, y) = (self.expr(a)?, self.expr(b)?);
        let l = lanes_of(&x).max(lanes_of(&y));
        Some((broadcast_to(x, l), broadcast_to(y, l)))
    }
}

/// A binary operation on possibly-vector operands; ramps stay ramps under `+`, `-` and `*` by
/// a scalar.
fn binary(op: BinOp, x: PrimExpr, y: PrimExpr, lanes: u16) -> Option<PrimExpr> {
    let ramp = |e: &PrimExpr| match e.kind() {
        ExprKind::Ramp(b, s, n) => Some((b.clone(), s.clone(), *n)),
        _ => None,
    };
    let scalar = |e: &PrimExpr| e.dtype().lanes == 1;
    match (op, ramp(&x), ramp(&y)) {
        (BinOp::Add, Some((b, s, n)), None) if scalar(&y) => return Some(PrimExpr::ramp(add(b, y), s, n)),
        (BinOp::Add, None, Some((b, s, n))) if scalar(&x) => return Some(PrimExpr::ramp(add(x, b), s, n)),
        (BinOp::Add, Some((b1, s1, n)), Some((b2, s2, _))) => return Some(PrimExpr::ramp(add(b1, b2), add(s1, s2), n)),
        (BinOp::Sub, Some((b, s, n)), None) if scalar(&y) => {
            return Some(PrimExpr::ramp(PrimExpr::binary(BinOp::Sub, b, y), s, n));
        }
        (BinOp::Mul, Some((b, s, n)), None) if scalar(&y) => {
            return Some(PrimExpr::ramp(super::mul(b, y.clone()), super::mul(s, y), n));
        }
        (BinOp::Mul, None, Some((b, s, n))) if scalar(&x) => {
            return Some(PrimExpr::ramp(super::mul(x.clone(), b), super::mul(x, s), n));
        }
        _ => {}
    }
    let l = lanes_of(&x).max(lanes_of(&y)).max(1);
    let _ = lanes;
    Some(PrimExpr::binary(op, broadcast_to(x, l), broadcast_to(y, l)))
}

/// Whether evaluating `e` can neither fault nor have effects (no loads, divisions or calls).
fn fault_free(e: &PrimExpr) -> bool {
    let mut ok = true;
    walk_expr(e, &mut |x| match x.kind() {
        ExprKind::BufferLoad(..) | ExprKind::Call(..) => ok = false,
        ExprKind::Binary(BinOp::Div | BinOp::Mod | BinOp::FloorDiv | BinOp::FloorMod, _, d)
            if d.dtype().is_int() && d.as_int().is_none_or(|c| c == 0) =>
        {
            ok = false
        }
        _ => {}
    });
    ok
}
