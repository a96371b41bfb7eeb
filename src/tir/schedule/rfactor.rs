//! `rfactor`: a reduction split into a partial reduction over a factored loop (`NAME_rf`,
//! into a new buffer with that loop's dimension) and a write-back that reduces the partial
//! results (`src/s_tir/schedule/primitive/reduction.cc` in TVM 0.27).

use rustc_hash::FxHashMap as HashMap;

use super::tree::{self, ForParts};
use super::{BlockRV, Instruction, LoopRV, Schedule, ScheduleError, err};
use crate::tir::ast::*;
use crate::tir::dtype::DataType;
use crate::tir::mutate::{Mutator, Substitute};

impl Schedule {
    /// Factor the reduction of the block under `l` over `l`: the partial results go into new
    /// buffers `NAME_rf` (each written buffer with `l`'s dimension inserted at `factor_axis`),
    /// reduced into the originals by the block under copies of the loops; the
    /// partial-reduction block.
    ///
    /// The block's reduction must be one of TVM's commutative reducers: `B[..] = B[..] op
    /// value` with `op` one of `+`, `*`, `T.min`, `T.max`; or, over two buffers written at the
    /// same indices (values bound to lets first, as TVM prints `topi.argmax`), a pair of sums
    /// or an argmax/argmin, with the reducer's identities as init.
    ///
    /// # Errors
    /// No single reduction block under the loop, a loop that is not bound to reduction
    /// variables only, an update that is none of those reducers, a factor axis out of range,
    /// or stale handles.
    pub fn rfactor(&mut self, l: LoopRV, factor_axis: i64) -> Result<BlockRV, ScheduleError> {
        const P: &str = "rfactor";
        let (above, loop_stmt) = self.loop_site(l, P)?;
        let rf_loop = ForParts::of(&loop_stmt).ok_or_else(|| err(P, "not a loop"))?;
        let mut blocks = Vec::new();
        tree::walk_blocks(&loop_stmt, &mut Vec::new(), &mut |loops, realize, b| {
            blocks.push((loops.to_vec(), realize.clone(), b.clone()));
        });
        let [(inner_loops, realize, blk)] = blocks.as_slice() else {
            return Err(err(
                P,
                format!("loop {} must hold exactly one block, not {}", rf_loop.var.name(), blocks.len()),
            ));
        };
        if tree::stores_at_reduction_index(blk) {
            return Err(err(
                P,
                format!("block {} stores at an index of a reduction variable: it is not a reduction block", blk.name),
            ));
        }
        let StmtKind::BlockRealize { values, predicate, .. } = realize.kind() else { unreachable!("a realize") };
        let name = &blk.name;
        if blk.init.is_none() {
            return Err(err(P, format!("block {name} has no init: it is not a reduction block")));
        }
        let red = reduction_of(blk).map_err(|m| err(P, m))?;
        if let Some(why) = super::stage_pipeline::stage_pipeline_error(&self.func.body, realize) {
            return Err(err(P, why));
        }
        let indices = &red.indices;
        let buffer = &red.buffers[0];
        // Loops: the factored one, then the block's loops (all, from the root down).
        // (the walk from the loop lists the loop itself first among the block's loops).
        let mut all_loops: Vec<ForParts> = Vec::new();
        for p in above.iter().chain(std::iter::once(&loop_stmt)).chain(inner_loops.iter()).filter_map(ForParts::of) {
            if !all_loops.iter().any(|q| q.var.id() == p.var.id()) {
                all_loops.push(p);
            }
        }
        let reduce = |iv: &IterVar| iv.iter_type != IterType::DataPar;
        let bound_by = |id: u64, want_reduce: bool| {
            blk.iter_vars
                .iter()
                .zip(values)
                .any(|(iv, v)| reduce(iv) == want_reduce && crate::tir::region::uses_var(v, id))
        };
        // A loop no binding uses is a unit loop TVM factors too (its variable of extent 1).
        let unused_unit = !bound_by(rf_loop.var.id(), true) && rf_loop.extent.as_int() == Some(1);
        if bound_by(rf_loop.var.id(), false) || !(bound_by(rf_loop.var.id(), true) || unused_unit) {
            return Err(err(P, format!("loop {} is not bound to reduction variables only", rf_loop.var.name())));
        }
        // TVM's range: -(rank + 1) ..= rank, a negative axis counted from the end.
        let rank = i64::try_from(buffer.shape().len()).unwrap_or(i64::MAX);
        let axis = if factor_axis < 0 { factor_axis.saturating_add(rank + 1) } else { factor_axis };
        let Some(factor_axis_at) = usize::try_from(axis).ok().filter(|&a| axis <= rank && a <= buffer.shape().len())
        else {
            return Err(err(
                P,
                format!("factor_axis {factor_axis} is out of range for {} of rank {}", buffer.name(), rank),
            ));
        };
        let rf_extent = rf_loop.extent.clone();
        // The partial-result buffers, one per written buffer: TVM makes each from the written
        // one, with the factored loop's dimension inserted (its offset comes along).
        let rf_bufs: Vec<Buffer> = red
            .buffers
            .iter()
            .map(|b| {
                let mut shape = b.shape().to_vec();
                shape.insert(factor_axis_at, rf_extent.clone());
                let mut spec = BufferSpec::new(&format!("{}_rf", b.name()), b.dtype(), shape);
                spec.elem_offset = super::blocks::copied_offset(b);
                spec.build()
            })
            .collect();

        // --- the rfactor block: v<rf> (spatial), the spatial vars, v<loop> for the other
        // reduction loops (reduce), in loop order.
        let mk = |loop_var: &Var, ty: IterType, extent: &PrimExpr| IterVar {
            dom: Some(Range::new(PrimExpr::int_of(0, loop_var.dtype()), extent.clone())),
            var: Var::at(&format!("v{}", loop_var.name()), loop_var.ty().clone(), loop_var.span()),
            iter_type: ty,
            thread_tag: String::new(),
        };
        let rf_iv = mk(&rf_loop.var, IterType::DataPar, &rf_extent);
        let mut rf_ivs = vec![rf_iv.clone()];
        let mut rf_values = vec![PrimExpr::var(&rf_loop.var)];
        let mut loop_to_iv: HashMap<u64, PrimExpr> = HashMap::default();
        loop_to_iv.insert(rf_loop.var.id(), PrimExpr::var(&rf_iv.var));
        // As TVM: the factored variable first, then the block's variables in order: spatial
        // ones and reductions the factored loop takes no part in as they are; a reduction over
        // the factored loop is replaced by one variable per other loop of its binding.
        let mut old_reduce: HashMap<u64, PrimExpr> = HashMap::default();
        for (iv, v) in blk.iter_vars.iter().zip(values) {
            if !reduce(iv) || !crate::tir::region::uses_var(v, rf_loop.var.id()) {
                rf_ivs.push(iv.clone());
                rf_values.push(v.clone());
                continue;
            }
            // The loops in the order the binding names them (TVM visits it in pre-order).
            let mut named: Vec<u64> = Vec::new();
            crate::tir::visit::walk_expr(v, &mut |x| {
                if let Some(var) = x.as_var()
                    && !named.contains(&var.id())
                {
                    named.push(var.id());
                }
            });
            for p in named.iter().filter_map(|id| all_loops.iter().find(|p| p.var.id() == *id)) {
                if p.var.id() != rf_loop.var.id()
                    && crate::tir::region::uses_var(v, p.var.id())
                    && !loop_to_iv.contains_key(&p.var.id())
                {
                    let iv = mk(&p.var, IterType::CommReduce, &p.extent);
                    loop_to_iv.insert(p.var.id(), PrimExpr::var(&iv.var));
                    rf_ivs.push(iv);
                    rf_values.push(PrimExpr::var(&p.var));
                }
            }
            // The original reduction variable, in terms of the new ones.
            let e = Substitute { map: &loop_to_iv }.expr(v);
            old_reduce.insert(iv.var.id(), crate::tir::arith::simplify(&e));
        }
        let still_reduces = rf_ivs.iter().any(|iv| iv.iter_type != IterType::DataPar);
        let mut rf_idx = indices.clone();
        rf_idx.insert(factor_axis_at, PrimExpr::var(&rf_iv.var));
        let rhs_rf: Vec<PrimExpr> = red.rhs.iter().map(|r| Substitute { map: &old_reduce }.expr(r)).collect();
        // With no reduction left (the factored loop was the whole reduction) each partial
        // result is one value: stored, without an init.
        let (rf_update, rf_init) = if still_reduces {
            let lhs: Vec<PrimExpr> = rf_bufs.iter().map(|b| b.load(rf_idx.clone())).collect();
            (
                stores(&rf_bufs, &rf_idx, red.combine(&lhs, &rhs_rf), true),
                Some(stores(&rf_bufs, &rf_idx, red.identities.clone(), false)),
            )
        } else {
            (stores(&rf_bufs, &rf_idx, rhs_rf, false), None)
        };
        let mut rf_block = Block {
            iter_vars: rf_ivs,
            init: rf_init,
            annotations: blk.annotations.clone(),
            ..Block::new(&format!("{name}_rf"), rf_update)
        };
        // TVM's regions: the block's reads in its variables' new terms; its writes to the
        // partial buffers, one element of the factored dimension.
        let in_new_terms = |r: &Range| Range {
            min: Substitute { map: &old_reduce }.expr(&r.min),
            extent: Substitute { map: &old_reduce }.expr(&r.extent),
        };
        rf_block.reads = blk
            .reads
            .iter()
            .map(|r| BufferRegion { buffer: r.buffer.clone(), region: r.region.iter().map(in_new_terms).collect() })
            .collect();
        rf_block.writes = blk
            .writes
            .iter()
            .filter_map(|w| {
                let k = red.buffers.iter().position(|b| *b == w.buffer)?;
                let mut region: Vec<Range> = w.region.iter().map(in_new_terms).collect();
                let v = &rf_iv.var;
                region.insert(factor_axis_at, Range::new(PrimExpr::var(v), PrimExpr::int_of(1, v.dtype())));
                Some(BufferRegion { buffer: rf_bufs[k].clone(), region })
            })
            .collect();
        let rf_realize = Stmt::at(
            StmtKind::BlockRealize { values: rf_values, predicate: predicate.clone(), block: Box::new(rf_block) },
            realize.span(),
        );

        // --- the write-back block: v<rf> (reduce), the spatial vars; it takes the block's place
        // in the original loops, less the loops of the other reductions (TVM's layout).
        let wb_rf = IterVar { iter_type: IterType::CommReduce, ..rf_iv.clone() };
        let mut wb_ivs = vec![wb_rf.clone()];
        let mut wb_values = vec![PrimExpr::var(&rf_loop.var)];
        for (iv, v) in blk.iter_vars.iter().zip(values) {
            if !reduce(iv) {
                wb_ivs.push(iv.clone());
                wb_values.push(v.clone());
            }
        }
        let mut wb_idx = indices.clone();
        wb_idx.insert(factor_axis_at, PrimExpr::var(&wb_rf.var));
        let lhs: Vec<PrimExpr> = red.buffers.iter().map(|b| b.load(indices.clone())).collect();
        let rf_values: Vec<PrimExpr> = rf_bufs.iter().map(|b| b.load(wb_idx.clone())).collect();
        let wb_update = stores(&red.buffers, indices, red.combine(&lhs, &rf_values), true);
        // One buffer keeps its init as written; several get their identities (TVM's rebuild).
        let wb_init = match &blk.init {
            Some(init) if red.buffers.len() == 1 => init.clone(),
            _ => stores(&red.buffers, indices, red.identities.clone(), false),
        };
        let mut wb_block = Block {
            iter_vars: wb_ivs,
            init: Some(wb_init),
            annotations: blk.annotations.clone(),
            ..Block::new(name, wb_update)
        };
        // TVM's regions: the partial results read, the results written, one element each.
        wb_block.reads = rf_bufs.iter().map(|b| BufferRegion::point(b, &wb_idx)).collect();
        wb_block.writes = red.buffers.iter().map(|b| BufferRegion::point(b, indices)).collect();
        let wb_realize = Stmt::at(
            StmtKind::BlockRealize { values: wb_values, predicate: PrimExpr::bool(true), block: Box::new(wb_block) },
            realize.span(),
        );
        let dropped: Vec<u64> = all_loops
            .iter()
            .filter(|p| p.var.id() != rf_loop.var.id() && bound_by(p.var.id(), true))
            .map(|p| p.var.id())
            .collect();

        // --- the rfactor block under fresh copies of all the block's loops, in a nest of its
        // own before the one holding the block.
        let mut fresh: HashMap<u64, PrimExpr> = HashMap::default();
        let mut copies = Vec::with_capacity(all_loops.len());
        for p in &all_loops {
            let v = Var::at(p.var.name(), p.var.ty().clone(), p.var.span());
            fresh.insert(p.var.id(), PrimExpr::var(&v));
            copies.push(ForParts { var: v, ..p.clone_header() });
        }
        let mut rf_nest = Substitute { map: &fresh }.stmt(&rf_realize);
        for mut c in copies.into_iter().rev() {
            c.body = rf_nest;
            rf_nest = c.build();
        }

        // Both nests in the block's scope (the root, or the block it is nested in), which
        // allocates the factored buffers.
        let (scope, mut scope_block, mut children, at) = self.scope_child_of(realize, P)?;
        let original = super::blocks::replace_stmt(&children[at], realize, &wb_realize);
        children[at] = without_loops(&original, &dropped);
        children.insert(at, rf_nest);
        scope_block.alloc_buffers.extend(rf_bufs);
        scope_block.body = tree::with_top_list(&scope_block.body, children);
        self.set_scope_block(&scope, scope_block);
        // (Its own iteration variable tells it from another `NAME_rf`, of an earlier rfactor.)
        let out = self.new_block_rv_with_var(&format!("{name}_rf"), rf_iv.var.id());
        self.trace.push(Instruction::RFactor { l, factor_axis, out });
        Ok(out)
    }
}

