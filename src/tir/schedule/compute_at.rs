//! `compute_at` and `reverse_compute_at` with TVM's results (`compute_at.cc` in TVM 0.27): a
//! block moves under a loop of its consumers (or producers), over exactly the region they
//! access there, clipped to its own domain by a `T.where` predicate where that region may leave
//! it.

use std::borrow::Cow;

use rustc_hash::FxHashMap as HashMap;

use super::tree::{self, ForParts};
use super::{BlockRV, Instruction, LoopRV, Schedule, ScheduleError, err};
use crate::tir::arith::{const_int, linear, range_of, simplify};
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute};
use crate::tir::region::coefficient;

/// Where `compute_at` and `reverse_compute_at` put a block (TVM's keyword arguments).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputeAtOptions {
    /// Keep a loop of extent 1 for each iteration variable whose region is one element (TVM's
    /// `preserve_unit_loops`).
    pub preserve_unit_loops: bool,
    /// The position among the loop body's statements: `-1` the last one where the block may
    /// go, `-2` the first one, or a statement index (TVM's `index`).
    pub index: i64,
}

impl Default for ComputeAtOptions {
    fn default() -> ComputeAtOptions {
        ComputeAtOptions { preserve_unit_loops: false, index: -1 }
    }
}

impl Schedule {
    /// Move a producer block under `l`, before the blocks there that read what it writes, with
    /// new loops over exactly the region they read (TVM's defaults: `preserve_unit_loops=False`,
    /// `index=-1`).
    ///
    /// # Errors
    /// As [`Schedule::compute_at_with`].
    pub fn compute_at(&mut self, block: BlockRV, l: LoopRV) -> Result<(), ScheduleError> {
        self.compute_at_with(block, l, ComputeAtOptions::default())
    }

    /// [`Schedule::compute_at`] with TVM's `preserve_unit_loops` and `index`.
    ///
    /// # Errors
    /// An output block of the function, a consumer of the block that is not under `l`, a loop in
    /// another scope block, a block already under `l`, a region that is not a box of constant
    /// size, an index outside the positions between the block's producers and consumers, or
    /// stale handles.
    pub fn compute_at_with(&mut self, block: BlockRV, l: LoopRV, opts: ComputeAtOptions) -> Result<(), ScheduleError> {
        match self.rvs.get(l.0) {
            // `sample_compute_location`'s marks: stay at the root, or inline.
            Some(super::Rv::RootMark) => self.block_site(block, "compute_at").map(drop)?,
            Some(super::Rv::InlineMark) => self.inline_block(block)?,
            _ => self.move_under(block, l, true, opts)?,
        }
        self.trace.push(Instruction::ComputeAt { block, l, opts });
        Ok(())
    }

    /// Move a consumer block under `l`, after the blocks there that produce what it reads,
    /// with new loops over exactly the region they produce (TVM's defaults).
    ///
    /// # Errors
    /// As [`Schedule::reverse_compute_at_with`].
    pub fn reverse_compute_at(&mut self, block: BlockRV, l: LoopRV) -> Result<(), ScheduleError> {
        self.reverse_compute_at_with(block, l, ComputeAtOptions::default())
    }

    /// [`Schedule::reverse_compute_at`] with TVM's `preserve_unit_loops` and `index`.
    ///
    /// # Errors
    /// As [`Schedule::compute_at_with`], with producers and consumers exchanged (an output block
    /// may move).
    pub fn reverse_compute_at_with(
        &mut self,
        block: BlockRV,
        l: LoopRV,
        opts: ComputeAtOptions,
    ) -> Result<(), ScheduleError> {
        match self.rvs.get(l.0) {
            Some(super::Rv::RootMark) => self.block_site(block, "reverse_compute_at").map(drop)?,
            Some(super::Rv::InlineMark) => self.reverse_inline_block(block)?,
            _ => self.move_under(block, l, false, opts)?,
        }
        self.trace.push(Instruction::ReverseComputeAt { block, l, opts });
        Ok(())
    }

