//! Blocks to plain statements (tir-spec.md statement semantics 14 and 15, as TVM's
//! `LowerInitBlock` and `LowerOpaqueBlock` do):
//!
//! ```text
//! BlockRealize(values, predicate, Block(iter_vars, init, alloc_buffers, match_buffers, body))
//!   =>  let iv_0 = value_0 .. in
//!       if predicate:                        (T.where; TVM guards the block with it)
//!         allocate alloc_buffers:
//!           let shape/stride/offset variables of match_buffers = .. in
//!             if iv_r == dom_r.min and ..:   (reduce variables: the first iteration)
//!               init
//!             body
//! ```
//!
//! Accesses to a matched buffer become accesses to its source, offset by the region's start
//! (statement semantics 14.iii); its shape variables are bound to the region's extents, or
//! checked against them when they are bound already.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::add;
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, default_expr, default_stmt};
use crate::tir::visit::walk_stmts;

/// Lower every block of a function body.
pub fn lower_blocks(f: &PrimFunc) -> Stmt {
    let mut bound: HashSet<u64> = f.params.iter().map(Var::id).collect();
    for (_, b) in &f.buffer_map {
        bound.insert(b.data().id());
        for e in b.shape().iter().chain(b.strides()).chain(std::iter::once(b.elem_offset())) {
            if let Some(v) = e.as_var() {
                bound.insert(v.id());
            }
        }
    }
    collect_bound(&f.body, &mut bound);
    let mut l = Lowering { bound, windows: HashMap::default() };
    l.stmt(&private_to_iterations(&serial_cross_thread_reductions(&f.body)))
}

/// `s` with every thread-bound loop a block binds a reduction variable to (TVM's cross-thread
/// reduction, `bind(k, "threadIdx.x")` of a sum's loop) made serial: on a CPU the threads of
/// such a loop would add into the same element at once.
fn serial_cross_thread_reductions(s: &Stmt) -> Stmt {
    struct M;
    impl Mutator for M {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            e.clone()
        }
        fn stmt(&mut self, s: &Stmt) -> Stmt {
            let s = stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s));
            let StmtKind::For { var, kind: ForKind::ThreadBinding(_), body, .. } = s.kind() else {
                return s;
            };
            let mut reduces = false;
            walk_stmts(body, &mut |x| {
                if let StmtKind::BlockRealize { values, block, .. } = x.kind() {
                    reduces |= block.iter_vars.iter().zip(values).any(|(iv, v)| {
                        iv.iter_type == IterType::CommReduce && crate::tir::region::uses_var(v, var.id())
                    });
                }
            });
            if !reduces {
                return s;
            }
            s.with_loop_kind(ForKind::Serial).unwrap_or(s)
        }
    }
    M.stmt(s)
}

/// The most bytes a buffer made private to a parallel loop's iterations may take: lowering
/// keeps an allocation this small on the stack (its `STACK_LIMIT`), so a copy per iteration
/// costs nothing.
const PRIVATE_LIMIT: i64 = 64 * 1024;

/// `s` with each small buffer a block allocates but uses only inside one `T.parallel` loop
/// allocated in that loop's body instead, one copy per iteration, as TVM plans an allocation
/// at the lowest common ancestor of its uses (`PlanAndUpdateBufferAllocationLocation`). A
/// row's temporaries computed at a parallel loop then belong to their iteration; kept
/// outside, the iterations would race on one copy. A larger buffer stays shared: Strata keeps
/// a cache's whole shape (TVM compacts it to the tile first), and a heap copy of a 512 x 512
/// cache per iteration made the README's matmul 15 times slower; its iterations write apart.
/// (Thread-bound loops are left as they are, for the same reason.)
fn private_to_iterations(s: &Stmt) -> Stmt {
    struct M;
    impl Mutator for M {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            e.clone()
        }
        fn stmt(&mut self, s: &Stmt) -> Stmt {
            let s = stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s));
            let StmtKind::BlockRealize { values, predicate, block } = s.kind() else { return s };
            if block.alloc_buffers.is_empty() {
                return s;
            }
            let mut body = block.body.clone();
            let mut kept = Vec::new();
            for b in &block.alloc_buffers {
                let small = b
                    .shape()
                    .iter()
                    .try_fold(i64::try_from(b.dtype().bytes()).unwrap_or(i64::MAX), |n, d| n.checked_mul(d.as_int()?))
                    .is_some_and(|n| n <= PRIVATE_LIMIT);
                let movable = small && !block.init.as_ref().is_some_and(|i| uses_buffer(i, b));
                match movable.then(|| into_parallel_loop(&body, b)).flatten() {
                    Some(moved) => body = moved,
                    None => kept.push(b.clone()),
                }
            }
            if kept.len() == block.alloc_buffers.len() {
                return s;
            }
            let b = Block { body, alloc_buffers: kept, ..(**block).clone() };
            Stmt::at(
                StmtKind::BlockRealize { values: values.clone(), predicate: predicate.clone(), block: Box::new(b) },
                s.span(),
            )
        }
    }
    M.stmt(s)
}

