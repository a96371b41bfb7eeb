//! Accumulators in registers: when every access a loop makes to a buffer is to one element that
//! does not change during the loop (`C[i, j]` in a loop over `k`), the element is read once
//! before the loop into a one-element local buffer, the loop works on that, and it is written
//! back after (the local buffer then lives in a register). Innermost loops first, so an
//! accumulator climbs out of every reduction loop it can.
//!
//! Observable behaviour is kept: the element's final value is the same, no other access in the
//! loop can reach it (other buffers do not alias: parameters are checked not to overlap, and
//! allocations are distinct; a buffer sharing its memory with another is left alone), and the
//! loop may not call anything, return, assert or run in parallel. The read before the loop is
//! made only when the loop runs at least once.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, default_expr, default_stmt};
use crate::tir::visit::{walk_expr, walk_exprs, walk_stmts};

/// Promote loop-invariant accumulators of every loop of a statement.
pub fn promote_accumulators(s: &Stmt) -> Stmt {
    Loops.stmt(s)
}

struct Loops;

impl Mutator for Loops {
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = default_stmt(self, s);
        let StmtKind::For { var, min, extent, kind: ForKind::Serial | ForKind::Unrolled, body, .. } = s.kind() else {
            return s;
        };
        let mut out = s.clone();
        // One buffer at a time; each promotion rewrites the loop.
        for _ in 0..8 {
            match promote_one(&out, var, min, extent, body_of(&out).unwrap_or(body)) {
                Some(n) => out = n,
                None => break,
            }
        }
        out
    }
}

fn body_of(s: &Stmt) -> Option<&Stmt> {
    // The loop may now be wrapped by earlier promotions: find it.
    match s.kind() {
        StmtKind::For { body, .. } => Some(body),
        StmtKind::Allocate { body, .. }
        | StmtKind::DeclBuffer { body, .. }
        | StmtKind::IfThenElse { then_case: body, .. } => body_of(body),
        StmtKind::Seq(v) => v.iter().find_map(body_of),
        _ => None,
    }
}

/// Whether the loop's body may be changed this way at all.
fn body_allows(body: &Stmt) -> bool {
    let mut ok = true;
    walk_stmts(body, &mut |s| match s.kind() {
        StmtKind::For { kind: ForKind::Parallel | ForKind::ThreadBinding(_) | ForKind::Vectorized, .. }
        | StmtKind::Assert { .. }
        | StmtKind::BlockRealize { .. } => ok = false,
        StmtKind::AttrStmt { key, .. } if key == "thread_extent" || key == "virtual_thread" => ok = false,
        _ => {}
    });
    walk_exprs(body, &mut |e| {
        if let ExprKind::Call(c, _) = e.kind() {
            let pure =
                matches!(c, Callee::Builtin(n) if super::is_elementwise_builtin(n) || &**n == "tir.if_then_else");
            if !pure {
                ok = false;
            }
        }
    });
    ok
}

/// Values of the variables bound by lets inside the body (to see indices through them).
fn let_values(body: &Stmt) -> HashMap<u64, PrimExpr> {
    let mut out = HashMap::default();
    walk_stmts(body, &mut |s| {
        if let StmtKind::LetStmt { var, value, .. } = s.kind() {
            out.insert(var.id(), value.clone());
        }
    });
    out
}

/// Variables bound inside the body (besides lets, which are seen through).
fn bound_inside(body: &Stmt, loop_var: &Var) -> HashSet<u64> {
    let mut out = HashSet::from_iter([loop_var.id()]);
    walk_stmts(body, &mut |s| match s.kind() {
        StmtKind::For { var, .. } | StmtKind::Allocate { var, .. } => {
            out.insert(var.id());
        }
        StmtKind::AttrStmt { node: AttrNode::Var(v), .. } => {
            out.insert(v.id());
        }
        _ => {}
    });
    walk_exprs(body, &mut |e| {
        if let ExprKind::Let(v, ..) = e.kind() {
            out.insert(v.id());
        }
    });
    out
}

