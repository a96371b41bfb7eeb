//! `decompose_padding` with TVM's result (`decompose_padding.cc` in TVM 0.27): a block that
//! writes `T.if_then_else(in_bounds, value, constant)` becomes a block filling the constant
//! everywhere (`NAME_pad_const`, before a given loop) and the original block narrowed to the
//! in-bound region, where it writes `value` only.

use rustc_hash::FxHashMap as HashMap;

use super::tree::{self, ForParts};
use super::{BlockRV, Instruction, LoopRV, Schedule, ScheduleError, err};
use crate::tir::arith::{self, linear, range_of};
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute, default_expr};

const P: &str = "decompose_padding";

/// What the padding pattern says about a block.
struct PaddingInfo {
    /// Per iteration variable, the `(min, extent)` of its in-bound values.
    in_bound: Vec<(i64, i64)>,
    /// The value written in bounds (over the block's variables).
    in_bound_value: PrimExpr,
    /// Where the value is in bounds, over the loop variables (the pattern's condition and the
    /// realize's predicate).
    in_bound_predicate: PrimExpr,
    /// The constant written out of bounds.
    pad_value: PrimExpr,
}

impl Schedule {
    /// Split a padding block — one store of `T.if_then_else(cond, value, constant)` — into a
    /// block writing the constant over the whole region, placed before loop `l`
    /// (`NAME_pad_const`, returned), and the block itself narrowed to where `cond` holds,
    /// writing `value`.
    ///
    /// # Errors
    /// A block that is not complete (a reduction, or one of several writers of its buffer) or
    /// does not match the pattern (with TVM's reason: not one store, no `if_then_else`, a pad
    /// value that is not constant, a trivial condition, iterators the condition ties together,
    /// strided iteration), a loop that is not above the block, or stale handles.
    pub fn decompose_padding(&mut self, block: BlockRV, l: LoopRV) -> Result<BlockRV, ScheduleError> {
        let out_name = self.decomposed_padding(block, l, true)?;
        let out = self.new_block_rv(&out_name);
        self.trace.push(Instruction::DecomposePadding { block, l, out });
        Ok(out)
    }

    /// Whether [`Schedule::decompose_padding`] would succeed (TVM's `can_decompose_padding`);
    /// nothing is applied or recorded.
    pub fn can_decompose_padding(&self, block: BlockRV, l: LoopRV) -> bool {
        self.clone().decomposed_padding(block, l, false).is_ok()
    }

    fn decomposed_padding(&mut self, block: BlockRV, l: LoopRV, apply: bool) -> Result<String, ScheduleError> {
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { values, predicate, block: blk } = site.realize.kind() else {
            unreachable!("a block site")
        };
        let (_, loop_stmt) = self.loop_site(l, P)?;
        let lp = ForParts::of(&loop_stmt).ok_or_else(|| err(P, "not a loop"))?;
        self.check_complete(&site.realize, blk)?;
        let Some(pos) = site.loops.iter().position(|s| ForParts::of(s).is_some_and(|p| p.var.id() == lp.var.id()))
        else {
            return Err(err(
                P,
                format!(
                    "The input loop {} of decompose_padding is not an ancestor of block {}",
                    lp.var.name(),
                    blk.name
                ),
            ));
        };
        let loops: Vec<ForParts> = site.loops.iter().filter_map(ForParts::of).collect();
        // The loop ranges the analysis knows (constant ones).
        let mut ranges: HashMap<u64, (i128, i128)> = HashMap::default();
        for p in &loops {
            if let (Some(min), Some(ext)) = (p.min.as_int(), p.extent.as_int())
                && ext > 0
            {
                ranges.insert(p.var.id(), (i128::from(min), i128::from(min) + i128::from(ext) - 1));
            }
        }
        // The highest loop the in-bound nest rebuilds: up from the block while each loop holds
        // only the next, and at most up to `l`.
        let mut in_bound_top = None;
        for k in (0..loops.len()).rev() {
            if k == pos {
                in_bound_top = Some(k);
                break;
            }
            let single = matches!(loops[k].body.kind(), StmtKind::For { .. } | StmtKind::BlockRealize { .. });
            if !single {
                break;
            }
            in_bound_top = Some(k);
        }
        let Some(in_bound_top) = in_bound_top else {
            return Err(err(P, format!("the loop above block {} holds more than the block", blk.name)));
        };
        let info = padding_info(blk, values, predicate, &ranges)?;
        // The constant block, under copies of the loops from `l` down.
        let (const_nest, const_name) = const_block(blk, values, predicate, &info, &loops[pos..], &ranges);
        let in_bound_nest = in_bound_block(&site.realize, blk, values, &info, &loops[in_bound_top..], &mut ranges);
        if !apply {
            return Ok(const_name);
        }
        let old_top = &site.loops[in_bound_top];
        let body = super::blocks::replace_stmt(&self.func.body, old_top, &in_bound_nest);
        let (_, new_loop) = tree::find_loop(&body, lp.var.id()).ok_or_else(|| err(P, "loop not found"))?;
        let pair = Stmt::seq(vec![const_nest, new_loop.clone()]);
        self.func.body = super::blocks::replace_stmt(&body, &new_loop, &pair);
        Ok(const_name)
    }

