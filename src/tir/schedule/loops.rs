//! Loop primitives: `split`, `fuse`, `reorder`, `parallel`, `vectorize`, `unroll`, with TVM's
//! legality rules (`src/s_tir/schedule/primitive/loop_transformation.cc`,
//! `for_kind.cc` in TVM 0.27).

use rustc_hash::FxHashMap as HashMap;

use super::tree::{self, ForParts};
use super::{Factor, Instruction, LoopRV, Rv, Schedule, ScheduleError, err};
use crate::tir::arith::simplify;
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute};

/// TVM's keyword arguments of `split`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitOptions {
    /// `false`: the new loops of extent 1 are left out of the blocks' bindings (they are 0).
    pub preserve_unit_iters: bool,
    /// `true`: no `T.where` guards factors whose product exceeds the extent, so the extra
    /// iterations run (TVM's warning applies: only for factors known to divide; Strata's bounds
    /// checks still stop accesses outside the buffers).
    pub disable_predication: bool,
}

impl Default for SplitOptions {
    fn default() -> SplitOptions {
        SplitOptions { preserve_unit_iters: true, disable_predication: false }
    }
}

impl Schedule {
    /// Split a loop into nested loops with these extents, outermost first; one factor may be
    /// `None` (inferred). When the factors' product exceeds the extent, the blocks under the
    /// loop get TVM's predicate (`T.where(i_0 * 8 + i_1 < n)`).
    ///
    /// # Errors
    /// More than one `None`, a factor that is not positive, a product below the extent, a
    /// symbolic extent, or a stale handle.
    pub fn split(&mut self, l: LoopRV, factors: &[Option<i64>]) -> Result<Vec<LoopRV>, ScheduleError> {
        let factors: Vec<Factor> = factors.iter().map(|&f| Factor::from(f)).collect();
        self.split_by(l, &factors)
    }

    /// [`Schedule::split`] with factors that may be sampled values.
    ///
    /// # Errors
    /// As [`Schedule::split`], and a sampled factor that is not this schedule's.
    pub fn split_by(&mut self, l: LoopRV, given: &[Factor]) -> Result<Vec<LoopRV>, ScheduleError> {
        self.split_with(l, given, SplitOptions::default())
    }

