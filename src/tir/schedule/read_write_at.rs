//! `read_at` / `write_at`: a copy of a buffer in another storage scope, filled (or written
//! back) by an `auto_copy` block inside a given loop, over the region the blocks under that
//! loop access in one of its iterations (TVM 0.27's `read_write_at.cc`).
//!
//! The copy has the buffer's whole shape and is allocated in the loop's scope block. For
//! `read_at` the block goes right before the first statement of the loop's body that reads
//! the buffer, and that statement and those after it read the copy; for `write_at` it goes
//! right after the last statement that writes it, and the statements up to it write the copy.
//! Its iteration variables `v0, v1, ..` are the loop variables (the loop's and those above it)
//! the region depends on.

use rustc_hash::FxHashMap as HashMap;

use super::tree::{self, BlockSite, ForParts};
use super::{BlockRV, Instruction, LoopRV, Schedule, ScheduleError, err};
use crate::tir::DataType;
use crate::tir::arith::{simplify, subtract};
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute};

impl Schedule {
    /// Read what `block` reads at `read_index` from a copy in `scope`, filled at each
    /// iteration of loop `l` by a new `auto_copy` block (returned) with the region the
    /// statements under `l` read.
    ///
    /// # Errors
    /// No statement under `l` reading the buffer, one writing it after the first reads it, a
    /// region that is not a box of constant size, or stale handles.
    pub fn read_at(
        &mut self,
        l: LoopRV,
        block: BlockRV,
        read_index: usize,
        scope: &str,
    ) -> Result<BlockRV, ScheduleError> {
        let out = self.copy_at(l, block, read_index, scope, true)?;
        self.trace.push(Instruction::ReadWriteAt {
            l,
            block,
            index: read_index,
            scope: scope.to_string(),
            read: true,
            out,
        });
        Ok(out)
    }

    /// Write what `block` writes at `write_index` into a copy in `scope`, written back at each
    /// iteration of loop `l` by a new `auto_copy` block (returned) over the region the
    /// statements under `l` write.
    ///
    /// # Errors
    /// As [`Schedule::read_at`], for writers; and a block under `l` that reads the buffer
    /// other than by accumulating into what it writes after an init of its own (it would read
    /// a copy nothing filled).
    pub fn write_at(
        &mut self,
        l: LoopRV,
        block: BlockRV,
        write_index: usize,
        scope: &str,
    ) -> Result<BlockRV, ScheduleError> {
        let out = self.copy_at(l, block, write_index, scope, false)?;
        self.trace.push(Instruction::ReadWriteAt {
            l,
            block,
            index: write_index,
            scope: scope.to_string(),
            read: false,
            out,
        });
        Ok(out)
    }