/// `e` with let-bound variables replaced by their values; `None` if it depends on the loop.
fn resolve(e: &PrimExpr, lets: &HashMap<u64, PrimExpr>, inside: &HashSet<u64>, depth: u32) -> Option<PrimExpr> {
    if depth > 64 {
        return None;
    }
    let mut ok = true;
    walk_expr(e, &mut |x| match x.kind() {
        ExprKind::Var(v) if inside.contains(&v.id()) => ok = false,
        ExprKind::BufferLoad(..) | ExprKind::Call(..) | ExprKind::Let(..) => ok = false,
        _ => {}
    });
    if !ok {
        return None;
    }
    let mut map = HashMap::default();
    let mut fail = false;
    walk_expr(e, &mut |x| {
        if let ExprKind::Var(v) = x.kind()
            && let Some(val) = lets.get(&v.id())
            && !map.contains_key(&v.id())
        {
            match resolve(val, lets, inside, depth + 1) {
                Some(r) => {
                    map.insert(v.id(), r);
                }
                None => fail = true,
            }
        }
    });
    if fail {
        return None;
    }
    Some(crate::tir::mutate::Substitute { map: &map }.expr(e))
}

struct Access {
    buffer: Buffer,
    indices: Vec<PrimExpr>,
    store: bool,
}

fn accesses(body: &Stmt) -> Vec<Access> {
    let mut out = Vec::new();
    walk_stmts(body, &mut |s| {
        if let StmtKind::BufferStore { buffer, indices, .. } = s.kind() {
            out.push(Access { buffer: buffer.clone(), indices: indices.clone(), store: true });
        }
    });
    walk_exprs(body, &mut |e| {
        if let ExprKind::BufferLoad(b, idx) = e.kind() {
            out.push(Access { buffer: b.clone(), indices: idx.clone(), store: false });
        }
    });
    out
}

fn promote_one(whole: &Stmt, var: &Var, min: &PrimExpr, extent: &PrimExpr, body: &Stmt) -> Option<Stmt> {
    if !body_allows(body) {
        return None;
    }
    let lets = let_values(body);
    let inside = bound_inside(body, var);
    let all = accesses(body);
    // Buffers allocated in the body are already local.
    let mut local: HashSet<u64> = HashSet::default();
    walk_stmts(body, &mut |s| {
        if let StmtKind::Allocate { var, .. } = s.kind() {
            local.insert(var.id());
        }
    });
    let guarded = guarded_buffers(body);
    let mut by_data: HashMap<u64, Vec<&Access>> = HashMap::default();
    for a in &all {
        by_data.entry(a.buffer.data().id()).or_default().push(a);
    }
    let mut candidates: Vec<(u64, Vec<&Access>)> = by_data.into_iter().collect();
    candidates.sort_by_key(|(_, v)| v.first().map_or(0, |a| a.buffer.id()));
    'next: for (data, acc) in candidates {
        if local.contains(&data) || guarded.contains(&data) || !acc.iter().any(|a| a.store) {
            continue;
        }
        let b = acc[0].buffer.clone();
        if b.dtype().lanes != 1 || acc.iter().any(|a| a.buffer != b) {
            continue;
        }
        // A one-element local buffer already is a register.
        if b.scope() == "local" && b.shape().len() == 1 && b.shape()[0].as_int() == Some(1) {
            continue;
        }
        let mut key: Option<(String, Vec<PrimExpr>)> = None;
        for a in &acc {
            if a.indices.iter().any(|i| i.dtype().lanes != 1) {
                continue 'next;
            }
            let mut resolved = Vec::with_capacity(a.indices.len());
            for i in &a.indices {
                match resolve(i, &lets, &inside, 0) {
                    Some(r) => resolved.push(r),
                    None => continue 'next,
                }
            }
            let k = resolved.iter().map(crate::tir::script::print_expr).collect::<Vec<_>>().join(", ");
            match &key {
                None => key = Some((k, resolved)),
                Some((prev, _)) if *prev != k => continue 'next,
                _ => {}
            }
        }
        let Some((_, idx)) = key else { continue };
        return Some(rewrite(whole, var, min, extent, &b, &idx));
    }
    None
}