    /// [`Schedule::split_by`] with TVM's `preserve_unit_iters` and `disable_predication`.
    ///
    /// # Errors
    /// As [`Schedule::split_by`].
    pub fn split_with(
        &mut self,
        l: LoopRV,
        given: &[Factor],
        opts: SplitOptions,
    ) -> Result<Vec<LoopRV>, ScheduleError> {
        let preserve_unit_iters = opts.preserve_unit_iters;
        const P: &str = "split";
        let factors = self.resolve_factors(given)?;
        let (above, s) = self.loop_site(l, P)?;
        let p = ForParts::of(&s).ok_or_else(|| err(P, "not a loop"))?;
        let name = p.var.name().to_string();
        if factors.is_empty() {
            return Err(err(P, "at least one factor is needed"));
        }
        check_factors(&factors, P)?;
        check_plain_loop(&p, P)?;
        let dt = p.var.dtype();
        let known = factors.iter().flatten().try_fold(1i64, |a, &f| a.checked_mul(f));
        let Some(known) = known else { return Err(err(P, "the product of the factors overflows")) };
        let too_small =
            || err(P, format!("The product of factors is not larger than or equal to the extent of loop {name}"));
        // The new extents, and whether their product is the extent (else a predicate guards).
        let (extents, exact): (Vec<PrimExpr>, bool) = match p.extent.as_int() {
            Some(extent) => {
                let ints: Vec<i64> =
                    factors.iter().map(|f| f.unwrap_or_else(|| (extent.max(1) - 1) / known.max(1) + 1)).collect();
                let product = ints.iter().try_fold(1i64, |a, &f| a.checked_mul(f));
                // Factors, strides and the product are values of the loop variable's type.
                if product.is_none_or(|x| x > type_max(dt)) {
                    return Err(err(P, format!("the factors' product does not fit the type {dt} of loop {name}")));
                }
                if product.is_none_or(|p| p < extent) {
                    return Err(too_small());
                }
                (ints.iter().map(|&e| PrimExpr::int_of(e, dt)).collect(), product == Some(extent))
            }
            // A symbolic extent: the inferred factor is TVM's `(n + k - 1) // k`; constant factors
            // alone cannot be proven to cover it.
            None => {
                if factors.iter().all(Option::is_some) {
                    return Err(too_small());
                }
                if known > type_max(dt) {
                    return Err(err(P, format!("the factors' product does not fit the type {dt} of loop {name}")));
                }
                // `n * 32` split by 32 (or 16) divides exactly: `n` (`n * 2`), no predicate, as
                // TVM's simplifier finds.
                let exact = divide_exactly(&p.extent, known);
                let inferred = if known == 1 {
                    p.extent.clone()
                } else if let Some(q) = &exact {
                    q.clone()
                } else {
                    simplify(&PrimExpr::floordiv(
                        PrimExpr::binary(BinOp::Add, p.extent.clone(), PrimExpr::int_of(known - 1, dt)),
                        PrimExpr::int_of(known, dt),
                    ))
                };
                let extents = factors.iter().map(|f| f.map_or_else(|| inferred.clone(), |c| PrimExpr::int_of(c, dt)));
                (extents.collect(), known == 1 || exact.is_some())
            }
        };
        let vars: Vec<Var> =
            (0..extents.len()).map(|i| Var::at(&format!("{name}_{i}"), p.var.ty().clone(), p.var.span())).collect();
        // i = i_0 * (e_1 * e_2 ..) + i_1 * (e_2 ..) + .. + i_n (+ min), summed left to right.
        let mut value: Option<PrimExpr> = None;
        for (k, v) in vars.iter().enumerate() {
            if !preserve_unit_iters && extents[k].as_int() == Some(1) {
                continue;
            }
            let stride = extents[k + 1..].iter().fold(PrimExpr::int_of(1, dt), |a, e| fold_mul(&a, e));
            let term = simplify(&PrimExpr::binary(BinOp::Mul, PrimExpr::var(v), stride));
            value = Some(match value {
                None => term,
                Some(acc) => PrimExpr::binary(BinOp::Add, acc, term),
            });
        }
        let mut value = value.unwrap_or_else(|| PrimExpr::int_of(0, dt));
        // TVM's predicate is the unsimplified `(i_0 * e_1 + i_1) * e_2 + i_2` (its loop variable
        // rebuilt factor by factor), of the kept variables.
        let mut unsplit: Option<PrimExpr> = None;
        for (v, e) in vars.iter().zip(&extents) {
            if !preserve_unit_iters && e.as_int() == Some(1) {
                continue;
            }
            unsplit = Some(match unsplit {
                None => PrimExpr::var(v),
                Some(acc) => PrimExpr::binary(BinOp::Add, fold_mul(&acc, e), PrimExpr::var(v)),
            });
        }
        let unsplit = unsplit.unwrap_or_else(|| PrimExpr::int_of(0, dt));
        if p.min.as_int() != Some(0) {
            value = PrimExpr::binary(BinOp::Add, value, p.min.clone());
        }
        // TVM substitutes the loop variable rebuilt factor by factor; its iterator maps then
        // simplify the bindings (flat where they map, the loop's own sum flat inside them where
        // a predicate bounds part of one), while predicates keep the raw form
        // (`((j_0_0 * 8 + j_0_1) * 4 + j_0_2) * 32 + j_1 < 16`).
        let raw = if p.min.as_int() != Some(0) {
            PrimExpr::binary(BinOp::Add, unsplit.clone(), p.min.clone())
        } else {
            unsplit.clone()
        };
        let raw_map = HashMap::from_iter([(p.var.id(), raw.clone())]);
        let body = tree::map_outer_blocks(&p.body, &mut |_, pred, _| Substitute { map: &raw_map }.expr(pred));
        // Loops whose ranges depend on other loops have no iterator map: TVM leaves the
        // bindings raw too (`(k_0 * 16 + k_1) * 2 + k_2`).
        let mut nest_vars = loop_vars(&p.body);
        nest_vars.extend(above.iter().filter_map(ForParts::of).map(|f| f.var.id()));
        nest_vars.insert(p.var.id());
        let mut dependent = false;
        for f in above.iter().filter_map(ForParts::of).chain(std::iter::once(p.clone())) {
            dependent |= tree::mentions(&f.min, &nest_vars) || tree::mentions(&f.extent, &nest_vars);
        }
        crate::tir::visit::walk_stmts(&p.body, &mut |x| {
            if let StmtKind::For { min, extent, .. } = x.kind() {
                dependent |= tree::mentions(min, &nest_vars) || tree::mentions(extent, &nest_vars);
            }
        });
        let map = HashMap::from_iter([(p.var.id(), if dependent { raw } else { value })]);
        let mut body = Substitute { map: &map }.stmt(&body);
        // The loops a binding under the split loop can name: those above it, those inside it,
        // and the new ones.
        let mut iterators = loop_vars(&p.body);
        iterators.extend(above.iter().filter_map(ForParts::of).map(|f| f.var.id()));
        iterators.extend(vars.iter().map(Var::id));
        if !exact && !opts.disable_predication {
            let cond = PrimExpr::cmp(CmpOp::Lt, unsplit, p.extent.clone());
            body = tree::map_outer_blocks(&body, &mut |_, pred, _| match pred.as_int() {
                Some(1) => cond.clone(),
                _ => PrimExpr::and(pred.clone(), cond.clone()),
            });
        }
        if !dependent {
            // The new loops of extent 1 are no iterators to TVM's iterator maps (they are 0): a
            // binding past a guarded sum by them alone still maps (`i_0_0 * 8 + i_0_1 + i_1_0 +
            // i_1_1` under `i_0_0 * 8 + i_0_1 < 100`). Unit loops that were there before do
            // not count so (`i0 * 16 + (i1_0 * 7 + i1_1)` stays), as TVM 0.27 prints them.
            let units: rustc_hash::FxHashSet<u64> =
                vars.iter().zip(&extents).filter(|(_, e)| e.as_int() == Some(1)).map(|(v, _)| v.id()).collect();
            let varying: rustc_hash::FxHashSet<u64> = iterators.difference(&units).copied().collect();
            // The loops' constant ranges, for predicates over splits of them.
            let mut ranges = LoopRanges::default();
            let mut note = |f: &ForParts| {
                if let (Some(min), Some(n)) = (f.min.as_int(), f.extent.as_int().filter(|&n| n > 0)) {
                    ranges.insert(f.var.id(), (i128::from(min), i128::from(min) + i128::from(n) - 1));
                }
            };
            above.iter().filter_map(ForParts::of).for_each(|f| note(&f));
            crate::tir::visit::walk_stmts(&body, &mut |x| {
                if let Some(f) = ForParts::of(x) {
                    note(&f);
                }
            });
            for (v, e) in vars.iter().zip(&extents) {
                if let Some(n) = e.as_int().filter(|&n| n > 0) {
                    ranges.insert(v.id(), (0, i128::from(n) - 1));
                }
            }
            body = simplify_bindings(&body, &iterators, Some((&varying, &ranges)));
        }
        let mut inner = body;
        for (v, e) in vars.iter().zip(&extents).rev() {
            inner = ForParts {
                var: v.clone(),
                min: PrimExpr::int_of(0, dt),
                extent: e.clone(),
                kind: ForKind::Serial,
                body: inner,
                annotations: Vec::new(),
                span: p.span,
            }
            .build();
        }
        self.func.body = tree::replace_loops(&self.func.body, [(p.var.id(), inner)].into_iter().collect());
        self.rvs[l.0] = Rv::Loop(None);
        let outs: Vec<LoopRV> = vars.iter().map(|v| self.new_loop_rv(v)).collect();
        self.trace.push(Instruction::Split { l, factors: given.to_vec(), opts, outs: outs.clone() });
        Ok(outs)
    }