    fn copy_at(
        &mut self,
        l: LoopRV,
        block: BlockRV,
        index: usize,
        scope: &str,
        read: bool,
    ) -> Result<BlockRV, ScheduleError> {
        let p: &'static str = if read { "read_at" } else { "write_at" };
        super::cache_inplace::check_storage_scope(p, scope)?;
        let site = self.block_site(block, p)?;
        let StmtKind::BlockRealize { block: blk, .. } = site.realize.kind() else { unreachable!("a block site") };
        let src = tree::region_at(blk, read, index, p)?.buffer.clone();
        let (above, lp) = self.loop_site(l, p)?;
        let Some(parts) = ForParts::of(&lp) else { unreachable!("a loop site") };
        let lname = parts.var.name().to_string();
        let subtrees = match parts.body.kind() {
            StmtKind::Seq(items) => items.clone(),
            _ => vec![parts.body.clone()],
        };
        // Thread-bound loops at or above `l` whose threads share the copy are relaxed too.
        let thread_loops = tree::threads_sharing(scope, above.iter().chain(std::iter::once(&lp)));
        // Which statements read and write the buffer, and the box the accesses cover.
        let (mut r_pos, mut w_pos) = (Vec::new(), Vec::new());
        let mut boxes: Vec<Vec<(PrimExpr, i64)>> = Vec::new();
        for (i, sub) in subtrees.iter().enumerate() {
            let (mut r, mut w) = (false, false);
            for (path, realize, b) in tree::outer_blocks(sub) {
                let has_r = b.reads.iter().any(|x| x.buffer == src);
                let has_w = b.writes.iter().any(|x| x.buffer == src);
                r |= has_r;
                w |= has_w;
                if !(if read { has_r } else { has_w }) {
                    continue;
                }
                let relaxed: Vec<Stmt> = thread_loops.iter().chain(&path).cloned().collect();
                let at = BlockSite { loops: path.clone(), realize: realize.clone() };
                for region in (if read { &b.reads } else { &b.writes }).iter().filter(|x| x.buffer == src) {
                    let boxed = super::blocks::symbolic_region(&at, region, &relaxed, &[], None).ok_or_else(|| {
                        err(
                            p,
                            format!(
                                "the region of {} block {} accesses under loop {lname} is not a box of constant size",
                                src.name(),
                                b.name
                            ),
                        )
                    })?;
                    boxes.push(boxed);
                }
            }
            if r {
                r_pos.push(i);
            }
            if w {
                w_pos.push(i);
            }
        }
        let what = if read { "reads" } else { "writes" };
        let (insert, replaced) = if read {
            let Some(&first) = r_pos.first() else {
                return Err(err(p, format!("no block under loop {lname} reads {}", src.name())));
            };
            if w_pos.last().is_some_and(|&w| w >= first) {
                return Err(err(
                    p,
                    format!("a block under loop {lname} writes {} after the first one reads it", src.name()),
                ));
            }
            (first, first..subtrees.len())
        } else {
            let Some(&last) = w_pos.last() else {
                return Err(err(p, format!("no block under loop {lname} writes {}", src.name())));
            };
            if r_pos.last().is_some_and(|&r| r > last) {
                return Err(err(
                    p,
                    format!("a block under loop {lname} reads {} after the last one writes it", src.name()),
                ));
            }
            (last + 1, 0..last + 1)
        };
        // A block writing into the copy that reads the buffer reads the copy: only what it
        // wrote itself after its own init is there.
        if !read {
            for sub in &subtrees[replaced.clone()] {
                // A predicated writer (or one whose nested blocks are) leaves elements of its
                // box unwritten, and the copy back would write the copy's stale ones over them
                // (TVM 0.27 builds that kernel).
                let mut predicated = None;
                crate::tir::visit::walk_stmts(sub, &mut |x| {
                    if let StmtKind::BlockRealize { predicate, block: b, .. } = x.kind()
                        && predicate.as_int() != Some(1)
                        && b.writes.iter().any(|w| w.buffer == src)
                        && predicated.is_none()
                    {
                        predicated = Some((b.name.clone(), predicate.clone()));
                    }
                });
                if let Some((name, predicate)) = predicated {
                    return Err(err(
                        p,
                        format!(
                            "block {name} writes {} under the predicate {}: the copy back would write elements it did not write",
                            src.name(),
                            crate::tir::script::print_expr(&predicate)
                        ),
                    ));
                }
                for (_, _, b) in tree::outer_blocks(sub) {
                    if (b.reads.iter().any(|x| x.buffer == src) || reads_in_body(&b, &src)) && !accumulates(&b, &src) {
                        return Err(err(
                            p,
                            format!(
                                "block {} reads {} before writing it under loop {lname}: the copy would start unfilled",
                                b.name,
                                src.name()
                            ),
                        ));
                    }
                }
            }
        }
        let domain = union(&boxes).ok_or_else(|| {
            err(p, format!("the blocks under loop {lname} {what} regions of {} that do not share a box", src.name()))
        })?;
        // The copy back writes the whole box: the writers must write every element of it (TVM
        // 0.27 copies the copy's unwritten elements over the buffer otherwise).
        if !read && !covered(&boxes, &domain) {
            return Err(err(
                p,
                format!(
                    "the blocks under loop {lname} write parts of {} whose box holds elements none of them writes: the copy back would write them",
                    src.name()
                ),
            ));
        }

        // The box must stay inside the buffer at every iteration of the loops above (a
        // predicated block's box reaches past it: TVM 0.27 copies out of bounds there).
        let loop_ranges: HashMap<u64, (i128, i128)> = above
            .iter()
            .chain(std::iter::once(&lp))
            .filter_map(ForParts::of)
            .filter_map(|f| {
                let (m, e) = (i128::from(f.min.as_int()?), i128::from(f.extent.as_int()?));
                (e > 0).then_some((f.var.id(), (m, m + e - 1)))
            })
            .collect();
        for ((min, ext), dim) in domain.iter().zip(src.shape()) {
            let inside = match (crate::tir::arith::range_of(min, &|v| loop_ranges.get(&v.id()).copied()), dim.as_int())
            {
                (Some((lo, hi)), Some(d)) => lo >= 0 && hi + i128::from(*ext) <= i128::from(d),
                _ => false,
            };
            if !inside {
                return Err(err(
                    p,
                    format!(
                        "the box of {} the blocks under loop {lname} access is not inside the buffer at every iteration (a predicate the copy cannot follow)",
                        src.name()
                    ),
                ));
            }
        }
        // The copy in `scope` and the block copying the box, its variables the loops it uses.
        let mut spec = BufferSpec::new(&format!("{}_{scope}", src.name()), src.dtype(), src.shape().to_vec());
        spec.scope = scope.to_string();
        let dst = spec.build();
        let loop_domain: Vec<ForParts> = above.iter().chain(std::iter::once(&lp)).filter_map(ForParts::of).collect();
        let mut fresh: HashMap<u64, PrimExpr> = HashMap::default();
        let (mut iter_vars, mut values) = (Vec::new(), Vec::new());
        for (min, _) in &domain {
            let mut bad = None;
            crate::tir::visit::walk_expr(min, &mut |e| {
                let ExprKind::Var(v) = e.kind() else { return };
                if fresh.contains_key(&v.id()) {
                    return;
                }
                match loop_domain.iter().find(|f| f.var.id() == v.id()) {
                    Some(f) => {
                        let bv = Var::new(&format!("v{}", iter_vars.len()), v.dtype());
                        fresh.insert(v.id(), PrimExpr::var(&bv));
                        values.push(PrimExpr::var(v));
                        iter_vars.push(IterVar {
                            dom: Some(Range::new(f.min.clone(), f.extent.clone())),
                            var: bv,
                            iter_type: IterType::DataPar,
                            thread_tag: String::new(),
                        });
                    }
                    None => bad = Some(v.name().to_string()),
                }
            });
            if let Some(v) = bad {
                return Err(err(
                    p,
                    format!("the region depends on {v}, which is not a loop above or at loop {lname} (not supported)"),
                ));
            }
        }
        let dt = src.shape().first().map_or(DataType::INT32, PrimExpr::dtype);
        let ranges: Vec<Range> = domain
            .iter()
            .map(|(min, ext)| {
                let m = Substitute { map: &fresh }.expr(min);
                Range::new(m.clone(), PrimExpr::int_of(*ext, m.dtype()))
            })
            .collect();
        let ax: Vec<Var> = (0..ranges.len()).map(|d| Var::new(&format!("ax{d}"), dt)).collect();
        let idx: Vec<PrimExpr> = ranges
            .iter()
            .zip(&ax)
            .map(|(r, a)| simplify(&PrimExpr::binary(BinOp::Add, r.min.clone(), PrimExpr::var(a))))
            .collect();
        let (from, to) = if read { (&src, &dst) } else { (&dst, &src) };
        let mut body = to.store(idx.clone(), from.load(idx));
        for (a, r) in ax.iter().zip(&ranges).rev() {
            body = Stmt::for_range(a, PrimExpr::int_of(0, a.dtype()), r.extent.clone(), body);
        }
        let name = format!("{}_{scope}", src.name());
        let copy = Block {
            iter_vars,
            reads: vec![BufferRegion { buffer: from.clone(), region: ranges.clone() }],
            writes: vec![BufferRegion { buffer: to.clone(), region: ranges }],
            annotations: vec![("auto_copy".to_string(), AttrValue::Bool(true))],
            ..Block::new(&name, body)
        };
        let mut list: Vec<Stmt> = subtrees.clone();
        for s in &mut list[replaced] {
            *s = replace_in_blocks(s, &src, &dst);
        }
        list.insert(insert, Stmt::block(values, copy));
        let new_loop = ForParts { body: Stmt::seq(list), ..parts }.build();

        // The copy is allocated in the loop's scope block.
        let scope_realize = tree::scope_of(&self.func.body, &lp)
            .ok_or_else(|| err(p, format!("loop {lname} is not inside a block (not in block form)")))?;
        let StmtKind::BlockRealize { block: scope_block, .. } = scope_realize.kind() else {
            unreachable!("a scope is a block realize")
        };
        let mut sb = (**scope_block).clone();
        sb.body = super::blocks::replace_stmt(&sb.body, &lp, &new_loop);
        sb.alloc_buffers.push(dst);
        self.func.body =
            super::blocks::replace_stmt(&self.func.body, &scope_realize, &tree::with_block(&scope_realize, sb));
        Ok(self.new_block_rv(&name))
    }
}