/// `s` with the loops of `vars` replaced by their bodies.
fn without_loops(s: &Stmt, vars: &[u64]) -> Stmt {
    struct Drop<'a>(&'a [u64]);
    impl Mutator for Drop<'_> {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            e.clone()
        }
        fn stmt(&mut self, s: &Stmt) -> Stmt {
            let out = stacker::maybe_grow(64 * 1024, 1024 * 1024, || crate::tir::mutate::default_stmt(self, s));
            match out.kind() {
                StmtKind::For { var, body, .. } if self.0.contains(&var.id()) => body.clone(),
                _ => out,
            }
        }
    }
    Drop(vars).stmt(s)
}

/// Whether two lists of expressions print alike (the same expressions, as far as the text shows).
fn same_exprs(a: &[PrimExpr], b: &[PrimExpr]) -> bool {
    let print = crate::tir::script::print_expr;
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| print(x) == print(y))
}

impl ForParts {
    /// The loop's header without its body.
    fn clone_header(&self) -> ForParts {
        ForParts {
            var: self.var.clone(),
            min: self.min.clone(),
            extent: self.extent.clone(),
            kind: self.kind.clone(),
            body: Stmt::empty(),
            annotations: self.annotations.clone(),
            span: self.span,
        }
    }
}

/// What a reduction block computes: each written buffer's old value combined with a value by
/// one of TVM's commutative reducers (`ReducerRegistry` in TVM's `reduction.cc`).
struct Reduction {
    /// The written buffers, in the order of the update's stores.
    buffers: Vec<Buffer>,
    /// The indices every store of the update writes at.
    indices: Vec<PrimExpr>,
    /// The reducer's identities, one per buffer (the init's values).
    identities: Vec<PrimExpr>,
    /// What each buffer's old value is combined with.
    rhs: Vec<PrimExpr>,
    combiner: Combiner,
}