/// `s` with `b` allocated in the body of the deepest parallel loop that holds all of its uses,
/// if there is one on the way down through the statements that hold them all (statement
/// lists, blocks and parallel loops).
fn into_parallel_loop(s: &Stmt, b: &Buffer) -> Option<Stmt> {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || into_parallel_loop_at(s, b))
}

fn into_parallel_loop_at(s: &Stmt, b: &Buffer) -> Option<Stmt> {
    match s.kind() {
        StmtKind::For { kind, body, .. } => {
            // Not through a serial loop: what the buffer holds may carry from one of its
            // iterations to the next.
            if *kind != ForKind::Parallel {
                return None;
            }
            if let Some(inner) = into_parallel_loop(body, b) {
                return s.with_loop_body(inner);
            }
            let private = Block { alloc_buffers: vec![b.clone()], ..Block::new(b.name(), body.clone()) };
            let realize = Stmt::at(
                StmtKind::BlockRealize {
                    values: Vec::new(),
                    predicate: PrimExpr::bool(true),
                    block: Box::new(private),
                },
                body.span(),
            );
            s.with_loop_body(realize)
        }
        StmtKind::Seq(items) => {
            let mut holders = items.iter().enumerate().filter(|(_, x)| uses_buffer(x, b));
            let (k, only) = holders.next()?;
            if holders.next().is_some() {
                return None;
            }
            let moved = into_parallel_loop(only, b)?;
            let mut items = items.clone();
            items[k] = moved;
            Some(Stmt::at(StmtKind::Seq(items), s.span()))
        }
        StmtKind::BlockRealize { values, predicate, block }
            if block.init.is_none() && block.match_buffers.is_empty() =>
        {
            let moved = into_parallel_loop(&block.body, b)?;
            let inner = Block { body: moved, ..(**block).clone() };
            Some(Stmt::at(
                StmtKind::BlockRealize { values: values.clone(), predicate: predicate.clone(), block: Box::new(inner) },
                s.span(),
            ))
        }
        _ => None,
    }
}

/// Whether `s` mentions `b`: its loads, stores, regions or data pointer.
fn uses_buffer(s: &Stmt, b: &Buffer) -> bool {
    let mut used = false;
    walk_stmts(s, &mut |x| match x.kind() {
        StmtKind::BufferStore { buffer, .. } => used |= buffer == b,
        StmtKind::BlockRealize { block, .. } => {
            used |= block.reads.iter().chain(&block.writes).any(|r| r.buffer == *b)
                || block.match_buffers.iter().any(|m| m.source.buffer == *b)
        }
        _ => {}
    });
    crate::tir::visit::walk_exprs(s, &mut |e| match e.kind() {
        ExprKind::BufferLoad(x, _) => used |= x == b,
        ExprKind::Var(v) => used |= *v == *b.data(),
        _ => {}
    });
    used
}

/// Variables bound by binding sites other than match_buffer.
fn collect_bound(s: &Stmt, out: &mut HashSet<u64>) {
    walk_stmts(s, &mut |st| match st.kind() {
        StmtKind::LetStmt { var, .. } | StmtKind::Allocate { var, .. } | StmtKind::For { var, .. } => {
            out.insert(var.id());
        }
        StmtKind::AttrStmt { node: AttrNode::Var(v), .. } => {
            out.insert(v.id());
        }
        StmtKind::AttrStmt { node: AttrNode::IterVar(iv), .. } => {
            out.insert(iv.var.id());
        }
        StmtKind::BlockRealize { block, .. } => {
            for iv in &block.iter_vars {
                out.insert(iv.var.id());
            }
        }
        _ => {}
    });
    crate::tir::visit::walk_exprs(s, &mut |e| {
        if let ExprKind::Let(v, ..) = e.kind() {
            out.insert(v.id());
        }
    });
}