/// The memory (data variables) of buffers accessed only under a condition in `body` (an `if`,
/// a `while`, or a branch of `T.if_then_else`; a block's `T.where` becomes an `if`). Promoting
/// one would read and write its element on every iteration, also where the condition keeps the
/// index out of bounds (a split with a non-dividing factor guards its tail this way).
fn guarded_buffers(body: &Stmt) -> HashSet<u64> {
    let mut out = HashSet::default();
    let note = |s: &Stmt, out: &mut HashSet<u64>| {
        walk_stmts(s, &mut |x| {
            if let StmtKind::BufferStore { buffer, .. } = x.kind() {
                out.insert(buffer.data().id());
            }
        });
        walk_exprs(s, &mut |e| {
            if let ExprKind::BufferLoad(b, _) = e.kind() {
                out.insert(b.data().id());
            }
        });
    };
    walk_stmts(body, &mut |s| match s.kind() {
        StmtKind::IfThenElse { then_case, else_case, .. } => {
            note(then_case, &mut out);
            if let Some(e) = else_case {
                note(e, &mut out);
            }
        }
        StmtKind::While { body, .. } => note(body, &mut out),
        _ => {}
    });
    walk_exprs(body, &mut |e| {
        if let ExprKind::Call(Callee::Builtin(n), args) = e.kind()
            && &**n == "tir.if_then_else"
        {
            for a in args.iter().skip(1) {
                walk_expr(a, &mut |x| {
                    if let ExprKind::BufferLoad(b, _) = x.kind() {
                        out.insert(b.data().id());
                    }
                });
            }
        }
    });
    out
}

/// Replaces every access to one buffer by an access to the register buffer.
struct Redirect {
    from: u64,
    to: Buffer,
}

impl Mutator for Redirect {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        if let ExprKind::BufferLoad(b, _) = e.kind()
            && b.id() == self.from
        {
            return PrimExpr::load(&self.to, vec![PrimExpr::int(0)]).with_span(e.span());
        }
        default_expr(self, e)
    }
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        if let StmtKind::BufferStore { buffer, value, .. } = s.kind()
            && buffer.id() == self.from
        {
            let v = self.expr(value);
            return Stmt::at(
                StmtKind::BufferStore { buffer: self.to.clone(), value: v, indices: vec![PrimExpr::int(0)] },
                s.span(),
            );
        }
        default_stmt(self, s)
    }
}

fn rewrite(whole: &Stmt, var: &Var, min: &PrimExpr, extent: &PrimExpr, b: &Buffer, idx: &[PrimExpr]) -> Stmt {
    let sp = whole.span();
    let mut spec = BufferSpec::new(&format!("{}_acc", b.name()), b.dtype(), vec![PrimExpr::int(1)]);
    spec.scope = "local".into();
    let reg = spec.build();
    let new_loop = Redirect { from: b.id(), to: reg.clone() }.stmt(whole);
    let load = Stmt::at(
        StmtKind::BufferStore {
            buffer: reg.clone(),
            value: PrimExpr::load(b, idx.to_vec()),
            indices: vec![PrimExpr::int(0)],
        },
        sp,
    );
    let back = Stmt::at(
        StmtKind::BufferStore {
            buffer: b.clone(),
            value: PrimExpr::load(&reg, vec![PrimExpr::int(0)]),
            indices: idx.to_vec(),
        },
        sp,
    );
    let body = Stmt::at(StmtKind::Seq(vec![load, new_loop, back]), sp);
    let decl = Stmt::at(StmtKind::DeclBuffer { buffer: reg.clone(), body }, sp);
    let alloc = Stmt::at(
        StmtKind::Allocate {
            var: reg.data().clone(),
            dtype: reg.dtype(),
            extents: vec![PrimExpr::int(1)],
            cond: PrimExpr::bool(true),
            body: decl,
            annotations: Vec::new(),
        },
        sp,
    );
    // The element is read only when the loop runs at least once.
    match crate::tir::arith::const_int(extent) {
        Some(n) if n > 0 => alloc,
        _ => {
            let _ = (var, min);
            let zero = PrimExpr::int_of(0, extent.dtype());
            Stmt::at(
                StmtKind::IfThenElse {
                    cond: PrimExpr::cmp(CmpOp::Gt, extent.clone(), zero),
                    then_case: alloc,
                    else_case: Some(whole.clone()),
                },
                sp,
            )
        }
    }
}
