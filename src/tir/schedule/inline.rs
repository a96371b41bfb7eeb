//! `compute_inline`: an elementwise producer block's value substituted into its consumers
//! (`src/s_tir/schedule/primitive/compute_inline.cc` in TVM 0.27), in any loop nest.

use rustc_hash::FxHashMap as HashMap;

use super::{BlockRV, IndexMap, Instruction, Schedule, ScheduleError, err, tree};
use crate::tir::DataType;
use crate::tir::arith::simplify;
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute, default_expr, default_stmt};

impl Schedule {
    /// Inline a producer block into the blocks that read what it writes, and remove it and its
    /// buffer.
    ///
    /// # Errors
    /// A block that is not one store of an expression to its own spatial iteration variables,
    /// a buffer that is a parameter or written elsewhere, a consumer that reads a window of it
    /// instead of elements, or a stale handle.
    pub fn compute_inline(&mut self, block: BlockRV) -> Result<(), ScheduleError> {
        self.inline_block(block)?;
        self.trace.push(Instruction::ComputeInline(block));
        Ok(())
    }

    /// `compute_inline` without its trace entry (`compute_at` to an inline mark uses it).
    pub(super) fn inline_block(&mut self, block: BlockRV) -> Result<(), ScheduleError> {
        const P: &str = "compute_inline";
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { block: blk, .. } = site.realize.kind() else { unreachable!("a block site") };
        let name = &blk.name;
        // TVM's first check (its `GetSingleWrite`), with its message.
        if blk.writes.len() == 1
            && let Some(why) = super::stage_pipeline::stage_pipeline_error(&self.func.body, &site.realize)
        {
            return Err(err(P, why));
        }
        if blk.writes.len() != 1 {
            return Err(err(
                P,
                format!(
                    "The block is only allowed to write a single buffer region, but it writes {} region(s): {name}",
                    blk.writes.len()
                ),
            ));
        }
        let StmtKind::BufferStore { buffer, value, indices } = blk.body.kind() else {
            return Err(err(P, format!("block {name} is not one store: its body must be `B[v0, v1, ..] = value`")));
        };
        if blk.init.is_some() {
            return Err(err(
                P,
                format!("The block has init statement: {name} (a reduction: only spatial blocks can be inlined)"),
            ));
        }
        if blk.iter_vars.iter().any(|iv| iv.iter_type != IterType::DataPar) {
            return Err(err(P, format!("block {name} is a reduction: only spatial blocks can be inlined")));
        }
        let Some(stored) = StoredAt::own_variables(blk, indices).or_else(|| StoredAt::inverted(blk, indices)) else {
            return Err(err(
                P,
                format!(
                    "block {name} does not store to a bijective affine map of its iteration variables (B[v0, v1, ..], B[v // 4, v % 4])"
                ),
            ));
        };
        // TVM's output block: one that writes a buffer its scope block does not allocate (a
        // parameter, an outer block's buffer, a `T.alloc_buffer` statement's).
        if !tree::scope_allocates(&self.func.body, &site.realize, buffer) {
            return Err(err(P, format!("The block {name} is an output block (it writes {})", buffer.name())));
        }
        let mut writers = 0;
        tree::walk_blocks(&self.func.body, &mut Vec::new(), &mut |_, _, b| {
            if b.name == "root" {
                return;
            }
            writers += usize::from(b.writes.iter().any(|w| &w.buffer == buffer));
        });
        if writers != 1 {
            return Err(err(
                P,
                format!("{} is written by {writers} blocks: only a single producer can be inlined", buffer.name()),
            ));
        }
        if opaquely_used(&self.func.body, buffer) {
            return Err(opaque_access(P, buffer, name));
        }
        // The block leaves with the loops it alone held; its readers get its value.
        let without = tree::remove_leaf(&self.func.body, &site.realize);
        let mut inliner = Inline {
            buffer: buffer.clone(),
            value: stored.over(value),
            reads: stored.over_reads(&blk.reads),
            vars: stored.vars,
            var_types: stored.var_types,
            failed: false,
        };
        let body = inliner.stmt(&without);
        if inliner.failed {
            return Err(err(
                P,
                format!(
                    "a block reads a window of {} that block {name} does not compute elementwise from its inputs (not supported yet)",
                    buffer.name()
                ),
            ));
        }
        self.func.body = tree::drop_alloc(&body, buffer);
        Ok(())
    }
}

