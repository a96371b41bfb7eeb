//! `transform_layout` with padding: a map whose image is a box larger than the buffer
//! (`lambda i: (i // 4, i % 4)` on 14 elements gives a 4 × 4 buffer, 2 elements of padding),
//! as TVM 0.27's `TransformLayoutPlanner` does it.
//!
//! Without `pad_value` TVM refuses (its message names where the padding is) unless
//! `assume_injective_transform=True`, which only reshapes the accesses. With a `pad_value`
//! (a value per new index), the plan is the first that applies of:
//! - **prologue**: nothing in the buffer's scope writes it (an input): a block at the top of
//!   the scope states `T.assume(not padding or A[..] == pad)` for each element;
//! - **replacement**: a store inside a row-major traversal of the whole buffer (one serial
//!   loop per dimension, nothing else between them), the only kind of store in that nest: the
//!   nest iterates the new shape and stores `T.if_then_else(padding, pad, value)`;
//! - **epilogue**: a block after the last store's nest fills the padding (`T.where`).
//!
//! Where TVM's replacement would drop statements between the traversal's loops (a consumer
//! computed under the same outer loop), the nest is not rewritten: the epilogue is used.

use rustc_hash::FxHashMap as HashMap;

use super::iter_map::Bijection;
use super::tree;
use super::{IndexMap, Schedule, ScheduleError, err};
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute, default_expr, default_stmt};

/// A map that is one-to-one from the buffer's box into a larger box.
pub(super) struct Padded {
    bij: Bijection,
    /// The buffer's extents.
    dims: Vec<i64>,
    /// Each extent rounded up to what makes the map a bijection onto the new box.
    rounded: Vec<i64>,
    /// The names of the new layout's indices, as TVM's inverse names them: a result that is
    /// one of the map's parameters keeps its name, the others are `axis0`, `axis1`, ...
    pub(super) names: Vec<String>,
}

impl Padded {
    /// The map over `dims` if it is injective into the box `shape` (it is then the restriction
    /// of a bijection from the extents rounded up to the divisors the map splits them by).
    pub(super) fn of(map: &IndexMap, dims: &[i64], shape: &[i64]) -> Result<Padded, String> {
        const NOT: &str = "is not injective affine";
        let mut rounded = Vec::with_capacity(dims.len());
        for (p, &d) in map.params.iter().zip(dims) {
            let mut l = 1i64;
            for r in &map.results {
                crate::tir::visit::walk_expr(r, &mut |e| {
                    if let ExprKind::Binary(BinOp::FloorDiv | BinOp::FloorMod, a, b) = e.kind()
                        && let Some(c) = b.as_int().filter(|&c| c > 0)
                        && crate::tir::region::uses_var(a, p.id())
                    {
                        l = lcm(l, c).unwrap_or(0);
                    }
                });
            }
            if l <= 0 {
                return Err(NOT.into());
            }
            rounded.push(d.checked_add(l - 1).map(|x| x / l * l).ok_or(NOT)?);
        }
        let bij = Bijection::of(map, &rounded).map_err(|_| NOT.to_string())?;
        if bij.extents != shape {
            return Err(NOT.into());
        }
        let names = map
            .results
            .iter()
            .enumerate()
            .map(|(k, r)| match r.as_var() {
                Some(v) if map.params.contains(v) => v.name().to_string(),
                _ => format!("axis{k}"),
            })
            .collect();
        Ok(Padded { bij, dims: dims.to_vec(), rounded, names })
    }

    /// The bijection from the rounded-up extents.
    pub(super) fn into_bijection(self) -> Bijection {
        self.bij
    }

    /// The old indices of the element at new indices `new`.
    pub(super) fn inverse(&self, new: &[PrimExpr]) -> Vec<PrimExpr> {
        self.bij.inverse(new)
    }

