//! Small innermost loops unrolled: a serial loop with a constant trip count of at most
//! [`MAX_TRIPS`] whose body holds no loop (or only loops this pass unrolled) and whose unrolled
//! size stays within [`MAX_STATEMENTS`] becomes an `unroll` loop, which lowering emits once per
//! iteration. A 3x3 convolution window then costs nine multiply-adds with constant offsets
//! folded into their addresses, not two loops' counters and branches (LLVM does the same for
//! TVM).
//!
//! Behaviour is unchanged: the iterations run in the same order with the same values.

use crate::tir::arith::const_int;
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, default_stmt};
use crate::tir::visit::walk_stmts;

/// Most iterations of a loop unrolled this way.
pub const MAX_TRIPS: i64 = 8;
/// Most statements (stores, branches, evaluations) the unrolled copies may hold together.
pub const MAX_STATEMENTS: i64 = 32;

/// Unroll the small innermost loops of a statement.
pub fn unroll_small_loops(s: &Stmt) -> Stmt {
    Unroll.stmt(s)
}

struct Unroll;

impl Mutator for Unroll {
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = default_stmt(self, s);
        let StmtKind::For { var, min, extent, kind: ForKind::Serial, body, annotations } = s.kind() else {
            return s;
        };
        let (Some(_), Some(n)) = (const_int(min), const_int(extent)) else { return s };
        if !(2..=MAX_TRIPS).contains(&n) || !unrollable_body(body) || n * size(body) > MAX_STATEMENTS {
            return s;
        }
        Stmt::at(
            StmtKind::For {
                var: var.clone(),
                min: min.clone(),
                extent: extent.clone(),
                kind: ForKind::Unrolled,
                body: body.clone(),
                annotations: annotations.clone(),
            },
            s.span(),
        )
    }
}

/// No loops but unrolled ones, no allocations (each copy would allocate), nothing that leaves
/// the loop early or synchronises.
fn unrollable_body(body: &Stmt) -> bool {
    let mut ok = true;
    walk_stmts(body, &mut |s| match s.kind() {
        StmtKind::For { kind, .. } if *kind != ForKind::Unrolled => ok = false,
        StmtKind::While { .. }
        | StmtKind::Allocate { .. }
        | StmtKind::BufferRealize { .. }
        | StmtKind::BlockRealize { .. }
        | StmtKind::AttrStmt { .. } => ok = false,
        _ => {}
    });
    ok
}

/// The statements a body emits (an unrolled inner loop counts once per iteration).
fn size(s: &Stmt) -> i64 {
    match s.kind() {
        StmtKind::Seq(v) => v.iter().map(size).sum(),
        StmtKind::For { extent, body, .. } => const_int(extent).unwrap_or(MAX_STATEMENTS).saturating_mul(size(body)),
        // A let names a value its uses would compute anyway; a declaration emits nothing.
        StmtKind::LetStmt { body, .. } | StmtKind::DeclBuffer { body, .. } => size(body),
        StmtKind::Assert { body, .. } => 1 + size(body),
        StmtKind::IfThenElse { then_case, else_case, .. } => 1 + size(then_case) + else_case.as_ref().map_or(0, size),
        _ => 1,
    }
}
