//! `blockize` with TVM's result (`blockize_tensorize.cc` in TVM 0.27): the loops from a loop
//! down to a block become the body of a new outer block `NAME_o`, whose iteration variables
//! are the outer parts of the block's bindings (`v = v_o * E + v_i`).

use rustc_hash::FxHashMap as HashMap;

use super::tree::{self, ForParts};
use super::{BlockRV, Instruction, LoopRV, Schedule, ScheduleError, err};
use crate::tir::arith::{const_int, linear, simplify};
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute};
use crate::tir::region::coefficient;

/// One iteration variable of the block, divided at the loop: `outer * extent + inner`.
struct Division {
    /// The outer binding (over the loops above the blockized one), divided by `extent`.
    outer: PrimExpr,
    /// The inner binding (over the blockized loop and those below it).
    inner: PrimExpr,
    /// The inner extent (1: no inner part).
    extent: i64,
}

impl Schedule {
    /// Make the loops from `l` down to the block under it the body of a new block (TVM's
    /// `blockize`, `preserve_unit_iters=True`); the new outer block.
    ///
    /// # Errors
    /// A loop that does not hold exactly one loop nest ending at one block, bindings that are
    /// not sums of the loops split at `l` (TVM's "can not be blockized"), a predicated block, or
    /// stale handles.
    pub fn blockize(&mut self, l: LoopRV) -> Result<BlockRV, ScheduleError> {
        self.blockize_with(l, true)
    }

    /// [`Schedule::blockize`] with TVM's `preserve_unit_iters`: `false` binds the outer block's
    /// variables of unit loops to 0 instead of to the loop.
    ///
    /// # Errors
    /// As [`Schedule::blockize`].
    pub fn blockize_with(&mut self, l: LoopRV, preserve_unit_iters: bool) -> Result<BlockRV, ScheduleError> {
        let outer_name = self.blockize_loop(l, "blockize", preserve_unit_iters)?;
        let out = self.new_block_rv(&outer_name);
        self.trace.push(Instruction::Blockize { l, preserve_unit_iters, out });
        Ok(out)
    }