    /// Where the new indices `new` are padding, as TVM's simplifier writes it for a split
    /// index (`axis0 == 3 and 2 <= axis1`), else `d <= old index`.
    pub(super) fn condition(&self, new: &[PrimExpr]) -> Option<PrimExpr> {
        let inverse = self.inverse(new);
        let mut out: Option<PrimExpr> = None;
        for ((inv, &d), &r) in inverse.iter().zip(&self.dims).zip(&self.rounded) {
            if r == d {
                continue;
            }
            let dt = inv.dtype();
            let c = |v: i64| PrimExpr::int_of(v, dt);
            let split = match inv.kind() {
                ExprKind::Binary(BinOp::Add, hi, lo) => match hi.kind() {
                    ExprKind::Binary(BinOp::Mul, a, k) if a.as_var().is_some() && lo.as_var().is_some() => {
                        k.as_int().filter(|&k| k > 0).map(|k| (a.clone(), k, lo.clone()))
                    }
                    _ => None,
                },
                _ => None,
            };
            let cond = match split {
                // `b` is below `k`: `k - 1 <= b` is `b == k - 1`, as TVM's simplifier has it.
                Some((a, k, b)) => PrimExpr::and(
                    PrimExpr::cmp(CmpOp::Eq, a, c(d / k)),
                    if d % k == k - 1 {
                        PrimExpr::cmp(CmpOp::Eq, b, c(k - 1))
                    } else {
                        PrimExpr::cmp(CmpOp::Le, c(d % k), b)
                    },
                ),
                None => PrimExpr::cmp(CmpOp::Le, c(d), inv.clone()),
            };
            out = Some(match out {
                None => cond,
                Some(prev) => PrimExpr::or(prev, cond),
            });
        }
        out
    }
}

fn lcm(a: i64, b: i64) -> Option<i64> {
    let g = i64::try_from(crate::tir::arith::gcd(i128::from(a), i128::from(b))).ok()?;
    (a / g).checked_mul(b)
}

/// One store to the buffer being transformed, as TVM's `TransformLayoutPlanner` sees it.
struct WriteInfo {
    /// The store's indices.
    indices: Vec<PrimExpr>,
    /// The innermost block realize around the store.
    realize: Option<Stmt>,
    /// The loops the indices depend on, outermost first (all loops from the first such to the
    /// last).
    nest: Vec<Stmt>,
    /// Whether `nest` is a row-major traversal of the whole buffer: one serial loop per
    /// dimension from 0 over its extent, index `k` being loop `k`'s variable.
    row_major: bool,
}

/// The walk collecting [`WriteInfo`]s: the loops around, what each variable depends on, and the
/// values block and let variables are bound to.
struct Planner<'a> {
    old: &'a Buffer,
    loops: Vec<Stmt>,
    /// Variable id to the range of loop depths its value depends on.
    depth: HashMap<u64, (usize, usize)>,
    /// Variable id to its value in loop variables.
    bindings: HashMap<u64, PrimExpr>,
    realize: Option<Stmt>,
    writes: Vec<WriteInfo>,
}

impl Planner<'_> {
    fn dependency(&self, e: &PrimExpr) -> Option<(usize, usize)> {
        let mut out: Option<(usize, usize)> = None;
        crate::tir::visit::walk_expr(e, &mut |x| {
            if let Some(v) = x.as_var()
                && let Some(&(lo, hi)) = self.depth.get(&v.id())
            {
                out = Some(out.map_or((lo, hi), |(a, b)| (a.min(lo), b.max(hi))));
            }
        });
        out
    }

    fn bind(&mut self, var: &Var, value: &PrimExpr) {
        if let Some(d) = self.dependency(value) {
            self.depth.insert(var.id(), d);
            let value = Substitute { map: &self.bindings }.expr(value);
            self.bindings.insert(var.id(), value);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || match s.kind() {
            StmtKind::For { var, body, .. } => {
                let d = self.loops.len();
                self.depth.insert(var.id(), (d, d));
                self.loops.push(s.clone());
                self.stmt(body);
                self.loops.pop();
                self.depth.remove(&var.id());
            }
            StmtKind::LetStmt { var, value, body } => {
                self.bind(var, value);
                self.stmt(body);
            }
            StmtKind::BlockRealize { values, block, .. } => {
                for (iv, v) in block.iter_vars.iter().zip(values) {
                    self.bind(&iv.var, v);
                }
                let outer = self.realize.replace(s.clone());
                for c in crate::tir::visit::stmt_children(s) {
                    self.stmt(c);
                }
                self.realize = outer;
            }
            StmtKind::BufferStore { buffer, indices, .. } if buffer == self.old => {
                let mut range: Option<(usize, usize)> = None;
                for i in indices {
                    if let Some((lo, hi)) = self.dependency(i) {
                        range = Some(range.map_or((lo, hi), |(a, b)| (a.min(lo), b.max(hi))));
                    }
                }
                let nest = range.map_or_else(Vec::new, |(lo, hi)| self.loops[lo..=hi].to_vec());
                let dims = self.old.shape();
                // TVM also takes a nest with other statements between its loops, and then
                // drops them (a consumer under the same loop is lost): such a nest is not
                // rewritten here.
                let perfect =
                    nest.windows(2).all(|w| matches!(w[0].kind(), StmtKind::For { body, .. } if body.same_node(&w[1])));
                let row_major = !nest.is_empty()
                    && perfect
                    && nest.len() == dims.len()
                    && nest.len() == indices.len()
                    && nest.iter().zip(dims).zip(indices).all(|((l, d), i)| {
                        let StmtKind::For { var, min, extent, kind, .. } = l.kind() else { return false };
                        let i = Substitute { map: &self.bindings }.expr(i);
                        i.as_var().is_some_and(|v| v == var)
                            && min.as_int() == Some(0)
                            && extent.dtype() == d.dtype()
                            && extent.as_int().is_some()
                            && extent.as_int() == d.as_int()
                            && *kind == ForKind::Serial
                    });
                self.writes.push(WriteInfo {
                    indices: indices.clone(),
                    realize: self.realize.clone(),
                    nest,
                    row_major,
                });
            }
            _ => {
                for c in crate::tir::visit::stmt_children(s) {
                    self.stmt(c);
                }
            }
        })
    }
}

