//! Finding and replacing the statements a schedule's handles name: loops by their variable
//! (kept by every primitive that keeps the loop), blocks by their name.

use rustc_hash::FxHashMap as HashMap;

use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, default_stmt};
use crate::tir::visit::stmt_children;

/// A realize of a block named `name`, and the loops between it and the closest enclosing
/// block (outermost first).
pub(super) struct BlockSite {
    pub loops: Vec<Stmt>,
    pub realize: Stmt,
}

/// Every realize of a block named `name`.
pub(super) fn find_blocks(root: &Stmt, name: &str) -> Vec<BlockSite> {
    let mut out = Vec::new();
    let mut path = Vec::new();
    walk_blocks(root, &mut path, &mut |loops, realize, block| {
        if block.name == name {
            out.push(BlockSite { loops: loops.to_vec(), realize: realize.clone() });
        }
    });
    out
}

/// Every block realize under `root` with the loops above it (up to the closest block), in
/// program order.
pub(crate) fn walk_blocks(root: &Stmt, path: &mut Vec<Stmt>, f: &mut dyn FnMut(&[Stmt], &Stmt, &Block)) {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || match root.kind() {
        StmtKind::For { .. } => {
            path.push(root.clone());
            for c in stmt_children(root) {
                walk_blocks(c, path, f);
            }
            path.pop();
        }
        StmtKind::BlockRealize { block, .. } => {
            f(path, root, block);
            let mut inner = Vec::new();
            for c in stmt_children(root) {
                walk_blocks(c, &mut inner, f);
            }
        }
        _ => {
            for c in stmt_children(root) {
                walk_blocks(c, path, f);
            }
        }
    });
}

/// The loop with variable `id`, and the loops above it up to the closest block.
/// The thread-bound loops among `loops` whose threads share memory of `scope`, so that a copy
/// in it serves them all and its region is relaxed over them (TVM's
/// `CanRelaxStorageUnderThread`): threadIdx and vthread for shared memory, threadIdx.x for a
/// warp, none for global or local memory.
pub(super) fn threads_sharing<'a>(scope: &str, loops: impl IntoIterator<Item = &'a Stmt>) -> Vec<Stmt> {
    let shared_by = |tag: &str| match scope {
        "warp" => tag == "threadIdx.x",
        s if s.starts_with("shared") => tag.starts_with("threadIdx") || tag.starts_with("vthread"),
        _ => false,
    };
    loops
        .into_iter()
        .filter(|s| matches!(s.kind(), StmtKind::For { kind: ForKind::ThreadBinding(tag), .. } if shared_by(tag)))
        .cloned()
        .collect()
}

pub(super) fn find_loop(root: &Stmt, id: u64) -> Option<(Vec<Stmt>, Stmt)> {
    fn go(s: &Stmt, id: u64, path: &mut Vec<Stmt>) -> Option<(Vec<Stmt>, Stmt)> {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
            match s.kind() {
                StmtKind::For { var, .. } if var.id() == id => return Some((path.clone(), s.clone())),
                StmtKind::For { .. } => {
                    path.push(s.clone());
                    let r = stmt_children(s).into_iter().find_map(|c| go(c, id, path));
                    path.pop();
                    return r;
                }
                StmtKind::BlockRealize { .. } => {
                    let mut inner = Vec::new();
                    return stmt_children(s).into_iter().find_map(|c| go(c, id, &mut inner));
                }
                _ => {}
            }
            stmt_children(s).into_iter().find_map(|c| go(c, id, path))
        })
    }
    go(root, id, &mut Vec::new())
}

/// The parts of a `For` statement.
#[derive(Clone)]
pub(super) struct ForParts {
    pub var: Var,
    pub min: PrimExpr,
    pub extent: PrimExpr,
    pub kind: ForKind,
    pub body: Stmt,
    pub annotations: Vec<(String, AttrValue)>,
    pub span: Option<crate::ir::Span>,
}

impl ForParts {
    pub fn of(s: &Stmt) -> Option<ForParts> {
        let StmtKind::For { var, min, extent, kind, body, annotations } = s.kind() else { return None };
        Some(ForParts {
            var: var.clone(),
            min: min.clone(),
            extent: extent.clone(),
            kind: kind.clone(),
            body: body.clone(),
            annotations: annotations.clone(),
            span: s.span(),
        })
    }