    /// `compute_at` (`producer`) or `reverse_compute_at`: the block's new loops cover the region
    /// of its buffers the blocks under `l` read (or write), and it goes before (or after) them.
    fn move_under(
        &mut self,
        block: BlockRV,
        l: LoopRV,
        producer: bool,
        opts: ComputeAtOptions,
    ) -> Result<(), ScheduleError> {
        let p: &'static str = if producer { "compute_at" } else { "reverse_compute_at" };
        let site = self.block_site(block, p)?;
        let StmtKind::BlockRealize { block: blk, .. } = site.realize.kind() else { unreachable!("a block site") };
        let (above, loop_stmt) = self.loop_site(l, p)?;
        let lp = ForParts::of(&loop_stmt).ok_or_else(|| err(p, "not a loop"))?;
        if tree::find_blocks(&loop_stmt, &blk.name).iter().any(|s| s.realize.same_node(&site.realize)) {
            return Err(not_in_scope(p, &blk.name, &lp.var));
        }
        let body = &self.func.body;
        let scope = tree::scope_of(body, &site.realize).ok_or_else(|| err(p, "the block has no scope block"))?;
        if !tree::scope_of(body, &loop_stmt).is_some_and(|s| s.same_node(&scope)) {
            return Err(not_in_scope(p, &blk.name, &lp.var));
        }
        let StmtKind::BlockRealize { block: scope_block, .. } = scope.kind() else { unreachable!("a scope block") };
        if let Some(why) = super::stage_pipeline::stage_pipeline_error(body, &site.realize) {
            return Err(err(p, why));
        }
        if let Some(why) = super::affine_binding::complete_or_reduction_error(&scope_block.body, &site.realize, body) {
            return Err(err(p, why));
        }
        // TVM's output block: one that writes a buffer its scope block does not allocate (a
        // parameter, an outer block's buffer, a `T.alloc_buffer` statement's).
        let scope_allocs: &[Buffer] = match scope.kind() {
            StmtKind::BlockRealize { block, .. } => &block.alloc_buffers,
            _ => &[],
        };
        if producer && let Some(out) = blk.writes.iter().find(|w| !scope_allocs.contains(&w.buffer)) {
            return Err(err(p, format!("The block {} is an output block (it writes {})", blk.name, out.buffer.name())));
        }
        // The blocks it exchanges data with: all of them must be under the loop.
        let own: &[BufferRegion] = if producer { &blk.writes } else { &blk.reads };
        let related = |b: &Block| {
            let theirs: &[BufferRegion] = if producer { &b.reads } else { &b.writes };
            theirs.iter().any(|t| own.iter().any(|o| o.buffer == t.buffer))
        };
        // The scope's blocks in program order (also for the move's checks below).
        let order = tree::outer_blocks(&scope_block.body);
        let outside: Vec<String> = order
            .iter()
            .filter(|(_, r, b)| !r.same_node(&site.realize) && related(b) && !tree::contains(&loop_stmt, r))
            .map(|(_, _, b)| b.name.clone())
            .collect();
        if !outside.is_empty() {
            let who = if producer { "consumer" } else { "producer" };
            return Err(err(
                p,
                format!(
                    "The primitive requires all the {who}(s) of the given block to be present under the target loop. However, there are {} {who}(s) not satisfying the constraint. List of the {who}(s): {}",
                    outside.len(),
                    outside.join(", ")
                ),
            ));
        }
        // The blocks outside the loop that the move carries it past (between where it is and
        // the loop, in program order) must not depend on it or it on them: TVM 0.27 checks
        // only the blocks under the loop, and moves a producer after a reader of its output.
        let here = order.iter().position(|(_, r, _)| r.same_node(&site.realize));
        let under: Vec<usize> =
            order.iter().enumerate().filter(|(_, (_, r, _))| tree::contains(&loop_stmt, r)).map(|(k, _)| k).collect();
        if let (Some(here), Some(&first), Some(&last)) = (here, under.first(), under.last()) {
            let passed = if here < first { here + 1..first } else { last + 1..here };
            let touches = |mine: &[BufferRegion], theirs: &[BufferRegion]| {
                mine.iter().find(|m| theirs.iter().any(|t| t.buffer == m.buffer)).map(|m| m.buffer.name().to_string())
            };
            for (_, _, other) in &order[passed] {
                let clash = touches(&blk.writes, &other.reads)
                    .or_else(|| touches(&blk.writes, &other.writes))
                    .or_else(|| touches(&blk.reads, &other.writes));
                if let Some(buffer) = clash {
                    return Err(err(
                        p,
                        format!(
                            "block {} would move past block {}, which also accesses {buffer}: the move would change what one of them reads",
                            blk.name, other.name
                        ),
                    ));
                }
            }
        }
        // The region of each exchanged buffer the blocks under the loop access, relaxed over
        // the loops between them and `l`; the loops from the scope down to `l` stay symbolic.
        let mut outer: Vec<ForParts> = above.iter().filter_map(ForParts::of).collect();
        outer.push(ForParts::of(&loop_stmt).ok_or_else(|| err(p, "not a loop"))?);
        let mut hulls: Vec<(Buffer, Vec<(PrimExpr, PrimExpr)>)> = Vec::new();
        for (loops, realize, b) in tree::outer_blocks(&lp.body) {
            let theirs: &[BufferRegion] = if producer { &b.reads } else { &b.writes };
            for r in theirs.iter().filter(|t| own.iter().any(|o| o.buffer == t.buffer)) {
                let s = tree::BlockSite { loops: loops.clone(), realize: realize.clone() };
                // The threads at or above `l` that share the buffer's memory each need the
                // copy too: their loops are relaxed as well (a shared tile of a thread block).
                let threads = tree::threads_sharing(r.buffer.scope(), above.iter().chain(std::iter::once(&loop_stmt)));
                let (relaxed, outer): (Cow<[Stmt]>, Cow<[ForParts]>) = if threads.is_empty() {
                    (Cow::Borrowed(&loops), Cow::Borrowed(&outer))
                } else {
                    let ids: Vec<u64> = threads.iter().filter_map(ForParts::of).map(|t| t.var.id()).collect();
                    let kept = outer.iter().filter(|o| !ids.contains(&o.var.id())).cloned().collect();
                    (Cow::Owned(threads.iter().chain(&loops).cloned().collect()), Cow::Owned(kept))
                };
                // (Else, for a producer, each index's interval as the loops between run: `f // 8`
                // of a fused loop. It may take more than is read, which the producer computes
                // again; a consumer's would read what is not written yet.)
                let region = super::blocks::symbolic_box(&s, r, &relaxed, &outer, None)
                    .or_else(|| {
                        if !producer {
                            return None;
                        }
                        let StmtKind::BlockRealize { values, block, .. } = realize.kind() else { return None };
                        let bind: HashMap<u64, PrimExpr> =
                            block.iter_vars.iter().zip(values).map(|(iv, v)| (iv.var.id(), v.clone())).collect();
                        let over_loops = BufferRegion {
                            buffer: r.buffer.clone(),
                            region: r
                                .region
                                .iter()
                                .map(|x| {
                                    Range::new(
                                        Substitute { map: &bind }.expr(&x.min),
                                        Substitute { map: &bind }.expr(&x.extent),
                                    )
                                })
                                .collect(),
                        };
                        super::blocks::interval_box(&over_loops, &relaxed)
                    })
                    .ok_or_else(|| {
                        err(
                            p,
                            format!("the region block {} accesses under loop {} is not a box", b.name, lp.var.name()),
                        )
                    })?;
                // Simplified in the ranges of the loops down to `l`, as TVM's analyzer binds them
                // (`(i_0 * 16 + i_1) // 16` is `i_0` for `i_1 < 16`).
                let region: Vec<(PrimExpr, PrimExpr)> = region
                    .into_iter()
                    .map(|(min, ext)| (crate::tir::arith::canonical_order(&simplify_in_loops(&min, &outer)), ext))
                    .collect();
                match hulls.iter_mut().find(|(buf, _)| *buf == r.buffer) {
                    Some((_, hull)) => {
                        *hull = union(hull, &region, &outer).ok_or_else(|| {
                            err(
                                p,
                                format!(
                                    "blocks under loop {} access regions of {} whose union is not a box",
                                    lp.var.name(),
                                    r.buffer.name()
                                ),
                            )
                        })?
                    }
                    None => hulls.push((r.buffer.clone(), region)),
                }
            }
        }
        // Each iteration variable covers the region of the dimension it indexes, or its whole
        // domain where it indexes none (a reduction variable of a producer).
        let mut loops: Vec<(Var, PrimExpr)> = Vec::new();
        let mut values = Vec::new();
        let mut bounds = Vec::new();
        for iv in &blk.iter_vars {
            let dom = iv.dom.as_ref().and_then(|r| Some((r.min.as_int()?, r.extent.as_int()?)));
            let needed = own.iter().find_map(|access| {
                let (_, hull) = hulls.iter().find(|(b, _)| *b == access.buffer)?;
                let d = access.region.iter().position(|r| {
                    r.min.as_var().is_some_and(|v| v.id() == iv.var.id()) && r.extent.as_int() == Some(1)
                });
                if let Some(d) = d {
                    return hull.get(d).cloned();
                }
                // The other index forms need a box of constant size.
                let hull: Vec<(PrimExpr, i64)> =
                    hull.iter().map(|(m, e)| Some((m.clone(), e.as_int()?))).collect::<Option<_>>()?;
                reversed_needed(&access.region, &hull, iv)
                    .or_else(|| fused_needed(&access.region, &hull, iv, &blk.iter_vars))
                    .or_else(|| digits_needed(&access.region, &hull, iv))
                    .or_else(|| radix_needed(&access.region, &hull, iv, &blk.iter_vars))
                    .map(|(m, e)| {
                        let dt = m.dtype();
                        (m, PrimExpr::int_of(e, dt))
                    })
            });
            // The region in the variable's own type where the buffer's index widened it
            // (`T.Cast("int64", i1)` of an int32 variable beside int64 dimensions).
            let needed = needed.map(|(min, ext)| {
                let t = iv.var.dtype();
                if min.dtype() == t {
                    return (min, ext);
                }
                let narrow = |e: PrimExpr| match (e.kind(), e.as_int()) {
                    (_, Some(c)) => PrimExpr::int_of(c, t),
                    (ExprKind::Cast(x), _) if x.dtype() == t => x.clone(),
                    _ => e,
                };
                let (m, x) = (narrow(min.clone()), narrow(ext.clone()));
                if m.dtype() == t && x.dtype() == t { (m, x) } else { (min, ext) }
            });
            // A variable in an index of an exchanged buffer that no rule inverts (`vh + vr`)
            // cannot take its whole domain: as a consumer it would read what the loop's
            // iteration has not produced yet (TVM fails to match the region).
            // (A fused index's quotient and remainder are inverted together: the remainder's
            // variable spans its domain where the hull takes every remainder.)
            if needed.is_none()
                && own.iter().any(|access| {
                    let Some((_, hull)) = hulls.iter().find(|(b, _)| *b == access.buffer) else { return false };
                    let ids = [iv.var.id()].into_iter().collect();
                    access.region.iter().zip(hull).zip(access.buffer.shape()).any(|((r, (lo, n)), dim)| {
                        let whole = lo.as_int() == Some(0) && crate::tir::arith::prove_equal(n, dim);
                        !whole && tree::mentions(&r.min, &ids) && !has_div_mod(&r.min)
                    })
                })
            {
                return Err(err(
                    p,
                    format!(
                        "block {} indexes a buffer with {} in a form whose range under loop {} cannot be inverted",
                        blk.name,
                        iv.var.name(),
                        lp.var.name()
                    ),
                ));
            }
            let (min, ext) = match (needed, dom) {
                (Some((min, ext)), _) => match (min.as_int(), ext.as_int(), dom) {
                    // (In the extent's type: TVM's new loops take their range's.)
                    // A constant region is intersected with the domain, as TVM's analyzer does.
                    (Some(lo), Some(e), Some((dmin, dext))) => {
                        let (ext_dt, ext) = (ext.dtype(), e);
                        let (lo2, hi2) = (lo.max(dmin), lo.saturating_add(ext).min(dmin.saturating_add(dext)));
                        if hi2 <= lo2 {
                            return Err(err(
                                p,
                                format!(
                                    "the region needed under loop {} is outside block {}'s domain",
                                    lp.var.name(),
                                    blk.name
                                ),
                            ));
                        }
                        (PrimExpr::int_of(lo2, min.dtype()), PrimExpr::int_of(hi2 - lo2, ext_dt))
                    }
                    _ => (min, ext),
                },
                (None, Some((dmin, dext))) => {
                    let d = iv.dom.as_ref().map_or(iv.var.dtype(), |r| r.extent.dtype());
                    (PrimExpr::int_of(dmin, iv.var.dtype()), PrimExpr::int_of(dext, d))
                }
                // (A variable no exchanged index names, a reduction over `n`, spans its whole
                // symbolic domain as a constant one does; so does every variable where no
                // block under the loop exchanges data with this one: as in TVM, nothing
                // narrows its domain, and it is computed whole at every iteration.)
                (None, None) if iv.dom.is_some() => {
                    let d = iv.dom.as_ref().unwrap_or_else(|| unreachable!("checked"));
                    (d.min.clone(), d.extent.clone())
                }
                (None, None) => {
                    return Err(err(
                        p,
                        format!(
                            "block {} accesses its buffers at other indices than its iteration variables (not supported yet)",
                            blk.name
                        ),
                    ));
                }
            };
            let value = if opts.preserve_unit_loops || ext.as_int() != Some(1) {
                let v = Var::new(&format!("ax{}", loops.len()), ext.dtype());
                loops.push((v.clone(), ext));
                simplify(&PrimExpr::binary(BinOp::Add, crate::tir::arith::as_dtype(min, v.dtype()), PrimExpr::var(&v)))
            } else {
                simplify(&min)
            };
            bounds.push(dom);
            values.push(value);
        }
        // Where the region may leave the block's domain, a predicate clips it.
        let mut ranges: HashMap<u64, (i128, i128)> = HashMap::default();
        for f in &outer {
            if let (Some(m), Some(n)) = (f.min.as_int(), f.extent.as_int().filter(|&n| n >= 1)) {
                ranges.insert(f.var.id(), (i128::from(m), i128::from(m) + i128::from(n) - 1));
            }
        }
        for (v, n) in &loops {
            if let Some(n) = n.as_int() {
                ranges.insert(v.id(), (0, i128::from(n) - 1));
            }
        }
        // A loop of symbolic extent `n * k` gives `x // n` the range [0, k) (TVM's analyzer
        // knows it from the loop's bound): such quotients are stood in for by variables.
        let symbolic: Vec<(u64, PrimExpr)> =
            outer.iter().filter(|f| f.extent.as_int().is_none()).map(|f| (f.var.id(), f.extent.clone())).collect();
        let range = |e: &PrimExpr| {
            let mut extra: HashMap<u64, (i128, i128)> = HashMap::default();
            let e = quotients_as_vars(e, &symbolic, &mut extra);
            range_of(&e, &|v: &Var| ranges.get(&v.id()).or_else(|| extra.get(&v.id())).copied())
        };
        // TVM's predicate leaves out the new unit loops (their variable is 0).
        let unit: HashMap<u64, PrimExpr> = loops
            .iter()
            .filter(|(_, n)| n.as_int() == Some(1))
            .map(|(v, _)| (v.id(), PrimExpr::int_of(0, v.dtype())))
            .collect();
        let mut predicate: Option<PrimExpr> = None;
        // Loops by variable, their bounds as expressions (symbolic ones too).
        let mut spans: HashMap<u64, (PrimExpr, PrimExpr)> =
            outer.iter().map(|f| (f.var.id(), (f.min.clone(), f.extent.clone()))).collect();
        for (v, n) in &loops {
            spans.insert(v.id(), (PrimExpr::int_of(0, v.dtype()), n.clone()));
        }
        for ((value, dom), iv) in values.iter().zip(&bounds).zip(&blk.iter_vars) {
            let mut add = |e: PrimExpr| predicate = Some(predicate.take().map_or(e.clone(), |p| PrimExpr::and(p, e)));
            let Some((dmin, dext)) = *dom else {
                // A symbolic domain: clipped where the value's bounds over the loops do not
                // provably stay in it (`j_0 * 8 + ax0 < m`).
                let Some(d) = &iv.dom else { continue };
                let value = &simplify(&crate::tir::mutate::Mutator::expr(
                    &mut crate::tir::mutate::Substitute { map: &unit },
                    value,
                ));
                let (terms, c) = split_constant(value);
                let dt = value.dtype();
                let at_most = |a: &PrimExpr, b: &PrimExpr| {
                    linear(&PrimExpr::binary(BinOp::Sub, b.clone(), a.clone())).as_const().is_some_and(|k| k >= 0)
                };
                let shifted =
                    |e: &PrimExpr| simplify(&PrimExpr::binary(BinOp::Sub, e.clone(), PrimExpr::int_of(c, dt)));
                let (dmin, dext) =
                    (crate::tir::arith::as_dtype(d.min.clone(), dt), crate::tir::arith::as_dtype(d.extent.clone(), dt));
                // A fused index of the loops spanning the domain exactly (`i1 * n + i3`, `i3 < n`,
                // over `n * 32`) stays in it, as TVM's iteration-map analysis proves.
                let loop_spans: Vec<super::blocks::LoopSpan> = spans
                    .iter()
                    .filter_map(|(id, (min, extent))| {
                        let var =
                            outer.iter().map(|f| &f.var).chain(loops.iter().map(|(v, _)| v)).find(|v| v.id() == *id)?;
                        Some(super::blocks::LoopSpan { var, min, extent })
                    })
                    .collect();
                if super::blocks::fused_span(value, &loop_spans).is_some_and(|(lo, span)| {
                    crate::tir::arith::prove_equal(&lo, &dmin) && crate::tir::arith::prove_equal(&span, &dext)
                }) {
                    continue;
                }
                // A digit of a fused loop over the product of the domains (`f // (m * 128)` of
                // `f < n * m * 128` is below `n`; `f % (m * 128) // 128` below `m`).
                if dmin.as_int() == Some(0) && digit_within(value, &loop_spans, &dext) {
                    continue;
                }
                if !extreme(value, &spans, &symbolic, false).is_some_and(|lo| at_most(&dmin, &lo)) {
                    add(PrimExpr::cmp(CmpOp::Le, shifted(&dmin), terms.clone()));
                }
                let last = PrimExpr::binary(
                    BinOp::Sub,
                    PrimExpr::binary(BinOp::Add, dmin.clone(), dext.clone()),
                    PrimExpr::int_of(1, dt),
                );
                if !extreme(value, &spans, &symbolic, true).is_some_and(|hi| at_most(&hi, &last)) {
                    let end = crate::tir::arith::subtract(
                        &PrimExpr::binary(BinOp::Add, dmin, dext),
                        &PrimExpr::int_of(c, dt),
                    );
                    add(PrimExpr::cmp(CmpOp::Lt, terms, end));
                }
                continue;
            };
            let r = range(value);
            let value = &simplify(&crate::tir::mutate::Mutator::expr(
                &mut crate::tir::mutate::Substitute { map: &unit },
                value,
            ));
            let (terms, c) = split_constant(value);
            if r.is_none_or(|(lo, _)| lo < i128::from(dmin)) {
                add(PrimExpr::cmp(CmpOp::Le, PrimExpr::int_of(dmin.wrapping_sub(c), value.dtype()), terms.clone()));
            }
            if r.is_none_or(|(_, hi)| hi >= i128::from(dmin) + i128::from(dext)) {
                let end = dmin.saturating_add(dext).wrapping_sub(c);
                add(upper_bound(&terms, end, &range));
            }
        }
        // `i < 16256 and i % 128 < 127` is `i < 16255 and ..` (TVM's rewrite).
        let predicate = predicate.map(|p| crate::tir::arith::tighten_remainder_bounds(&p));
        let mut nest = Stmt::at(
            StmtKind::BlockRealize {
                values,
                predicate: predicate.unwrap_or_else(|| PrimExpr::bool(true)),
                block: Box::new((**blk).clone()),
            },
            site.realize.span(),
        );
        for (v, ext) in loops.iter().rev() {
            nest = Stmt::for_range(v, PrimExpr::int_of(0, v.dtype()), ext.clone(), nest);
        }
        // The positions between the statements of the loop's body that produce what the block
        // reads and those that read what it writes.
        let mut items = match lp.body.kind() {
            StmtKind::Seq(v) => v.clone(),
            _ => vec![lp.body.clone()],
        };
        let holds = |s: &Stmt, reads_mine: bool| {
            tree::outer_blocks(s).iter().any(|(_, _, b)| {
                let (mine, theirs) = if reads_mine { (&blk.writes, &b.reads) } else { (&blk.reads, &b.writes) };
                theirs.iter().any(|t| mine.iter().any(|m| m.buffer == t.buffer))
            })
        };
        let first = items.iter().rposition(|s| holds(s, false)).map_or(0, |i| i + 1);
        let last = items.iter().position(|s| holds(s, true)).unwrap_or(items.len());
        if first > last {
            return Err(err(
                p,
                format!(
                    "no position in loop {} is after the producers and before the consumers of block {}",
                    lp.var.name(),
                    blk.name
                ),
            ));
        }
        let at = match opts.index {
            -1 => last,
            -2 => first,
            i if usize::try_from(i).is_ok_and(|i| (first..=last).contains(&i)) => i as usize,
            i => {
                return Err(err(
                    p,
                    format!("index {i} is not a valid insertion point: it must be -1, -2, or in [{first}, {last}]"),
                ));
            }
        };
        items.insert(at, nest);
        let mut new_loop = lp;
        new_loop.body = Stmt::seq(items);
        let id = new_loop.var.id();
        let without = tree::remove_leaf(&self.func.body, &site.realize);
        self.func.body = tree::replace_loops(&without, [(id, new_loop.build())].into_iter().collect());
        Ok(())
    }
}