/// The new layout's loop variables (`axis0`, ..) and block variables (`v_axis0`, ..), named
/// `names`, of the
/// buffer's index type, with an iteration variable over each new extent.
fn new_axes(new: &Buffer, names: &[String]) -> (Vec<Var>, Vec<IterVar>) {
    let dt = new.shape().first().map_or(crate::tir::DataType::INT32, PrimExpr::dtype);
    let axes: Vec<Var> = names.iter().map(|n| Var::new(n, dt)).collect();
    let ivs = axes
        .iter()
        .zip(new.shape())
        .map(|(a, e)| IterVar {
            dom: Some(Range::new(PrimExpr::int_of(0, e.dtype()), e.clone())),
            var: Var::new(&format!("v_{}", a.name()), dt),
            iter_type: IterType::DataPar,
            thread_tag: String::new(),
        })
        .collect();
    (axes, ivs)
}

/// `body` in serial loops over the new shape, outermost first.
fn in_new_loops(axes: &[Var], new: &Buffer, body: Stmt) -> Stmt {
    axes.iter()
        .zip(new.shape())
        .rev()
        .fold(body, |s, (a, e)| Stmt::for_range(a, PrimExpr::int_of(0, e.dtype()), e.clone(), s))
}

/// The pad value at `indices` of the new layout.
fn pad_at(pad: &IndexMap, indices: &[PrimExpr]) -> PrimExpr {
    let map: HashMap<u64, PrimExpr> = pad.params.iter().map(Var::id).zip(indices.iter().cloned()).collect();
    Substitute { map: &map }.expr(&pad.results[0])
}

/// The nest of one [`WriteInfo`] rewritten to iterate the new shape, each store of it storing the
/// pad value where the element is padding (TVM's `BufferStoreReplacer`).
struct Replacer<'a> {
    old: &'a Buffer,
    new: &'a Buffer,
    /// The store's old indices; a store or load of the buffer there is rewritten.
    at: &'a [PrimExpr],
    /// The new indices stores and loads take.
    new_indices: Vec<PrimExpr>,
    /// Where the new indices are padding.
    cond: PrimExpr,
    pad: PrimExpr,
    remap: HashMap<u64, PrimExpr>,
    /// The innermost block around the store, and its new iteration variables and values.
    block: Option<(Stmt, Vec<IterVar>, Vec<PrimExpr>)>,
    all_replaced: bool,
}

impl Replacer<'_> {
    fn is_at(&self, indices: &[PrimExpr]) -> bool {
        indices.len() == self.at.len() && indices.iter().zip(self.at).all(|(a, b)| crate::tir::arith::prove_equal(a, b))
    }
}