    /// Fuse directly nested loops (outermost first) into one.
    ///
    /// # Errors
    /// Loops that are not each the only statement of the one before, a symbolic extent, or a
    /// stale handle.
    pub fn fuse(&mut self, loops: &[LoopRV]) -> Result<LoopRV, ScheduleError> {
        const P: &str = "fuse";
        if loops.is_empty() {
            return Err(err(P, "at least one loop is needed"));
        }
        let mut parts = Vec::with_capacity(loops.len());
        let mut above = Vec::new();
        for (k, &l) in loops.iter().enumerate() {
            let (path, s) = self.loop_site(l, P)?;
            if k == 0 {
                above = path;
            }
            parts.push(ForParts::of(&s).ok_or_else(|| err(P, "not a loop"))?);
        }
        for p in &parts {
            check_plain_loop(p, P)?;
        }
        for (k, inner) in parts.iter().enumerate() {
            if let Some(outer) = parts[..k].iter().find(|o| crate::tir::region::uses_var(&inner.extent, o.var.id())) {
                return Err(err(
                    P,
                    format!("A loop {}'s `extent` is dependent on another loop {}", inner.var.name(), outer.var.name()),
                ));
            }
        }
        for p in &parts {
            check_domains_free_of(p, P)?;
        }
        for w in parts.windows(2) {
            let (outer, inner) = (&w[0], &w[1]);
            if outer.var.id() == inner.var.id() {
                return Err(err(
                    P,
                    format!("Loop {} appears in the input array for multiple times.", outer.var.name()),
                ));
            }
            let child = match outer.body.kind() {
                StmtKind::For { var, .. } => Some(var.id()),
                _ => None,
            };
            if child != Some(inner.var.id()) {
                let inside = tree::find_loop(&outer.body, inner.var.id()).is_some();
                return Err(err(
                    P,
                    if inside {
                        format!(
                            "The loops can't be fused because the inner loop {} is not the only child of outer loop {}",
                            inner.var.name(),
                            outer.var.name()
                        )
                    } else {
                        format!(
                            "The loops can't be fused because the outer loop {} is not the parent of the inner loop {}",
                            outer.var.name(),
                            inner.var.name()
                        )
                    },
                ));
            }
        }
        let first = &parts[0];
        // The fused loop takes the widest of the loops' types (an int64 loop fused with an
        // int32 one counts in int64); a narrower loop's variable is the fused value cast back,
        // as TVM writes it (`T.Cast("int32", i_j_fused % T.int64(256))`).
        let widest = parts.iter().max_by_key(|p| p.var.dtype().bits).unwrap_or(first);
        let dt = widest.var.dtype();
        let names: Vec<&str> = parts.iter().map(|p| p.var.name()).collect();
        let fused = Var::at(&format!("{}_fused", names.join("_")), widest.var.ty().clone(), first.var.span());
        let narrowed = |v: PrimExpr, p: &ForParts| {
            if p.var.dtype() == dt { v } else { PrimExpr::cast(p.var.dtype(), v) }
        };
        let widened = |e: &PrimExpr| crate::tir::arith::as_dtype(e.clone(), dt);
        let n = parts.len();
        let mut map = HashMap::default();
        // Predicates take the values simplified without the fused loop's range (TVM 0.27 keeps
        // `f % 1024 // 128` in a `T.where` under a fused loop of 1024).
        let mut pred_map = HashMap::default();
        let constant: Option<Vec<i64>> = parts.iter().map(|p| p.extent.as_int()).collect();
        let total = match constant {
            Some(extents) => {
                let total = extents
                    .iter()
                    .try_fold(1i64, |a, &e| a.checked_mul(e))
                    .filter(|&t| t <= type_max(dt))
                    .ok_or_else(|| err(P, format!("the fused extent does not fit the type {dt}")))?;
                // l_k = fused % (e_k * suffix) // suffix, with suffix the product of the extents inside.
                for (k, p) in parts.iter().enumerate() {
                    let suffix: i64 = extents[k + 1..].iter().product();
                    // A loop of extent 1 is 0, as TVM writes it (a loop fused alone included).
                    let mut v = if extents[k] == 1 { PrimExpr::int_of(0, dt) } else { PrimExpr::var(&fused) };
                    if k > 0 && extents[k] != 1 {
                        v = PrimExpr::floormod(v, PrimExpr::int_of(extents[k] * suffix, dt));
                    }
                    if k + 1 < n && extents[k] != 1 {
                        v = PrimExpr::floordiv(v, PrimExpr::int_of(suffix, dt));
                    }
                    if p.min.as_int() != Some(0) {
                        v = PrimExpr::binary(BinOp::Add, v, widened(&p.min));
                    }
                    // Knowing the fused loop's range, as TVM's analyzer does: `fused // 2` is 0 and
                    // `fused % 2` is `fused` under a fused loop of extent 2 (unit loops fused in).
                    let range = |x: &Var| (x.id() == fused.id()).then_some((0, i128::from(total) - 1));
                    pred_map.insert(p.var.id(), narrowed(simplify(&v), p));
                    map.insert(p.var.id(), narrowed(crate::tir::arith::simplify_in(&v, &range), p));
                }
                PrimExpr::int_of(total, dt)
            }
            // Symbolic extents, as TVM builds them: l_k = fused % (lower * e_k) // lower, with
            // lower the product of the extents inside (built innermost first); the extent is
            // the simplified product.
            None => {
                let mut lower = PrimExpr::int_of(1, dt);
                for (k, p) in parts.iter().enumerate().rev() {
                    let extent = widened(&p.extent);
                    let mut v = if p.extent.as_int() == Some(1) {
                        PrimExpr::int_of(0, dt)
                    } else if k == 0 {
                        fold_div(&PrimExpr::var(&fused), &lower)
                    } else if parts[..k].iter().all(|o| o.extent.as_int() == Some(1)) {
                        // Only loops of extent 1 outside: the fused loop is below `lower *
                        // extent`, so the remainder is the quotient alone (TVM's analyzer
                        // knows the fused loop's range).
                        fold_div(&PrimExpr::var(&fused), &lower)
                    } else {
                        fold_div(&fold_mod(&PrimExpr::var(&fused), &fold_mul(&lower, &extent)), &lower)
                    };
                    lower = fold_mul(&lower, &extent);
                    if p.min.as_int() != Some(0) {
                        v = PrimExpr::binary(BinOp::Add, v, widened(&p.min));
                    }
                    map.insert(p.var.id(), narrowed(simplify(&v), p));
                }
                simplify(&parts.iter().fold(PrimExpr::int_of(1, dt), |a, p| fold_mul(&a, &widened(&p.extent))))
            }
        };
        let innermost = &parts[n - 1];
        let mut iterators = loop_vars(&innermost.body);
        iterators.extend(above.iter().filter_map(ForParts::of).map(|f| f.var.id()));
        iterators.insert(fused.id());
        // (Only where a block under the loops has a predicate: the rebuild costs a walk.)
        let mut guarded = false;
        tree::walk_blocks(&innermost.body, &mut Vec::new(), &mut |_, realize, _| {
            guarded |=
                matches!(realize.kind(), StmtKind::BlockRealize { predicate, .. } if predicate.as_int() != Some(1));
        });
        let body = if pred_map.is_empty() || !guarded {
            innermost.body.clone()
        } else {
            tree::map_outer_blocks(&innermost.body, &mut |_, pred, _| Substitute { map: &pred_map }.expr(pred))
        };
        let body = simplify_bindings(&Substitute { map: &map }.stmt(&body), &iterators, None);
        let stmt = ForParts {
            var: fused.clone(),
            min: PrimExpr::int_of(0, dt),
            extent: total,
            kind: ForKind::Serial,
            body,
            annotations: Vec::new(),
            span: first.span,
        }
        .build();
        self.func.body = tree::replace_loops(&self.func.body, [(first.var.id(), stmt)].into_iter().collect());
        for &l in loops {
            self.rvs[l.0] = Rv::Loop(None);
        }
        let out = self.new_loop_rv(&fused);
        self.trace.push(Instruction::Fuse { loops: loops.to_vec(), out });
        Ok(out)
    }