/// `terms < end` as TVM's simplifier writes it: `x // c < k` is `x < k * c`, and `a * c + b <
/// k` with `b` in `[0, c)` and `c` dividing `k` is `a < k / c` (`i_0 * 2 + i_1 < 62` is
/// `i_0 < 31`).
fn upper_bound(terms: &PrimExpr, end: i64, range: &dyn Fn(&PrimExpr) -> Option<(i128, i128)>) -> PrimExpr {
    let dt = terms.dtype();
    let lt = |a: &PrimExpr, k: i64| PrimExpr::cmp(CmpOp::Lt, a.clone(), PrimExpr::int_of(k, dt));
    match terms.kind() {
        ExprKind::Binary(BinOp::FloorDiv, x, c) if let Some(c) = c.as_int().filter(|&c| c > 0) => {
            if let Some(k) = end.checked_mul(c) {
                return lt(x, k);
            }
        }
        ExprKind::Binary(BinOp::Add, ac, b) => {
            if let ExprKind::Binary(BinOp::Mul, a, c) = ac.kind()
                && let Some(c) = c.as_int().filter(|&c| c > 1)
                && end % c == 0
                && range(b).is_some_and(|(lo, hi)| lo >= 0 && hi < i128::from(c))
            {
                return lt(a, end / c);
            }
        }
        _ => {}
    }
    lt(terms, end)
}