    pub fn build(self) -> Stmt {
        Stmt::at(
            StmtKind::For {
                var: self.var,
                min: self.min,
                extent: self.extent,
                kind: self.kind,
                body: self.body,
                annotations: self.annotations,
            },
            self.span,
        )
    }
}

/// `root` with the statements `replace` maps (by loop variable id) replaced.
pub(super) fn replace_loops(root: &Stmt, replace: HashMap<u64, Stmt>) -> Stmt {
    struct R(HashMap<u64, Stmt>);
    impl Mutator for R {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            e.clone()
        }
        fn stmt(&mut self, s: &Stmt) -> Stmt {
            if let StmtKind::For { var, .. } = s.kind()
                && let Some(r) = self.0.remove(&var.id())
            {
                return r;
            }
            if self.0.is_empty() {
                return s.clone();
            }
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s))
        }
    }
    R(replace).stmt(root)
}

/// `s` with each block realize not nested in another block given `f(realize parts)`.
pub(super) fn map_outer_blocks(s: &Stmt, f: &mut dyn FnMut(&[PrimExpr], &PrimExpr, &Block) -> PrimExpr) -> Stmt {
    struct M<'f>(&'f mut dyn FnMut(&[PrimExpr], &PrimExpr, &Block) -> PrimExpr);
    impl Mutator for M<'_> {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            e.clone()
        }
        fn stmt(&mut self, s: &Stmt) -> Stmt {
            if let StmtKind::BlockRealize { values, predicate, block } = s.kind() {
                let predicate = (self.0)(values, predicate, block);
                return Stmt::at(
                    StmtKind::BlockRealize { values: values.clone(), predicate, block: block.clone() },
                    s.span(),
                );
            }
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s))
        }
    }
    M(f).stmt(s)
}

/// The closest block realize strictly enclosing `target`.
pub(super) fn scope_of(root: &Stmt, target: &Stmt) -> Option<Stmt> {
    fn go(s: &Stmt, target: &Stmt, scope: Option<&Stmt>) -> Option<Option<Stmt>> {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
            if s.same_node(target) {
                return Some(scope.cloned());
            }
            let inner = if matches!(s.kind(), StmtKind::BlockRealize { .. }) { Some(s) } else { scope };
            crate::tir::visit::stmt_children(s).into_iter().find_map(|c| go(c, target, inner))
        })
    }
    go(root, target, None).flatten()
}

/// The block realizes under `s` that are not inside another block, with the loops between `s`
/// and each (outermost first).
pub(super) fn outer_blocks(s: &Stmt) -> Vec<(Vec<Stmt>, Stmt, Block)> {
    fn go(s: &Stmt, path: &mut Vec<Stmt>, out: &mut Vec<(Vec<Stmt>, Stmt, Block)>) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || match s.kind() {
            StmtKind::BlockRealize { block, .. } => out.push((path.clone(), s.clone(), (**block).clone())),
            StmtKind::For { .. } => {
                path.push(s.clone());
                for c in crate::tir::visit::stmt_children(s) {
                    go(c, path, out);
                }
                path.pop();
            }
            _ => {
                for c in crate::tir::visit::stmt_children(s) {
                    go(c, path, out);
                }
            }
        })
    }
    let mut out = Vec::new();
    go(s, &mut Vec::new(), &mut out);
    out
}

/// Whether `inner` is `outer` or inside it.
pub(super) fn contains(outer: &Stmt, inner: &Stmt) -> bool {
    let mut found = false;
    crate::tir::visit::walk_stmts(outer, &mut |s| found |= s.same_node(inner));
    found
}