impl Schedule {
    /// Inline a consumer block into the block that produces what it reads: the producer
    /// stores the consumer's result directly; the consumer and the intermediate buffer go.
    ///
    /// # Errors
    /// A consumer that reads more than one region, not at its own iteration variables, or is
    /// not one store; a producer that is not one spatial store; an intermediate buffer that is
    /// a parameter or read elsewhere; a consumer whose loops hold other statements; or a stale
    /// handle.
    pub fn reverse_compute_inline(&mut self, block: BlockRV) -> Result<(), ScheduleError> {
        self.reverse_inline_block(block)?;
        self.trace.push(Instruction::ReverseComputeInline(block));
        Ok(())
    }

    /// `reverse_compute_inline` without its trace entry.
    pub(super) fn reverse_inline_block(&mut self, block: BlockRV) -> Result<(), ScheduleError> {
        const P: &str = "reverse_compute_inline";
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { block: consumer, .. } = site.realize.kind() else { unreachable!("a block site") };
        let name = &consumer.name;
        if let Some(why) = super::stage_pipeline::stage_pipeline_error(&self.func.body, &site.realize) {
            return Err(err(P, why));
        }
        let StmtKind::BufferStore { buffer: out, value: g, indices: f } = consumer.body.kind() else {
            return Err(err(P, format!("block {name} is not one store")));
        };
        if consumer.init.is_some() || consumer.iter_vars.iter().any(|iv| iv.iter_type != IterType::DataPar) {
            return Err(err(P, format!("block {name} is a reduction: only spatial blocks can be inlined")));
        }
        // The buffer inlined: the one the consumer reads that a block of the function writes
        // (other inputs, such as a bias, stay loads).
        let mut written: Vec<Buffer> = Vec::new();
        tree::walk_blocks(&self.func.body, &mut Vec::new(), &mut |_, realize, blk| {
            if !realize.same_node(&site.realize) {
                written.extend(blk.writes.iter().map(|w| w.buffer.clone()));
            }
        });
        let produced: Vec<&BufferRegion> = consumer.reads.iter().filter(|r| written.contains(&r.buffer)).collect();
        let [read] = produced.as_slice() else {
            return Err(err(
                P,
                format!(
                    "The block is only allowed to read a single buffer region, but it reads {} region(s): {name}",
                    consumer.reads.len()
                ),
            ));
        };
        let b = read.buffer.clone();
        if opaquely_used(&self.func.body, &b) {
            return Err(opaque_access(P, &b, name));
        }
        // Every load of `b` at the same indices.
        let mut pattern: Option<Vec<PrimExpr>> = None;
        let mut same = true;
        crate::tir::visit::walk_expr(g, &mut |e| {
            if let ExprKind::BufferLoad(x, idx) = e.kind()
                && *x == b
            {
                match &pattern {
                    None => pattern = Some(idx.clone()),
                    Some(p) => {
                        same &= same_indices(p, idx);
                    }
                }
            }
        });
        let (Some(at), true) = (pattern, same) else {
            return Err(err(P, format!("block {name} does not load {} at one index pattern", b.name())));
        };
        // The producer: the one block writing `b`; nobody else reads `b`.
        let mut producer: Option<(Stmt, Block)> = None;
        let mut writers = 0;
        let mut readers = 0;
        tree::walk_blocks(&self.func.body, &mut Vec::new(), &mut |_, realize, blk| {
            if blk.writes.iter().any(|w| w.buffer == b) {
                writers += 1;
                producer = Some((realize.clone(), blk.clone()));
            }
            readers += usize::from(blk.reads.iter().any(|r| r.buffer == b));
        });
        let Some((prod_realize, prod)) = producer.filter(|_| writers == 1) else {
            return Err(err(P, format!("{} is written by {writers} blocks: it needs a single producer", b.name())));
        };
        // TVM's output-block rule for the producer: it must write what the scope allocates.
        if !tree::scope_allocates(&self.func.body, &site.realize, &b) {
            return Err(err(P, format!("The block {} is an output block (it writes {})", prod.name, b.name())));
        }
        if readers != 1 {
            return Err(err(
                P,
                format!("{} is read by {readers} blocks: only its single consumer can be inlined", b.name()),
            ));
        }
        let StmtKind::BufferStore { buffer: pb, value: pv, indices: pidx } = prod.body.kind() else {
            return Err(err(P, format!("the producer {} is not one store", prod.name)));
        };
        if *pb != b {
            return Err(err(P, format!("the producer {} is not one store to {}", prod.name, b.name())));
        }
        if prod.iter_vars.iter().any(|iv| iv.iter_type != IterType::DataPar) {
            return Err(err(
                P,
                format!(
                    "The consumer block {name} to be inlined is required to have only a single producer block, and the producer block should be a complete block who has only a single consumer: the producer {} is a reduction",
                    prod.name
                ),
            ));
        }
        // A producer that reads what it stores (an update, after its init) takes only a copy of
        // its result: the update then accumulates in the consumer's output directly, as TVM
        // inlines it. Every access of `b` must be at the element stored.
        let loads_b_at = |e: &PrimExpr| {
            let (mut any, mut elsewhere) = (false, false);
            crate::tir::visit::walk_expr(e, &mut |x| {
                if let ExprKind::BufferLoad(x, idx) = x.kind()
                    && *x == b
                {
                    any = true;
                    elsewhere |= !same_indices(idx, pidx);
                }
            });
            (any, elsewhere)
        };
        let init_store = match prod.init.as_ref().map(Stmt::kind) {
            None => None,
            Some(StmtKind::BufferStore { buffer, value, indices })
                if *buffer == b && same_indices(indices, pidx) && !loads_b_at(value).0 =>
            {
                Some(value.clone())
            }
            Some(_) => {
                return Err(err(P, format!("the init of producer {} is not one store to {}", prod.name, b.name())));
            }
        };
        let (updates, elsewhere) = loads_b_at(pv);
        if updates && (init_store.is_none() || elsewhere) {
            return Err(err(
                P,
                format!(
                    "the producer {} reads {} where it does not store it: it cannot store elsewhere",
                    prod.name,
                    b.name()
                ),
            ));
        }
        if (updates || init_store.is_some()) && !matches!(g.kind(), ExprKind::BufferLoad(x, _) if *x == b) {
            return Err(err(
                P,
                format!(
                    "the producer {} accumulates {} (it has an init): only a copy of it can be inlined into it, and block {name} computes from it",
                    prod.name,
                    b.name()
                ),
            ));
        }
        // The consumer's variables at the element the producer stores: read off directly when
        // it loads `b` at distinct variables of its own, else through the inverse of its
        // bijective affine index map (`B[(vi * 32 + vj) // 128, (vi * 32 + vj) % 128]`).
        let not_affine = || {
            err(
                P,
                format!(
                    "block {name} loads {} at indices that are not a bijective affine map of its iteration variables",
                    b.name()
                ),
            )
        };
        // Directly: distinct variables of its own, and constants where the producer's index
        // is that constant (`B[0, vi, vj]` of a unit axis); a variable of extent 1 it leaves
        // out is its minimum.
        let prod_domains = tree::domains(&prod);
        let constant_matches = |k: usize, c: i64| {
            pidx.get(k).is_some_and(|p| {
                crate::tir::arith::range_of(p, &|v| prod_domains.get(&v.id()).copied())
                    == Some((i128::from(c), i128::from(c)))
            })
        };
        let direct_vars: Vec<(usize, &Var)> =
            at.iter().enumerate().filter_map(|(k, i)| Some((k, widened_var(i)?))).collect();
        let direct: Vec<u64> = direct_vars.iter().map(|(_, v)| v.id()).collect();
        let distinct = direct.iter().collect::<std::collections::BTreeSet<_>>().len() == direct.len();
        let constants_match = at.iter().enumerate().all(|(k, i)| match i.as_int() {
            Some(c) => constant_matches(k, c),
            None => widened_var(i).is_some(),
        });
        let unit = |iv: &IterVar| iv.dom.as_ref().filter(|d| d.extent.as_int() == Some(1)).map(|d| d.min.clone());
        let all_vars = consumer.iter_vars.iter().all(|iv| direct.contains(&iv.var.id()) || unit(iv).is_some());
        // (With the inverse's sums also written from the highest part, for the predicate: TVM
        // simplifies that, `i0 * 16 + i1 < 127`.)
        let (map, pred_map): (HashMap<u64, PrimExpr>, Option<HashMap<u64, PrimExpr>>) =
            if constants_match && distinct && all_vars {
                let mut map: HashMap<u64, PrimExpr> =
                    direct_vars.iter().map(|&(k, v)| (v.id(), in_type(&pidx[k], v.dtype()))).collect();
                for iv in &consumer.iter_vars {
                    if let (false, Some(min)) = (map.contains_key(&iv.var.id()), unit(iv)) {
                        map.insert(iv.var.id(), min);
                    }
                }
                (map, None)
            } else {
                let mut dims = Vec::new();
                for iv in &consumer.iter_vars {
                    match iv.dom.as_ref().map(|d| (d.min.as_int(), d.extent.as_int())) {
                        Some((Some(0), Some(n))) if n >= 1 => dims.push(n),
                        _ => return Err(not_affine()),
                    }
                }
                let index_map =
                    IndexMap { params: consumer.iter_vars.iter().map(|iv| iv.var.clone()).collect(), results: at };
                // An injective map (`cvi // 16, cvi % 16` over `cvi < 127`) is the restriction of
                // the bijection from the domains rounded up to the divisors' multiple (as a padded
                // layout is); the predicate below drops the padding, as TVM does.
                let bij = match super::iter_map::Bijection::of(&index_map, &dims) {
                    Ok(bij) => bij,
                    Err(_) => {
                        let shape: Vec<i64> =
                            b.shape().iter().map(PrimExpr::as_int).collect::<Option<_>>().ok_or_else(not_affine)?;
                        super::layout_padding::Padded::of(&index_map, &dims, &shape)
                            .map_err(|_| not_affine())?
                            .into_bijection()
                    }
                };
                if pidx.len() != bij.extents.len() {
                    return Err(not_affine());
                }
                let ids = || consumer.iter_vars.iter().map(|iv| iv.var.id());
                if bij.is_reshape() {
                    // Each independent part on its own (`C[vj * 16 + vk, vl]` gives `vj = i // 16`,
                    // `vl = j`), as TVM's `InverseAffineIterMap` does; a unit index in none is 0.
                    let dt = pidx.first().map_or(crate::tir::DataType::INT32, PrimExpr::dtype);
                    let mut old = vec![PrimExpr::int_of(0, dt); dims.len()];
                    // A unit index loaded as itself is the producer's index there (its one
                    // value becomes a predicate below), as TVM binds it.
                    for (m, e) in index_map.results.iter().enumerate() {
                        if let Some(k) = e.as_var().and_then(|v| consumer.iter_vars.iter().position(|iv| iv.var == *v))
                            && dims[k] == 1
                        {
                            old[k] = pidx[m].clone();
                        }
                    }
                    for (new, at) in bij.reshape_parts() {
                        let inv = reshape_inverse(&pidx[new.clone()], &bij.extents[new], &dims[at.clone()]);
                        for (k, e) in at.zip(inv) {
                            old[k] = simplify(&e);
                        }
                    }
                    (ids().zip(old).collect(), None)
                } else {
                    (
                        ids().zip(bij.inverse_low_first(pidx).iter().map(simplify)).collect(),
                        Some(ids().zip(bij.inverse(pidx).iter().map(simplify)).collect()),
                    )
                }
            };
        // Producer iterations whose element the consumer does not read store nothing: a
        // predicate over the loops, as TVM adds (`T.where(i < 62)`).
        let StmtKind::BlockRealize { values, predicate, .. } = prod_realize.kind() else { unreachable!("a realize") };
        let bindings: HashMap<u64, PrimExpr> =
            prod.iter_vars.iter().map(|iv| iv.var.id()).zip(values.iter().cloned()).collect();
        let mut pred = predicate.clone();
        for iv in &consumer.iter_vars {
            let (Some(dom), Some(value)) = (iv.dom.as_ref(), pred_map.as_ref().unwrap_or(&map).get(&iv.var.id()))
            else {
                continue;
            };
            // The producer's variable over the same (maybe symbolic) domain needs no predicate.
            let same_domain =
                value.as_var().and_then(|v| prod.iter_vars.iter().find(|p| p.var == *v)).is_some_and(|p| {
                    p.dom.as_ref().is_some_and(|d| {
                        crate::tir::arith::prove_equal(&d.min, &dom.min)
                            && crate::tir::arith::prove_equal(&d.extent, &dom.extent)
                    })
                });
            if same_domain {
                continue;
            }
            // A symbolic extent (`v_i0 < n`) over the producer's variable of a wider domain (a
            // padded `(n + 31) // 32 * 32`): the producer's iterations past it store nothing.
            if let (Some(lo), None) = (dom.min.as_int(), dom.extent.as_int())
                && let Some(p) = value.as_var().and_then(|v| prod.iter_vars.iter().find(|p| p.var == *v))
                && p.dom.as_ref().and_then(|d| d.min.as_int()).is_some_and(|m| m >= lo)
            {
                let over_loops = simplify(&Substitute { map: &bindings }.expr(value));
                let end = simplify(&PrimExpr::binary(
                    BinOp::Add,
                    dom.extent.clone(),
                    PrimExpr::int_of(lo, dom.extent.dtype()),
                ));
                let end = crate::tir::arith::as_dtype(end, value.dtype());
                // `x < n - 1` is `x + 1 < n`, as TVM's simplifier writes it.
                let c = match end.kind() {
                    ExprKind::Binary(BinOp::Sub, e, k) if k.as_int().is_some() => PrimExpr::cmp(
                        CmpOp::Lt,
                        simplify(&PrimExpr::binary(BinOp::Add, over_loops, k.clone())),
                        e.clone(),
                    ),
                    _ => PrimExpr::cmp(CmpOp::Lt, over_loops, end),
                };
                pred = if pred.as_int() == Some(1) { c } else { PrimExpr::and(pred, c) };
                continue;
            }
            let (Some(lo), Some(ext)) = (dom.min.as_int(), dom.extent.as_int()) else {
                return Err(err(P, format!("the domain of {} in block {name} is not constant", iv.var.name())));
            };
            let Some((vlo, vhi)) = crate::tir::arith::range_of(value, &|v| prod_domains.get(&v.id()).copied()) else {
                return Err(err(
                    P,
                    format!("the range of {} over block {}'s domain is not known", iv.var.name(), prod.name),
                ));
            };
            let over_loops = simplify(&Substitute { map: &bindings }.expr(value));
            let dt = over_loops.dtype();
            let mut conds = Vec::new();
            if vlo < i128::from(lo) {
                conds.push(PrimExpr::cmp(CmpOp::Le, PrimExpr::int_of(lo, dt), over_loops.clone()));
            }
            if vhi >= i128::from(lo) + i128::from(ext) {
                let end = lo.checked_add(ext).ok_or_else(|| err(P, "the consumer's domain overflows"))?;
                // `x // c < k` is `x < c * k`, as TVM's simplifier writes it.
                let cond = match over_loops.kind() {
                    ExprKind::Binary(BinOp::FloorDiv, x, c)
                        if c.as_int().is_some_and(|c| c > 0)
                            && c.as_int().and_then(|c| c.checked_mul(end)).is_some() =>
                    {
                        let bound = c.as_int().and_then(|c| c.checked_mul(end)).unwrap_or(end);
                        PrimExpr::cmp(CmpOp::Lt, x.clone(), PrimExpr::int_of(bound, dt))
                    }
                    _ => PrimExpr::cmp(CmpOp::Lt, over_loops.clone(), PrimExpr::int_of(end, dt)),
                };
                conds.push(cond);
            }
            // A condition the producer's predicate already states is not repeated.
            let print = crate::tir::script::print_expr;
            let stated: Vec<String> = crate::tir::visit::conjuncts(&pred).iter().map(print).collect();
            for c in conds {
                if stated.contains(&print(&c)) {
                    continue;
                }
                pred = if pred.as_int() == Some(1) { c } else { PrimExpr::and(pred, c) };
            }
        }
        // `i < 16256 && i % 128 < 127` is `i < 16255 && ..`, as TVM's simplifier writes it.
        let pred = crate::tir::arith::tighten_remainder_bounds(&pred);
        struct LoadsOf<'a>(&'a Buffer, &'a PrimExpr);
        impl Mutator for LoadsOf<'_> {
            fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
                match e.kind() {
                    ExprKind::BufferLoad(x, _) if x == self.0 => self.1.clone(),
                    _ => default_expr(self, e),
                }
            }
        }
        let value = Substitute { map: &map }.expr(&LoadsOf(&b, pv).expr(g));
        let idx: Vec<PrimExpr> = f.iter().map(|e| simplify(&Substitute { map: &map }.expr(e))).collect();
        // An update's reads of `b` (at the element it stores) read the output there now.
        let here = out.load(idx.clone());
        let value = LoadsOf(&b, &here).expr(&value);
        let init = init_store.map(|v| out.store(idx.clone(), v));
        let mut new_prod = Block { body: out.store(idx, value), init, ..prod.clone() };
        let (reads, writes) = crate::tir::region::infer_regions(&new_prod);
        new_prod.reads = reads;
        new_prod.writes = writes;
        let new_realize = Stmt::at(
            StmtKind::BlockRealize { values: values.clone(), predicate: pred, block: Box::new(new_prod) },
            prod_realize.span(),
        );
        // The consumer leaves with the loops it alone held; the producer stores its result.
        let without = tree::remove_leaf(&self.func.body, &site.realize);
        self.func.body = tree::drop_alloc(&super::blocks::replace_stmt(&without, &prod_realize, &new_realize), &b);
        Ok(())
    }
}

