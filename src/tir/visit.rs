//! Walking TIR trees: every expression or statement of a statement, in order.

use super::ast::*;

/// Call `f` on each direct subexpression of `e`.
pub fn for_each_child(e: &PrimExpr, f: &mut dyn FnMut(&PrimExpr)) {
    match e.kind() {
        ExprKind::Var(_) | ExprKind::IntImm(_) | ExprKind::FloatImm(_) | ExprKind::StringImm(_) => {}
        ExprKind::Cast(x) | ExprKind::Broadcast(x, _) | ExprKind::Not(x) => f(x),
        ExprKind::Select(a, b, c) => {
            f(a);
            f(b);
            f(c);
        }
        ExprKind::BufferLoad(_, idx) => idx.iter().for_each(f),
        ExprKind::Ramp(a, b, _)
        | ExprKind::Binary(_, a, b)
        | ExprKind::Cmp(_, a, b)
        | ExprKind::And(a, b)
        | ExprKind::Or(a, b) => {
            f(a);
            f(b);
        }
        ExprKind::Let(_, v, b) => {
            f(v);
            f(b);
        }
        ExprKind::Call(_, args) => args.iter().for_each(f),
        ExprKind::Shuffle(vs, is) => vs.iter().chain(is).for_each(f),
    }
}

/// The conjuncts of a condition (`a and b and c`: `a`, `b`, `c`, in order).
pub fn conjuncts(e: &PrimExpr) -> Vec<PrimExpr> {
    let mut out = Vec::new();
    let mut pending = vec![e.clone()];
    while let Some(c) = pending.pop() {
        match c.kind() {
            ExprKind::And(a, b) => {
                pending.push(b.clone());
                pending.push(a.clone());
            }
            _ => out.push(c),
        }
    }
    out
}

/// The variables of `e`, each once, in the order [`walk_expr`] meets them.
pub fn vars_of(e: &PrimExpr) -> Vec<Var> {
    let mut vars: Vec<Var> = Vec::new();
    walk_expr(e, &mut |x| {
        if let Some(v) = x.as_var()
            && !vars.contains(v)
        {
            vars.push(v.clone());
        }
    });
    vars
}

/// Call `f` on `e` and every expression inside it, parents first.
pub fn walk_expr(e: &PrimExpr, f: &mut dyn FnMut(&PrimExpr)) {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        f(e);
        for_each_child(e, &mut |c| walk_expr(c, f));
    });
}

/// How many nodes `e` has as a tree, up to `limit + 1`: shared subtrees count at each use, and
/// a variable counts as `var_size` says (the size of a let's value, for a caller that will
/// substitute lets; `None`: one node). Substituting chained lets (`x1 = x0 + x0`, `x2 = x1 +
/// x1`, ..) makes trees exponentially larger than their text; a pass asks this before it does.
/// Linear in the distinct nodes of `e`.
pub fn tree_size_up_to(e: &PrimExpr, limit: usize, var_size: &dyn Fn(&Var) -> Option<usize>) -> usize {
    fn size(
        e: &PrimExpr,
        limit: usize,
        var_size: &dyn Fn(&Var) -> Option<usize>,
        memo: &mut rustc_hash::FxHashMap<usize, usize>,
    ) -> usize {
        if let Some(&n) = memo.get(&e.node_id()) {
            return n;
        }
        let mut n = e.as_var().and_then(var_size).unwrap_or(1);
        for_each_child(e, &mut |c| {
            if n <= limit {
                n = n.saturating_add(stacker::maybe_grow(64 * 1024, 1024 * 1024, || size(c, limit, var_size, memo)));
            }
        });
        let n = n.min(limit + 1);
        memo.insert(e.node_id(), n);
        n
    }
    size(e, limit, var_size, &mut rustc_hash::FxHashMap::default())
}

/// The expressions held directly by a statement (not by its nested statements).
pub fn stmt_exprs(s: &Stmt) -> Vec<&PrimExpr> {
    let mut out: Vec<&PrimExpr> = Vec::new();
    let buffer_exprs = |b: &'_ Buffer| -> Vec<PrimExpr> {
        b.shape().iter().chain(b.strides()).chain(std::iter::once(b.elem_offset())).cloned().collect()
    };
    let _ = buffer_exprs;
    match s.kind() {
        StmtKind::LetStmt { value, .. } => out.push(value),
        StmtKind::AttrStmt { value, .. } => out.push(value),
        StmtKind::Assert { cond, message, .. } => {
            out.push(cond);
            out.push(message);
        }
        StmtKind::BufferStore { value, indices, .. } => {
            out.push(value);
            out.extend(indices);
        }
        StmtKind::BufferRealize { bounds, cond, .. } => {
            for r in bounds {
                out.push(&r.min);
                out.push(&r.extent);
            }
            out.push(cond);
        }
        StmtKind::Allocate { extents, cond, .. } => {
            out.extend(extents);
            out.push(cond);
        }
        StmtKind::DeclBuffer { .. } | StmtKind::Seq(_) | StmtKind::Break | StmtKind::Continue => {}
        StmtKind::IfThenElse { cond, .. } => out.push(cond),
        StmtKind::Evaluate(v) => out.push(v),
        StmtKind::For { min, extent, .. } => {
            out.push(min);
            out.push(extent);
        }
        StmtKind::While { cond, .. } => out.push(cond),
        StmtKind::BlockRealize { values, predicate, block } => {
            out.extend(values);
            out.push(predicate);
            for iv in &block.iter_vars {
                if let Some(d) = &iv.dom {
                    out.push(&d.min);
                    out.push(&d.extent);
                }
            }
            for r in block.reads.iter().chain(&block.writes).chain(block.match_buffers.iter().map(|m| &m.source)) {
                for rg in &r.region {
                    out.push(&rg.min);
                    out.push(&rg.extent);
                }
            }
        }
    }
    out
}

/// The statements nested directly in a statement.
pub fn stmt_children(s: &Stmt) -> Vec<&Stmt> {
    match s.kind() {
        StmtKind::LetStmt { body, .. }
        | StmtKind::AttrStmt { body, .. }
        | StmtKind::Assert { body, .. }
        | StmtKind::BufferRealize { body, .. }
        | StmtKind::Allocate { body, .. }
        | StmtKind::DeclBuffer { body, .. }
        | StmtKind::For { body, .. }
        | StmtKind::While { body, .. } => vec![body],
        StmtKind::Seq(v) => v.iter().collect(),
        StmtKind::IfThenElse { then_case, else_case, .. } => {
            let mut v = vec![then_case];
            v.extend(else_case);
            v
        }
        StmtKind::BufferStore { .. } | StmtKind::Evaluate(_) | StmtKind::Break | StmtKind::Continue => Vec::new(),
        StmtKind::BlockRealize { block, .. } => {
            let mut v: Vec<&Stmt> = block.init.iter().collect();
            v.push(&block.body);
            v
        }
    }
}

/// Call `f` on `s` and every statement inside it, parents first.
pub fn walk_stmts(s: &Stmt, f: &mut dyn FnMut(&Stmt)) {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        f(s);
        for c in stmt_children(s) {
            walk_stmts(c, f);
        }
    });
}

/// Call `f` on every expression (and subexpression) of every statement in `s`.
pub fn walk_exprs(s: &Stmt, f: &mut dyn FnMut(&PrimExpr)) {
    walk_stmts(s, &mut |st| {
        for e in stmt_exprs(st) {
            walk_expr(e, f);
        }
    });
}