/// A matched buffer: accesses go to `source` at `starts` (one per source dimension) plus the
/// access's indices on the last dimensions.
struct Window {
    source: Buffer,
    starts: Vec<PrimExpr>,
}

struct Lowering {
    bound: HashSet<u64>,
    windows: HashMap<u64, Window>,
}

impl Lowering {
    /// The source buffer and indices of an access to `b` at `indices`.
    fn redirect(&self, b: &Buffer, indices: &[PrimExpr]) -> Option<(Buffer, Vec<PrimExpr>)> {
        let w = self.windows.get(&b.id())?;
        let offset = w.starts.len().saturating_sub(indices.len());
        let mut out: Vec<PrimExpr> = w.starts[..offset].to_vec();
        for (s, i) in w.starts[offset..].iter().zip(indices) {
            out.push(add(s.clone(), i.clone()));
        }
        Some((w.source.clone(), out))
    }

    fn block(&mut self, s: &Stmt, values: &[PrimExpr], predicate: &PrimExpr, block: &Block) -> Stmt {
        let sp = s.span();
        // Matched buffers first: their accesses in the init and body are redirected.
        let mut binds: Vec<(Var, PrimExpr)> = Vec::new();
        let mut checks: Vec<(PrimExpr, String)> = Vec::new();
        for mb in &block.match_buffers {
            let src = &mb.source.buffer;
            let region = &mb.source.region;
            let starts: Vec<PrimExpr> = region.iter().map(|r| self.expr(&r.min)).collect();
            let offset = region.len().saturating_sub(mb.buffer.shape().len());
            for (k, d) in mb.buffer.shape().iter().enumerate() {
                let Some(r) = region.get(k + offset) else { continue };
                let extent = self.expr(&r.extent);
                match d.as_var() {
                    Some(v) if !self.bound.contains(&v.id()) => {
                        self.bound.insert(v.id());
                        binds.push((v.clone(), extent));
                    }
                    _ => checks.push((
                        PrimExpr::cmp(CmpOp::Eq, d.clone(), extent),
                        format!(
                            "match_buffer {}.shape[{k}] does not match the extent of its source region",
                            mb.buffer.name()
                        ),
                    )),
                }
            }
            // Strides and offset variables: the source's, as the window sees them.
            let src_strides = strides_of(src);
            let mut elem_offset = src.elem_offset().clone();
            for (k, st) in src_strides.iter().enumerate() {
                if let Some(start) = starts.get(k) {
                    elem_offset = add(elem_offset, mul_as(start.clone(), st.clone()));
                }
            }
            for (k, st) in mb.buffer.strides().iter().enumerate() {
                if let Some(v) = st.as_var()
                    && !self.bound.contains(&v.id())
                    && let Some(src_st) = src_strides.get(k + offset)
                {
                    self.bound.insert(v.id());
                    binds.push((v.clone(), cast_to(src_st.clone(), v.dtype())));
                }
            }
            if let Some(v) = mb.buffer.elem_offset().as_var()
                && !self.bound.contains(&v.id())
            {
                self.bound.insert(v.id());
                binds.push((v.clone(), cast_to(elem_offset, v.dtype())));
            }
            // Nested windows compose: the source may itself be a window.
            let (source, starts) = match self.redirect(src, &starts) {
                Some((s, st)) if starts.len() == src.shape().len() => (s, st),
                _ => (src.clone(), starts),
            };
            self.windows.insert(mb.buffer.id(), Window { source, starts });
        }
        let init = block.init.as_ref().map(|i| self.stmt(i));
        let body = self.stmt(&block.body);
        let mut seq = Vec::new();
        if let Some(init) = init {
            let reduce: Vec<&IterVar> =
                block.iter_vars.iter().filter(|iv| iv.iter_type == IterType::CommReduce).collect();
            if reduce.is_empty() {
                seq.push(init);
            } else {
                // The first iteration of the reduction: every reduce variable at its minimum.
                let mut cond: Option<PrimExpr> = None;
                for iv in reduce {
                    let min = iv.dom.as_ref().map_or_else(|| PrimExpr::int_of(0, iv.var.dtype()), |d| d.min.clone());
                    let c = PrimExpr::cmp(CmpOp::Eq, PrimExpr::var(&iv.var), cast_to(min, iv.var.dtype()));
                    cond = Some(match cond {
                        None => c,
                        Some(p) => PrimExpr::and(p, c),
                    });
                }
                seq.push(Stmt::at(
                    StmtKind::IfThenElse {
                        cond: cond.unwrap_or_else(|| PrimExpr::bool(true)),
                        then_case: init,
                        else_case: None,
                    },
                    sp,
                ));
            }
        }
        seq.push(body);
        let mut inner = Stmt::seq(seq);
        for (cond, msg) in checks.into_iter().rev() {
            inner = Stmt::at(StmtKind::Assert { cond, message: PrimExpr::string(&msg), body: inner }, sp);
        }
        for (v, value) in binds.into_iter().rev() {
            inner = Stmt::at(StmtKind::LetStmt { var: v, value, body: inner }, sp);
        }
        for a in block.alloc_buffers.iter().rev() {
            let decl = Stmt::at(StmtKind::DeclBuffer { buffer: a.clone(), body: inner }, sp);
            inner = Stmt::at(
                StmtKind::Allocate {
                    var: a.data().clone(),
                    dtype: a.dtype(),
                    extents: a.shape().to_vec(),
                    cond: PrimExpr::bool(true),
                    body: decl,
                    annotations: Vec::new(),
                },
                sp,
            );
        }
        let always = predicate.as_int() == Some(1);
        if !always {
            let p = self.expr(predicate);
            inner = Stmt::at(StmtKind::IfThenElse { cond: p, then_case: inner, else_case: None }, sp);
        }
        for (iv, v) in block.iter_vars.iter().zip(values).rev() {
            let value = self.expr(v);
            inner = Stmt::at(StmtKind::LetStmt { var: iv.var.clone(), value, body: inner }, sp);
        }
        inner
    }
}