/// Whether two accesses are provably at the same element.
fn same_indices(a: &[PrimExpr], b: &[PrimExpr]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| crate::tir::arith::prove_equal(x, y))
}

/// Whether `buffer` is used other than by loads and stores: its data pointer (`B.data`, a
/// `T.tvm_access_ptr`) or a window of it matched into a block. Inlining rewrites only loads and
/// stores, so TVM refuses such a buffer.
fn opaquely_used(body: &Stmt, buffer: &Buffer) -> bool {
    tree::window_of(body, buffer).is_some() || tree::uses_data(body, buffer)
}

fn opaque_access(primitive: &'static str, buffer: &Buffer, block: &str) -> ScheduleError {
    err(
        primitive,
        format!(
            "The buffer to be inlined has opaque access (e.g. `{0}.data`), or its subregion is matched into other blocks: {block}",
            buffer.name()
        ),
    )
}

/// The old indices of a reshape in TVM's form: the new indices fused row-major, lowest
/// first (`vj + vi * 128`), then each old index that number's digit (`// 64 % 32`).
fn reshape_inverse(new: &[PrimExpr], new_extents: &[i64], old_extents: &[i64]) -> Vec<PrimExpr> {
    let dt = new.first().map_or(crate::tir::DataType::INT32, PrimExpr::dtype);
    let c = |v: i64| PrimExpr::int_of(v, dt);
    let mut fused: Option<PrimExpr> = None;
    let mut stride = 1i64;
    for (x, &e) in new.iter().zip(new_extents).rev() {
        let term = if stride == 1 { x.clone() } else { PrimExpr::binary(BinOp::Mul, x.clone(), c(stride)) };
        fused = Some(match fused {
            None => term,
            Some(acc) => PrimExpr::binary(BinOp::Add, acc, term),
        });
        stride = stride.saturating_mul(e);
    }
    let fused = fused.unwrap_or_else(|| c(0));
    let mut out = Vec::with_capacity(old_extents.len());
    let mut below = 1i64;
    for (k, &e) in old_extents.iter().enumerate().rev() {
        let mut v = fused.clone();
        if below > 1 {
            v = PrimExpr::binary(BinOp::FloorDiv, v, c(below));
        }
        if k > 0 {
            v = PrimExpr::binary(BinOp::FloorMod, v, c(e));
        }
        out.push(v);
        below = below.saturating_mul(e);
    }
    out.reverse();
    out
}