#[derive(Clone, Copy)]
enum Combiner {
    /// `x op y` of one buffer.
    Single(BinOp),
    /// One of [`PAIRS`], over two buffers.
    Pair(usize),
}

impl Reduction {
    /// The reducer applied to old values `x` and new values `y`.
    fn combine(&self, x: &[PrimExpr], y: &[PrimExpr]) -> Vec<PrimExpr> {
        match self.combiner {
            Combiner::Single(op) => vec![PrimExpr::binary(op, x[0].clone(), y[0].clone())],
            Combiner::Pair(k) => (PAIRS[k].combine)(x, y).to_vec(),
        }
    }
}

/// A reducer of two buffers: its combiner and its identities given the values' types.
struct PairReducer {
    combine: fn(&[PrimExpr], &[PrimExpr]) -> [PrimExpr; 2],
    identity: fn(DataType, DataType) -> Option<[PrimExpr; 2]>,
}

fn ge(a: &PrimExpr, b: &PrimExpr) -> PrimExpr {
    PrimExpr::cmp(CmpOp::Ge, a.clone(), b.clone())
}

/// The "arg" reducers: `before(x1, y1)` keeps the old pair, else the new one; `tie` also
/// keeps the old pair on equal values when its index is smaller.
fn arg_pair(x: &[PrimExpr], y: &[PrimExpr], op: CmpOp, tie: bool) -> [PrimExpr; 2] {
    let keep = PrimExpr::cmp(op, x[1].clone(), y[1].clone());
    let keep_idx = if tie {
        PrimExpr::or(
            keep.clone(),
            PrimExpr::and(
                PrimExpr::cmp(CmpOp::Eq, x[1].clone(), y[1].clone()),
                PrimExpr::cmp(CmpOp::Lt, x[0].clone(), y[0].clone()),
            ),
        )
    } else {
        keep.clone()
    };
    [PrimExpr::select(keep_idx, x[0].clone(), y[0].clone()), PrimExpr::select(keep, x[1].clone(), y[1].clone())]
}