/// A buffer's strides as expressions (compact row-major ones when it has none).
pub(crate) fn strides_of(b: &Buffer) -> Vec<PrimExpr> {
    if !b.strides().is_empty() {
        return b.strides().to_vec();
    }
    let n = b.shape().len();
    let mut out = vec![PrimExpr::int(1); n];
    let t = b.shape().first().map_or(crate::tir::DataType::INT32, PrimExpr::dtype);
    let mut acc = PrimExpr::int_of(1, t);
    for k in (0..n).rev() {
        out[k] = acc.clone();
        acc = mul_as(acc, b.shape()[k].clone());
    }
    out
}

fn cast_to(e: PrimExpr, t: crate::tir::DataType) -> PrimExpr {
    if e.dtype() == t {
        e
    } else if let Some(v) = e.as_int() {
        PrimExpr::int_of(v, t)
    } else {
        PrimExpr::cast(t, e)
    }
}

/// `a * b` in `a`'s type (constants folded).
fn mul_as(a: PrimExpr, b: PrimExpr) -> PrimExpr {
    let b = cast_to(b, a.dtype());
    match (a.as_int(), b.as_int()) {
        (Some(x), Some(y)) => PrimExpr::int_of(x.wrapping_mul(y), a.dtype()),
        (Some(1), _) => b,
        (_, Some(1)) => a,
        _ => PrimExpr::binary(BinOp::Mul, a, b),
    }
}

impl Mutator for Lowering {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        if let ExprKind::BufferLoad(b, idx) = e.kind()
            && self.windows.contains_key(&b.id())
        {
            let idx: Vec<PrimExpr> = idx.iter().map(|i| self.expr(i)).collect();
            if let Some((src, new)) = self.redirect(b, &idx) {
                return PrimExpr::load(&src, new).with_span(e.span());
            }
        }
        default_expr(self, e)
    }

    fn stmt(&mut self, s: &Stmt) -> Stmt {
        match s.kind() {
            StmtKind::BlockRealize { values, predicate, block } => self.block(s, values, predicate, block),
            StmtKind::BufferStore { buffer, value, indices } if self.windows.contains_key(&buffer.id()) => {
                let value = self.expr(value);
                let idx: Vec<PrimExpr> = indices.iter().map(|i| self.expr(i)).collect();
                match self.redirect(buffer, &idx) {
                    Some((src, new)) => Stmt::at(StmtKind::BufferStore { buffer: src, value, indices: new }, s.span()),
                    None => default_stmt(self, s),
                }
            }
            _ => default_stmt(self, s),
        }
    }
}