/// How a producer's store indices name its iteration variables: `vars[k]` is what a load's
/// index `k` binds, and `inverse` (when the indices are not the variables themselves) gives
/// each iteration variable over those.
struct StoredAt {
    vars: Vec<u64>,
    /// The variables' types: a load's index is bound in its variable's type.
    var_types: Vec<DataType>,
    inverse: Option<HashMap<u64, PrimExpr>>,
}

impl StoredAt {
    /// Indices that are the block's iteration variables, each once and all of them (TVM's
    /// fast path). An index widened to the buffer's index type, `T.Cast("int64", v)` beside an
    /// int64 index, is its variable: TVM's mixed-type indices.
    fn own_variables(blk: &Block, indices: &[PrimExpr]) -> Option<StoredAt> {
        // TVM's fast path proper: index `k` is variable `k`, or 0 where variable `k` has the one
        // value 0 (that variable then takes the load's index there, as TVM substitutes it).
        let unit_zero =
            |iv: &IterVar| iv.dom.as_ref().is_some_and(|d| d.min.as_int() == Some(0) && d.extent.as_int() == Some(1));
        if indices.len() == blk.iter_vars.len()
            && indices.iter().zip(&blk.iter_vars).any(|(i, _)| i.as_int() == Some(0))
            && indices
                .iter()
                .zip(&blk.iter_vars)
                .all(|(i, iv)| widened_var(i).is_some_and(|v| *v == iv.var) || (i.as_int() == Some(0) && unit_zero(iv)))
        {
            return Some(StoredAt {
                vars: blk.iter_vars.iter().map(|iv| iv.var.id()).collect(),
                var_types: blk.iter_vars.iter().map(|iv| iv.var.dtype()).collect(),
                inverse: None,
            });
        }
        let index_vars: Vec<&Var> = indices.iter().map(widened_var).collect::<Option<_>>()?;
        let vars: Vec<u64> = index_vars.iter().map(|v| v.id()).collect();
        let distinct = vars.iter().collect::<std::collections::BTreeSet<_>>().len() == vars.len();
        let all =
            blk.iter_vars.len() == vars.len() && vars.iter().all(|v| blk.iter_vars.iter().any(|iv| iv.var.id() == *v));
        (distinct && all).then(|| StoredAt {
            vars,
            var_types: index_vars.iter().map(|v| v.dtype()).collect(),
            inverse: None,
        })
    }

