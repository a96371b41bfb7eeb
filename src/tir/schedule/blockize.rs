//! `blockize` with TVM's result (`blockize_tensorize.cc` in TVM 0.27): the loops from a loop
//! down to a block become the body of a new outer block `NAME_o`, whose iteration variables
//! are the outer parts of the block's bindings (`v = v_o * E + v_i`).

use rustc_hash::FxHashMap as HashMap;

use super::tree::{self, ForParts};
use super::{BlockRV, Instruction, LoopRV, Schedule, ScheduleError, err};
use crate::tir::DataType;
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
    /// The inner extent (1: no inner part; unused where `symbolic`).
    extent: i64,
    /// The inner extent where it is symbolic: the binding is one inner loop over the variable's
    /// whole domain `[0, n)`, and the outer part is 0 (TVM's subspace division of a loop of
    /// symbolic extent).
    symbolic: Option<PrimExpr>,
}

impl Division {
    /// Whether the variable has an inner part (an inner block variable).
    fn has_inner(&self) -> bool {
        self.symbolic.is_some() || self.extent != 1
    }

    /// The inner part's extent, of type `dt`.
    fn inner_extent(&self, dt: DataType) -> PrimExpr {
        self.symbolic.clone().unwrap_or_else(|| PrimExpr::int_of(self.extent, dt))
    }
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
        let mut divisions: Vec<Division> = values
            .iter()
            .zip(&blk.iter_vars)
            .map(|(v, iv)| divide(v, &inner).or_else(|| wholly_inner(v, iv, &inner)))
            .collect::<Option<_>>()
            .ok_or_else(cannot)?;
        // A predicate over the outer loops alone moves to the outer block (TVM's outer
        // predicate); one over both is TVM's "can not be blockized".
        let (mut outer_var, mut inner_var) = (false, false);
        // (The function's symbolic extents, `(n + 2) // 3` of a guard, are on neither side.)
        let symbolic = tree::symbolic_vars(&self.func);
        crate::tir::visit::walk_expr(predicate, &mut |e| {
            if let ExprKind::Var(v) = e.kind()
                && !symbolic.contains(v)
            {
                let is_inner = inner.iter().any(|f| f.var.id() == v.id());
                outer_var |= !is_inner;
                inner_var |= is_inner;
            }
        });
        let outer_predicate = predicate.as_int() != Some(1) && !inner_var;
        let always = PrimExpr::bool(true);
        let (predicate, outer_predicate) =
            if outer_predicate { (&always, predicate.clone()) } else { (predicate, PrimExpr::bool(true)) };
        let predicated = predicate.as_int() != Some(1);
        if predicated {
            // A predicate over the inner loops alone stays on the inner block (TVM's inner
            // predicate); a binding it bounds below its loops' span (`i_0 * 16 + i_1 < 127`)
            // spans the variable's domain.
            if outer_var {
                return Err(cannot());
            }
            if blk.init.is_some() {
                return Err(err(
                    p,
                    format!("block {} has a predicate over inner loops and an init (not supported yet)", blk.name),
                ));
            }
            let bounds = crate::tir::visit::conjuncts(predicate);
            for ((iv, d), v) in blk.iter_vars.iter().zip(divisions.iter_mut()).zip(values) {
                // (A symbolic domain is the inner part's whole: nothing to narrow.)
                if d.symbolic.is_some() {
                    continue;
                }
                let ext = iv.dom.as_ref().and_then(|r| r.extent.as_int()).ok_or_else(cannot)?;
                let bounded = bounds.iter().any(|c| {
                    matches!(c.kind(), ExprKind::Cmp(CmpOp::Lt, a, b)
                        if b.as_int() == Some(ext) && crate::tir::arith::prove_equal(a, v))
                });
                if (1..d.extent).contains(&ext) && const_int(&d.outer) == Some(0) && bounded {
                    d.extent = ext;
                }
            }
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
            let vo = Var::at(&format!("{}_o", iv.var.name()), iv.var.ty().clone(), iv.var.span());
            // A variable wholly outside (no inner part) keeps its domain, symbolic or not.
            let (dom, outer_ext) = match iv.dom.as_ref().and_then(|r| r.extent.as_int()) {
                _ if d.symbolic.is_some() => (Range::new(PrimExpr::int_of(0, dt), PrimExpr::int_of(1, dt)), 1),
                Some(ext) if ext % d.extent == 0 => {
                    (Range::new(PrimExpr::int_of(0, dt), PrimExpr::int_of(ext / d.extent, dt)), ext / d.extent)
                }
                None if d.extent == 1 => (iv.dom.clone().ok_or_else(cannot)?, 0),
                _ => return Err(cannot()),
            };
            outer_ivs.push(IterVar { dom: Some(dom), var: vo.clone(), ..iv.clone() });
            outer_values.push(d.outer.clone());
            let vo = PrimExpr::var(&vo);
            let value = derive_binding(iv, d, vo.clone(), outer_ext, vo, &mut inner_ivs, &mut inner_values);
            subst.insert(iv.var.id(), value);
        }
        let reads = substitute_regions(&blk.reads, &subst);
        let writes = substitute_regions(&blk.writes, &subst);
        let body = Substitute { map: &subst }.stmt(&blk.body);
        // Indices simplified in the new variables' domains, as TVM's blockize leaves them
        // (`(v_j_o * 16 + v_j_i) // 16` is `v_j_o`).
        let inner_ranges =
            super::tree::domains(&Block { iter_vars: inner_ivs.clone(), ..Block::new("", body.clone()) });
        let mut ranges = inner_ranges.clone();
        ranges.extend(super::tree::domains(&Block { iter_vars: outer_ivs.clone(), ..Block::new("", body.clone()) }));
        let body = SimplifyIndices { ranges: &ranges, inner: &inner_ranges }.stmt(&body);
        let simplify_regions = |rs: Vec<BufferRegion>| -> Vec<BufferRegion> {
            rs.into_iter()
                .map(|r| BufferRegion {
                    region: r
                        .region
                        .iter()
                        .map(|x| {
                            Range::new(
                                SimplifyIndices { ranges: &ranges, inner: &inner_ranges }.index(&x.min),
                                x.extent.clone(),
                            )
                        })
                        .collect(),
                    ..r
                })
                .collect()
        };
        let (reads, writes) = (simplify_regions(reads), simplify_regions(writes));
        // A reduction's inner block reads what it writes, as an update block does.
        // (Where the outer block reduces too, as TVM's `GenerateInner` has it: not a block whose
        // reduction stays whole inside.)
        let mut inner_reads = reads.clone();
        if blk.init.is_some() && outer_ivs.iter().any(|iv| iv.iter_type == IterType::CommReduce) {
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
        // The outer block's regions: the inner ones relaxed over the inner block's variables'
        // domains, as TVM relaxes them (`vi_i` of extent 127 under a predicate, not the 128 the
        // loops span; `P[vi_i + vr_i]` of a fused loop's `f // 3` and `f % 3`).
        let (site, relax_loops) = {
            let StmtKind::BlockRealize { block: inner_blk, .. } = inner_realize.kind() else {
                return Err(err(p, "not a block"));
            };
            // (And the inner loops, for an opaque block's access at a loop's variable, `A[i]`.)
            let domains: Vec<Stmt> = inner_blk
                .iter_vars
                .iter()
                .filter_map(|iv| {
                    let r = iv.dom.as_ref()?;
                    Some(Stmt::for_range(&iv.var, r.min.clone(), r.extent.clone(), Stmt::empty()))
                })
                .chain(inner_loops.iter().cloned())
                .collect();
            let plain = Stmt::block(Vec::new(), Block::new(&blk.name, Stmt::empty()));
            (tree::BlockSite { loops: domains.clone(), realize: plain }, domains)
        };
        let relax = |rs: &[BufferRegion]| -> Result<Vec<BufferRegion>, ScheduleError> {
            rs.iter()
                .map(|r| {
                    // (Extents are symbolic where inner loops are: `A[vi_o, 0:n]`.) Else each
                    // index's interval over the constant domains (`vi_i // 4 + vj_i // 4`), as
                    // TVM's interval analysis bounds it.
                    let boxed = super::blocks::symbolic_box(&site, r, &relax_loops, &[], None)
                        .or_else(|| super::blocks::interval_box(r, &relax_loops))
                        .ok_or_else(|| {
                            err(
                                p,
                                format!("the region of {} block {} accesses is not a box", r.buffer.name(), blk.name),
                            )
                        })?;
                    Ok(BufferRegion {
                        buffer: r.buffer.clone(),
                        region: boxed.into_iter().map(|(min, ext)| Range::new(min, simplify(&ext))).collect(),
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
        let outer_realize = Stmt::new(StmtKind::BlockRealize {
            values: outer_values,
            predicate: outer_predicate,
            block: Box::new(outer),
        });
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
            if iv.iter_type != IterType::DataPar || !d.has_inner() {
                init_subst.insert(iv.var.id(), inner_value.clone());
                continue;
            }
            let v = Var::at(&format!("{}_i_init", iv.var.name()), iv.var.ty().clone(), iv.var.span());
            let dt = iv.var.dtype();
            ivs.push(IterVar {
                dom: Some(Range::new(PrimExpr::int_of(0, dt), d.inner_extent(dt))),
                var: v.clone(),
                ..iv.clone()
            });
            // The binding, over copies of the loops it uses.
            let mut loop_map: HashMap<u64, PrimExpr> = HashMap::default();
            for f in inner {
                // (A loop the binding uses in any form: `f // 3` of a fused loop too.)
                if crate::tir::region::uses_var(&d.inner, f.var.id())
                    && coefficient(&d.inner, f.var.id()).is_none_or(|c| c != 0)
                {
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
        let writes = substitute_regions(&blk.writes, &init_subst);
        let block =
            Block { iter_vars: ivs, reads: Vec::new(), writes, ..Block::new(&format!("{}_init", blk.name), body) };
        let mut nest = Stmt::block(values, block);
        for f in inner.iter().rev() {
            if let Some(copy) = copies.get(&f.var.id()) {
                // Kind and annotations too (`T.vectorized`), as TVM copies the loop.
                nest = ForParts { var: copy.clone(), body: nest, ..f.clone() }.build();
            }
        }
        nest
    }
}

/// Whether `e` holds a `T.likely(..)` hint.
fn has_likely(e: &PrimExpr) -> bool {
    let mut found = false;
    crate::tir::visit::walk_expr(e, &mut |x| {
        found |= matches!(x.kind(), ExprKind::Call(Callee::Builtin(n), _) if &**n == "tir.likely")
    });
    found
}

/// Buffer indices simplified knowing the ranges of variables (inclusive, by id).
struct SimplifyIndices<'a> {
    ranges: &'a HashMap<u64, (i128, i128)>,
    /// The inner block's variables' (a `T.max`/`T.min` of the body folds on these alone, as
    /// TVM's does).
    inner: &'a HashMap<u64, (i128, i128)>,
}

impl SimplifyIndices<'_> {
    fn uses_block_vars(&self, e: &PrimExpr) -> bool {
        let mut found = false;
        crate::tir::visit::walk_expr(e, &mut |x| {
            found |= x.as_var().is_some_and(|v| self.ranges.contains_key(&v.id()))
        });
        found
    }

    fn index(&self, e: &PrimExpr) -> PrimExpr {
        if !e.dtype().is_int() {
            return e.clone();
        }
        // (Summands by scale, as TVM's canonical simplifier orders them: `v_j_i + v_i_i * 16`
        // is `v_i_i * 16 + v_j_i`.)
        crate::tir::arith::canonical_order(&crate::tir::arith::simplify_in(e, &|v: &Var| {
            self.ranges.get(&v.id()).copied()
        }))
    }
}

impl Mutator for SimplifyIndices<'_> {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        let e = crate::tir::mutate::default_expr(self, e);
        match e.kind() {
            ExprKind::BufferLoad(b, idx) => b.load(idx.iter().map(|i| self.index(i)).collect()),
            // A condition on the block's variables, simplified as TVM's blockize simplifies every
            // expression its substitution changed (`vi >= 6` is `6 <= vi_i`).
            // (A conjunction of `T.likely(..)` hints keeps them: each comparison in it is
            // simplified on its own.)
            ExprKind::Cmp(..) | ExprKind::And(..) | ExprKind::Or(..)
                if self.uses_block_vars(&e) && (matches!(e.kind(), ExprKind::Cmp(..)) || !has_likely(&e)) =>
            {
                crate::tir::arith::simplify_cond_in(&e, &|v: &Var| self.ranges.get(&v.id()).copied())
            }
            // `x * 1.0` is `x`; `T.max(vi_i * 2, 0)` is `vi_i * 2` where `vi_i` is not negative.
            ExprKind::Binary(BinOp::Mul, x, one)
                if x.dtype().is_float()
                    && matches!(one.kind(), ExprKind::FloatImm(v) if *v == 1.0)
                    && self.uses_block_vars(x) =>
            {
                x.clone()
            }
            ExprKind::Binary(op @ (BinOp::Max | BinOp::Min), a, b)
                if a.dtype().is_int() && self.uses_block_vars(&e) =>
            {
                let (a, b) = (self.index(a), self.index(b));
                let d = crate::tir::arith::range_of(&PrimExpr::binary(BinOp::Sub, a.clone(), b.clone()), &|v: &Var| {
                    self.inner.get(&v.id()).copied()
                });
                let is_max = *op == BinOp::Max;
                match d {
                    Some((lo, hi)) if (is_max && lo >= 0) || (!is_max && hi <= 0) => a,
                    Some((lo, hi)) if (is_max && hi <= 0) || (!is_max && lo >= 0) => b,
                    _ => PrimExpr::binary(*op, a, b),
                }
            }
            _ => e,
        }
    }
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = crate::tir::mutate::default_stmt(self, s);
        match s.kind() {
            StmtKind::BufferStore { buffer, value, indices } => Stmt::at(
                StmtKind::BufferStore {
                    buffer: buffer.clone(),
                    value: value.clone(),
                    indices: indices.iter().map(|i| self.index(i)).collect(),
                },
                s.span(),
            ),
            _ => s,
        }
    }
}

/// Regions with block variables replaced (their minimums simplified).
fn substitute_regions(rs: &[BufferRegion], map: &HashMap<u64, PrimExpr>) -> Vec<BufferRegion> {
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
}

/// What replaces a block variable divided as `d` (TVM's `DeriveBlockBinding`): `vo * E + v_i`,
/// or the one part there is (`unit` when there is no inner part); its inner variable `v_i` and
/// binding are pushed where there is an inner part.
fn derive_binding(
    iv: &IterVar,
    d: &Division,
    vo: PrimExpr,
    outer_ext: i64,
    unit: PrimExpr,
    inner_ivs: &mut Vec<IterVar>,
    inner_values: &mut Vec<PrimExpr>,
) -> PrimExpr {
    if !d.has_inner() {
        return unit;
    }
    let dt = iv.var.dtype();
    let vi = Var::at(&format!("{}_i", iv.var.name()), iv.var.ty().clone(), iv.var.span());
    inner_ivs.push(IterVar {
        dom: Some(Range::new(PrimExpr::int_of(0, dt), d.inner_extent(dt))),
        var: vi.clone(),
        ..iv.clone()
    });
    inner_values.push(d.inner.clone());
    if outer_ext == 1 {
        PrimExpr::var(&vi)
    } else {
        simplify(&PrimExpr::binary(
            BinOp::Add,
            PrimExpr::binary(BinOp::Mul, vo, PrimExpr::int_of(d.extent, dt)),
            PrimExpr::var(&vi),
        ))
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
        if c == 0 {
            continue;
        }
        // A loop of no iteration divides nothing (and an extent of 0 would divide by zero).
        let n = f.extent.as_int().filter(|&n| n >= 1)?;
        if n != 1 {
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
    Some(Division { outer: simplify(&outer), inner: inner_expr, extent, symbolic: None })
}

/// A binding over the inner loops alone that is not a sum of them (`f // 128`, `f % 128` of a
/// fused inner loop): all inner, over the variable's whole domain, with an outer part of one
/// value, as TVM's subspace division leaves it.
fn wholly_inner(value: &PrimExpr, iv: &IterVar, inner: &[ForParts]) -> Option<Division> {
    let mut any_inner = false;
    let mut only_inner = true;
    crate::tir::visit::walk_expr(value, &mut |e| {
        if let ExprKind::Var(v) = e.kind() {
            let is_inner = inner.iter().any(|f| f.var.id() == v.id());
            any_inner |= is_inner;
            only_inner &= is_inner;
        }
    });
    let dom = iv.dom.as_ref()?;
    // A binding over inner loops alone of a symbolic domain (one loop over it, or a split of
    // it under its guard): all inner, over the whole domain (`vk_i` over `[0, n)`).
    // (Besides inner loops it may name the symbolic extents, `(n + 2) // 3`.)
    let mut params = Vec::new();
    for e in inner.iter().map(|f| &f.extent).chain(std::iter::once(&dom.extent)) {
        crate::tir::visit::walk_expr(e, &mut |x| params.extend(x.as_var().map(Var::id)));
    }
    let mut over_inner = true;
    crate::tir::visit::walk_expr(value, &mut |e| {
        if let ExprKind::Var(v) = e.kind() {
            over_inner &= inner.iter().any(|f| f.var.id() == v.id()) || params.contains(&v.id());
        }
    });
    if any_inner && over_inner && dom.extent.as_int().is_none() && dom.min.as_int() == Some(0) {
        return Some(Division {
            outer: PrimExpr::int_of(0, value.dtype()),
            inner: value.clone(),
            extent: 0,
            symbolic: Some(dom.extent.clone()),
        });
    }
    // (Loops of no iteration or of symbolic extent divide nothing.)
    if inner.iter().any(|f| f.extent.as_int().is_none_or(|n| n < 1)) {
        return None;
    }
    let extent = dom.extent.as_int().filter(|&n| n >= 1)?;
    (any_inner && only_inner && dom.min.as_int() == Some(0)).then(|| Division {
        outer: PrimExpr::int_of(0, value.dtype()),
        inner: value.clone(),
        extent,
        symbolic: None,
    })
}

/// `e / k` for a sum of multiples of `k`.
fn div_exact(e: &PrimExpr, k: i64) -> Option<PrimExpr> {
    if k == 1 {
        return Some(e.clone());
    }
    if let Some(c) = const_int(e) {
        return (c.checked_rem(k)? == 0).then(|| PrimExpr::int_of(c / k, e.dtype()));
    }
    match e.kind() {
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
            Some(PrimExpr::binary(*op, div_exact(a, k)?, div_exact(b, k)?))
        }
        ExprKind::Binary(BinOp::Mul, a, b) => {
            let c = const_int(b)?;
            (c.checked_rem(k)? == 0)
                .then(|| PrimExpr::binary(BinOp::Mul, a.clone(), PrimExpr::int_of(c / k, b.dtype())))
        }
        _ => None,
    }
}

impl Schedule {
    /// Make consecutive sibling blocks the body of one new block `outer_B_C_` (TVM's `blockize`
    /// of a list of blocks): the loops between each block and the blocks' lowest common loop
    /// (or their scope block) become inner; the outer block's variables are the outer parts of
    /// the first block's bindings, which every block must share; its regions are the union of
    /// the blocks' regions relaxed over their inner loops.
    ///
    /// # Errors
    /// Fewer than two blocks, blocks of different scopes, nested in one another, not
    /// consecutive or not in the order they run (TVM would reorder them), a block with an init
    /// (TVM 0.27 drops it), a predicate or windows, bindings that do not divide at the common
    /// loop, or outer parts that differ between the blocks.
    pub fn blockize_blocks(&mut self, blocks: &[BlockRV], preserve_unit_iters: bool) -> Result<BlockRV, ScheduleError> {
        let p = "blockize";
        if blocks.len() < 2 {
            return Err(err(p, "a list of blocks to blockize needs at least two blocks (blockize a loop instead)"));
        }
        let sites: Vec<tree::BlockSite> = blocks.iter().map(|&b| self.block_site(b, p)).collect::<Result<_, _>>()?;
        let names: Vec<String> = sites
            .iter()
            .map(|s| match s.realize.kind() {
                StmtKind::BlockRealize { block, .. } => block.name.clone(),
                _ => String::new(),
            })
            .collect();
        let scope = tree::scope_of(&self.func.body, &sites[0].realize);
        for (s, n) in sites.iter().zip(&names).skip(1) {
            let same = match (tree::scope_of(&self.func.body, &s.realize), &scope) {
                (Some(a), Some(b)) => a.same_node(b),
                (None, None) => true,
                _ => false,
            };
            if !same {
                return Err(err(p, format!("blocks {} and {n} are not in the same scope block", names[0])));
            }
        }
        // The loops all the blocks are under: the lowest common one (else the scope block).
        let common = (0..sites.iter().map(|s| s.loops.len()).min().unwrap_or(0))
            .take_while(|&k| sites.iter().all(|s| s.loops[k].same_node(&sites[0].loops[k])))
            .count();
        let lca = match common {
            0 => scope.clone().ok_or_else(|| err(p, "the blocks have no scope block"))?,
            k => sites[0].loops[k - 1].clone(),
        };
        let lca_body = match lca.kind() {
            StmtKind::For { body, .. } => body.clone(),
            StmtKind::BlockRealize { block, .. } => block.body.clone(),
            _ => return Err(err(p, "the blocks' common ancestor is neither a loop nor a block")),
        };
        let StmtKind::Seq(items) = lca_body.kind() else {
            return Err(err(p, format!("blocks {} are nested in one another", names.join(", "))));
        };
        // Each block is one item of that sequence (its loops and nothing else), in order, with
        // no other item between them.
        let mut places = Vec::new();
        for (s, n) in sites.iter().zip(&names) {
            let chain: Vec<&Stmt> = s.loops[common..].iter().chain(std::iter::once(&s.realize)).collect();
            let single = chain.windows(2).all(|w| ForParts::of(w[0]).is_some_and(|f| f.body.same_node(w[1])));
            let place = items.iter().position(|it| it.same_node(chain[0]));
            match place {
                Some(k) if single => places.push(k),
                _ => {
                    return Err(err(
                        p,
                        format!("block {n} is not alone in its loops under the blocks' common loop (not supported)"),
                    ));
                }
            }
        }
        if places.windows(2).any(|w| w[1] != w[0] + 1) {
            return Err(err(
                p,
                format!(
                    "blocks {} must be consecutive and listed in the order they run (TVM would run them in the listed order)",
                    names.join(", ")
                ),
            ));
        }
        let mut outer_ivs: Vec<IterVar> = Vec::new();
        let mut outer_values: Vec<PrimExpr> = Vec::new();
        let mut reads: Vec<BufferRegion> = Vec::new();
        let mut writes: Vec<BufferRegion> = Vec::new();
        let mut nests = Vec::new();
        // Unit loops above the common loop are 0 in the outer bindings without preserve_unit_iters.
        let above: Vec<ForParts> = sites[0].loops[..common].iter().filter_map(ForParts::of).collect();
        let unit_above: HashMap<u64, PrimExpr> = above
            .iter()
            .filter(|f| !preserve_unit_iters && f.extent.as_int() == Some(1))
            .map(|f| (f.var.id(), PrimExpr::int_of(0, f.var.dtype())))
            .collect();
        for (site, name) in sites.iter().zip(&names) {
            let StmtKind::BlockRealize { values, predicate, block: blk } = site.realize.kind() else {
                return Err(err(p, "not a block"));
            };
            if blk.init.is_some() {
                return Err(err(
                    p,
                    format!("block {name} is a reduction: blockize of several blocks has no place for its init"),
                ));
            }
            if predicate.as_int() != Some(1) {
                return Err(err(p, format!("block {name} has a predicate (not supported yet)")));
            }
            if !blk.match_buffers.is_empty() {
                return Err(err(p, format!("block {name} views buffers through T.match_buffer (not supported yet)")));
            }
            let inner_loops: Vec<Stmt> = site.loops[common..].to_vec();
            let inner: Vec<ForParts> = inner_loops.iter().filter_map(ForParts::of).collect();
            let cannot = || {
                let start = inner.first().map_or_else(|| name.clone(), |f| f.var.name().to_string());
                err(
                    p,
                    format!(
                        "The bindings of the inner block {name} can not be blockized by the loops starting at {start}."
                    ),
                )
            };
            // Unit inner loops take no part in the division (TVM's subspace division).
            let unit_inner: HashMap<u64, PrimExpr> =
                inner.iter().filter(|f| f.extent.as_int() == Some(1)).map(|f| (f.var.id(), f.min.clone())).collect();
            let divisions: Vec<Division> = values
                .iter()
                .map(|v| divide(&simplify(&Substitute { map: &unit_inner }.expr(v)), &inner))
                .collect::<Option<_>>()
                .ok_or_else(cannot)?;
            let first = outer_ivs.is_empty();
            if !first && blk.iter_vars.len() != outer_ivs.len() {
                return Err(err(
                    p,
                    format!("blocks {} and {name} do not have the same outer iteration space", names[0]),
                ));
            }
            let mut inner_ivs = Vec::new();
            let mut inner_values = Vec::new();
            let mut subst: HashMap<u64, PrimExpr> = HashMap::default();
            for (k, (iv, d)) in blk.iter_vars.iter().zip(&divisions).enumerate() {
                let dt = iv.var.dtype();
                let ext = iv.dom.as_ref().and_then(|r| r.extent.as_int()).ok_or_else(cannot)?;
                if ext % d.extent != 0 {
                    return Err(cannot());
                }
                let outer_ext = ext / d.extent;
                let outer_value = simplify(&Substitute { map: &unit_above }.expr(&d.outer));
                if first {
                    let vo = Var::at(&format!("{}_o", iv.var.name()), iv.var.ty().clone(), iv.var.span());
                    outer_ivs.push(IterVar {
                        dom: Some(Range::new(PrimExpr::int_of(0, dt), PrimExpr::int_of(outer_ext, dt))),
                        var: vo,
                        ..iv.clone()
                    });
                    outer_values.push(outer_value);
                } else if outer_ivs[k].dom.as_ref().and_then(|r| r.extent.as_int()) != Some(outer_ext)
                    || !crate::tir::arith::prove_equal(&outer_values[k], &outer_value)
                {
                    return Err(err(
                        p,
                        format!("blocks {} and {name} do not have the same outer iteration space", names[0]),
                    ));
                }
                let vo = PrimExpr::var(&outer_ivs[k].var);
                // A variable with neither part is 0 without preserve_unit_iters (TVM).
                let unit = if outer_ext == 1 && !preserve_unit_iters { PrimExpr::int_of(0, dt) } else { vo.clone() };
                let value = derive_binding(iv, d, vo, outer_ext, unit, &mut inner_ivs, &mut inner_values);
                subst.insert(iv.var.id(), value);
            }
            let inner_block = Block {
                iter_vars: inner_ivs,
                reads: substitute_regions(&blk.reads, &subst),
                writes: substitute_regions(&blk.writes, &subst),
                body: Substitute { map: &subst }.stmt(&blk.body),
                ..(**blk).clone()
            };
            let inner_realize = Stmt::at(
                StmtKind::BlockRealize {
                    values: inner_values,
                    predicate: predicate.clone(),
                    block: Box::new(inner_block.clone()),
                },
                site.realize.span(),
            );
            // The block's regions, relaxed over its inner loops.
            let relaxed_site = tree::BlockSite { loops: inner_loops.clone(), realize: inner_realize.clone() };
            let relax = |rs: &[BufferRegion], out: &mut Vec<BufferRegion>| -> Result<(), ScheduleError> {
                for r in rs {
                    let boxed = super::blocks::symbolic_region(&relaxed_site, r, &inner_loops, &above, None)
                        .ok_or_else(|| {
                            err(
                                p,
                                format!(
                                    "the region of {} block {name} accesses is not a box of constant size",
                                    r.buffer.name()
                                ),
                            )
                        })?;
                    out.push(BufferRegion {
                        buffer: r.buffer.clone(),
                        region: boxed
                            .into_iter()
                            .map(|(min, ext)| Range::new(min.clone(), PrimExpr::int_of(ext, min.dtype())))
                            .collect(),
                    });
                }
                Ok(())
            };
            relax(&inner_block.reads, &mut reads)?;
            relax(&inner_block.writes, &mut writes)?;
            let mut nest = inner_realize;
            for s in inner_loops.iter().rev() {
                let mut f = ForParts::of(s).ok_or_else(|| err(p, "not a loop"))?;
                f.body = nest;
                nest = f.build();
            }
            nests.push(nest);
        }
        // Block variables bound to a loop above name it in the inner loops' bounds.
        let loop_subst: HashMap<u64, PrimExpr> = outer_ivs
            .iter()
            .zip(&outer_values)
            .filter_map(|(iv, v)| v.as_var().map(|lv| (lv.id(), PrimExpr::var(&iv.var))))
            .collect();
        let nests: Vec<Stmt> = nests
            .into_iter()
            .map(|n| if loop_subst.is_empty() { n } else { substitute_loop_bounds(&n, &loop_subst) })
            .collect();
        let outer_name = format!("outer_{}", names.iter().map(|n| format!("{n}_")).collect::<String>());
        let outer = Block {
            iter_vars: outer_ivs,
            reads: union_regions(&reads).ok_or_else(|| err(p, "the blocks' regions of one buffer differ in rank"))?,
            writes: union_regions(&writes).ok_or_else(|| err(p, "the blocks' regions of one buffer differ in rank"))?,
            ..Block::new(&outer_name, Stmt::at(StmtKind::Seq(nests), lca.span()))
        };
        let outer_realize = Stmt::block(outer_values, outer);
        // The blocks' items of the sequence become the one outer block.
        let mut list: Vec<Stmt> = items[..places[0]].to_vec();
        list.push(outer_realize);
        list.extend(items[places[places.len() - 1] + 1..].iter().cloned());
        let new_body = if list.len() == 1 { list.remove(0) } else { Stmt::at(StmtKind::Seq(list), lca_body.span()) };
        let new_lca = match lca.kind() {
            StmtKind::For { .. } => {
                let mut f = ForParts::of(&lca).ok_or_else(|| err(p, "not a loop"))?;
                f.body = new_body;
                f.build()
            }
            StmtKind::BlockRealize { block, .. } => {
                tree::with_block(&lca, Block { body: new_body, ..(**block).clone() })
            }
            _ => return Err(err(p, "the blocks' common ancestor is neither a loop nor a block")),
        };
        self.func.body = super::blocks::replace_stmt(&self.func.body, &lca, &new_lca);
        let out = self.new_block_rv(&outer_name);
        self.trace.push(Instruction::BlockizeBlocks { blocks: blocks.to_vec(), preserve_unit_iters, out });
        Ok(out)
    }
}

/// `s` with loop bounds' variables replaced (nothing else).
fn substitute_loop_bounds(s: &Stmt, map: &HashMap<u64, PrimExpr>) -> Stmt {
    match ForParts::of(s) {
        Some(mut f) => {
            f.min = Substitute { map }.expr(&f.min);
            f.extent = Substitute { map }.expr(&f.extent);
            f.body = substitute_loop_bounds(&f.body, map);
            f.build()
        }
        None => s.clone(),
    }
}

/// TVM's `UnionRegions`: per buffer (in the order first seen), per dimension, the smallest
/// minimum and the largest last element, as `min : max + 1` (constants folded, the rest kept as
/// TVM writes them: `T.min(..)`, `T.max(..) + 1 - T.min(..)`).
fn union_regions(regions: &[BufferRegion]) -> Option<Vec<BufferRegion>> {
    let mut order: Vec<&Buffer> = Vec::new();
    for r in regions {
        if !order.contains(&&r.buffer) {
            order.push(&r.buffer);
        }
    }
    let fold = |a: PrimExpr, b: &PrimExpr, is_min: bool| -> PrimExpr {
        if crate::tir::arith::prove_equal(&a, b) {
            return a;
        }
        match (const_int(&a), const_int(b)) {
            (Some(x), Some(y)) => PrimExpr::int_of(if is_min { x.min(y) } else { x.max(y) }, a.dtype()),
            _ if is_min => PrimExpr::min(a, b.clone()),
            _ => PrimExpr::max(a, b.clone()),
        }
    };
    let last = |r: &Range| match (const_int(&r.min), const_int(&r.extent)) {
        (Some(m), Some(e)) => PrimExpr::int_of(m + e - 1, r.min.dtype()),
        (_, Some(1)) => r.min.clone(),
        _ => simplify(&PrimExpr::binary(
            BinOp::Sub,
            PrimExpr::binary(BinOp::Add, r.min.clone(), r.extent.clone()),
            PrimExpr::int_of(1, r.min.dtype()),
        )),
    };
    order
        .into_iter()
        .map(|b| {
            let of_b: Vec<&BufferRegion> = regions.iter().filter(|r| r.buffer == *b).collect();
            let (first, rest) = of_b.split_first()?;
            let dims = first.region.len();
            if rest.iter().any(|r| r.region.len() != dims) {
                return None;
            }
            let region = (0..dims)
                .map(|d| {
                    let mut lo = first.region[d].min.clone();
                    let mut hi = last(&first.region[d]);
                    for r in rest {
                        lo = fold(lo, &r.region[d].min, true);
                        hi = fold(hi, &last(&r.region[d]), false);
                    }
                    let dt = lo.dtype();
                    let extent = match (const_int(&lo), const_int(&hi)) {
                        (Some(l), Some(h)) => PrimExpr::int_of(h + 1 - l, dt),
                        _ => PrimExpr::binary(
                            BinOp::Sub,
                            PrimExpr::binary(BinOp::Add, hi, PrimExpr::int_of(1, dt)),
                            lo.clone(),
                        ),
                    };
                    Range::new(lo, extent)
                })
                .collect();
            Some(BufferRegion { buffer: b.clone(), region })
        })
        .collect()
}