    /// Reorder loops of one nest: the positions the given loops hold in their chain of directly
    /// nested loops receive them in the given order; other loops stay where they are.
    ///
    /// # Errors
    /// A loop given twice, loops not in one chain of directly nested loops, or a stale handle.
    pub fn reorder(&mut self, loops: &[LoopRV]) -> Result<(), ScheduleError> {
        const P: &str = "reorder";
        let mut given = Vec::with_capacity(loops.len());
        for &l in loops {
            let (above, s) = self.loop_site(l, P)?;
            let p = ForParts::of(&s).ok_or_else(|| err(P, "not a loop"))?;
            if given.iter().any(|(q, _): &(ForParts, usize)| q.var.id() == p.var.id()) {
                return Err(err(P, format!("Loop {} appears in the input array for multiple times.", p.var.name())));
            }
            given.push((p, above.len()));
        }
        if given.len() < 2 {
            self.trace.push(Instruction::Reorder { loops: loops.to_vec() });
            return Ok(());
        }
        // The chain from the outermost given loop down to the innermost one.
        let top = given.iter().min_by_key(|(_, depth)| *depth).map(|(p, _)| p.var.id()).unwrap_or_default();
        let (_, top_stmt) = tree::find_loop(&self.func.body, top).ok_or_else(|| err(P, "loop not found"))?;
        let ids: Vec<u64> = given.iter().map(|(p, _)| p.var.id()).collect();
        let mut chain: Vec<ForParts> = Vec::new();
        let mut cur = top_stmt;
        let mut seen = 0;
        loop {
            let p = ForParts::of(&cur).ok_or_else(|| err(P, "not a loop"))?;
            seen += usize::from(ids.contains(&p.var.id()));
            let next = p.body.clone();
            chain.push(p);
            if seen == ids.len() {
                break;
            }
            if !matches!(next.kind(), StmtKind::For { .. }) {
                // TVM's messages: a statement list between the loops, or loops of other scopes.
                let rest: Vec<u64> = given
                    .iter()
                    .map(|(q, _)| q.var.id())
                    .filter(|id| !chain.iter().any(|c| c.var.id() == *id))
                    .collect();
                let in_branch =
                    rest.iter().all(|&id| tree::find_loop(&next, id).is_some() && !loop_under_block(&next, id));
                return Err(err(
                    P,
                    if in_branch {
                        format!(
                            "The loops are not in a chain because there is a non-single-branch stmt in between. Problematic stmt: {}",
                            chain.last().map_or("", |c| c.var.name())
                        )
                    } else {
                        "The loops are not in a chain because they are not under the same scope.".to_string()
                    },
                ));
            }
            cur = next;
        }
        let body = chain.last().map(|c| c.body.clone()).unwrap_or_else(Stmt::empty);
        // The blocks below: reduction or spatial variables only, bound affinely to the loops
        // from the top of the chain down (TVM's CheckBlockIterTypeAndAffineBinding).
        for (between, realize, blk) in tree::outer_blocks(&body) {
            if blk.iter_vars.iter().any(|iv| !matches!(iv.iter_type, IterType::DataPar | IterType::CommReduce)) {
                return Err(err(
                    P,
                    format!(
                        "The block {} under the loops to be reordered have block iter type other than data-parallel or reduction",
                        blk.name
                    ),
                ));
            }
            let mut loops = chain.clone();
            loops.extend(between.iter().filter_map(ForParts::of));
            if let Some(why) = super::affine_binding::affine_binding_error(&realize, &loops) {
                return Err(err(P, why));
            }
        }
        let mut order = given.into_iter().map(|(p, _)| p);
        let headers: Vec<ForParts> =
            chain.into_iter().map(|c| if ids.contains(&c.var.id()) { order.next().unwrap_or(c) } else { c }).collect();
        let mut inner = body;
        for mut h in headers.into_iter().rev() {
            h.body = inner;
            inner = h.build();
        }
        self.func.body = tree::replace_loops(&self.func.body, [(top, inner)].into_iter().collect());
        self.trace.push(Instruction::Reorder { loops: loops.to_vec() });
        Ok(())
    }

