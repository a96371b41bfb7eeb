//! Rewriting TIR trees: a [`Mutator`] visits every expression and statement and rebuilds only
//! what changed. Rebuilt expressions get their datatype from their new children (a rewrite
//! that turns an index into a vector makes the load above it a vector load).

use super::ast::*;

/// A rewrite of TIR trees; the default methods rebuild nodes from rewritten children.
pub trait Mutator {
    /// Rewrite an expression (default: rewrite its children).
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        default_expr(self, e)
    }
    /// Rewrite a statement (default: rewrite its children).
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        default_stmt(self, s)
    }
}

fn exprs<M: Mutator + ?Sized>(m: &mut M, es: &[PrimExpr]) -> (Vec<PrimExpr>, bool) {
    let mut changed = false;
    let out = es
        .iter()
        .map(|e| {
            let n = m.expr(e);
            changed |= !n.same_node(e);
            n
        })
        .collect();
    (out, changed)
}

/// `e` with its children rewritten by `m`; the same node when nothing changed.
pub fn default_expr<M: Mutator + ?Sized>(m: &mut M, e: &PrimExpr) -> PrimExpr {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_expr_inner(m, e))
}

fn default_expr_inner<M: Mutator + ?Sized>(m: &mut M, e: &PrimExpr) -> PrimExpr {
    let sp = e.span();
    let kids: Vec<PrimExpr> = {
        let mut v = Vec::new();
        super::visit::for_each_child(e, &mut |c| v.push(c.clone()));
        v
    };
    if kids.is_empty() {
        return e.clone();
    }
    let (new, changed) = exprs(m, &kids);
    if !changed {
        return e.clone();
    }
    let r = match e.kind() {
        ExprKind::Cast(_) => PrimExpr::cast(e.dtype().with_lanes(new[0].dtype().lanes), new[0].clone()),
        ExprKind::Broadcast(_, n) => PrimExpr::broadcast(new[0].clone(), *n),
        ExprKind::Not(_) => PrimExpr::logical_not(new[0].clone()),
        ExprKind::Select(..) => PrimExpr::select(new[0].clone(), new[1].clone(), new[2].clone()),
        ExprKind::BufferLoad(b, _) => PrimExpr::load(b, new),
        ExprKind::Ramp(_, _, n) => PrimExpr::ramp(new[0].clone(), new[1].clone(), *n),
        ExprKind::Binary(op, ..) => PrimExpr::binary(*op, new[0].clone(), new[1].clone()),
        ExprKind::Cmp(op, ..) => PrimExpr::cmp(*op, new[0].clone(), new[1].clone()),
        ExprKind::And(..) => PrimExpr::and(new[0].clone(), new[1].clone()),
        ExprKind::Or(..) => PrimExpr::or(new[0].clone(), new[1].clone()),
        ExprKind::Let(v, ..) => PrimExpr::let_in(v, new[0].clone(), new[1].clone()),
        ExprKind::Call(c, _) => {
            // Elementwise builtins follow their arguments' lanes, when these were scalars (a
            // call over vectors to a scalar, `T.reinterpret("int32", x_u8x4)`, keeps its type).
            let lanes = new.iter().map(|a| a.dtype().lanes).max().unwrap_or(1);
            let was_scalar = kids.iter().all(|a| a.dtype().lanes == 1);
            let t = if e.dtype().lanes == 1 && was_scalar && lanes > 1 && !matches!(c, Callee::Global(_)) {
                e.dtype().with_lanes(lanes)
            } else {
                e.dtype()
            };
            PrimExpr::new(ExprKind::Call(c.clone(), new), t)
        }
        ExprKind::Shuffle(vs, _) => {
            let (vs2, is2) = new.split_at(vs.len());
            PrimExpr::shuffle(vs2.to_vec(), is2.to_vec())
        }
        ExprKind::Var(_) | ExprKind::IntImm(_) | ExprKind::FloatImm(_) | ExprKind::StringImm(_) => e.clone(),
    };
    r.with_span(sp)
}

fn opt_stmt<M: Mutator + ?Sized>(m: &mut M, s: &Stmt) -> (Stmt, bool) {
    let n = m.stmt(s);
    let changed = !std::ptr::eq(n.kind(), s.kind());
    (n, changed)
}

/// `s` with its expressions and nested statements rewritten by `m`; the same node when nothing
/// changed. Buffers are kept (a mutator that replaces buffers overrides `stmt`/`expr`).
pub fn default_stmt<M: Mutator + ?Sized>(m: &mut M, s: &Stmt) -> Stmt {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt_inner(m, s))
}