impl Mutator for Replacer<'_> {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        match e.kind() {
            ExprKind::BufferLoad(b, idx) if b == self.old && self.is_at(idx) => self.new.load(self.new_indices.clone()),
            ExprKind::Var(v) => self.remap.get(&v.id()).cloned().unwrap_or_else(|| e.clone()),
            _ => default_expr(self, e),
        }
    }

    fn stmt(&mut self, s: &Stmt) -> Stmt {
        match s.kind() {
            StmtKind::BufferStore { buffer, value, indices } if buffer == self.old && self.is_at(indices) => {
                let value = self.expr(value);
                let guarded = PrimExpr::call_builtin(
                    value.dtype(),
                    "tir.if_then_else",
                    vec![self.cond.clone(), self.pad.clone(), value],
                );
                return Stmt::at(
                    StmtKind::BufferStore {
                        buffer: self.new.clone(),
                        value: guarded,
                        indices: self.new_indices.clone(),
                    },
                    s.span(),
                );
            }
            StmtKind::BufferStore { .. } => self.all_replaced = false,
            _ => {}
        }
        let inner = default_stmt(self, s);
        let out = Substitute { map: &self.remap }.stmt(&inner);
        let StmtKind::BlockRealize { values, predicate, block } = out.kind() else { return out };
        let mut b = (**block).clone();
        for m in &mut b.match_buffers {
            m.source.region =
                m.source.region.iter().map(|r| Range::new(self.expr(&r.min), self.expr(&r.extent))).collect();
        }
        let mut values = values.clone();
        if let Some((realize, ivs, vals)) = &self.block
            && s.same_node(realize)
        {
            b.iter_vars = ivs.clone();
            values = vals.clone();
        }
        // The block's regions of the buffer: what it now accesses of the new one.
        let (reads, writes) = crate::tir::region::infer_regions(&b);
        let fix = |rs: &mut Vec<BufferRegion>, inferred: &[BufferRegion]| {
            for r in rs.iter_mut().filter(|r| &r.buffer == self.old) {
                if let Some(n) = inferred.iter().find(|n| &n.buffer == self.new) {
                    *r = n.clone();
                }
            }
        };
        fix(&mut b.reads, &reads);
        fix(&mut b.writes, &writes);
        Stmt::at(StmtKind::BlockRealize { values, predicate: predicate.clone(), block: Box::new(b) }, out.span())
    }
}