    /// Run a loop's iterations in parallel.
    ///
    /// # Errors
    /// A block under the loop binds a non-spatial iteration variable to it, or a stale handle.
    pub fn parallel(&mut self, l: LoopRV) -> Result<(), ScheduleError> {
        self.set_kind(l, ForKind::Parallel, "parallel")?;
        self.trace.push(Instruction::Parallel(l));
        Ok(())
    }

    /// Vectorize a loop.
    ///
    /// # Errors
    /// As [`Schedule::parallel`].
    pub fn vectorize(&mut self, l: LoopRV) -> Result<(), ScheduleError> {
        // tir-spec.md statement rule 11: a vectorized loop has a constant extent.
        let (_, s) = self.loop_site(l, "vectorize")?;
        if let Some(p) = ForParts::of(&s)
            && p.extent.as_int().is_none_or(|n| n < 1)
        {
            return Err(err(
                "vectorize",
                format!("loop {} has no constant extent of at least 1: it cannot be vectorized", p.var.name()),
            ));
        }
        // The same rule: it starts at 0 (TVM 0.27 vectorizes a loop from 10 and its build
        // shifts it; a TIR function here cannot hold that loop).
        if let Some(p) = ForParts::of(&s)
            && p.min.as_int() != Some(0)
        {
            return Err(err(
                "vectorize",
                format!(
                    "loop {} starts at {}, not 0: it cannot be vectorized (tir-spec.md, statement rule 11)",
                    p.var.name(),
                    crate::tir::script::print_expr(&p.min)
                ),
            ));
        }
        self.set_kind(l, ForKind::Vectorized, "vectorize")?;
        self.trace.push(Instruction::Vectorize(l));
        Ok(())
    }

    /// Unroll a loop.
    ///
    /// # Errors
    /// A stale handle.
    pub fn unroll(&mut self, l: LoopRV) -> Result<(), ScheduleError> {
        self.set_kind(l, ForKind::Unrolled, "unroll")?;
        self.trace.push(Instruction::Unroll(l));
        Ok(())
    }

    pub(super) fn set_kind(&mut self, l: LoopRV, kind: ForKind, primitive: &'static str) -> Result<(), ScheduleError> {
        let (_, s) = self.loop_site(l, primitive)?;
        let mut p = ForParts::of(&s).ok_or_else(|| err(primitive, "not a loop"))?;
        if kind != ForKind::Unrolled {
            if let Some(why) = super::affine_binding::compact_dataflow_error(&self.func.body, &s) {
                return Err(err(primitive, why));
            }
            // TVM: every block iteration variable whose binding uses the loop must be spatial.
            let id = p.var.id();
            let mut bad: Option<String> = None;
            // A reduction bound to threadIdx.x/y/z is TVM's cross-thread reduction (lowering
            // runs such a loop serially).
            let cross_thread = matches!(&kind, ForKind::ThreadBinding(tag) if tag.starts_with("threadIdx."));
            tree::walk_blocks(&p.body, &mut Vec::new(), &mut |_, realize, block| {
                let StmtKind::BlockRealize { values, .. } = realize.kind() else { return };
                let reduction_block = block.init.is_some()
                    && block
                        .iter_vars
                        .iter()
                        .all(|iv| matches!(iv.iter_type, IterType::DataPar | IterType::CommReduce));
                let reduces = block.iter_vars.iter().zip(values).any(|(iv, v)| {
                    let allowed = iv.iter_type == IterType::DataPar
                        || (cross_thread && reduction_block && iv.iter_type == IterType::CommReduce);
                    !allowed && crate::tir::region::uses_var(v, id)
                });
                if reduces && bad.is_none() {
                    bad = Some(block.name.clone());
                }
            });
            if let Some(b) = bad {
                return Err(err(
                    primitive,
                    format!(
                        "The \"{primitive}\" cannot be fulfilled with regard to block {b} because some block iter whose block binding contains the loop var is not a data parallel block iter"
                    ),
                ));
            }
            // TVM 0.27 accepts this and builds a kernel whose iterations race.
            if let Some((b, buf)) = self.shared_rolling_write(&p.var, p.extent.as_int(), &p.body) {
                return Err(err(
                    primitive,
                    format!(
                        "loop {} cannot run its iterations at once: block {b} writes the rolling buffer {buf}, whose elements they share",
                        p.var.name()
                    ),
                ));
            }
        }
        p.kind = kind;
        let id = p.var.id();
        self.func.body = tree::replace_loops(&self.func.body, [(id, p.build())].into_iter().collect());
        Ok(())
    }
}

/// The largest value of an integer type (as an i64).
impl Schedule {
    /// The factors as values (sampled ones looked up; `None` inferred).
    pub(super) fn resolve_factors(&self, given: &[Factor]) -> Result<Vec<Option<i64>>, ScheduleError> {
        given
            .iter()
            .map(|f| match f {
                Factor::Inferred => Ok(None),
                Factor::Const(c) => Ok(Some(*c)),
                Factor::Sampled(v) => self.get(*v).map(Some),
            })
            .collect()
    }
}

/// A block below the loop whose variable's domain is bound in the loop's variable (a domain
/// `T.axis.S(i, j)`): rewriting the loop would leave that domain naming it.
fn check_domains_free_of(p: &ForParts, primitive: &'static str) -> Result<(), ScheduleError> {
    let mut found: Option<(String, String)> = None;
    tree::walk_blocks(&p.body, &mut Vec::new(), &mut |_, _, block| {
        for iv in &block.iter_vars {
            let uses = iv.dom.as_ref().is_some_and(|d| {
                crate::tir::region::uses_var(&d.min, p.var.id()) || crate::tir::region::uses_var(&d.extent, p.var.id())
            });
            if uses && found.is_none() {
                found = Some((block.name.clone(), iv.var.name().to_string()));
            }
        }
    });
    match found {
        Some((b, v)) => Err(err(
            primitive,
            format!("the domain of {v} in block {b} depends on loop {} (not supported yet)", p.var.name()),
        )),
        None => Ok(()),
    }
}