    /// Indices that are a bijective affine map of the block's variables (`B[0, v]` after
    /// `transform_block_layout` dropped a unit axis, `B[v // 4, v % 4]`): placeholders
    /// `ph_k` stand for the indices, and each variable is the map's inverse over them (a
    /// variable of extent 1 the map leaves out is its minimum, 0), as TVM's `ComputeInliner`
    /// inverts them.
    fn inverted(blk: &Block, indices: &[PrimExpr]) -> Option<StoredAt> {
        let ph: Vec<Var> = indices.iter().enumerate().map(|(k, i)| Var::new(&format!("ph_{k}"), i.dtype())).collect();
        let stored_at = |inverse| StoredAt {
            vars: ph.iter().map(Var::id).collect(),
            var_types: ph.iter().map(Var::dtype).collect(),
            inverse: Some(inverse),
        };
        if let Some(inverse) = Self::variables_and_constants(blk, indices, &ph) {
            return Some(stored_at(inverse));
        }
        let dims: Vec<i64> = blk
            .iter_vars
            .iter()
            .map(|iv| iv.dom.as_ref().filter(|d| d.min.as_int() == Some(0)).and_then(|d| d.extent.as_int()))
            .collect::<Option<_>>()?;
        let map =
            IndexMap { params: blk.iter_vars.iter().map(|iv| iv.var.clone()).collect(), results: indices.to_vec() };
        let bijection = super::iter_map::Bijection::of(&map, &dims).ok()?;
        let inverse = bijection.inverse_low_first(&ph.iter().map(PrimExpr::var).collect::<Vec<_>>());
        let inverse = blk
            .iter_vars
            .iter()
            .zip(inverse)
            .map(|(iv, e)| (iv.var.id(), crate::tir::arith::as_dtype(e, iv.var.dtype())))
            .collect();
        Some(stored_at(inverse))
    }