fn arg_identity(idx: DataType, val: DataType, max: bool) -> Option<[PrimExpr; 2]> {
    let limit = if max { crate::tir::arith::min_value(val)? } else { crate::tir::arith::max_value(val)? };
    Some([constant_of(idx, -1)?, limit])
}

fn constant_of(t: DataType, v: i64) -> Option<PrimExpr> {
    if t.is_float() {
        Some(PrimExpr::float_of(v as f64, t))
    } else if t.is_int() || t.is_uint() {
        Some(PrimExpr::int_of(v, t))
    } else {
        None
    }
}

/// TVM 0.27's two-buffer reducers, in its registry's order.
const PAIRS: [PairReducer; 5] = [
    PairReducer {
        combine: |x, y| {
            [
                PrimExpr::binary(BinOp::Add, x[0].clone(), y[0].clone()),
                PrimExpr::binary(BinOp::Add, x[1].clone(), y[1].clone()),
            ]
        },
        identity: |a, b| Some([constant_of(a, 0)?, constant_of(b, 0)?]),
    },
    PairReducer {
        combine: |x, y| {
            let keep = ge(&x[1], &y[1]);
            [
                PrimExpr::select(keep.clone(), x[0].clone(), y[0].clone()),
                PrimExpr::select(keep, x[1].clone(), y[1].clone()),
            ]
        },
        identity: |a, b| arg_identity(a, b, true),
    },
    PairReducer { combine: |x, y| arg_pair(x, y, CmpOp::Gt, true), identity: |a, b| arg_identity(a, b, true) },
    PairReducer { combine: |x, y| arg_pair(x, y, CmpOp::Le, false), identity: |a, b| arg_identity(a, b, false) },
    PairReducer { combine: |x, y| arg_pair(x, y, CmpOp::Lt, true), identity: |a, b| arg_identity(a, b, false) },
];