/// `root` without `target` and without the loops and sequences left empty by its removal (TVM's
/// leaf block removal).
pub(super) fn remove_leaf(root: &Stmt, target: &Stmt) -> Stmt {
    fn go(s: &Stmt, target: &Stmt) -> Option<Stmt> {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
            if s.same_node(target) {
                return None;
            }
            if !contains(s, target) {
                return Some(s.clone());
            }
            match s.kind() {
                StmtKind::Seq(items) => {
                    let kept: Vec<Stmt> = items.iter().filter_map(|c| go(c, target)).collect();
                    (!kept.is_empty()).then(|| Stmt::at(StmtKind::Seq(kept), s.span())).map(|x| match x.kind() {
                        StmtKind::Seq(v) if v.len() == 1 => v[0].clone(),
                        _ => x,
                    })
                }
                StmtKind::For { .. } => {
                    let mut f = ForParts::of(s)?;
                    f.body = go(&f.body, target)?;
                    Some(f.build())
                }
                StmtKind::BlockRealize { values, predicate, block } => {
                    let mut b = (**block).clone();
                    b.body = go(&b.body, target).unwrap_or_else(Stmt::empty);
                    Some(Stmt::at(
                        StmtKind::BlockRealize {
                            values: values.clone(),
                            predicate: predicate.clone(),
                            block: Box::new(b),
                        },
                        s.span(),
                    ))
                }
                // An allocation around the scope's statements (`T.alloc_buffer` outside a block)
                // is looked through, as TVM's leaf removal peels it.
                StmtKind::DeclBuffer { buffer, body } => {
                    let body = go(body, target)?;
                    Some(Stmt::at(StmtKind::DeclBuffer { buffer: buffer.clone(), body }, s.span()))
                }
                StmtKind::Allocate { var, dtype, extents, cond, body, annotations } => {
                    let body = go(body, target)?;
                    let kind = StmtKind::Allocate {
                        var: var.clone(),
                        dtype: *dtype,
                        extents: extents.clone(),
                        cond: cond.clone(),
                        body,
                        annotations: annotations.clone(),
                    };
                    Some(Stmt::at(kind, s.span()))
                }
                _ => {
                    // Any other statement keeps its place with the target replaced by nothing.
                    Some(super::blocks::replace_stmt(s, target, &Stmt::empty()))
                }
            }
        })
    }
    go(root, target).unwrap_or_else(Stmt::empty)
}

/// `root` with `buffer` no longer allocated by any block.
pub(super) fn drop_alloc(root: &Stmt, buffer: &Buffer) -> Stmt {
    struct D<'a>(&'a Buffer);
    impl Mutator for D<'_> {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            e.clone()
        }
        fn stmt(&mut self, s: &Stmt) -> Stmt {
            let out = stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s));
            if let StmtKind::BlockRealize { values, predicate, block } = out.kind()
                && block.alloc_buffers.contains(self.0)
            {
                let mut b = (**block).clone();
                b.alloc_buffers.retain(|x| x != self.0);
                return Stmt::at(
                    StmtKind::BlockRealize { values: values.clone(), predicate: predicate.clone(), block: Box::new(b) },
                    out.span(),
                );
            }
            out
        }
    }
    D(buffer).stmt(root)
}

/// A block realize with each of its block's read and write regions mapped by `f` (any other
/// statement as it is).
pub(super) fn map_regions(s: &Stmt, f: &dyn Fn(&BufferRegion) -> BufferRegion) -> Stmt {
    let StmtKind::BlockRealize { block, .. } = s.kind() else { return s.clone() };
    let b = Block {
        reads: block.reads.iter().map(f).collect(),
        writes: block.writes.iter().map(f).collect(),
        ..(**block).clone()
    };
    with_block(s, b)
}

/// A block realize (`realize`) with another block: the same bindings, predicate and location.
pub(super) fn with_block(realize: &Stmt, block: Block) -> Stmt {
    let StmtKind::BlockRealize { values, predicate, .. } = realize.kind() else { return realize.clone() };
    Stmt::at(
        StmtKind::BlockRealize { values: values.clone(), predicate: predicate.clone(), block: Box::new(block) },
        realize.span(),
    )
}

/// The region at `index` of a block's reads (`read`) or writes, or `primitive`'s error.
pub(super) fn region_at<'b>(
    blk: &'b Block,
    read: bool,
    index: usize,
    primitive: &'static str,
) -> Result<&'b BufferRegion, super::ScheduleError> {
    let regions = if read { &blk.reads } else { &blk.writes };
    regions.get(index).ok_or_else(|| index_out_of_range(primitive, blk, read, index))
}