    /// [`Schedule::blockize`] without a handle or a trace entry (`tensorize` of a loop): the
    /// outer block's name.
    pub(super) fn blockize_loop(
        &mut self,
        l: LoopRV,
        primitive: &'static str,
        preserve_unit_iters: bool,
    ) -> Result<String, ScheduleError> {
        let p = primitive;
        let (_, loop_stmt) = self.loop_site(l, p)?;
        let lp = ForParts::of(&loop_stmt).ok_or_else(|| err(p, "not a loop"))?;
        // The loops from `l` down, and the block at the bottom.
        let mut inner_loops = vec![loop_stmt.clone()];
        let mut cur = lp.body.clone();
        let realize = loop {
            match cur.kind() {
                StmtKind::For { body, .. } => {
                    inner_loops.push(cur.clone());
                    cur = body.clone();
                }
                StmtKind::BlockRealize { .. } => break cur.clone(),
                _ => {
                    return Err(err(
                        p,
                        format!(
                            "loop {} does not hold a single loop nest ending at one block (not supported yet)",
                            lp.var.name()
                        ),
                    ));
                }
            }
        };
        let StmtKind::BlockRealize { values, predicate, block: blk } = realize.kind() else { unreachable!("a block") };
        // Windows (`T.match_buffer`) over the block's variables would need their regions
        // rewritten too; an output indexed by a reduction variable has no init TVM can move.
        if !blk.match_buffers.is_empty() {
            return Err(err(p, format!("block {} views buffers through T.match_buffer (not supported yet)", blk.name)));
        }
        if blk.init.is_some() {
            let indexed = tree::stores_at_reduction_index(blk);
            if indexed {
                return Err(err(
                    p,
                    format!(
                        "block {} stores at an index of a reduction variable: it is not a reduction block",
                        blk.name
                    ),
                ));
            }
        }
        let cannot = || {
            err(
                p,
                format!(
                    "The bindings of the inner block {} can not be blockized by the loops starting at {}.",
                    blk.name,
                    lp.var.name()
                ),
            )
        };
        if values.len() != blk.iter_vars.len() {
            return Err(cannot());
        }
        let inner: Vec<ForParts> = inner_loops.iter().filter_map(ForParts::of).collect();
        let divisions: Vec<Division> =
            values.iter().map(|v| divide(v, &inner)).collect::<Option<_>>().ok_or_else(cannot)?;
        if predicate.as_int() != Some(1) {
            return Err(err(p, format!("block {} has a predicate (not supported yet)", blk.name)));
        }
        // The outer block's iteration variables, and the inner block's where there is an
        // inner part.
        let mut outer_ivs = Vec::new();
        let mut outer_values = Vec::new();
        let mut inner_ivs = Vec::new();
        let mut inner_values = Vec::new();
        let mut subst: HashMap<u64, PrimExpr> = HashMap::default();
        for (iv, d) in blk.iter_vars.iter().zip(&divisions) {
            let dt = iv.var.dtype();
            let ext = iv.dom.as_ref().and_then(|r| r.extent.as_int()).ok_or_else(cannot)?;
            if ext % d.extent != 0 {
                return Err(cannot());
            }
            let outer_ext = ext / d.extent;
            let vo = Var::at(&format!("{}_o", iv.var.name()), iv.var.ty().clone(), iv.var.span());
            outer_ivs.push(IterVar {
                dom: Some(Range::new(PrimExpr::int_of(0, dt), PrimExpr::int_of(outer_ext, dt))),
                var: vo.clone(),
                ..iv.clone()
            });
            outer_values.push(d.outer.clone());
            let value = if d.extent == 1 {
                PrimExpr::var(&vo)
            } else {
                let vi = Var::at(&format!("{}_i", iv.var.name()), iv.var.ty().clone(), iv.var.span());
                inner_ivs.push(IterVar {
                    dom: Some(Range::new(PrimExpr::int_of(0, dt), PrimExpr::int_of(d.extent, dt))),
                    var: vi.clone(),
                    ..iv.clone()
                });
                inner_values.push(d.inner.clone());
                if outer_ext == 1 {
                    PrimExpr::var(&vi)
                } else {
                    simplify(&PrimExpr::binary(
                        BinOp::Add,
                        PrimExpr::binary(BinOp::Mul, PrimExpr::var(&vo), PrimExpr::int_of(d.extent, dt)),
                        PrimExpr::var(&vi),
                    ))
                }
            };
            subst.insert(iv.var.id(), value);
        }
        let sub_regions = |rs: &[BufferRegion], map: &HashMap<u64, PrimExpr>| -> Vec<BufferRegion> {
            rs.iter()
                .map(|r| BufferRegion {
                    buffer: r.buffer.clone(),
                    region: r
                        .region
                        .iter()
                        .map(|x| Range::new(simplify(&Substitute { map }.expr(&x.min)), x.extent.clone()))
                        .collect(),
                })
                .collect()
        };
        let reads = sub_regions(&blk.reads, &subst);
        let writes = sub_regions(&blk.writes, &subst);
        let body = Substitute { map: &subst }.stmt(&blk.body);
        // A reduction's inner block reads what it writes, as an update block does.
        let mut inner_reads = reads.clone();
        if blk.init.is_some() {
            inner_reads = writes.clone();
            inner_reads
                .extend(reads.iter().filter(|r| !writes.iter().any(|w| super::blocks::same_region(w, r))).cloned());
        }
        let inner_block = Block {
            iter_vars: inner_ivs,
            reads: inner_reads,
            writes: writes.clone(),
            init: None,
            body,
            ..(**blk).clone()
        };
        let inner_realize = Stmt::at(
            StmtKind::BlockRealize { values: inner_values, predicate: predicate.clone(), block: Box::new(inner_block) },
            realize.span(),
        );
        // The loops from `l` down around it, as they were.
        let mut nest = inner_realize.clone();
        for s in inner_loops.iter().rev() {
            let mut f = ForParts::of(s).ok_or_else(|| err(p, "not a loop"))?;
            f.body = nest;
            nest = f.build();
        }
        // The outer block's regions: the inner ones relaxed over those loops.
        let site = tree::BlockSite { loops: inner_loops.clone(), realize: inner_realize };
        let relax = |rs: &[BufferRegion]| -> Result<Vec<BufferRegion>, ScheduleError> {
            rs.iter()
                .map(|r| {
                    let boxed = super::blocks::symbolic_region(&site, r, &inner_loops, &[], None).ok_or_else(|| {
                        err(
                            p,
                            format!(
                                "the region of {} block {} accesses is not a box of constant size",
                                r.buffer.name(),
                                blk.name
                            ),
                        )
                    })?;
                    Ok(BufferRegion {
                        buffer: r.buffer.clone(),
                        region: boxed
                            .into_iter()
                            .map(|(min, ext)| Range::new(min.clone(), PrimExpr::int_of(ext, min.dtype())))
                            .collect(),
                    })
                })
                .collect()
        };
        let outer_reads = relax(&reads)?;
        let outer_writes = relax(&writes)?;
        // A reduction's init moves to the outer block, over copies of the inner loops its
        // spatial variables use.
        let init = blk.init.as_ref().map(|init| Schedule::blockize_init(blk, init, &divisions, &inner, &subst));
        let outer_name = format!("{}_o", blk.name);
        let outer = Block {
            iter_vars: outer_ivs,
            reads: outer_reads,
            writes: outer_writes,
            init,
            ..Block::new(&outer_name, nest)
        };
        // Without preserve_unit_iters the unit loops above are 0 in the outer bindings.
        if !preserve_unit_iters {
            let (above, _) = self.loop_site(l, p)?;
            let unit: HashMap<u64, PrimExpr> = above
                .iter()
                .chain(&inner_loops)
                .filter_map(ForParts::of)
                .filter(|f| f.extent.as_int() == Some(1))
                .map(|f| (f.var.id(), PrimExpr::int_of(0, f.var.dtype())))
                .collect();
            outer_values = outer_values.iter().map(|v| simplify(&Substitute { map: &unit }.expr(v))).collect();
        }
        let outer_realize = Stmt::block(outer_values, outer);
        self.func.body = tree::replace_loops(&self.func.body, [(lp.var.id(), outer_realize)].into_iter().collect());
        Ok(outer_name)
    }