/// Whether a block has an init and loads `buffer` only where its body stores it (a
/// reduction reading back only what it accumulates).
fn accumulates(b: &Block, buffer: &Buffer) -> bool {
    let mut stores: Vec<Vec<PrimExpr>> = Vec::new();
    crate::tir::visit::walk_stmts(&b.body, &mut |s| {
        if let StmtKind::BufferStore { buffer: x, indices, .. } = s.kind()
            && x == buffer
        {
            stores.push(indices.clone());
        }
    });
    let mut only_stored = true;
    crate::tir::visit::walk_exprs(&b.body, &mut |e| {
        if let ExprKind::BufferLoad(x, idx) = e.kind()
            && x == buffer
        {
            only_stored &= stores.iter().any(|st| {
                st.len() == idx.len() && st.iter().zip(idx).all(|(a, c)| crate::tir::arith::prove_equal(a, c))
            });
        }
    });
    // The init runs once per spatial point: an element indexed by a reduction variable
    // (`B[vk] += ..`) is read before anything wrote it.
    let reduction: Vec<u64> =
        b.iter_vars.iter().filter(|iv| iv.iter_type == IterType::CommReduce).map(|iv| iv.var.id()).collect();
    let spatial_stores =
        stores.iter().all(|st| st.iter().all(|i| reduction.iter().all(|&r| !crate::tir::region::uses_var(i, r))));
    b.init.is_some() && only_stored && spatial_stores
}