/// The stores of `values` to `buffers` at `indices`; several as an update are bound to lets
/// `v_<buffer>` first (TVM's form: every value is computed from the old ones before any store).
fn stores(buffers: &[Buffer], indices: &[PrimExpr], values: Vec<PrimExpr>, as_update: bool) -> Stmt {
    if buffers.len() == 1 {
        return buffers[0].store(indices.to_vec(), values.into_iter().next().unwrap_or_else(|| PrimExpr::int(0)));
    }
    if !as_update {
        return Stmt::seq(buffers.iter().zip(values).map(|(b, v)| b.store(indices.to_vec(), v)).collect());
    }
    let vars: Vec<Var> =
        buffers.iter().zip(&values).map(|(b, v)| Var::new(&format!("v_{}", b.name()), v.dtype())).collect();
    let mut body =
        Stmt::seq(buffers.iter().zip(&vars).map(|(b, v)| b.store(indices.to_vec(), PrimExpr::var(v))).collect());
    for (var, value) in vars.iter().zip(values).rev() {
        body = Stmt::let_stmt(var, value, body);
    }
    body
}

/// The stores of a block's body: lets (substituted into the stored values) around one store
/// or a sequence of them.
fn stores_of(body: &Stmt) -> Option<Vec<(Buffer, Vec<PrimExpr>, PrimExpr)>> {
    let mut lets: HashMap<u64, PrimExpr> = HashMap::default();
    let mut s = body;
    while let StmtKind::LetStmt { var, value, body } = s.kind() {
        let value = Substitute { map: &lets }.expr(value);
        lets.insert(var.id(), value);
        s = body;
    }
    let list: Vec<&Stmt> = match s.kind() {
        StmtKind::Seq(xs) => xs.iter().collect(),
        _ => vec![s],
    };
    list.into_iter()
        .map(|x| match x.kind() {
            StmtKind::BufferStore { buffer, value, indices } => {
                Some((buffer.clone(), indices.clone(), Substitute { map: &lets }.expr(value)))
            }
            _ => None,
        })
        .collect()
}