    /// Indices that are the block's variables, each once, and constants (`B[0, v0, v1]` over a
    /// symbolic `v0 < n`): each variable is its placeholder, a variable of extent 1 left out its
    /// minimum. No digits are needed, so the extents may be symbolic.
    fn variables_and_constants(blk: &Block, indices: &[PrimExpr], ph: &[Var]) -> Option<HashMap<u64, PrimExpr>> {
        let mut inverse: HashMap<u64, PrimExpr> = HashMap::default();
        for (i, p) in indices.iter().zip(ph) {
            if i.as_int().is_some() {
                continue;
            }
            // A reversed index, `9 - v`: `v` is `(ph - 9) * -1`, as TVM's inverse writes it.
            let reversed = match i.kind() {
                ExprKind::Binary(BinOp::Sub, c, v) if c.as_int().is_some() => v.as_var().map(|v| (v, c.clone())),
                _ => None,
            };
            let (v, value) = match reversed {
                Some((v, c)) => {
                    let dt = p.dtype();
                    let back = PrimExpr::binary(
                        BinOp::Mul,
                        PrimExpr::binary(BinOp::Sub, PrimExpr::var(p), c),
                        PrimExpr::int_of(-1, dt),
                    );
                    (v, back)
                }
                None => (widened_var(i)?, PrimExpr::var(p)),
            };
            let iv = blk.iter_vars.iter().find(|iv| iv.var.id() == v.id())?;
            let value = crate::tir::arith::as_dtype(value, iv.var.dtype());
            if inverse.insert(v.id(), value).is_some() {
                return None;
            }
        }
        for iv in &blk.iter_vars {
            if inverse.contains_key(&iv.var.id()) {
                continue;
            }
            let d = iv.dom.as_ref()?;
            if d.extent.as_int() != Some(1) {
                return None;
            }
            inverse.insert(iv.var.id(), d.min.clone());
        }
        Some(inverse)
    }