    /// TVM's complete-block rule: every iteration variable spatial, and the block the only
    /// writer of what it writes among the blocks of its scope.
    fn check_complete(&self, realize: &Stmt, blk: &Block) -> Result<(), ScheduleError> {
        let not_complete = |why: String| err(P, format!("The block {} is not a complete block: {why}", blk.name));
        if let Some(iv) = blk.iter_vars.iter().find(|iv| iv.iter_type != IterType::DataPar) {
            return Err(not_complete(format!("its iteration variable {} is not data parallel", iv.var.name())));
        }
        let Some(scope) = tree::scope_of(&self.func.body, realize) else { return Ok(()) };
        let StmtKind::BlockRealize { block: scope, .. } = scope.kind() else { return Ok(()) };
        let siblings = tree::outer_blocks(&scope.body);
        for w in &blk.writes {
            let writers = siblings.iter().filter(|(_, _, b)| b.writes.iter().any(|r| r.buffer == w.buffer)).count();
            if writers > 1 {
                return Err(not_complete(format!("{} has another writer in its scope", w.buffer.name())));
            }
        }
        Ok(())
    }
}

fn pattern_error(blk: &Block, why: &str) -> ScheduleError {
    err(P, format!("decompose_padding expects the block {} to match the padding pattern: {why}", blk.name))
}

/// TVM's `PaddingInfoAnalyzer`: the block is `B[..] = T.if_then_else(cond, value, constant)`;
/// the in-bound region is where `cond` (and the realize's predicate) hold, per iteration
/// variable.
fn padding_info(
    blk: &Block,
    values: &[PrimExpr],
    predicate: &PrimExpr,
    ranges: &HashMap<u64, (i128, i128)>,
) -> Result<PaddingInfo, ScheduleError> {
    let StmtKind::BufferStore { value, .. } = blk.body.kind() else {
        return Err(pattern_error(blk, "Block body expect a BufferStore to the write buffer"));
    };
    let ExprKind::Call(Callee::Builtin(f), args) = value.kind() else {
        return Err(pattern_error(blk, "Value of BufferStore expect to be constrained by a padding predicate"));
    };
    if &**f != "tir.if_then_else" || args.len() != 3 {
        return Err(pattern_error(blk, "Value of BufferStore expect to be constrained by a padding predicate"));
    }
    let pad_value = args[2].clone();
    if !matches!(pad_value.kind(), ExprKind::IntImm(_) | ExprKind::FloatImm(_)) {
        return Err(pattern_error(blk, "Pad value should be constant"));
    }
    if has_side_effect(&args[1]) {
        return Err(pattern_error(blk, "Inbound computation should not have side-effect"));
    }
    let bindings: HashMap<u64, PrimExpr> =
        blk.iter_vars.iter().zip(values).map(|(iv, v)| (iv.var.id(), v.clone())).collect();
    let pad_predicate = Substitute { map: &bindings }.expr(&args[0]);
    // Conjuncts of the condition, then of the predicate, as one left-nested conjunction.
    let mut conjuncts = Vec::new();
    flatten_and(&pad_predicate, &mut conjuncts);
    flatten_and(predicate, &mut conjuncts);
    let known = |v: &Var| ranges.get(&v.id()).copied();
    let conjuncts: Vec<PrimExpr> = conjuncts
        .iter()
        .map(|c| arith::simplify_cond_in(c, &known))
        .filter(|c| !(c.dtype().is_bool() && c.as_int() == Some(1)))
        .collect();
    let Some(in_bound_predicate) = conjuncts.iter().cloned().reduce(PrimExpr::and) else {
        return Err(pattern_error(blk, "The in-bound predicate is trivial"));
    };
    let in_bound = in_bound_region(blk, values, &conjuncts, ranges)?;
    Ok(PaddingInfo { in_bound, in_bound_value: args[1].clone(), in_bound_predicate, pad_value })
}

