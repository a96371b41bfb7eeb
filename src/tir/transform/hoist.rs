//! Work moved out of loops, as LLVM would for TVM:
//!
//! - **Invariant lets.** Block lowering binds every block variable (`let vi = i`) in the
//!   innermost loop; a let whose value does not depend on the loop moves in front of it, so
//!   index arithmetic on outer variables is computed once per outer iteration.
//! - **Reduction inits.** Block lowering (as TVM's `LowerInitBlock`) runs a block's init under
//!   `if k == k_min and ..:` inside the reduction loops; when that `if` opens the body of the
//!   loop over `k`, it moves in front of the loop (its other conditions kept), so the loop no
//!   longer tests it on every iteration. From the innermost loop out, the init of
//!   `for c, r, s: if c == 0 and r == 0 and s == 0: Y = 0` ends up before `c`.
//!
//! Behaviour is unchanged: a moved let's value (pure: no loads or calls) is the same in every
//! iteration; the init `if` ran first in the loop's first iteration (`k == k_min`) and nowhere
//! else, so running it just before the loop, with `k` at its minimum, does the same work in the
//! same order, and it runs only if the loop runs at least once. Only serial loops qualify for
//! the init (a parallel loop's first iteration need not run first).

use rustc_hash::FxHashMap as HashMap;

use crate::tir::arith::const_int;
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute, default_stmt};
use crate::tir::visit::{walk_expr, walk_exprs};

/// Hoist invariant lets and first-iteration `if`s out of every loop of a statement.
pub fn hoist_out_of_loops(s: &Stmt) -> Stmt {
    Hoist.stmt(s)
}

struct Hoist;

impl Mutator for Hoist {
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = default_stmt(self, s);
        let s = hoist_lets(&s).unwrap_or(s);
        // The init sits under the lets that stay: on the loop itself, or after the moved lets.
        hoist_init_under_lets(&s)
    }
}

/// `for x: let v = e (x not in e); body` => `let v = e; for x: body`, for each such leading let.
fn hoist_lets(s: &Stmt) -> Option<Stmt> {
    let StmtKind::For { var, min, extent, kind, body, annotations } = s.kind() else { return None };
    if !matches!(kind, ForKind::Serial | ForKind::Unrolled | ForKind::Parallel) {
        return None;
    }
    type Let = (Var, PrimExpr, Option<crate::ir::Span>);
    let mut moved: Vec<Let> = Vec::new();
    let mut kept: Vec<Let> = Vec::new();
    let mut cur = body;
    while let StmtKind::LetStmt { var: v, value, body } = cur.kind() {
        // A value using the loop variable or a let that stays must stay too.
        let depends = uses(value, var) || kept.iter().any(|(k, _, _)| uses(value, k));
        if depends || !pure(value) {
            kept.push((v.clone(), value.clone(), cur.span()));
        } else {
            moved.push((v.clone(), value.clone(), cur.span()));
        }
        cur = body;
    }
    if moved.is_empty() {
        return None;
    }
    let mut inner = cur.clone();
    for (v, value, sp) in kept.into_iter().rev() {
        inner = Stmt::at(StmtKind::LetStmt { var: v, value, body: inner }, sp);
    }
    let mut out = Stmt::at(
        StmtKind::For {
            var: var.clone(),
            min: min.clone(),
            extent: extent.clone(),
            kind: kind.clone(),
            body: inner,
            annotations: annotations.clone(),
        },
        s.span(),
    );
    for (v, value, sp) in moved.into_iter().rev() {
        out = Stmt::at(StmtKind::LetStmt { var: v, value, body: out }, sp);
    }
    Some(out)
}

/// [`hoist`] on the loop under a chain of lets.
fn hoist_init_under_lets(s: &Stmt) -> Stmt {
    match s.kind() {
        StmtKind::LetStmt { var, value, body } => {
            let b = hoist_init_under_lets(body);
            if b.same_node(body) {
                return s.clone();
            }
            Stmt::at(StmtKind::LetStmt { var: var.clone(), value: value.clone(), body: b }, s.span())
        }
        _ => hoist(s).unwrap_or_else(|| s.clone()),
    }
}