    /// The stored value over the load indices' placeholders.
    fn over(&self, value: &PrimExpr) -> PrimExpr {
        match &self.inverse {
            None => value.clone(),
            Some(map) => Substitute { map }.expr(value),
        }
    }

    /// The producer's read regions over the placeholders.
    fn over_reads(&self, reads: &[BufferRegion]) -> Vec<BufferRegion> {
        reads
            .iter()
            .map(|r| BufferRegion {
                buffer: r.buffer.clone(),
                region: r.region.iter().map(|x| Range::new(self.over(&x.min), self.over(&x.extent))).collect(),
            })
            .collect()
    }
}

/// Loads of `buffer` replaced by `value` (its variables bound to the load's indices); read
/// regions of `buffer` replaced by the producer's reads.
#[derive(Clone)]
struct Inline {
    buffer: Buffer,
    vars: Vec<u64>,
    /// The variables' types: a load's index is bound in its variable's type.
    var_types: Vec<DataType>,
    value: PrimExpr,
    reads: Vec<BufferRegion>,
    /// A window of the buffer whose producer's reads do not map to a window.
    failed: bool,
}

impl Inline {
    fn bind(&self, idx: &[PrimExpr]) -> HashMap<u64, PrimExpr> {
        self.vars.iter().copied().zip(idx.iter().zip(&self.var_types).map(|(i, &dt)| in_type(i, dt))).collect()
    }
}