/// Whether `e` takes a quotient or remainder anywhere.
fn has_div_mod(e: &PrimExpr) -> bool {
    let mut found = false;
    crate::tir::visit::walk_expr(e, &mut |x| {
        found |= matches!(x.kind(), ExprKind::Binary(BinOp::FloorDiv | BinOp::FloorMod, ..));
    });
    found
}

/// The range of `iv` whose accesses at a reversed index (`Y[9 - vi]`) stay in `hull`: the
/// hull `[lo, lo + n)` of that dimension is `c - iv` for `iv` in `[c - lo - n + 1, c - lo]`, as
/// TVM inverts the index (`vj = 9 - i` where the consumer reads column `i`).
fn reversed_needed(region: &[Range], hull: &[(PrimExpr, i64)], iv: &IterVar) -> Option<(PrimExpr, i64)> {
    region.iter().zip(hull).find_map(|(r, (lo, n))| {
        let ExprKind::Binary(BinOp::Sub, c, v) = r.min.kind() else { return None };
        let c = c.as_int()?;
        if r.extent.as_int() != Some(1) || v.as_var().is_none_or(|v| v.id() != iv.var.id()) {
            return None;
        }
        let dt = lo.dtype();
        let top = c.checked_sub(n.checked_sub(1)?)?;
        Some((simplify(&PrimExpr::binary(BinOp::Sub, PrimExpr::int_of(top, dt), lo.clone())), *n))
    })
}