/// The reduction a block computes, as TVM's `GetReducerAndCombinerLhsRhs` finds it.
fn reduction_of(blk: &Block) -> Result<Reduction, String> {
    let name = &blk.name;
    let init = blk.init.as_ref().ok_or_else(|| format!("block {name} has no init: it is not a reduction block"))?;
    let (Some(updates), Some(inits)) = (stores_of(&blk.body), stores_of(init)) else {
        return Err(format!("block {name}'s update and init must each be stores (after lets)"));
    };
    if updates.len() != inits.len() || updates.is_empty() {
        return Err(format!("block {name}'s init stores {} buffers, its update {}", inits.len(), updates.len()));
    }
    let indices = updates[0].1.clone();
    if updates.iter().any(|(_, i, _)| !same_exprs(i, &indices)) {
        return Err(format!("block {name}'s update writes its buffers at different indices"));
    }
    // The identities in the update's order of buffers.
    let mut identities = Vec::with_capacity(updates.len());
    for (b, ..) in &updates {
        match inits.iter().find(|(x, ..)| x == b) {
            Some((_, _, v)) => identities.push(v.clone()),
            None => return Err(format!("block {name}'s init does not write {}", b.name())),
        }
    }
    let buffers: Vec<Buffer> = updates.iter().map(|(b, ..)| b.clone()).collect();
    if updates.len() == 1 {
        let (buffer, _, value) = &updates[0];
        if let ExprKind::Binary(op @ (BinOp::Add | BinOp::Mul | BinOp::Min | BinOp::Max), a, b) = value.kind()
            && matches!(a.kind(), ExprKind::BufferLoad(x, i) if x == buffer && same_exprs(i, &indices))
        {
            return Ok(Reduction {
                buffers,
                indices,
                identities,
                rhs: vec![b.clone()],
                combiner: Combiner::Single(*op),
            });
        }
        return Err(format!("block {name}'s update is not `B[..] = B[..] op value` with a commutative reducer"));
    }
    let refuse = || {
        format!(
            "block {name}'s update of {} buffers is not one of TVM's reducers of several buffers (a pair of sums, an argmax or an argmin), each with its identity as init",
            updates.len()
        )
    };
    if updates.len() != 2 {
        return Err(refuse());
    }
    let values: Vec<PrimExpr> = updates.iter().map(|(.., v)| v.clone()).collect();
    let loads: Vec<PrimExpr> = buffers.iter().map(|b| b.load(indices.clone())).collect();
    let holes: Vec<Var> =
        ["x0", "x1", "y0", "y1"].iter().enumerate().map(|(k, n)| Var::new(n, values[k % 2].dtype())).collect();
    let (x, y): (Vec<PrimExpr>, Vec<PrimExpr>) =
        (holes[..2].iter().map(PrimExpr::var).collect(), holes[2..].iter().map(PrimExpr::var).collect());
    for (k, pair) in PAIRS.iter().enumerate() {
        let Some(want) = (pair.identity)(identities[0].dtype(), identities[1].dtype()) else { continue };
        if !want
            .iter()
            .zip(&identities)
            .all(|(w, i)| w.dtype() == i.dtype() && same_exprs(std::slice::from_ref(w), std::slice::from_ref(i)))
        {
            continue;
        }
        let pattern = (pair.combine)(&x, &y);
        let mut bound: HashMap<u64, PrimExpr> = HashMap::default();
        if !pattern.iter().zip(&values).all(|(p, v)| matches_pattern(p, v, &holes, &mut bound)) {
            continue;
        }
        let got = |v: &Var| bound.get(&v.id()).cloned();
        let (Some(x0), Some(x1), Some(y0), Some(y1)) = (got(&holes[0]), got(&holes[1]), got(&holes[2]), got(&holes[3]))
        else {
            continue;
        };
        if same_exprs(&[x0, x1], &loads) {
            return Ok(Reduction { buffers, indices, identities, rhs: vec![y0, y1], combiner: Combiner::Pair(k) });
        }
    }
    Err(refuse())
}