    /// The outer block's init: `NAME_init` over copies of the inner loops its inner spatial
    /// variables (`v_i_init`) use.
    fn blockize_init(
        blk: &Block,
        init: &Stmt,
        divisions: &[Division],
        inner: &[ForParts],
        subst: &HashMap<u64, PrimExpr>,
    ) -> Stmt {
        let mut copies: HashMap<u64, Var> = HashMap::default();
        let mut ivs = Vec::new();
        let mut values = Vec::new();
        let mut init_subst: HashMap<u64, PrimExpr> = HashMap::default();
        for (iv, d) in blk.iter_vars.iter().zip(divisions) {
            let Some(inner_value) = subst.get(&iv.var.id()) else { continue };
            if iv.iter_type != IterType::DataPar || d.extent == 1 {
                init_subst.insert(iv.var.id(), inner_value.clone());
                continue;
            }
            let v = Var::at(&format!("{}_i_init", iv.var.name()), iv.var.ty().clone(), iv.var.span());
            let dt = iv.var.dtype();
            ivs.push(IterVar {
                dom: Some(Range::new(PrimExpr::int_of(0, dt), PrimExpr::int_of(d.extent, dt))),
                var: v.clone(),
                ..iv.clone()
            });
            // The binding, over copies of the loops it uses.
            let mut loop_map: HashMap<u64, PrimExpr> = HashMap::default();
            for f in inner {
                if coefficient(&d.inner, f.var.id()).is_some_and(|c| c != 0) {
                    let copy = copies
                        .entry(f.var.id())
                        .or_insert_with(|| Var::at(f.var.name(), f.var.ty().clone(), f.var.span()))
                        .clone();
                    loop_map.insert(f.var.id(), PrimExpr::var(&copy));
                }
            }
            values.push(Substitute { map: &loop_map }.expr(&d.inner));
            // `v` is its outer part and the init's own variable.
            init_subst.insert(
                iv.var.id(),
                replace_named_var(inner_value, &format!("{}_i", iv.var.name()), &PrimExpr::var(&v)),
            );
        }
        let body = Substitute { map: &init_subst }.stmt(init);
        let writes: Vec<BufferRegion> = blk
            .writes
            .iter()
            .map(|r| BufferRegion {
                buffer: r.buffer.clone(),
                region: r
                    .region
                    .iter()
                    .map(|x| Range::new(simplify(&Substitute { map: &init_subst }.expr(&x.min)), x.extent.clone()))
                    .collect(),
            })
            .collect();
        let block =
            Block { iter_vars: ivs, reads: Vec::new(), writes, ..Block::new(&format!("{}_init", blk.name), body) };
        let mut nest = Stmt::block(values, block);
        for f in inner.iter().rev() {
            if let Some(copy) = copies.get(&f.var.id()) {
                nest = Stmt::for_range(copy, f.min.clone(), f.extent.clone(), nest);
            }
        }
        nest
    }
}