/// Whether the loop `id` lies inside a block under `s`.
fn loop_under_block(s: &Stmt, id: u64) -> bool {
    let mut found = false;
    crate::tir::visit::walk_stmts(s, &mut |x| {
        if let StmtKind::BlockRealize { .. } = x.kind() {
            found |= tree::find_loop(x, id).is_some();
        }
    });
    found
}

/// `e / k` when `e` is a product with a constant that `k` divides (`n * 32` by 16: `n * 2`).
fn divide_exactly(e: &PrimExpr, k: i64) -> Option<PrimExpr> {
    let ExprKind::Binary(BinOp::Mul, a, b) = e.kind() else { return None };
    let (x, c) = match (a.as_int(), b.as_int()) {
        (_, Some(c)) => (a, c),
        (Some(c), _) => (b, c),
        _ => return None,
    };
    if k <= 0 || c % k != 0 {
        return None;
    }
    let q = c / k;
    Some(if q == 1 { x.clone() } else { PrimExpr::binary(BinOp::Mul, x.clone(), PrimExpr::int_of(q, e.dtype())) })
}

/// `a * b` folded as TVM's operator folds constants (`x * 1` is `x`).
fn fold_mul(a: &PrimExpr, b: &PrimExpr) -> PrimExpr {
    match crate::tir::arith::try_const_fold(BinOp::Mul, a, b) {
        Ok(Some(x)) => x,
        _ => PrimExpr::binary(BinOp::Mul, a.clone(), b.clone()),
    }
}

/// `a // b` folded as TVM's operator folds constants (`x // 1` is `x`).
fn fold_div(a: &PrimExpr, b: &PrimExpr) -> PrimExpr {
    match crate::tir::arith::try_const_fold(BinOp::FloorDiv, a, b) {
        Ok(Some(x)) => x,
        _ => PrimExpr::floordiv(a.clone(), b.clone()),
    }
}

/// `a % b` folded as TVM's operator folds constants.
fn fold_mod(a: &PrimExpr, b: &PrimExpr) -> PrimExpr {
    match crate::tir::arith::try_const_fold(BinOp::FloorMod, a, b) {
        Ok(Some(x)) => x,
        _ => PrimExpr::floormod(a.clone(), b.clone()),
    }
}

/// TVM's rules for the loops `split` and `fuse` take: starting at 0, without annotations or a
/// thread binding.
fn check_plain_loop(p: &ForParts, primitive: &'static str) -> Result<(), ScheduleError> {
    if !p.annotations.is_empty() || matches!(p.kind, ForKind::ThreadBinding(_)) {
        return Err(err(
            primitive,
            format!(
                "The primitive can't be applied because the loop {} has annotation or thread binding",
                p.var.name()
            ),
        ));
    }
    if p.min.as_int() != Some(0) {
        return Err(err(primitive, format!("The loop {} does not start with 0, which is not supported", p.var.name())));
    }
    Ok(())
}

/// TVM's rules for split and partition factors: at most one inferred, the others positive.
pub(super) fn check_factors(factors: &[Option<i64>], p: &'static str) -> Result<(), ScheduleError> {
    if factors.iter().filter(|f| f.is_none()).count() > 1 {
        return Err(err(p, "Only one factor can be specified as -1 or none"));
    }
    if let Some((i, f)) = factors.iter().enumerate().find_map(|(i, f)| f.filter(|&f| f <= 0).map(|f| (i, f))) {
        return Err(err(
            p,
            format!("All the constant factors are required to be positive. However, the factor at position {i} is {f}"),
        ));
    }
    Ok(())
}

pub(super) fn type_max(dt: crate::tir::DataType) -> i64 {
    match dt.bits {
        1..=63 if dt.is_uint() => (1i64 << dt.bits) - 1,
        1..=63 => (1i64 << (dt.bits - 1)) - 1,
        _ => i64::MAX,
    }
}

/// The variables of every loop of `s`.
fn loop_vars(s: &Stmt) -> rustc_hash::FxHashSet<u64> {
    let mut out = rustc_hash::FxHashSet::default();
    crate::tir::visit::walk_stmts(s, &mut |x| {
        if let StmtKind::For { var, .. } = x.kind() {
            out.insert(var.id());
        }
    });
    out
}

/// `s` with the bindings of its outermost blocks simplified as TVM's iterator maps write them:
/// the terms over loop variables (`loops`) first, then the rest (an outer block's variables,
/// constants): `j_0 * 4 + j_1 + vj_o * 16`.
///
/// After a split (`split`: the loops that vary, those of extent 1 left out), not under a
/// predicate that bounds other than a whole binding (or one plus loops of extent 1): there
/// TVM's iterator-map simplification fails and the bindings stay as substituted
/// (`(i_0_0 * 13 + i_0_1) * 4 + i_1`, a split of a split loop).
/// Loops' constant ranges by variable id (first and last value).
type LoopRanges = rustc_hash::FxHashMap<u64, (i128, i128)>;