/// An index in the type `dt` of the variable it binds (a widening cast taken off).
fn in_type(i: &PrimExpr, dt: DataType) -> PrimExpr {
    match i.kind() {
        ExprKind::Cast(x) if x.dtype() == dt => x.clone(),
        _ => crate::tir::arith::as_dtype(i.clone(), dt),
    }
}

/// The variable an index is, directly or widened to a wider integer type.
fn widened_var(i: &PrimExpr) -> Option<&Var> {
    match i.kind() {
        ExprKind::Var(v) => Some(v),
        ExprKind::Cast(x) if x.dtype().is_int() && i.dtype().is_int() && x.dtype().bits < i.dtype().bits => x.as_var(),
        _ => None,
    }
}

impl Mutator for Inline {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        let e = default_expr(self, e);
        match e.kind() {
            ExprKind::BufferLoad(b, idx) if *b == self.buffer => {
                let map = self.bind(idx);
                Substitute { map: &map }.expr(&self.value)
            }
            _ => e,
        }
    }

    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = default_stmt(self, s);
        let StmtKind::BlockRealize { values, predicate, block } = s.kind() else { return s };
        if !block.reads.iter().any(|r| r.buffer == self.buffer) {
            return s;
        }
        let mut reads: Vec<BufferRegion> = Vec::new();
        for r in &block.reads {
            if r.buffer != self.buffer {
                push_unique(&mut reads, r.clone());
                continue;
            }
            let idx: Vec<PrimExpr> = r.region.iter().map(|x| x.min.clone()).collect();
            let map = self.bind(&idx);
            for p in &self.reads {
                let mut region = Vec::new();
                for x in &p.region {
                    let min = Substitute { map: &map }.expr(&x.min);
                    // A window of the buffer reads the window of the producer's input its
                    // variables cover: an index `v + c` spans the window's extent along `v`.
                    let used: Vec<usize> =
                        (0..self.vars.len()).filter(|&d| crate::tir::region::uses_var(&x.min, self.vars[d])).collect();
                    let extent = match used.as_slice() {
                        [] => Substitute { map: &map }.expr(&x.extent),
                        [d] if x.extent.as_int() == Some(1)
                            && crate::tir::region::coefficient(&x.min, self.vars[*d]) == Some(1) =>
                        {
                            r.region[*d].extent.clone()
                        }
                        _ if r.region.iter().all(|w| w.extent.as_int() == Some(1)) => {
                            Substitute { map: &map }.expr(&x.extent)
                        }
                        _ => {
                            self.failed = true;
                            x.extent.clone()
                        }
                    };
                    // A point is the load the body now makes, which TVM infers the region
                    // from: `v1 + v4 - 1`, not the producer's region's `v1 + -1` moved along.
                    let min = if extent.as_int() == Some(1) { positive_offset(min) } else { min };
                    region.push(Range::new(min, extent));
                }
                push_unique(&mut reads, BufferRegion { buffer: p.buffer.clone(), region });
            }
        }
        // One region per buffer, as TVM infers the new body's: the hull of what it reads
        // (`A[vi, vj]` inlined beside `A[vi, 0]` is `A[vi, T.min(vj, 0):..]`).
        let mut merged = crate::tir::region::Accesses::new();
        for r in &reads {
            let bx = r.region.iter().map(|x| (x.min.clone(), x.extent.clone())).collect();
            crate::tir::region::add(&mut merged, &r.buffer, bx);
        }
        if merged.len() < reads.len() {
            reads = merged
                .iter()
                .map(|(b, list)| match list.as_slice() {
                    [_] => reads.iter().find(|r| r.buffer == *b).cloned().expect("a region of the buffer"),
                    _ => crate::tir::region::hull(b, list),
                })
                .collect();
        }
        let b = Block { reads, ..(**block).clone() };
        Stmt::at(
            StmtKind::BlockRealize { values: values.clone(), predicate: predicate.clone(), block: Box::new(b) },
            s.span(),
        )
    }
}

/// `x + -c` as `x - c`, as the load it comes from prints.
fn positive_offset(e: PrimExpr) -> PrimExpr {
    match e.kind() {
        ExprKind::Binary(BinOp::Add, x, c) if c.as_int().is_some_and(|c| c < 0 && c > i64::MIN) => {
            PrimExpr::binary(BinOp::Sub, x.clone(), PrimExpr::int_of(-c.as_int().unwrap_or(0), c.dtype()))
        }
        _ => e,
    }
}

fn push_unique(list: &mut Vec<BufferRegion>, r: BufferRegion) {
    if !list.iter().any(|x| super::blocks::same_region(x, &r)) {
        list.push(r);
    }
}