fn flatten_and(e: &PrimExpr, out: &mut Vec<PrimExpr>) {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || flatten_and_inner(e, out));
}

fn flatten_and_inner(e: &PrimExpr, out: &mut Vec<PrimExpr>) {
    match e.kind() {
        ExprKind::And(a, b) => {
            flatten_and(a, out);
            flatten_and(b, out);
        }
        ExprKind::Call(Callee::Builtin(n), args) if &**n == "tir.likely" && args.len() == 1 => {
            flatten_and(&args[0], out)
        }
        ExprKind::IntImm(1) if e.dtype().is_bool() => {}
        _ => out.push(e.clone()),
    }
}

/// Whether evaluating `e` writes state (calls that are not pure math).
fn has_side_effect(e: &PrimExpr) -> bool {
    let mut effect = false;
    crate::tir::visit::walk_expr(e, &mut |x| {
        if let ExprKind::Call(c, _) = x.kind() {
            effect |= match c {
                Callee::Global(_) => true,
                Callee::Builtin(n) => crate::tir::intrinsics::opaque(n.strip_prefix("tir.").unwrap_or(n)).is_some(),
            };
        }
    });
    effect
}

/// TVM's `EstimateInBoundRegion` for the affine bindings padding blocks have: each conjunct
/// bounds one binding (`lower <= v`, `v < upper`, ...); the in-bound values of a binding are
/// its range cut by its bounds.
fn in_bound_region(
    blk: &Block,
    values: &[PrimExpr],
    conjuncts: &[PrimExpr],
    ranges: &HashMap<u64, (i128, i128)>,
) -> Result<Vec<(i64, i64)>, ScheduleError> {
    let dependent = || pattern_error(blk, "Block iters are not independent wrt padding condition");
    let forms: Vec<arith::Linear> = values.iter().map(linear).collect();
    // Independent iterators: no loop variable in two bindings.
    for (a, fa) in forms.iter().enumerate() {
        for fb in &forms[a + 1..] {
            if fa.terms.keys().any(|t| fb.terms.contains_key(t)) {
                return Err(dependent());
            }
        }
    }
    let known = |v: &Var| ranges.get(&v.id()).copied();
    let mut bounds: Vec<(i128, i128)> = Vec::with_capacity(values.len());
    for v in values {
        bounds.push(range_of(v, &known).ok_or_else(dependent)?);
    }
    for c in conjuncts {
        let ExprKind::Cmp(op, a, b) = c.kind() else { return Err(dependent()) };
        let diff = linear(a).plus_scaled(&linear(b), -1).ok_or_else(dependent)?;
        // `diff = s * (value - its constant) + k` for one binding.
        let found = forms.iter().enumerate().find_map(|(i, f)| {
            if f.terms.is_empty() {
                return None;
            }
            let neg: std::collections::BTreeMap<String, i128> = f.terms.iter().map(|(t, c)| (t.clone(), -c)).collect();
            if diff.terms == f.terms {
                Some((i, 1))
            } else if diff.terms == neg {
                Some((i, -1))
            } else {
                None
            }
        });
        let Some((i, s)) = found else { return Err(dependent()) };
        // With x the binding's value: diff = s * (x - f.constant) + diff.constant. Constants
        // far beyond any index (which could overflow below) bound nothing a loop reaches.
        let limit = 1i128 << 100;
        let (c_diff, c_form) = (diff.constant, forms[i].constant);
        if !(-limit..=limit).contains(&c_diff) || !(-limit..=limit).contains(&c_form) {
            return Err(dependent());
        }
        let k = c_diff - s * c_form;
        // diff op 0  <=>  s*x + k op 0.
        let (lo, hi) = &mut bounds[i];
        let mut at_most = |m: i128| *hi = (*hi).min(m);
        match (op, s) {
            (CmpOp::Lt, 1) => at_most(-k - 1),
            (CmpOp::Le, 1) => at_most(-k),
            (CmpOp::Gt, -1) => at_most(k - 1),
            (CmpOp::Ge, -1) => at_most(k),
            _ => {}
        }
        let mut at_least = |m: i128| *lo = (*lo).max(m);
        match (op, s) {
            (CmpOp::Gt, 1) => at_least(-k + 1),
            (CmpOp::Ge, 1) => at_least(-k),
            (CmpOp::Lt, -1) => at_least(k + 1),
            (CmpOp::Le, -1) => at_least(k),
            (CmpOp::Eq, _) => {
                at_least(-s * k);
                *hi = (*hi).min(-s * k);
            }
            (CmpOp::Ne, _) => return Err(dependent()),
            _ => {}
        }
    }
    let mut region = Vec::with_capacity(values.len());
    for ((lo, hi), f) in bounds.into_iter().zip(&forms) {
        if hi < lo {
            return Err(dependent());
        }
        // A binding that steps by more than one leaves holes (TVM: strided iteration).
        let step = f.terms.values().fold(0, |g, &c| crate::tir::arith::gcd(g, c));
        if step > 1 {
            return Err(pattern_error(blk, "Strided iteration is not supported"));
        }
        let (Ok(min), Ok(ext)) = (i64::try_from(lo), i64::try_from(hi - lo + 1)) else { return Err(dependent()) };
        region.push((min, ext));
    }
    Ok(region)
}