/// The range of `iv` whose accesses through a fused index stay in `hull`: an access
/// `B[.., F // c, .., F % c, ..]` with `F = iv * s + rest` (`0 <= rest < s` over the other
/// variables' domains, `s` dividing `c`) and the hull covering every remainder (`0:c`) takes `F`
/// over whole multiples of `c`, so `iv` runs from `min * (c / s)`, `ext * (c / s)` of them — as
/// TVM inverts a layout transform's index (`(v1 * 8 + v4) // 16` provided at `i1`: `v1` from
/// `i1 * 2`, 2 of them).
fn fused_needed(region: &[Range], hull: &[(PrimExpr, i64)], iv: &IterVar, ivs: &[IterVar]) -> Option<(PrimExpr, i64)> {
    let print = crate::tir::script::print_expr;
    for (dq, r) in region.iter().enumerate() {
        let ExprKind::Binary(BinOp::FloorDiv, f, c) = r.min.kind() else { continue };
        let Some(c) = c.as_int().filter(|&c| c > 0) else { continue };
        if r.extent.as_int() != Some(1) {
            continue;
        }
        let Some(dm) = region.iter().position(|x| {
            x.extent.as_int() == Some(1)
                && matches!(x.min.kind(), ExprKind::Binary(BinOp::FloorMod, f2, c2)
                    if c2.as_int() == Some(c) && print(f2) == print(f))
        }) else {
            continue;
        };
        if let (Some((q, 1)), Some((m, 1))) = (hull.get(dq), hull.get(dm)) {
            return fused_point(f, c, q, m, iv, ivs);
        }
        if !matches!(hull.get(dm), Some((m, e)) if m.as_int() == Some(0) && *e == c) {
            continue;
        }
        let Some(s) = coefficient(f, iv.var.id()).filter(|&s| s > 0 && c % s == 0) else { continue };
        // The rest: the other variables, from 0, each step times its last value below `s`, and
        // nothing else in `F`.
        let mut rest_max = 0i64;
        let mut zero = HashMap::default();
        for u in ivs {
            zero.insert(u.var.id(), PrimExpr::int_of(0, u.var.dtype()));
            if u.var.id() == iv.var.id() {
                continue;
            }
            let t = coefficient(f, u.var.id())?;
            let (m, d) = u.dom.as_ref().and_then(|r| Some((r.min.as_int()?, r.extent.as_int()?)))?;
            if t < 0 || m != 0 {
                return None;
            }
            rest_max = rest_max.checked_add(t.checked_mul(d.checked_sub(1)?)?)?;
        }
        if rest_max >= s || simplify(&Substitute { map: &zero }.expr(f)).as_int() != Some(0) {
            return None;
        }
        let (qmin, qext) = hull.get(dq)?;
        let k = c / s;
        let min = simplify(&PrimExpr::binary(BinOp::Mul, qmin.clone(), PrimExpr::int_of(k, qmin.dtype())));
        return Some((min, qext.checked_mul(k)?));
    }
    None
}

/// A block variable as a digit of an index: its id, stride and extent.
type Digit = (u64, i64, i64);

/// The block variables of `index` as the digits of a mixed-radix number, lowest stride first:
/// `(id, stride, extent)`, each stride the product of the extents below it, nothing else in
/// the index; and the number's span (the product of all extents).
fn radix_digits(index: &PrimExpr, ivs: &[IterVar]) -> Option<(Vec<Digit>, i64)> {
    let mut digits: Vec<Digit> = Vec::new();
    let mut zero = HashMap::default();
    for u in ivs {
        zero.insert(u.var.id(), PrimExpr::int_of(0, u.var.dtype()));
        let k = coefficient(index, u.var.id())?;
        if k == 0 {
            continue;
        }
        let (lo, e) = u.dom.as_ref().and_then(|r| Some((r.min.as_int()?, r.extent.as_int()?)))?;
        if k < 0 || lo != 0 || e < 1 {
            return None;
        }
        digits.push((u.var.id(), k, e));
    }
    if simplify(&Substitute { map: &zero }.expr(index)).as_int() != Some(0) {
        return None;
    }
    digits.sort_by_key(|&(_, k, _)| k);
    let mut span = 1i64;
    for &(_, k, e) in &digits {
        if k != span {
            return None;
        }
        span = span.checked_mul(e)?;
    }
    Some((digits, span))
}

/// The one value of `iv` where `F // c` and `F % c` are the points `q` and `m`: `F` is
/// `q * c + m`, and `F` a mixed-radix number of the block's variables (each coefficient the
/// product of the domains below it, spanning a multiple of `c`), so `iv` is its digit
/// `F // s % extent` — as TVM inverts a layout transform's index at a point
/// (`v_ax1 = i1 * 2 + i4 // 8`, `v_ax4 = i4 % 8`).
fn fused_point(
    f: &PrimExpr,
    c: i64,
    q: &PrimExpr,
    m: &PrimExpr,
    iv: &IterVar,
    ivs: &[IterVar],
) -> Option<(PrimExpr, i64)> {
    let (digits, span) = radix_digits(f, ivs)?;
    // (A span `c` does not divide is no iteration map TVM detects.)
    let at = digits.iter().position(|&(id, _, _)| id == iv.var.id())?;
    if span % c != 0 {
        return None;
    }
    let (_, s, e) = digits[at];
    let dt = q.dtype();
    let int = |v: i64| PrimExpr::int_of(v, dt);
    let top = at + 1 == digits.len();
    // `(q * c + m) // s % e` with the multiple of `s` taken out of the sum, as TVM's
    // simplifier rewrites it (`(i1 * 16 + i4) // 8` is `i1 * 2 + i4 // 8`; `% 8` of
    // `i1 * 16 + i4` is `i4 % 8`).
    let value = if c % s == 0 {
        let low = PrimExpr::binary(BinOp::FloorDiv, m.clone(), int(s));
        let k = c / s;
        if top {
            PrimExpr::binary(BinOp::Add, PrimExpr::binary(BinOp::Mul, q.clone(), int(k)), low)
        } else if k % e == 0 {
            PrimExpr::binary(BinOp::FloorMod, low, int(e))
        } else {
            let sum = PrimExpr::binary(BinOp::Add, PrimExpr::binary(BinOp::Mul, q.clone(), int(k)), low);
            PrimExpr::binary(BinOp::FloorMod, sum, int(e))
        }
    } else {
        let point = PrimExpr::binary(BinOp::Add, PrimExpr::binary(BinOp::Mul, q.clone(), int(c)), m.clone());
        let quotient = PrimExpr::binary(BinOp::FloorDiv, point, int(s));
        if top { quotient } else { PrimExpr::binary(BinOp::FloorMod, quotient, int(e)) }
    };
    Some((simplify(&value), 1))
}

/// The range of `iv` whose accesses at a mixed-radix index stay in `hull`: the index
/// `vi * 64 + vj` (`vj` over `[0, 64)`, each coefficient the product of the domains below it)
/// takes one point of the hull to one value of each variable (`vi = x // 64`, `vj = x % 64`),
/// and a hull aligned to a variable's stride to a run of it with whole domains below it, as
/// TVM inverts a flattened index (a 2-d consumer of a 1-d producer, computed at its loop).
fn radix_needed(region: &[Range], hull: &[(PrimExpr, i64)], iv: &IterVar, ivs: &[IterVar]) -> Option<(PrimExpr, i64)> {
    for (r, (lo, n)) in region.iter().zip(hull) {
        if r.extent.as_int() != Some(1) || !crate::tir::region::uses_var(&r.min, iv.var.id()) {
            continue;
        }
        let (digits, _) = radix_digits(&r.min, ivs)?;
        if digits.len() < 2 {
            return None;
        }
        let at = digits.iter().position(|&(id, _, _)| id == iv.var.id())?;
        let (_, s, e) = digits[at];
        let top = at + 1 == digits.len();
        let dt = lo.dtype();
        let k = |c: i64| PrimExpr::int_of(c, dt);
        if *n == 1 {
            let q = PrimExpr::floordiv(lo.clone(), k(s));
            let v = if top { q } else { PrimExpr::floormod(q, k(e)) };
            return Some((simplify(&v), 1));
        }
        // A run aligned to `s * e` spans the whole domain; the top variable takes a run of
        // whole strides.
        let lo_const = lo.as_int();
        if !top {
            let span = s.checked_mul(e)?;
            return (lo_const.is_some_and(|l| l % span == 0) && n % span == 0).then(|| (k(0), e));
        }
        return (lo_const.is_some_and(|l| l % s == 0) && n % s == 0)
            .then(|| (simplify(&PrimExpr::floordiv(lo.clone(), k(s))), n / s));
    }
    None
}