/// Whether `e` is `pattern` with each of `holes` standing for one subexpression (the same one
/// wherever it occurs), as TVM's `PatternMatcher`.
fn matches_pattern(pattern: &PrimExpr, e: &PrimExpr, holes: &[Var], bound: &mut HashMap<u64, PrimExpr>) -> bool {
    if let ExprKind::Var(v) = pattern.kind()
        && holes.iter().any(|h| h.id() == v.id())
    {
        if v.dtype() != e.dtype() {
            return false;
        }
        return match bound.get(&v.id()) {
            Some(b) => same_exprs(std::slice::from_ref(b), std::slice::from_ref(e)),
            None => {
                bound.insert(v.id(), e.clone());
                true
            }
        };
    }
    let mut m = |p: &PrimExpr, x: &PrimExpr| matches_pattern(p, x, holes, bound);
    match (pattern.kind(), e.kind()) {
        (ExprKind::Select(a, b, c), ExprKind::Select(x, y, z)) => m(a, x) && m(b, y) && m(c, z),
        (ExprKind::Cmp(o, a, b), ExprKind::Cmp(p, x, y)) => o == p && m(a, x) && m(b, y),
        (ExprKind::Binary(o, a, b), ExprKind::Binary(p, x, y)) => o == p && m(a, x) && m(b, y),
        (ExprKind::And(a, b), ExprKind::And(x, y)) | (ExprKind::Or(a, b), ExprKind::Or(x, y)) => m(a, x) && m(b, y),
        _ => false,
    }
}