/// `e` with the variable named `name` replaced by `with` (the inner variables are made here,
/// named after the block's).
fn replace_named_var(e: &PrimExpr, name: &str, with: &PrimExpr) -> PrimExpr {
    struct R<'a> {
        name: &'a str,
        with: &'a PrimExpr,
    }
    impl Mutator for R<'_> {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            if let ExprKind::Var(v) = e.kind()
                && v.name() == self.name
            {
                return self.with.clone();
            }
            crate::tir::mutate::default_expr(self, e)
        }
    }
    R { name, with }.expr(e)
}

/// A binding divided at the loops from the blockized one down (`inner`): its inner part must be
/// a dense mixed-radix sum of inner loops (`i_1 * 16 + i_2`, spanning `[0, E)`), and its outer
/// part a multiple of `E`.
fn divide(value: &PrimExpr, inner: &[ForParts]) -> Option<Division> {
    let dt = value.dtype();
    let zero = |keep_inner: bool| -> PrimExpr {
        struct Z<'a> {
            inner: &'a [ForParts],
            keep_inner: bool,
        }
        impl Mutator for Z<'_> {
            fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
                if let ExprKind::Var(v) = e.kind() {
                    let is_inner = self.inner.iter().any(|f| f.var.id() == v.id());
                    if is_inner != self.keep_inner {
                        return PrimExpr::int_of(0, v.dtype());
                    }
                }
                crate::tir::mutate::default_expr(self, e)
            }
        }
        simplify(&Z { inner, keep_inner }.expr(value))
    };
    let inner_part = zero(true);
    let outer_part = zero(false);
    // The parts must add up to the binding (no product of an inner and an outer variable).
    let sum = linear(&inner_part).plus_scaled(&linear(&outer_part), 1)?;
    if sum != linear(value) {
        return None;
    }
    // The inner part: loops with coefficients 1, e1, e1*e2, ... in some order, no constant.
    if const_int(&inner_part).is_some_and(|c| c != 0) {
        return None;
    }
    let mut terms: Vec<(i64, i64)> = Vec::new();
    for f in inner {
        let c = coefficient(&inner_part, f.var.id())?;
        let n = f.extent.as_int()?;
        if c != 0 && n != 1 {
            terms.push((c, n));
        }
    }
    if linear(&inner_part).as_const().is_none() && terms.is_empty() {
        return None;
    }
    terms.sort_unstable();
    let mut extent = 1i64;
    for (c, n) in &terms {
        if *c != extent {
            return None;
        }
        extent = extent.checked_mul(*n)?;
    }
    let inner_expr = if terms.is_empty() { PrimExpr::int_of(0, dt) } else { inner_part };
    let outer = div_exact(&outer_part, extent)?;
    Some(Division { outer: simplify(&outer), inner: inner_expr, extent })
}

/// `e / k` for a sum of multiples of `k`.
fn div_exact(e: &PrimExpr, k: i64) -> Option<PrimExpr> {
    if k == 1 {
        return Some(e.clone());
    }
    if let Some(c) = const_int(e) {
        return (c % k == 0).then(|| PrimExpr::int_of(c / k, e.dtype()));
    }
    match e.kind() {
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
            Some(PrimExpr::binary(*op, div_exact(a, k)?, div_exact(b, k)?))
        }
        ExprKind::Binary(BinOp::Mul, a, b) => {
            let c = const_int(b)?;
            (c % k == 0).then(|| PrimExpr::binary(BinOp::Mul, a.clone(), PrimExpr::int_of(c / k, b.dtype())))
        }
        _ => None,
    }
}