/// TVM's `BufferIndexOutOfRangeError`: `index` is not one of `blk`'s read (`read`) or write
/// regions.
pub(super) fn index_out_of_range(
    primitive: &'static str,
    blk: &Block,
    read: bool,
    index: usize,
) -> super::ScheduleError {
    let (what, n) = if read { ("read", blk.reads.len()) } else { ("write", blk.writes.len()) };
    super::err(
        primitive,
        format!(
            "The block {} has {n} {what} regions, so `buffer_index` is required to be in [0, {n}). However, the input `buffer_index` is {index}, which is out of the expected range.",
            blk.name
        ),
    )
}

/// The statement list at the top of a block's body: under the scoped allocations a
/// `T.alloc_buffer` at the top level reads as (each wraps the rest of the body), as TVM 0.27
/// keeps such an allocation a statement of the list.
pub(super) fn top_list(body: &Stmt) -> Vec<Stmt> {
    match body.kind() {
        StmtKind::Allocate { body: inner, .. } | StmtKind::DeclBuffer { body: inner, .. } => top_list(inner),
        StmtKind::Seq(v) => v.clone(),
        _ => vec![body.clone()],
    }
}

/// Whether `s` uses a buffer that one of `body`'s top-level allocations (see [`top_list`])
/// holds: a load, a store or a region of it, or its data pointer.
pub(super) fn uses_top_allocations(body: &Stmt, s: &Stmt) -> bool {
    let mut held: Vec<u64> = Vec::new();
    let mut at = body.clone();
    loop {
        let next = match at.kind() {
            StmtKind::Allocate { var, body, .. } => {
                held.push(var.id());
                body.clone()
            }
            StmtKind::DeclBuffer { buffer, body } => {
                held.push(buffer.data().id());
                body.clone()
            }
            _ => break,
        };
        at = next;
    }
    if held.is_empty() {
        return false;
    }
    let mut used = false;
    crate::tir::visit::walk_exprs(s, &mut |e| match e.kind() {
        ExprKind::Var(v) => used |= held.contains(&v.id()),
        ExprKind::BufferLoad(b, _) => used |= held.contains(&b.data().id()),
        _ => {}
    });
    crate::tir::visit::walk_stmts(s, &mut |x| match x.kind() {
        StmtKind::BufferStore { buffer, .. } => used |= held.contains(&buffer.data().id()),
        StmtKind::BlockRealize { block, .. } => {
            used |= block.reads.iter().chain(&block.writes).any(|r| held.contains(&r.buffer.data().id()))
        }
        _ => {}
    });
    used
}

/// `body` with the list [`top_list`] finds replaced by `list`.
pub(super) fn with_top_list(body: &Stmt, list: Vec<Stmt>) -> Stmt {
    match body.kind() {
        StmtKind::Allocate { var, dtype, extents, cond, body: inner, annotations } => Stmt::at(
            StmtKind::Allocate {
                var: var.clone(),
                dtype: *dtype,
                extents: extents.clone(),
                cond: cond.clone(),
                body: with_top_list(inner, list),
                annotations: annotations.clone(),
            },
            body.span(),
        ),
        StmtKind::DeclBuffer { buffer, body: inner } => {
            Stmt::at(StmtKind::DeclBuffer { buffer: buffer.clone(), body: with_top_list(inner, list) }, body.span())
        }
        _ => Stmt::seq(list),
    }
}

/// The constant domains of a block's iteration variables, as inclusive ranges by variable id
/// (what `arith::range_of` and `simplify_in` take).
pub(super) fn domains(block: &Block) -> HashMap<u64, (i128, i128)> {
    block
        .iter_vars
        .iter()
        .filter_map(|iv| {
            let d = iv.dom.as_ref()?;
            let (min, ext) = (i128::from(d.min.as_int()?), i128::from(d.extent.as_int()?));
            (ext > 0).then_some((iv.var.id(), (min, min + ext - 1)))
        })
        .collect()
}

/// The first of `loops` whose range depends on another of them (a loop over `range(i)`):
/// primitives that rebuild a block's loops elsewhere would leave that variable undefined.
pub(super) fn dependent_loop(loops: &[Stmt]) -> Option<String> {
    let parts: Vec<ForParts> = loops.iter().filter_map(ForParts::of).collect();
    let uses = |e: &PrimExpr, f: &ForParts| crate::tir::region::uses_var(e, f.var.id());
    parts.iter().find(|f| parts.iter().any(|g| uses(&f.extent, g) || uses(&f.min, g))).map(|f| f.var.name().to_string())
}