/// The range of `iv` whose accesses through its mixed-radix digits stay in `hull`: indices
/// `iv // 4`, `iv % 4 // 2`, `iv % 2` are the digits of `iv` from the top; where the hull
/// takes every value of each lower digit, `iv` runs over whole multiples of the top digit's
/// unit (`iv` from `lo * 4`, `n * 4` of them), as TVM inverts the index.
fn digits_needed(region: &[Range], hull: &[(PrimExpr, i64)], iv: &IterVar) -> Option<(PrimExpr, i64)> {
    // `e` as `(iv // lower) % extent` (no extent: the top digit).
    fn digit(e: &PrimExpr, id: u64) -> Option<(i64, Option<i64>)> {
        match e.kind() {
            ExprKind::Var(v) if v.id() == id => Some((1, None)),
            ExprKind::Binary(BinOp::FloorDiv, x, c) => {
                let c = c.as_int().filter(|&c| c > 0)?;
                let (lower, extent) = digit(x, id)?;
                let extent = match extent {
                    Some(n) if n % c == 0 => Some(n / c),
                    Some(_) => return None,
                    None => None,
                };
                Some((lower.checked_mul(c)?, extent))
            }
            ExprKind::Binary(BinOp::FloorMod, x, c) => {
                let c = c.as_int().filter(|&c| c > 0)?;
                let (lower, extent) = digit(x, id)?;
                match extent {
                    Some(n) if n % c != 0 => None,
                    _ => Some((lower, Some(c))),
                }
            }
            _ => None,
        }
    }
    let mut digits: Vec<(usize, i64, Option<i64>)> = region
        .iter()
        .enumerate()
        .filter(|(_, r)| r.extent.as_int() == Some(1) && r.min.as_var().is_none())
        .filter_map(|(d, r)| digit(&r.min, iv.var.id()).map(|(l, n)| (d, l, n)))
        .collect();
    digits.sort_by_key(|&(_, l, _)| l);
    // One number: digits from unit 1 up, each starting where the one below ends, the top last.
    // Lower digits the hull takes whole, or all of them single values (then so is the number:
    // `temp[v // 16, v % 16]` at `(i, j)` is `v = i * 16 + j`).
    let mut unit = 1i64;
    let mut points: Vec<PrimExpr> = Vec::new();
    let mut whole = false;
    let scaled = |lo: &PrimExpr, unit: i64| {
        simplify(&PrimExpr::binary(BinOp::Mul, lo.clone(), PrimExpr::int_of(unit, lo.dtype())))
    };
    // A quotient alone (`B[cc // 16]`): `cc` runs over whole multiples of the divisor, where
    // they divide its domain.
    if let [(_, lower, None)] = digits.as_slice()
        && iv.dom.as_ref().and_then(|r| r.extent.as_int()).is_some_and(|e| e % lower == 0)
    {
        unit = *lower;
    }
    for (k, &(d, lower, extent)) in digits.iter().enumerate() {
        if lower != unit {
            return None;
        }
        match extent {
            Some(n) => {
                match hull.get(d) {
                    // A lower digit the hull takes whole.
                    Some((m, e)) if m.as_int() == Some(0) && *e == n && points.is_empty() => whole = true,
                    Some((m, 1)) if !whole => points.push(scaled(m, unit)),
                    _ => return None,
                }
                unit = unit.checked_mul(n)?;
            }
            None if k + 1 == digits.len() => {
                let (lo, n) = hull.get(d)?;
                let min = scaled(lo, unit);
                // A domain the lower digits do not divide (`cvi` of extent 127 as `cvi // 16`,
                // `cvi % 16`) is no iteration map TVM detects: it solves each dimension alone,
                // and the top digit's range alone bounds the variable.
                let divides = iv.dom.as_ref().and_then(|r| r.extent.as_int()).is_none_or(|e| e % unit == 0);
                if points.is_empty() || !divides {
                    return Some((min, n.checked_mul(unit)?));
                }
                if *n != 1 {
                    return None;
                }
                // The top digit first, as TVM prints the sum.
                let sum = points.into_iter().rev().fold(min, |acc, p| PrimExpr::binary(BinOp::Add, acc, p));
                return Some((simplify(&sum), 1));
            }
            None => return None,
        }
    }
    None
}

/// The smallest box holding two boxes whose minimums differ by constants.
fn union(
    a: &[(PrimExpr, PrimExpr)],
    b: &[(PrimExpr, PrimExpr)],
    loops: &[ForParts],
) -> Option<Vec<(PrimExpr, PrimExpr)>> {
    if a.len() != b.len() {
        return None;
    }
    // Whether `[xmin, xmin + xext)` holds `[ymin, ymin + yext)` wherever the loops are (the
    // whole row a reduction reads holds the element another block reads at the loop's index,
    // as TVM's analyzer proves with the loops' ranges).
    let range = |v: &Var| loop_range(loops, v);
    let at_least_zero = |e: PrimExpr| crate::tir::arith::range_of(&simplify(&e), &range).is_some_and(|(lo, _)| lo >= 0);
    let holds = |(xmin, xext): (&PrimExpr, &PrimExpr), (ymin, yext): (&PrimExpr, &PrimExpr)| {
        xmin.dtype().is_int()
            && at_least_zero(PrimExpr::binary(BinOp::Sub, ymin.clone(), xmin.clone()))
            && at_least_zero(PrimExpr::binary(
                BinOp::Sub,
                PrimExpr::binary(BinOp::Add, xmin.clone(), xext.clone()),
                PrimExpr::binary(BinOp::Add, ymin.clone(), yext.clone()),
            ))
    };
    a.iter()
        .zip(b)
        .map(|((amin, aext), (bmin, bext))| {
            if holds((amin, aext), (bmin, bext)) {
                return Some((amin.clone(), aext.clone()));
            }
            if holds((bmin, bext), (amin, aext)) {
                return Some((bmin.clone(), bext.clone()));
            }
            // `[a, a + X)` and `[a + d, a + d + X + e)` for constants `d` and `e`, whatever `X`
            // is: `[a + min(0, d), a + X + max(0, d + e))`.
            let konst = |x: &PrimExpr, y: &PrimExpr| {
                i64::try_from(linear(&PrimExpr::binary(BinOp::Sub, x.clone(), y.clone())).as_const()?).ok()
            };
            let (d, e) = (konst(bmin, amin)?, konst(bext, aext)?);
            let (lo, min) = if d < 0 { (d, bmin.clone()) } else { (0, amin.clone()) };
            let grow = 0i64.max(d.checked_add(e)?).checked_sub(lo)?;
            let ext = match aext.as_int() {
                Some(a) => PrimExpr::int_of(a.checked_add(grow)?, aext.dtype()),
                None if grow == 0 => aext.clone(),
                None => simplify(&PrimExpr::binary(BinOp::Add, aext.clone(), PrimExpr::int_of(grow, aext.dtype()))),
            };
            Some((min, ext))
        })
        .collect()
}