/// `e` with `map` substituted and its index arithmetic simplified knowing `ranges`, as TVM's
/// analyzer does with the loops bound: a variable of one value is that value (a unit loop's
/// variable is 0).
fn rewrite(e: &PrimExpr, map: &HashMap<u64, PrimExpr>, ranges: &HashMap<u64, (i128, i128)>) -> PrimExpr {
    // Each maximal integer arithmetic subtree is simplified once, as a whole.
    struct Simplified<'a> {
        ranges: &'a HashMap<u64, (i128, i128)>,
        in_arith: bool,
    }
    impl Mutator for Simplified<'_> {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            let ranges = self.ranges;
            let known = |v: &Var| ranges.get(&v.id()).copied();
            match e.kind() {
                ExprKind::Var(v) => match known(v) {
                    Some((lo, hi)) if lo == hi && e.dtype().is_int() => {
                        i64::try_from(lo).map_or_else(|_| e.clone(), |c| PrimExpr::int_of(c, e.dtype()))
                    }
                    _ => e.clone(),
                },
                ExprKind::Binary(..) if e.dtype().is_int() => {
                    let outer = std::mem::replace(&mut self.in_arith, true);
                    let inner = default_expr(self, e);
                    self.in_arith = outer;
                    if outer { inner } else { arith::simplify_in(&inner, &known) }
                }
                _ => {
                    let outer = std::mem::replace(&mut self.in_arith, false);
                    let out = default_expr(self, e);
                    self.in_arith = outer;
                    out
                }
            }
        }
    }
    Simplified { ranges, in_arith: false }.expr(&Substitute { map }.expr(e))
}

fn rewrite_region(r: &BufferRegion, map: &HashMap<u64, PrimExpr>, ranges: &HashMap<u64, (i128, i128)>) -> BufferRegion {
    BufferRegion {
        buffer: r.buffer.clone(),
        region: r
            .region
            .iter()
            .map(|x| Range::new(rewrite(&x.min, map, ranges), rewrite(&x.extent, map, ranges)))
            .collect(),
    }
}

/// TVM's `CreateConstBlock`: fresh copies of the block's variables and of `loops` (the loops
/// from the given one down), writing the pad value over the whole region.
fn const_block(
    blk: &Block,
    values: &[PrimExpr],
    predicate: &PrimExpr,
    info: &PaddingInfo,
    loops: &[ForParts],
    ranges: &HashMap<u64, (i128, i128)>,
) -> (Stmt, String) {
    let mut map: HashMap<u64, PrimExpr> = HashMap::default();
    let mut ivs = Vec::with_capacity(blk.iter_vars.len());
    for iv in &blk.iter_vars {
        let v = Var::at(iv.var.name(), iv.var.ty().clone(), iv.var.span());
        map.insert(iv.var.id(), PrimExpr::var(&v));
        ivs.push(IterVar { var: v, iter_type: IterType::DataPar, ..iv.clone() });
    }
    let writes: Vec<BufferRegion> = blk.writes.iter().map(|w| rewrite_region(w, &map, ranges)).collect();
    let StmtKind::BufferStore { buffer, indices, .. } = blk.body.kind() else { unreachable!("matched a store") };
    let indices = indices.iter().map(|x| rewrite(x, &map, ranges)).collect();
    let name = format!("{}_pad_const", blk.name);
    let store = Stmt::at(
        StmtKind::BufferStore { buffer: buffer.clone(), value: info.pad_value.clone(), indices },
        blk.body.span(),
    );
    let block = Block { iter_vars: ivs, reads: Vec::new(), writes, ..Block::new(&name, store) };
    // The copied loops' variables are fresh: the analysis knows only the loops above them.
    let mut new_vars = Vec::with_capacity(loops.len());
    for p in loops {
        let v = Var::at(p.var.name(), p.var.ty().clone(), p.var.span());
        map.insert(p.var.id(), PrimExpr::var(&v));
        new_vars.push(v);
    }
    let outer: HashMap<u64, (i128, i128)> =
        ranges.iter().filter(|(id, _)| !loops.iter().any(|p| p.var.id() == **id)).map(|(k, v)| (*k, *v)).collect();
    let values = values.iter().map(|x| rewrite(x, &map, &outer)).collect();
    let predicate =
        arith::simplify_cond_in(&Substitute { map: &map }.expr(predicate), &|v: &Var| outer.get(&v.id()).copied());
    let mut nest = Stmt::new(StmtKind::BlockRealize { values, predicate, block: Box::new(block) });
    for (p, v) in loops.iter().zip(new_vars).rev() {
        nest = Stmt::for_range(&v, p.min.clone(), p.extent.clone(), nest);
    }
    (nest, name)
}