/// Whether a block stores at an index of one of its reduction variables (`B[vk] += ..`: not
/// a reduction block, its init runs once per spatial point).
pub(super) fn stores_at_reduction_index(blk: &Block) -> bool {
    let reduction: Vec<u64> =
        blk.iter_vars.iter().filter(|iv| iv.iter_type == IterType::CommReduce).map(|iv| iv.var.id()).collect();
    let mut indexed = false;
    for s in std::iter::once(&blk.body).chain(blk.init.as_ref()) {
        crate::tir::visit::walk_stmts(s, &mut |x| {
            if let StmtKind::BufferStore { indices, .. } = x.kind() {
                indexed |= indices.iter().any(|i| reduction.iter().any(|&r| crate::tir::region::uses_var(i, r)));
            }
        });
    }
    indexed
}

/// Whether `s` uses `buffer`'s data pointer directly (`B.data`, a `T.tvm_access_ptr` of it):
/// an opaque access, which primitives that rewrite loads and stores cannot follow.
pub(super) fn uses_data(s: &Stmt, buffer: &Buffer) -> bool {
    let data = buffer.data().id();
    let mut used = false;
    crate::tir::visit::walk_exprs(s, &mut |e| used |= e.as_var().is_some_and(|v| v.id() == data));
    used
}

/// A block that views `buffer` through a `T.match_buffer` window, if one does: primitives
/// that change the buffer's layout or type would need to change the window too.
pub(super) fn window_of(root: &Stmt, buffer: &Buffer) -> Option<String> {
    let mut found: Option<String> = None;
    crate::tir::visit::walk_stmts(root, &mut |x| {
        if let StmtKind::BlockRealize { block, .. } = x.kind()
            && block.match_buffers.iter().any(|m| &m.source.buffer == buffer)
        {
            found.get_or_insert_with(|| block.name.clone());
        }
    });
    found
}

/// Whether a block of `body` allocates `buffer` (TVM's primitives that change a buffer's scope,
/// alignment or type take only those, not a parameter, a window or a `T.alloc_buffer`
/// statement's).
pub(super) fn allocated_by_block(body: &Stmt, buffer: &Buffer) -> bool {
    let mut found = false;
    crate::tir::visit::walk_stmts(body, &mut |s| {
        if let StmtKind::BlockRealize { block, .. } = s.kind() {
            found |= block.alloc_buffers.contains(buffer);
        }
    });
    found
}

/// Whether the scope block of `realize` allocates `buffer`: TVM's output-block rule asks it of
/// the block writing `buffer` (a parameter, an outer block's buffer or a `T.alloc_buffer`
/// statement's make an output block).
pub(super) fn scope_allocates(body: &Stmt, realize: &Stmt, buffer: &Buffer) -> bool {
    matches!(scope_of(body, realize).as_ref().map(Stmt::kind),
        Some(StmtKind::BlockRealize { block, .. }) if block.alloc_buffers.contains(buffer))
}

/// Whether `e` mentions one of the variables `vars`.
pub(super) fn mentions(e: &PrimExpr, vars: &rustc_hash::FxHashSet<u64>) -> bool {
    let mut found = false;
    crate::tir::visit::walk_expr(e, &mut |x| found |= x.as_var().is_some_and(|v| vars.contains(&v.id())));
    found
}

/// The variables a trace's index map may name besides its parameters: the function's scalar
/// parameters and the variables of its buffers' shapes (TVM prints `lambda i: (i // n, i % n)`
/// for a map over the function's `n`).
pub(super) fn symbolic_vars(f: &crate::tir::PrimFunc) -> Vec<crate::tir::Var> {
    let mut vars: Vec<crate::tir::Var> =
        f.params.iter().filter(|p| !f.buffer_map.iter().any(|(h, _)| h == *p)).cloned().collect();
    for (_, b) in &f.buffer_map {
        for e in b.shape().iter().chain(b.strides()).chain([b.elem_offset()]) {
            crate::tir::visit::walk_expr(e, &mut |x| {
                if let Some(v) = x.as_var()
                    && !vars.contains(v)
                {
                    vars.push(v.clone());
                }
            });
        }
    }
    vars
}