fn simplify_bindings(
    s: &Stmt,
    loops: &rustc_hash::FxHashSet<u64>,
    split: Option<(&rustc_hash::FxHashSet<u64>, &LoopRanges)>,
) -> Stmt {
    struct M<'a>(&'a rustc_hash::FxHashSet<u64>, Option<(&'a rustc_hash::FxHashSet<u64>, &'a LoopRanges)>);
    impl Mutator for M<'_> {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            e.clone()
        }
        fn stmt(&mut self, s: &Stmt) -> Stmt {
            if let StmtKind::BlockRealize { values, predicate, block } = s.kind() {
                let varying = self.1.map_or(self.0, |x| x.0);
                let range = |v: &Var| self.1.and_then(|x| x.1.get(&v.id()).copied());
                let whole = self.1.is_none()
                    || crate::tir::visit::conjuncts(predicate).iter().all(|c| match c.kind() {
                        ExprKind::Cmp(_, a, b) => {
                            let side = if tree::mentions(a, self.0) { a } else { b };
                            // (A binding that is the bounded sum plus what no loop changes —
                            // a constant, an outer block's `i * 16` — maps too.)
                            !tree::mentions(side, self.0)
                                || values.iter().any(|v| {
                                    // (Or a quotient or remainder of it: a fused loop's
                                    // `f // m`, `f % m`, `f` split under its guard.)
                                    let mut v = v;
                                    while let ExprKind::Binary(BinOp::FloorDiv | BinOp::FloorMod, x, _) = v.kind() {
                                        v = x;
                                    }
                                    let diff = PrimExpr::binary(BinOp::Sub, v.clone(), side.clone());
                                    crate::tir::arith::linear(&diff).as_const().is_some()
                                        || !tree::mentions(&crate::tir::arith::subtract(v, side), varying)
                                })
                                // (Or a mixed-radix sum of splits of the loops, which TVM's map
                                // fuses into one bounded iterator.)
                                || super::affine_binding::fuses_splits_of_loops(side, &range)
                        }
                        _ => !tree::mentions(c, self.0),
                    });
                if !whole {
                    return match grouped_bounds(values, predicate, self.0) {
                        Some(values) => Stmt::at(
                            StmtKind::BlockRealize { values, predicate: predicate.clone(), block: block.clone() },
                            s.span(),
                        ),
                        None => s.clone(),
                    };
                }
                let values = values.iter().map(|v| iterators_first(&simplify(v), self.0)).collect();
                return Stmt::at(
                    StmtKind::BlockRealize { values, predicate: predicate.clone(), block: block.clone() },
                    s.span(),
                );
            }
            crate::tir::mutate::default_stmt(self, s)
        }
    }
    M(loops, split).stmt(s)
}

/// The bindings simplified where each bound of the predicate over `loops` is a sum a binding
/// holds whole (`(f_0 * 128 + f_1) * 8 + (k_0 * 8 + k_1)` under `f_0 * 128 + f_1 < 64`): TVM's
/// iterator map keeps such a sum grouped, its own iterator, and flattens the rest
/// (`(f_0 * 128 + f_1) * 8 + k_0 * 8 + k_1`). `None` where a bound is no such sum.
fn grouped_bounds(
    values: &[PrimExpr],
    predicate: &PrimExpr,
    loops: &rustc_hash::FxHashSet<u64>,
) -> Option<Vec<PrimExpr>> {
    let mut sides = Vec::new();
    for c in crate::tir::visit::conjuncts(predicate) {
        match c.kind() {
            ExprKind::Cmp(_, a, b) if tree::mentions(a, loops) != tree::mentions(b, loops) => {
                let side = if tree::mentions(a, loops) { a } else { b };
                if !matches!(side.kind(), ExprKind::Binary(BinOp::Add, ..)) {
                    return None;
                }
                sides.push(side.clone());
            }
            _ if !tree::mentions(&c, loops) => {}
            _ => return None,
        }
    }
    let holders: Vec<Var> = sides.iter().enumerate().map(|(k, e)| Var::new(&format!("bound{k}"), e.dtype())).collect();
    // Each sum that is a bound, its placeholder.
    fn hold(e: &PrimExpr, sides: &[PrimExpr], holders: &[Var], found: &mut [bool], depth: u32) -> PrimExpr {
        if depth > 64 {
            return e.clone();
        }
        if matches!(e.kind(), ExprKind::Binary(BinOp::Add, ..))
            && let Some(k) = sides.iter().position(|s| crate::tir::arith::prove_equal(s, e))
        {
            found[k] = true;
            return PrimExpr::var(&holders[k]);
        }
        match e.kind() {
            ExprKind::Binary(op, a, b) => PrimExpr::binary(
                *op,
                hold(a, sides, holders, found, depth + 1),
                hold(b, sides, holders, found, depth + 1),
            ),
            _ => e.clone(),
        }
    }
    let mut found = vec![false; sides.len()];
    let held: Vec<PrimExpr> = values.iter().map(|v| hold(v, &sides, &holders, &mut found, 0)).collect();
    // Every bound is held whole, and its loops appear nowhere else.
    let bound_loops: rustc_hash::FxHashSet<u64> = sides
        .iter()
        .flat_map(|s| {
            let mut ids = Vec::new();
            crate::tir::visit::walk_expr(s, &mut |x| {
                ids.extend(x.as_var().map(Var::id).filter(|id| loops.contains(id)))
            });
            ids
        })
        .collect();
    if found.iter().any(|f| !f) || held.iter().any(|v| tree::mentions(v, &bound_loops)) {
        return None;
    }
    // Sums flattened in their order (`P * 8 + (k_0 * 8 + k_1)` is `P * 8 + k_0 * 8 + k_1`).
    fn flat(e: &PrimExpr, out: &mut Vec<PrimExpr>) {
        match e.kind() {
            ExprKind::Binary(BinOp::Add, a, b) if out.len() < 64 => {
                flat(a, out);
                flat(b, out);
            }
            _ => out.push(e.clone()),
        }
    }
    // (Each bound normalized inside: `(k_0 * 16 + k_1) * 4 + k_2` is `k_0 * 64 + k_1 * 4 + k_2`.)
    let back: HashMap<u64, PrimExpr> = holders.iter().map(Var::id).zip(sides.iter().map(simplify)).collect();
    Some(
        held.iter()
            .map(|v| {
                let mut terms = Vec::new();
                flat(v, &mut terms);
                let v =
                    terms.into_iter().reduce(|a, b| PrimExpr::binary(BinOp::Add, a, b)).unwrap_or_else(|| v.clone());
                Substitute { map: &back }.expr(&v)
            })
            .collect(),
    )
}