/// Whether a block's body or init loads `buffer`.
fn reads_in_body(b: &Block, buffer: &Buffer) -> bool {
    let mut found = false;
    for s in std::iter::once(&b.body).chain(b.init.as_ref()) {
        crate::tir::visit::walk_exprs(s, &mut |e| {
            found |= matches!(e.kind(), ExprKind::BufferLoad(x, _) if x == buffer);
        });
    }
    found
}

/// Every block under `s` accessing `from` made to access `to` (loads, stores, regions).
fn replace_in_blocks(s: &Stmt, from: &Buffer, to: &Buffer) -> Stmt {
    let mut out = s.clone();
    for (_, realize, _) in tree::outer_blocks(s) {
        let new = super::blocks::replace_buffer_in_block(&realize, from, to);
        out = super::blocks::replace_stmt(&out, &realize, &new);
    }
    out
}

/// The smallest box holding every box (per dimension a minimum and a constant extent), when
/// their minimums differ by constants.
fn union(boxes: &[Vec<(PrimExpr, i64)>]) -> Option<Vec<(PrimExpr, i64)>> {
    let (first, rest) = boxes.split_first()?;
    let mut out = first.clone();
    for b in rest {
        if b.len() != out.len() {
            return None;
        }
        for (acc, (min, ext)) in out.iter_mut().zip(b) {
            // `min - acc.min` as a constant.
            let d = subtract(min, &acc.0).as_int()?;
            let lo = d.min(0);
            let hi = (acc.1).max(d.checked_add(*ext)?);
            if lo < 0 {
                *acc = (min.clone(), hi.checked_sub(lo)?);
            } else {
                acc.1 = hi;
            }
        }
    }
    Some(out)
}

/// Whether `boxes` (per dimension a minimum and a constant extent) cover all of `domain`: one
/// is the whole domain, or they are pairwise disjoint and their sizes add up to its size.
fn covered(boxes: &[Vec<(PrimExpr, i64)>], domain: &[(PrimExpr, i64)]) -> bool {
    use crate::tir::arith::linear;
    let offset = |a: &PrimExpr, b: &PrimExpr| linear(a).plus_scaled(&linear(b), -1).and_then(|d| d.as_const());
    let same =
        |x: &[(PrimExpr, i64)]| x.iter().zip(domain).all(|((m, e), (dm, de))| e == de && offset(m, dm) == Some(0));
    if boxes.iter().any(|b| same(b)) {
        return true;
    }
    let apart = |x: &[(PrimExpr, i64)], y: &[(PrimExpr, i64)]| {
        x.iter().zip(y).any(|((mx, ex), (my, ey))| {
            offset(my, mx).is_some_and(|d| d >= i128::from(*ex)) || offset(mx, my).is_some_and(|d| d >= i128::from(*ey))
        })
    };
    let disjoint = boxes.iter().enumerate().all(|(i, x)| boxes[i + 1..].iter().all(|y| apart(x, y)));
    let size = |x: &[(PrimExpr, i64)]| x.iter().try_fold(1i128, |acc, (_, e)| acc.checked_mul(i128::from(*e)));
    let total = boxes.iter().try_fold(0i128, |acc, b| acc.checked_add(size(b)?));
    disjoint && total.is_some() && total == size(domain)
}