fn default_stmt_inner<M: Mutator + ?Sized>(m: &mut M, s: &Stmt) -> Stmt {
    let sp = s.span();
    let e = |m: &mut M, x: &PrimExpr, ch: &mut bool| {
        let n = m.expr(x);
        *ch |= !n.same_node(x);
        n
    };
    let st = |m: &mut M, x: &Stmt, ch: &mut bool| {
        let (n, c) = opt_stmt(m, x);
        *ch |= c;
        n
    };
    let mut ch = false;
    let kind = match s.kind() {
        StmtKind::LetStmt { var, value, body } => {
            StmtKind::LetStmt { var: var.clone(), value: e(m, value, &mut ch), body: st(m, body, &mut ch) }
        }
        StmtKind::AttrStmt { node, key, value, body } => StmtKind::AttrStmt {
            node: node.clone(),
            key: key.clone(),
            value: e(m, value, &mut ch),
            body: st(m, body, &mut ch),
        },
        StmtKind::Assert { cond, message, body } => {
            StmtKind::Assert { cond: e(m, cond, &mut ch), message: e(m, message, &mut ch), body: st(m, body, &mut ch) }
        }
        StmtKind::BufferStore { buffer, value, indices } => {
            let value = e(m, value, &mut ch);
            let (indices, c) = exprs(m, indices);
            ch |= c;
            StmtKind::BufferStore { buffer: buffer.clone(), value, indices }
        }
        StmtKind::BufferRealize { buffer, bounds, cond, body } => {
            let bounds =
                bounds.iter().map(|r| Range { min: e(m, &r.min, &mut ch), extent: e(m, &r.extent, &mut ch) }).collect();
            StmtKind::BufferRealize {
                buffer: buffer.clone(),
                bounds,
                cond: e(m, cond, &mut ch),
                body: st(m, body, &mut ch),
            }
        }
        StmtKind::Allocate { var, dtype, extents, cond, body, annotations } => {
            let (extents, c) = exprs(m, extents);
            ch |= c;
            StmtKind::Allocate {
                var: var.clone(),
                dtype: *dtype,
                extents,
                cond: e(m, cond, &mut ch),
                body: st(m, body, &mut ch),
                annotations: annotations.clone(),
            }
        }
        StmtKind::DeclBuffer { buffer, body } => {
            StmtKind::DeclBuffer { buffer: buffer.clone(), body: st(m, body, &mut ch) }
        }
        StmtKind::Seq(list) => StmtKind::Seq(list.iter().map(|x| st(m, x, &mut ch)).collect()),
        StmtKind::IfThenElse { cond, then_case, else_case } => StmtKind::IfThenElse {
            cond: e(m, cond, &mut ch),
            then_case: st(m, then_case, &mut ch),
            else_case: else_case.as_ref().map(|x| st(m, x, &mut ch)),
        },
        StmtKind::Evaluate(v) => StmtKind::Evaluate(e(m, v, &mut ch)),
        StmtKind::For { var, min, extent, kind, body, annotations } => StmtKind::For {
            var: var.clone(),
            min: e(m, min, &mut ch),
            extent: e(m, extent, &mut ch),
            kind: kind.clone(),
            body: st(m, body, &mut ch),
            annotations: annotations.clone(),
        },
        StmtKind::While { cond, body } => StmtKind::While { cond: e(m, cond, &mut ch), body: st(m, body, &mut ch) },
        StmtKind::Break | StmtKind::Continue => return s.clone(),
        StmtKind::BlockRealize { values, predicate, block } => {
            let (values, c) = exprs(m, values);
            ch |= c;
            let predicate = e(m, predicate, &mut ch);
            let init = block.init.as_ref().map(|x| st(m, x, &mut ch));
            let body = st(m, &block.body, &mut ch);
            StmtKind::BlockRealize { values, predicate, block: Box::new(Block { init, body, ..(**block).clone() }) }
        }
    };
    if ch { Stmt::at(kind, sp) } else { s.clone() }
}

/// Replace variables by expressions (by variable identity).
pub struct Substitute<'a> {
    /// Variable id to its replacement.
    pub map: &'a rustc_hash::FxHashMap<u64, PrimExpr>,
}

impl Mutator for Substitute<'_> {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        if let ExprKind::Var(v) = e.kind()
            && let Some(r) = self.map.get(&v.id())
        {
            return r.clone();
        }
        default_expr(self, e)
    }
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let out = default_stmt(self, s);
        // A block's regions name the variables too.
        if let StmtKind::BlockRealize { values, predicate, block } = out.kind() {
            let mut sub = |rs: &[BufferRegion]| -> Vec<BufferRegion> {
                rs.iter()
                    .map(|r| BufferRegion {
                        buffer: r.buffer.clone(),
                        region: r.region.iter().map(|x| Range::new(self.expr(&x.min), self.expr(&x.extent))).collect(),
                    })
                    .collect()
            };
            let (reads, writes) = (sub(&block.reads), sub(&block.writes));
            // So do domains bound by outer loops (`T.axis.S(i, j)`).
            let mut doms_changed = false;
            let iter_vars: Vec<IterVar> = block
                .iter_vars
                .iter()
                .map(|iv| {
                    let dom = iv.dom.as_ref().map(|d| {
                        let (min, extent) = (self.expr(&d.min), self.expr(&d.extent));
                        doms_changed |= !min.same_node(&d.min) || !extent.same_node(&d.extent);
                        Range::new(min, extent)
                    });
                    IterVar { dom, ..iv.clone() }
                })
                .collect();
            if !reads.is_empty() || !writes.is_empty() || doms_changed {
                let b = Block { reads, writes, iter_vars, ..(**block).clone() };
                return Stmt::at(
                    StmtKind::BlockRealize { values: values.clone(), predicate: predicate.clone(), block: Box::new(b) },
                    out.span(),
                );
            }
        }
        out
    }
}
