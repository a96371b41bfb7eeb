//! TVM 0.27's scalar locals that are never assigned again, as lets.
//!
//! TVM 0.27 reads `x: T.int32 = v` (and `x = v`) as a one-element local buffer stored once,
//! and so does the reader (the function prints back as it was written). Most are never
//! assigned again: such a buffer holds `v` wherever it is read, which is what a let says, and
//! a let is what the analyses see through (ranges for bounds proofs, vectorization, index
//! inlining). Buffers assigned again stay buffers.

use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, default_expr, default_stmt};
use crate::tir::visit::{stmt_exprs, walk_expr, walk_stmts};

/// Every scalar local stored only where it is declared becomes a let of that value.
pub fn scalars_to_lets(body: &Stmt) -> Stmt {
    ScalarsToLets.stmt(body)
}

struct ScalarsToLets;

impl Mutator for ScalarsToLets {
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = default_stmt(self, s);
        as_let(&s).unwrap_or(s)
    }
}

/// `Allocate(x, [1]) { DeclBuffer(x) { x[0] = v; rest } }` with `x` only read as `x[0]` in
/// `rest`: `let x = v; rest[x[0] := x]`.
fn as_let(s: &Stmt) -> Option<Stmt> {
    let StmtKind::Allocate { var, extents, cond, body, annotations, .. } = s.kind() else { return None };
    let StmtKind::DeclBuffer { buffer, body } = body.kind() else { return None };
    let one_element = matches!(extents.as_slice(), [e] if e.as_int() == Some(1))
        && matches!(buffer.shape(), [e] if e.as_int() == Some(1));
    if buffer.data() != var
        || !one_element
        || cond.as_int() != Some(1)
        || !annotations.is_empty()
        || buffer.scope() != "local"
        || !buffer.strides().is_empty()
        || buffer.elem_offset().as_int() != Some(0)
    {
        return None;
    }
    let (first, rest): (&Stmt, &[Stmt]) = match body.kind() {
        StmtKind::Seq(xs) if !xs.is_empty() => (&xs[0], &xs[1..]),
        _ => (body, &[]),
    };
    let StmtKind::BufferStore { buffer: b, value, indices } = first.kind() else { return None };
    if b != buffer || !is_zero(indices) || mentions(value, buffer) {
        return None;
    }
    let rest = Stmt::seq(rest.to_vec());
    if !only_read(&rest, buffer) {
        return None;
    }
    let x = Var::at(buffer.name(), Type::Prim(buffer.dtype()), buffer.span());
    let rest = ReadsToVar { buffer: buffer.clone(), var: x.clone() }.stmt(&rest);
    Some(Stmt::at(StmtKind::LetStmt { var: x, value: value.clone(), body: rest }, first.span().or(s.span())))
}

fn is_zero(indices: &[PrimExpr]) -> bool {
    matches!(indices, [i] if i.as_int() == Some(0))
}

/// Whether `e` reads `buffer` or names its memory.
fn mentions(e: &PrimExpr, buffer: &Buffer) -> bool {
    let mut found = false;
    walk_expr(e, &mut |x| match x.kind() {
        ExprKind::BufferLoad(b, _) => found |= b == buffer,
        ExprKind::Var(v) => found |= v == buffer.data(),
        _ => {}
    });
    found
}

/// Whether `buffer` appears in `s` only as loads of its element (no store, no other index, no
/// use of its memory or another declaration over it).
fn only_read(s: &Stmt, buffer: &Buffer) -> bool {
    let mut ok = true;
    walk_stmts(s, &mut |st| {
        match st.kind() {
            StmtKind::BufferStore { buffer: b, .. } | StmtKind::DeclBuffer { buffer: b, .. } => {
                ok &= b != buffer && b.data() != buffer.data();
            }
            StmtKind::BufferRealize { buffer: b, .. } => ok &= b != buffer,
            StmtKind::AttrStmt { node: AttrNode::Buffer(b), .. } => ok &= b != buffer,
            _ => {}
        }
        for e in stmt_exprs(st) {
            walk_expr(e, &mut |x| match x.kind() {
                ExprKind::BufferLoad(b, idx) if b == buffer => ok &= is_zero(idx),
                ExprKind::Var(v) => ok &= v != buffer.data(),
                _ => {}
            });
        }
    });
    ok
}

struct ReadsToVar {
    buffer: Buffer,
    var: Var,
}

impl Mutator for ReadsToVar {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        if let ExprKind::BufferLoad(b, _) = e.kind()
            && *b == self.buffer
        {
            return PrimExpr::at(ExprKind::Var(self.var.clone()), self.var.dtype(), e.span());
        }
        default_expr(self, e)
    }
}