/// The largest (`upper`) or smallest value of `e` as the loops of `spans` (variable: min,
/// extent) run, `e` linear in each; other variables stay as they are.
fn extreme(
    e: &PrimExpr,
    spans: &HashMap<u64, (PrimExpr, PrimExpr)>,
    symbolic: &[(u64, PrimExpr)],
    upper: bool,
) -> Option<PrimExpr> {
    // Quotients and remainders by a symbolic divisor range as TVM's analyzer knows (`x % n` in
    // `[0, n)`; `x // n` in `[0, k)` for `x < n * k`): each stands in for a variable of its own.
    struct Mods<'a>(&'a mut HashMap<u64, (PrimExpr, PrimExpr)>);
    impl crate::tir::mutate::Mutator for Mods<'_> {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            if let ExprKind::Binary(BinOp::FloorMod, _, d) = e.kind()
                && d.as_int().is_none_or(|d| d > 0)
            {
                let r = Var::new("r", e.dtype());
                self.0.insert(r.id(), (PrimExpr::int_of(0, e.dtype()), d.clone()));
                return PrimExpr::var(&r);
            }
            crate::tir::mutate::default_expr(self, e)
        }
    }
    let mut quotients = HashMap::default();
    let e = quotients_as_vars(e, symbolic, &mut quotients);
    let mut spans = spans.clone();
    for (id, (lo, hi)) in quotients {
        let (lo, n) = (i64::try_from(lo).ok()?, i64::try_from(hi - lo + 1).ok()?);
        spans.insert(id, (PrimExpr::int_of(lo, e.dtype()), PrimExpr::int_of(n, e.dtype())));
    }
    let e = &crate::tir::mutate::Mutator::expr(&mut Mods(&mut spans), &e);
    let vars = crate::tir::visit::vars_of(e);
    let mut at = HashMap::default();
    for v in vars {
        let Some((min, ext)) = spans.get(&v.id()) else { continue };
        let c = crate::tir::region::coefficient(e, v.id())?;
        let value = if (c > 0) == upper {
            let dt = ext.dtype();
            PrimExpr::binary(
                BinOp::Sub,
                PrimExpr::binary(BinOp::Add, min.clone(), ext.clone()),
                PrimExpr::int_of(1, dt),
            )
        } else {
            min.clone()
        };
        at.insert(v.id(), crate::tir::arith::as_dtype(value, v.dtype()));
    }
    Some(crate::tir::mutate::Mutator::expr(&mut crate::tir::mutate::Substitute { map: &at }, e))
}

/// `e` with each `x // d` of a loop variable `x` whose (symbolic) extent is `d * k` replaced by
/// a fresh variable ranging over [0, k) (recorded in `ranges`).
fn quotients_as_vars(e: &PrimExpr, symbolic: &[(u64, PrimExpr)], ranges: &mut HashMap<u64, (i128, i128)>) -> PrimExpr {
    struct Q<'a> {
        symbolic: &'a [(u64, PrimExpr)],
        ranges: &'a mut HashMap<u64, (i128, i128)>,
    }
    impl crate::tir::mutate::Mutator for Q<'_> {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            if let ExprKind::Binary(BinOp::FloorDiv, x, d) = e.kind()
                && let Some(v) = x.as_var()
                && let Some((_, extent)) = self.symbolic.iter().find(|(id, _)| *id == v.id())
                && let Some(k) = ratio(extent, d).filter(|&k| k >= 1)
            {
                let q = Var::new("q", e.dtype());
                self.ranges.insert(q.id(), (0, k - 1));
                return PrimExpr::var(&q);
            }
            crate::tir::mutate::default_expr(self, e)
        }
    }
    crate::tir::mutate::Mutator::expr(&mut Q { symbolic, ranges }, e)
}

/// `k` when `a` is `k * b` as linear forms (`n * 32` and `n`: 32), with `b` not constant.
fn ratio(a: &PrimExpr, b: &PrimExpr) -> Option<i128> {
    let (la, lb) = (linear(a), linear(b));
    let (atom, coef) = lb.terms.iter().next()?;
    let k = la.terms.get(atom)?.checked_div(*coef)?;
    let scaled = lb.terms.iter().all(|(t, c)| la.terms.get(t) == c.checked_mul(k).as_ref())
        && la.terms.len() == lb.terms.len()
        && Some(la.constant) == lb.constant.checked_mul(k);
    scaled.then_some(k)
}

/// `e` as its terms without the constant one, and that constant (`i_0 * 8 - 1 + ax0` is
/// `i_0 * 8 + ax0` and -1), as TVM's simplifier writes predicates.
fn split_constant(e: &PrimExpr) -> (PrimExpr, i64) {
    if let Some(c) = const_int(e) {
        return (PrimExpr::int_of(0, e.dtype()), c);
    }
    match e.kind() {
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
            let (ta, ca) = split_constant(a);
            if let Some(cb) = const_int(b) {
                let c = if *op == BinOp::Add { ca.wrapping_add(cb) } else { ca.wrapping_sub(cb) };
                return (ta, c);
            }
            if ca == 0 {
                return (e.clone(), 0);
            }
            (simplify(&PrimExpr::binary(*op, ta, b.clone())), ca)
        }
        _ => (e.clone(), 0),
    }
}

impl Schedule {
    /// Sample where a block is computed (TVM's `sample_compute_location`): `-2` inlined, `-1`
    /// at the root, or `i` under the `i`-th loop of its first consumer; a handle `compute_at`
    /// takes. The candidates are TVM's: inlining where it is legal, the root, then the
    /// consumer's loops down to the lowest one holding every consumer, skipping unit loops and
    /// stopping at reduction loops, where `compute_at` is legal. `decision` replays one.
    ///
    /// # Errors
    /// A decision that is not a candidate, or a stale handle.
    pub fn sample_compute_location(&mut self, block: BlockRV, decision: Option<i64>) -> Result<LoopRV, ScheduleError> {
        const P: &str = "sample_compute_location";
        let name = self.block_name(block, P)?;
        self.block_site(block, P)?;
        let candidates = self.compute_locations(block)?;
        let chosen =
            match decision {
                Some(d) => candidates.iter().find(|(i, _)| *i == d).copied().ok_or_else(|| {
                    err(P, format!("the decision {d} is not a place where block {name} can be computed"))
                })?,
                None => {
                    // A tuner's forced decision, when it is still a candidate; else a sample.
                    let forced = match self.forced.pop_front().flatten() {
                        Some(super::Decision::Location(d)) => candidates.iter().find(|(i, _)| *i == d).copied(),
                        _ => None,
                    };
                    match forced {
                        Some(c) => c,
                        None => candidates[self.rng.below(candidates.len())],
                    }
                }
            };
        let rv = match chosen.1 {
            Some(id) => super::Rv::Loop(Some(id)),
            None if chosen.0 == -2 => super::Rv::InlineMark,
            None => super::Rv::RootMark,
        };
        self.rvs.push(rv);
        let out = LoopRV(self.rvs.len() - 1);
        self.trace.push(Instruction::SampleComputeLocation { block, decision: chosen.0, out });
        Ok(out)
    }