/// TVM's `CreateInBoundBlock`: the block over its in-bound region (variables from 0, shifted
/// where used); a binding that is one of the rebuilt `loops`' variables narrows that loop
/// instead of adding to the predicate.
fn in_bound_block(
    realize: &Stmt,
    blk: &Block,
    values: &[PrimExpr],
    info: &PaddingInfo,
    loops: &[ForParts],
    ranges: &mut HashMap<u64, (i128, i128)>,
) -> Stmt {
    let mut map: HashMap<u64, PrimExpr> = HashMap::default();
    let mut new_ranges: HashMap<u64, (i64, i64)> = HashMap::default();
    let mut ivs = Vec::with_capacity(blk.iter_vars.len());
    let mut bindings = Vec::with_capacity(values.len());
    let shifted = |x: PrimExpr, min: i64| {
        let dt = x.dtype();
        arith::simplify(&PrimExpr::binary(BinOp::Add, x, PrimExpr::int_of(min, dt)))
    };
    for ((iv, value), &(min, ext)) in blk.iter_vars.iter().zip(values).zip(&info.in_bound) {
        let v = Var::at(iv.var.name(), iv.var.ty().clone(), iv.var.span());
        let dt = v.dtype();
        ivs.push(IterVar {
            dom: Some(Range::new(PrimExpr::int_of(0, dt), PrimExpr::int_of(ext, dt))),
            var: v.clone(),
            iter_type: IterType::DataPar,
            thread_tag: String::new(),
        });
        map.insert(iv.var.id(), shifted(PrimExpr::var(&v), min));
        match value.as_var() {
            Some(lv) if loops.iter().any(|p| p.var.id() == lv.id()) => {
                new_ranges.insert(lv.id(), (0, ext));
                map.insert(lv.id(), shifted(PrimExpr::var(lv), min));
                ranges.insert(lv.id(), (0, i128::from(ext) - 1));
                bindings.push(value.clone());
            }
            _ => {
                let dt = value.dtype();
                let shifted = PrimExpr::binary(BinOp::Sub, value.clone(), PrimExpr::int_of(min, dt));
                bindings.push(rewrite(&shifted, &HashMap::default(), ranges));
            }
        }
    }
    let StmtKind::BufferStore { buffer, indices, .. } = blk.body.kind() else { unreachable!("matched a store") };
    let store = Stmt::at(
        StmtKind::BufferStore {
            buffer: buffer.clone(),
            value: rewrite(&info.in_bound_value, &map, ranges),
            indices: indices.iter().map(|x| rewrite(x, &map, ranges)).collect(),
        },
        blk.body.span(),
    );
    let block = Block {
        iter_vars: ivs,
        reads: blk.reads.iter().map(|r| rewrite_region(r, &map, ranges)).collect(),
        writes: blk.writes.iter().map(|r| rewrite_region(r, &map, ranges)).collect(),
        body: store,
        ..blk.clone()
    };
    let known = |v: &Var| ranges.get(&v.id()).copied();
    let predicate = arith::simplify_cond_in(&Substitute { map: &map }.expr(&info.in_bound_predicate), &known);
    let mut nest =
        Stmt::at(StmtKind::BlockRealize { values: bindings, predicate, block: Box::new(block) }, realize.span());
    for p in loops.iter().rev() {
        let (min, extent) = match new_ranges.get(&p.var.id()) {
            Some(&(min, ext)) => {
                let dt = p.var.dtype();
                (PrimExpr::int_of(min, dt), PrimExpr::int_of(ext, dt))
            }
            None => (p.min.clone(), p.extent.clone()),
        };
        nest = ForParts { min, extent, body: nest, ..p.clone() }.build();
    }
    nest
}