fn hoist(s: &Stmt) -> Option<Stmt> {
    let StmtKind::For { var, min, extent, kind: kind @ (ForKind::Serial | ForKind::Unrolled), body, annotations } =
        s.kind()
    else {
        return None;
    };
    if body.has_loop_exit() {
        return None;
    }
    // The body: lets, then a sequence opening with `if cond: init`.
    let mut lets: Vec<(Var, PrimExpr)> = Vec::new();
    let mut cur = body;
    while let StmtKind::LetStmt { var, value, body } = cur.kind() {
        lets.push((var.clone(), value.clone()));
        cur = body;
    }
    let StmtKind::Seq(list) = cur.kind() else { return None };
    let (first, rest) = list.split_first()?;
    let StmtKind::IfThenElse { cond, then_case: init, else_case: None } = first.kind() else { return None };
    // See through the lets (pure values only: they are evaluated once more, before the loop).
    let mut map: HashMap<u64, PrimExpr> = HashMap::default();
    for (v, value) in &lets {
        if !pure(value) {
            return None;
        }
        let value = Substitute { map: &map }.expr(value);
        map.insert(v.id(), value);
    }
    let cond = Substitute { map: &map }.expr(cond);
    let init = Substitute { map: &map }.stmt(init);
    // One conjunct must be `var == min`; the others, and the init, must not depend on `var`.
    let mut first_iteration = false;
    let mut kept: Vec<PrimExpr> = Vec::new();
    for c in conjuncts(&cond) {
        if is_first_iteration(&c, var, min) {
            first_iteration = true;
        } else if is_true(&c) {
        } else if uses(&c, var) {
            return None;
        } else {
            kept.push(c);
        }
    }
    let mut init_uses_var = false;
    walk_exprs(&init, &mut |e| init_uses_var |= uses(e, var));
    if !first_iteration || init_uses_var || kept.iter().any(|c| !pure(c)) {
        return None;
    }
    let sp = s.span();
    let mut hoisted = match kept.into_iter().reduce(PrimExpr::and) {
        Some(c) => Stmt::at(StmtKind::IfThenElse { cond: c, then_case: init, else_case: None }, first.span()),
        None => init,
    };
    if const_int(extent).is_none_or(|n| n <= 0) {
        let runs = PrimExpr::cmp(CmpOp::Gt, extent.clone(), PrimExpr::int_of(0, extent.dtype()));
        hoisted = Stmt::at(StmtKind::IfThenElse { cond: runs, then_case: hoisted, else_case: None }, sp);
    }
    let mut new_body = Stmt::seq(rest.to_vec());
    for (v, value) in lets.into_iter().rev() {
        new_body = Stmt::at(StmtKind::LetStmt { var: v, value, body: new_body }, body.span());
    }
    let new_loop = Stmt::at(
        StmtKind::For {
            var: var.clone(),
            min: min.clone(),
            extent: extent.clone(),
            kind: kind.clone(),
            body: new_body,
            annotations: annotations.clone(),
        },
        sp,
    );
    Some(Stmt::seq(vec![hoisted, new_loop]))
}

fn conjuncts(e: &PrimExpr) -> Vec<PrimExpr> {
    match e.kind() {
        ExprKind::And(a, b) => {
            let mut v = conjuncts(a);
            v.extend(conjuncts(b));
            v
        }
        _ => vec![e.clone()],
    }
}

/// `var == min` (either way round).
fn is_first_iteration(c: &PrimExpr, var: &Var, min: &PrimExpr) -> bool {
    let ExprKind::Cmp(CmpOp::Eq, a, b) = c.kind() else { return false };
    let is_var = |x: &PrimExpr| x.as_var().is_some_and(|v| v.id() == var.id());
    let is_min = |x: &PrimExpr| match (const_int(x), const_int(min)) {
        (Some(p), Some(q)) => p == q,
        _ => x.same_node(min),
    };
    (is_var(a) && is_min(b)) || (is_var(b) && is_min(a))
}

/// A comparison of equal constants (`0 == 0`, left by an outer variable's substitution).
fn is_true(c: &PrimExpr) -> bool {
    match c.kind() {
        ExprKind::Cmp(CmpOp::Eq, a, b) => matches!((const_int(a), const_int(b)), (Some(x), Some(y)) if x == y),
        _ => c.as_int().is_some_and(|v| v != 0),
    }
}

fn uses(e: &PrimExpr, var: &Var) -> bool {
    let mut found = false;
    walk_expr(e, &mut |x| found |= x.as_var().is_some_and(|v| v.id() == var.id()));
    found
}

/// No loads or calls: the same value wherever it is evaluated.
fn pure(e: &PrimExpr) -> bool {
    let mut ok = true;
    walk_expr(e, &mut |x| {
        if matches!(x.kind(), ExprKind::BufferLoad(..) | ExprKind::Call(..)) {
            ok = false;
        }
    });
    ok
}