/// A sum with its terms over `loops` first, in their order, then the others.
fn iterators_first(e: &PrimExpr, loops: &rustc_hash::FxHashSet<u64>) -> PrimExpr {
    fn terms(e: &PrimExpr, out: &mut Vec<PrimExpr>) {
        match e.kind() {
            ExprKind::Binary(BinOp::Add, a, b) => {
                terms(a, out);
                terms(b, out);
            }
            _ => out.push(e.clone()),
        }
    }
    let mut all = Vec::new();
    terms(e, &mut all);
    let over_loops = |t: &PrimExpr| {
        let mut found = false;
        crate::tir::visit::walk_expr(t, &mut |x| {
            if let ExprKind::Var(v) = x.kind() {
                found |= loops.contains(&v.id());
            }
        });
        found
    };
    let (iters, rest): (Vec<PrimExpr>, Vec<PrimExpr>) = all.into_iter().partition(over_loops);
    if iters.is_empty() || rest.is_empty() {
        return e.clone();
    }
    iters.into_iter().chain(rest).reduce(|a, b| PrimExpr::binary(BinOp::Add, a, b)).unwrap_or_else(|| e.clone())
}

impl Schedule {
    /// Merge loops of equal extents that sit in different nests into one (TVM's `merge`): the
    /// loops from each down from the nests' lowest common ancestor become one nest, named after
    /// the first loop's (`i_m`), whose body runs each nest's body in the order given; the nest
    /// takes the place of the last one's. Returns the merged loop at the given loops' depth.
    ///
    /// # Errors
    /// Loops in different block scopes, nests of different depths or extents, a loop that does
    /// not start at 0, has annotations or a thread binding, or holds more than the next loop
    /// down, or a stale handle.
    pub fn merge(&mut self, loops: &[LoopRV]) -> Result<LoopRV, ScheduleError> {
        const P: &str = "merge";
        if loops.len() < 2 {
            return Err(err(P, "at least two loops are needed"));
        }
        // Each loop with the loops above it up to its block, outermost first.
        let mut chains: Vec<Vec<Stmt>> = Vec::new();
        let mut scope: Option<Stmt> = None;
        for &l in loops {
            let (mut path, s) = self.loop_site(l, P)?;
            let here = tree::scope_of(&self.func.body, &s);
            match (&scope, &here) {
                (None, _) => scope = here,
                (Some(a), Some(b)) if a.same_node(b) => {}
                _ => return Err(err(P, "Expected the loops to be under the same block scope.")),
            }
            path.push(s);
            chains.push(path);
        }
        let var_of = |s: &Stmt| ForParts::of(s).map(|f| f.var.id());
        let common = (0..chains.iter().map(Vec::len).min().unwrap_or(0))
            .take_while(|&k| chains.iter().all(|c| var_of(&c[k]) == var_of(&chains[0][k])))
            .count();
        let nests: Vec<Vec<ForParts>> =
            chains.iter().map(|c| c[common..].iter().filter_map(ForParts::of).collect::<Vec<_>>()).collect();
        let depth = nests[0].len();
        if depth == 0 || nests.iter().any(|n| n.len() != depth) {
            return Err(err(P, "Merge loop's nesting depth must be same, but not."));
        }
        for nest in &nests {
            for (k, f) in nest.iter().enumerate() {
                if !f.annotations.is_empty() || matches!(f.kind, ForKind::ThreadBinding(_)) {
                    return Err(err(P, format!("The loop {} has annotations or a thread binding", f.var.name())));
                }
                if f.min.as_int() != Some(0) {
                    return Err(err(P, format!("The loop {} does not start with 0", f.var.name())));
                }
                if let Some(inner) = nest.get(k + 1)
                    && var_of(&f.body) != Some(inner.var.id())
                {
                    return Err(err(
                        P,
                        format!(
                            "The inner loop {} is not the only child of outer loop {}",
                            inner.var.name(),
                            f.var.name()
                        ),
                    ));
                }
            }
        }
        // Level by level from the given loops up (TVM numbers them so in its message).
        for level in 0..depth {
            let k = depth - 1 - level;
            let e0 = &nests[0][k].extent;
            if let Some(n) = nests.iter().find(|n| !crate::tir::arith::prove_equal(&n[k].extent, e0)) {
                return Err(err(
                    P,
                    format!(
                        "Merge loop's `extent` must be same, but not. extent=[{level},{},{}]",
                        crate::tir::script::print_expr(e0),
                        crate::tir::script::print_expr(&n[k].extent)
                    ),
                ));
            }
        }
        let new_vars: Vec<Var> = nests[0]
            .iter()
            .map(|f| Var::at(&format!("{}_m", f.var.name()), f.var.ty().clone(), f.var.span()))
            .collect();
        let bodies: Vec<Stmt> = nests
            .iter()
            .map(|nest| {
                let map: HashMap<u64, PrimExpr> =
                    nest.iter().zip(&new_vars).map(|(f, v)| (f.var.id(), PrimExpr::var(v))).collect();
                Substitute { map: &map }.stmt(&nest[depth - 1].body)
            })
            .collect();
        let mut merged = Stmt::seq(bodies);
        for (f, v) in nests[0].iter().zip(&new_vars).rev() {
            merged = Stmt::for_range(v, f.min.clone(), f.extent.clone(), merged);
        }
        // The merged nest replaces the last nest; the others leave.
        let tops: Vec<&Stmt> = chains.iter().map(|c| &c[common]).collect();
        let mut body = super::blocks::replace_stmt(&self.func.body, tops[tops.len() - 1], &merged);
        for top in &tops[..tops.len() - 1] {
            body = tree::remove_leaf(&body, top);
        }
        self.func.body = body;
        for nest in &nests {
            for f in nest {
                if let Some(k) = self.rvs.iter().position(|r| matches!(r, Rv::Loop(Some(id)) if *id == f.var.id())) {
                    self.rvs[k] = Rv::Loop(None);
                }
            }
        }
        let out = self.new_loop_rv(&new_vars[depth - 1]);
        self.trace.push(Instruction::Merge { loops: loops.to_vec(), out });
        Ok(out)
    }
}