    /// The candidates of `sample_compute_location`: (index, loop variable id).
    fn compute_locations(&self, block: BlockRV) -> Result<Vec<(i64, Option<u64>)>, ScheduleError> {
        let mut out = Vec::new();
        // Legality is the primitives' own: each is tried on a copy.
        let trial = |f: &dyn Fn(&mut Schedule) -> Result<(), ScheduleError>| {
            let mut copy = Schedule::new(self.func.clone());
            copy.rvs = self.rvs.clone();
            f(&mut copy).is_ok()
        };
        if trial(&|s: &mut Schedule| s.inline_block(block)) {
            out.push((-2, None));
        }
        out.push((-1, None));
        let site = self.block_site(block, "sample_compute_location")?;
        let StmtKind::BlockRealize { block: blk, .. } = site.realize.kind() else { unreachable!("a block site") };
        let Some(scope) = tree::scope_of(&self.func.body, &site.realize) else { return Ok(out) };
        let StmtKind::BlockRealize { block: scope_block, .. } = scope.kind() else { return Ok(out) };
        let consumers: Vec<(Vec<Stmt>, Stmt, Block)> = tree::outer_blocks(&scope_block.body)
            .into_iter()
            .filter(|(_, r, b)| {
                !r.same_node(&site.realize) && b.reads.iter().any(|x| blk.writes.iter().any(|w| w.buffer == x.buffer))
            })
            .collect();
        let Some((first_loops, _, _)) = consumers.first() else { return Ok(out) };
        // The lowest loop holding every consumer.
        let holds_all = |l: &Stmt| consumers.iter().all(|(_, r, _)| tree::contains(l, r));
        let Some(boundary) = first_loops.iter().rposition(holds_all) else { return Ok(out) };
        let loops: Vec<ForParts> = first_loops[..=boundary].iter().filter_map(ForParts::of).collect();
        let kinds: Vec<bool> = loops.iter().map(|l| self.loop_is_data_parallel(l.var.id())).collect();
        let last_data_par = kinds.iter().rposition(|&d| d);
        let mut visited_reduce = false;
        for (i, l) in loops.iter().enumerate() {
            if l.extent.as_int() == Some(1) {
                continue;
            }
            if kinds[i] {
                if visited_reduce {
                    break;
                }
            } else {
                visited_reduce = true;
                if last_data_par.is_none_or(|d| i > d) {
                    break;
                }
            }
            let id = l.var.id();
            if trial(&|s: &mut Schedule| {
                s.rvs.push(super::Rv::Loop(Some(id)));
                let lv = LoopRV(s.rvs.len() - 1);
                s.move_under(block, lv, true, ComputeAtOptions { preserve_unit_loops: true, index: -1 })
            }) {
                out.push((i as i64, Some(id)));
            }
        }
        Ok(out)
    }

    /// Whether every block binding under the loop that uses its variable is a data-parallel
    /// iteration variable (TVM's `GetLoopIterType`).
    fn loop_is_data_parallel(&self, id: u64) -> bool {
        let Some((_, l)) = tree::find_loop(&self.func.body, id) else { return false };
        let mut ok = true;
        tree::walk_blocks(&l, &mut Vec::new(), &mut |_, realize, b| {
            if let StmtKind::BlockRealize { values, .. } = realize.kind() {
                for (iv, v) in b.iter_vars.iter().zip(values) {
                    if iv.iter_type != IterType::DataPar && crate::tir::region::uses_var(v, id) {
                        ok = false;
                    }
                }
            }
        });
        ok
    }
}

/// TVM's `NotInSameScopeError`, for a loop in another scope than the block's and for one the
/// block is already under.
fn not_in_scope(p: &'static str, block: &str, lp: &Var) -> ScheduleError {
    err(
        p,
        format!(
            "Expected the block {block} and loop {} to be under the same block scope, and loop not to be the ancestor of block",
            lp.name()
        ),
    )
}

/// `e` simplified knowing the constant ranges of `loops`' variables.
fn simplify_in_loops(e: &PrimExpr, loops: &[ForParts]) -> PrimExpr {
    if !e.dtype().is_int() {
        return e.clone();
    }
    // A loop of one iteration is its value (TVM's analyzer binds it to a point: `ry_0 * 3`
    // of a unit `ry_0` is 0).
    let unit: HashMap<u64, PrimExpr> =
        loops.iter().filter(|f| f.extent.as_int() == Some(1)).map(|f| (f.var.id(), f.min.clone())).collect();
    let e = if unit.is_empty() { e.clone() } else { Substitute { map: &unit }.expr(e) };
    crate::tir::arith::simplify_in(&e, &|v: &Var| loop_range(loops, v))
}

/// The values `v` takes as the loop of `loops` it is the variable of runs, if constant.
fn loop_range(loops: &[ForParts], v: &Var) -> Option<(i128, i128)> {
    let f = loops.iter().find(|f| f.var == *v)?;
    let (m, n) = (f.min.as_int()?, f.extent.as_int().filter(|&n| n >= 1)?);
    Some((i128::from(m), i128::from(m) + i128::from(n) - 1))
}

/// The factors of a product (`n * m * 128`: `n`, `m` and the constant 128), printed, sorted.
fn factors_of(e: &PrimExpr) -> (Vec<String>, i64) {
    let mut names = Vec::new();
    let mut k = 1i64;
    let mut stack = vec![e.clone()];
    while let Some(x) = stack.pop() {
        match (x.kind(), x.as_int()) {
            (_, Some(c)) => k = k.saturating_mul(c),
            (ExprKind::Binary(BinOp::Mul, a, b), _) => stack.extend([a.clone(), b.clone()]),
            _ => names.push(crate::tir::script::print_expr(&x)),
        }
    }
    names.sort();
    (names, k)
}

/// Whether `a == b * c` as products of the same factors.
fn product_is(a: &PrimExpr, b: &PrimExpr, c: &PrimExpr) -> bool {
    let (fa, ka) = factors_of(a);
    let (mut fb, kb) = factors_of(b);
    let (fc, kc) = factors_of(c);
    fb.extend(fc);
    fb.sort();
    fa == fb && ka == kb.saturating_mul(kc) && ka != i64::MAX
}

/// Whether `value`, a digit of a loop over `[0, E)` (`x // d` where `E` is `ext * d`, or
/// `x % (ext * d) // d`, or `x % ext`), stays in `[0, ext)`.
fn digit_within(value: &PrimExpr, loops: &[super::blocks::LoopSpan], ext: &PrimExpr) -> bool {
    let loop_of = |x: &PrimExpr| {
        x.as_var().and_then(|v| loops.iter().find(|p| *p.var == *v)).filter(|p| p.min.as_int() == Some(0))
    };
    match value.kind() {
        ExprKind::Binary(BinOp::FloorDiv, x, d) => match x.kind() {
            _ if loop_of(x).is_some() => loop_of(x).is_some_and(|p| product_is(p.extent, ext, d)),
            ExprKind::Binary(BinOp::FloorMod, y, m) => loop_of(y).is_some() && product_is(m, ext, d),
            _ => false,
        },
        ExprKind::Binary(BinOp::FloorMod, x, m) => {
            loop_of(x).is_some() && product_is(m, ext, &PrimExpr::int_of(1, m.dtype()))
        }
        _ => false,
    }
}