impl Schedule {
    /// Write `pad` into the padding of `new` (the layout of `old` that `padded` maps to), as
    /// TVM's `TransformLayoutPlanner` plans it, in its order of preference:
    /// - nothing in the function writes the buffer (an input): a block before the rest of
    ///   the scope states `T.assume` that its padding holds the pad value
    ///   (`buffer_A_assumptions`);
    /// - a store inside a row-major traversal of the whole buffer, the only store in its nest:
    ///   the nest iterates the new shape and stores `T.if_then_else(padding, pad, value)`;
    /// - otherwise a block after the last store writes the pad value into the padding
    ///   (`buffer_B_padding`).
    ///
    /// Accesses of `old` outside what this rewrites are left for the caller to relayout.
    pub(super) fn pad(
        &mut self,
        p: &'static str,
        old: &Buffer,
        new: &Buffer,
        padded: &Padded,
        pad: &IndexMap,
    ) -> Result<(), ScheduleError> {
        // The scope: the block allocating the buffer, or the root block.
        let mut scope = None;
        tree::walk_blocks(&self.func.body, &mut Vec::new(), &mut |_, realize, b| {
            if b.alloc_buffers.contains(old) {
                scope = Some(realize.clone());
            }
        });
        let scope = match scope {
            Some(s) => s,
            None if matches!(self.func.body.kind(), StmtKind::BlockRealize { .. }) => self.func.body.clone(),
            None => return Err(err(p, "the function is not one block (not in block form)")),
        };
        let mut planner = Planner {
            old,
            loops: Vec::new(),
            depth: HashMap::default(),
            bindings: HashMap::default(),
            realize: None,
            writes: Vec::new(),
        };
        if let StmtKind::BlockRealize { block, .. } = scope.kind() {
            if let Some(init) = &block.init {
                planner.stmt(init);
            }
            planner.stmt(&block.body);
        }
        let (axes, ivs) = new_axes(new, &padded.names);
        let axis_exprs: Vec<PrimExpr> = axes.iter().map(PrimExpr::var).collect();
        let v_exprs: Vec<PrimExpr> = ivs.iter().map(|iv| PrimExpr::var(&iv.var)).collect();
        let cond_at = |at: &[PrimExpr]| padded.condition(at).ok_or_else(|| err(p, "no element is padding"));
        if planner.writes.is_empty() {
            // The prologue: at the top of the block allocating the buffer, or of the root.
            let cond = cond_at(&v_exprs)?;
            let holds = PrimExpr::cmp(CmpOp::Eq, new.load(v_exprs.clone()), pad_at(pad, &v_exprs));
            let assume = PrimExpr::call_builtin(
                crate::tir::DataType::BOOL,
                "tir.assume",
                vec![PrimExpr::or(PrimExpr::logical_not(cond), holds)],
            );
            let mut block = Block::new(&format!("buffer_{}_assumptions", new.name()), Stmt::evaluate(assume));
            block.iter_vars = ivs;
            block.reads = vec![BufferRegion::point(new, &v_exprs)];
            let nest = in_new_loops(&axes, new, Stmt::block(axis_exprs, block));
            let StmtKind::BlockRealize { block, .. } = scope.kind() else { unreachable!("a block") };
            let mut list = tree::top_list(&block.body);
            list.insert(0, nest);
            let block = Block { body: tree::with_top_list(&block.body, list), ..(**block).clone() };
            self.set_scope_block(&scope, block);
            return Ok(());
        }
        let mut replacements: Vec<(Stmt, Stmt)> = Vec::new();
        for info in planner.writes.iter().filter(|w| w.row_major) {
            let mut remap: HashMap<u64, PrimExpr> = HashMap::default();
            for (l, inv) in info.nest.iter().zip(padded.inverse(&axis_exprs)) {
                let StmtKind::For { var, .. } = l.kind() else { unreachable!("a loop") };
                remap.insert(var.id(), inv);
            }
            let mut new_indices = axis_exprs.clone();
            let mut block = None;
            // Block variables indexing the buffer in order, all spatial: the block iterates
            // the new shape through new variables.
            if let Some(realize) = &info.realize
                && let StmtKind::BlockRealize { values, block: blk, .. } = realize.kind()
                && !info.indices.is_empty()
                && blk.iter_vars.len() >= info.indices.len()
                && values.len() == blk.iter_vars.len()
            {
                let (n, k) = (blk.iter_vars.len(), info.indices.len());
                let start = (0..n - k)
                    .find(|&s| info.indices[0].as_var().is_some_and(|v| *v == blk.iter_vars[s].var))
                    .unwrap_or(n - k);
                let matched = info.indices.iter().enumerate().all(|(i, x)| {
                    let iv = &blk.iter_vars[start + i];
                    x.as_var().is_some_and(|v| *v == iv.var) && iv.iter_type == IterType::DataPar
                });
                if matched {
                    let mut new_ivs = blk.iter_vars[..start].to_vec();
                    let mut new_vals = values[..start].to_vec();
                    new_ivs.extend(ivs.iter().cloned());
                    new_vals.extend(axis_exprs.iter().cloned());
                    new_ivs.extend(blk.iter_vars[start + k..].iter().cloned());
                    new_vals.extend(values[start + k..].iter().cloned());
                    for (x, inv) in info.indices.iter().zip(padded.inverse(&v_exprs)) {
                        if let Some(v) = x.as_var() {
                            remap.insert(v.id(), inv);
                        }
                    }
                    new_indices = v_exprs.clone();
                    block = Some((realize.clone(), new_ivs, new_vals));
                }
            }
            let cond = cond_at(&new_indices)?;
            let mut replacer = Replacer {
                old,
                new,
                at: &info.indices,
                pad: pad_at(pad, &new_indices),
                new_indices,
                cond,
                remap,
                block,
                all_replaced: true,
            };
            let Some(StmtKind::For { body, .. }) = info.nest.last().map(Stmt::kind) else { unreachable!("a nest") };
            let body = replacer.stmt(body);
            if replacer.all_replaced {
                let top = info.nest[0].clone();
                replacements.retain(|(t, _)| !t.same_node(&top));
                replacements.push((top, in_new_loops(&axes, new, body)));
            }
        }
        if !replacements.is_empty() {
            for (top, with) in replacements {
                self.func.body = super::blocks::replace_stmt(&self.func.body, &top, &with);
            }
            return Ok(());
        }
        // The epilogue: after the last store's nest (or its block).
        let last = planner.writes.last().expect("a write");
        let after = match (last.nest.first(), &last.realize) {
            (Some(l), _) => l.clone(),
            (None, Some(r)) => r.clone(),
            (None, None) => return Err(err(p, format!("{} is written outside any block or loop", old.name()))),
        };
        let mut block =
            Block::new(&format!("buffer_{}_padding", new.name()), new.store(v_exprs.clone(), pad_at(pad, &v_exprs)));
        block.iter_vars = ivs;
        block.writes = vec![BufferRegion::point(new, &v_exprs)];
        let realize = Stmt::at(
            StmtKind::BlockRealize {
                values: axis_exprs.clone(),
                predicate: cond_at(&axis_exprs)?,
                block: Box::new(block),
            },
            None,
        );
        let nest = in_new_loops(&axes, new, realize);
        self.func.body = super::blocks::insert_before(&self.func.body, &after, Stmt::seq(vec![after.clone(), nest]));
        Ok(())
    }
}
