//! `cache_index`: the index computations of a block's stores precomputed into buffers, as TVM
//! 0.27's `CacheIndex` (`cache_index.cc`, with the common-subexpression tools of
//! `cache_index_helpers.cc`) does.
//!
//! The candidates are the largest pure computations of each store (not a load, a ramp or a
//! broadcast; more than one node), merged when they simplify alike. With a threshold
//! (`cse_thresh`), a candidate seen fewer times than it gives its largest inner computations its
//! count, and only those seen at least that often are kept. The kept ones found in the stored
//! value, in post-order, largest first, each get a buffer `index_var_K` over the block
//! variables they use (TVM's `strides=(1,)`), filled by a block `index_K` in front of the
//! block's nest; the block then loads them. Its regions are left as they were, as TVM leaves
//! them.
//!
//! Where TVM 0.27 fails: with exactly one computation it builds a sequence of one statement
//! and stops ("A SeqStmt of length 1 is prohibited"), with none an empty one; Strata inserts
//! the one stage, and leaves the function unchanged when there is nothing to cache. TVM sizes
//! an index buffer by the loops the block variables are bound to, assuming one loop per
//! variable; a binding that is not a loop of its own is refused here.

use rustc_hash::FxHashMap as HashMap;

use super::blocks::replace_stmt;
use super::{BlockRV, Instruction, Schedule, ScheduleError, err, tree};
use crate::tir::DataType;
use crate::tir::arith::{const_int, simplify};
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute, default_expr, default_stmt};
use crate::tir::visit::{for_each_child, walk_expr};

/// A computation of a store, the form it simplifies to, and how often it was seen.
struct Candidate {
    expr: PrimExpr,
    norm: String,
    count: usize,
}

/// TVM's `CalculateExprComplexity`: the number of nodes.
fn complexity(e: &PrimExpr) -> usize {
    let mut n = 0;
    walk_expr(e, &mut |_| n += 1);
    n
}

fn is_pure(e: &PrimExpr) -> bool {
    let mut pure = true;
    walk_expr(e, &mut |x| match x.kind() {
        ExprKind::BufferLoad(..) | ExprKind::Call(Callee::Global(_), _) => pure = false,
        ExprKind::Call(Callee::Builtin(name), _) => {
            // TVM's pure builtins: math and bit operations, and the choice.
            pure &= crate::tir::transform::is_elementwise_builtin(name)
                || matches!(name.strip_prefix("tir."), Some("if_then_else" | "q_multiply_shift"));
        }
        _ => {}
    });
    pure
}

fn is_atom(e: &PrimExpr) -> bool {
    matches!(e.kind(), ExprKind::Var(_) | ExprKind::IntImm(_) | ExprKind::FloatImm(_) | ExprKind::StringImm(_))
}

/// TVM's eligible computation: pure, more than one node, not a ramp or a broadcast.
fn eligible(e: &PrimExpr) -> bool {
    !matches!(e.kind(), ExprKind::Ramp(..) | ExprKind::Broadcast(..)) && complexity(e) > 1 && is_pure(e)
}

/// The form two computations are compared in (TVM's `EquivalentTerms`: equal once simplified).
fn normal(e: &PrimExpr) -> String {
    crate::tir::script::print_expr(&simplify(e))
}

/// TVM's `ComputationsDoneBy`: the largest eligible computations inside `e`.
fn largest_computations(e: &PrimExpr, out: &mut Vec<PrimExpr>) {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        if is_atom(e) {
            return;
        }
        if eligible(e) {
            out.push(e.clone());
            return;
        }
        for_each_child(e, &mut |c| largest_computations(c, out));
    });
}

/// TVM's `DirectSubexpr`: the largest eligible computations strictly inside `e`.
fn direct_subexpressions(e: &PrimExpr) -> Vec<PrimExpr> {
    let mut out = Vec::new();
    for_each_child(e, &mut |c| largest_computations(c, &mut out));
    out
}

fn post_order(e: &PrimExpr, f: &mut dyn FnMut(&PrimExpr)) {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        for_each_child(e, &mut |c| post_order(c, f));
        f(e);
    });
}

/// Add `e` seen `count` times: to the candidate it simplifies like, else as a new one at the
/// place TVM's `std::lower_bound` (larger computations first) picks.
fn add_candidate(list: &mut Vec<Candidate>, e: PrimExpr, count: usize, sorted_insert: bool) {
    let norm = normal(&e);
    if let Some(c) = list.iter_mut().find(|c| c.norm == norm) {
        c.count += count;
        return;
    }
    let at = if sorted_insert {
        let size = complexity(&e);
        let (mut first, mut len) = (0, list.len());
        while len > 0 {
            let half = len / 2;
            if complexity(&list[first + half].expr) >= size {
                first += half + 1;
                len -= half + 1;
            } else {
                len = half;
            }
        }
        first
    } else {
        list.len()
    };
    list.insert(at, Candidate { expr: e, norm, count });
}

/// Stores larger than this (in nodes, shared ones counted per use) are refused: choosing and
/// replacing computations compares every node's simplified form.
const MAX_STORE_NODES: usize = 20_000;

/// The computations of the stores of `blk` to precompute, in TVM's order.
fn index_computations(blk: &Block, cse_thresh: usize) -> Result<Vec<PrimExpr>, ScheduleError> {
    let mut stores = Vec::new();
    for s in blk.init.iter().chain(std::iter::once(&blk.body)) {
        crate::tir::visit::walk_stmts(s, &mut |x| {
            if let StmtKind::BufferStore { value, indices, .. } = x.kind() {
                stores.push((value.clone(), indices.clone()));
            }
        });
    }
    let mut chosen: Vec<PrimExpr> = Vec::new();
    for (value, indices) in &stores {
        let size: usize = std::iter::once(value)
            .chain(indices)
            .map(|e| crate::tir::visit::tree_size_up_to(e, MAX_STORE_NODES + 1, &|_| None))
            .sum();
        if size > MAX_STORE_NODES {
            return Err(err(
                "cache_index",
                format!("a store of block {} has more than {MAX_STORE_NODES} expression nodes", blk.name),
            ));
        }
        let mut found = Vec::new();
        largest_computations(value, &mut found);
        indices.iter().for_each(|i| largest_computations(i, &mut found));
        let mut list: Vec<Candidate> = Vec::new();
        for e in found {
            add_candidate(&mut list, e, 1, false);
        }
        // Candidates seen too rarely lend their count to their largest inner computations.
        let mut i = 0;
        while i < list.len() {
            if list[i].count < cse_thresh {
                let count = list[i].count;
                for d in direct_subexpressions(&list[i].expr) {
                    add_candidate(&mut list, d, count, true);
                }
            }
            i += 1;
        }
        post_order(value, &mut |node| {
            if is_atom(node) {
                return;
            }
            let norm = normal(node);
            for c in list.iter().filter(|c| c.count >= cse_thresh && c.norm == norm) {
                if !chosen.iter().any(|x| x.same_node(&c.expr)) {
                    chosen.push(c.expr.clone());
                }
            }
        });
    }
    // Largest first; a stable sort keeps the post-order among equals.
    chosen.sort_by_cached_key(|e| std::cmp::Reverse(complexity(e)));
    Ok(chosen)
}

/// `s` with every subexpression (outermost first) that simplifies like `target` replaced by
/// `with`.
fn replace_equivalent(s: &Stmt, target: &PrimExpr, with: &PrimExpr) -> Stmt {
    struct R<'a> {
        norm: String,
        with: &'a PrimExpr,
    }
    impl Mutator for R<'_> {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            if !is_atom(e) && normal(e) == self.norm {
                return self.with.clone();
            }
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_expr(self, e))
        }
        fn stmt(&mut self, s: &Stmt) -> Stmt {
            default_stmt(self, s)
        }
    }
    R { norm: normal(target), with }.stmt(s)
}

impl Schedule {
    /// Precompute the index computations of `block`'s stores into buffers of `scope`, filled
    /// by new blocks (`index_0`, `index_1`, ..) in front of the block's nest; the new blocks
    /// (none when there is nothing to cache). `cse_thresh` 0 caches every computation; `n`
    /// only those seen at least `n` times, counting the inner computations of rarer ones.
    ///
    /// # Errors
    /// A negative threshold, a block holding blocks, a computation over something other than
    /// the block's variables, a block variable not bound to a loop of its own, or a stale
    /// handle.
    pub fn cache_index(&mut self, block: BlockRV, scope: &str, cse_thresh: i64) -> Result<Vec<BlockRV>, ScheduleError> {
        const P: &str = "cache_index";
        let thresh = usize::try_from(cse_thresh).map_err(|_| err(P, "cse_thresh should not be negative number"))?;
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { values, block: blk, .. } = site.realize.kind() else {
            unreachable!("a block site")
        };
        let mut nested = false;
        for s in blk.init.iter().chain(std::iter::once(&blk.body)) {
            crate::tir::visit::walk_stmts(s, &mut |x| nested |= matches!(x.kind(), StmtKind::BlockRealize { .. }));
        }
        if nested {
            return Err(err(P, format!("block {} holds other blocks (not supported)", blk.name)));
        }
        let exprs = index_computations(blk, thresh)?;
        let scope_realize = tree::scope_of(&self.func.body, &site.realize)
            .ok_or_else(|| err(P, "the block is not inside a scope block"))?;
        // The loops above the block: each block variable a computation uses must be bound to a
        // loop of its own, from 0.
        let loops: HashMap<u64, (Var, i64)> = site
            .loops
            .iter()
            .filter_map(tree::ForParts::of)
            .filter_map(|f| {
                Some((f.var.id(), (f.var.clone(), const_int(&f.extent)?))).filter(|_| const_int(&f.min) == Some(0))
            })
            .collect();
        let mut stages = Vec::new();
        let mut buffers = Vec::new();
        let mut body = blk.body.clone();
        let mut init = blk.init.clone();
        for (k, e) in exprs.iter().enumerate() {
            let mut vars: Vec<Var> = Vec::new();
            post_order(e, &mut |x| {
                if let Some(v) = x.as_var()
                    && !vars.contains(v)
                {
                    vars.push(v.clone());
                }
            });
            let mut bound: Vec<(Var, Var, i64)> = Vec::new(); // block variable, its loop, extent
            for v in &vars {
                let Some(at) = blk.iter_vars.iter().position(|iv| iv.var == *v) else {
                    return Err(err(
                        P,
                        format!(
                            "the index computation {} uses {}, which is not an iteration variable of block {}",
                            crate::tir::script::print_expr(e),
                            v.name(),
                            blk.name
                        ),
                    ));
                };
                let lp = values[at].as_var().and_then(|l| loops.get(&l.id()));
                match lp {
                    Some((l, n)) if !bound.iter().any(|(_, b, _)| b == l) => bound.push((v.clone(), l.clone(), *n)),
                    _ => {
                        return Err(err(
                            P,
                            format!(
                                "block {} binds {} to {}, not to a loop of its own from 0 (not supported: TVM 0.27 sizes the index buffer by loop)",
                                blk.name,
                                v.name(),
                                crate::tir::script::print_expr(&values[at])
                            ),
                        ));
                    }
                }
            }
            let name = format!("index_var_{k}");
            let shape: Vec<PrimExpr> = bound.iter().map(|(_, l, n)| PrimExpr::int_of(*n, l.dtype())).collect();
            let mut spec = BufferSpec::new(&name, e.dtype(), shape);
            spec.scope = scope.to_string();
            // TVM's one unit stride, whatever the rank.
            if bound.len() == 1 {
                spec.strides = vec![PrimExpr::int_of(1, DataType::INT32)];
            } else {
                spec.flat_unit_stride = true;
            }
            let buffer = spec.build();
            // for ax.. : with T.sblock("index_K"): v.. = ax..; index_var_K[v..] = computation(v..)
            let ax: Vec<Var> = bound
                .iter()
                .enumerate()
                .map(|(j, (_, _, n))| {
                    let t = if i32::try_from(*n - 1).is_ok() { DataType::INT32 } else { DataType::INT64 };
                    Var::new(&format!("ax{j}"), t)
                })
                .collect();
            let iter_vars: Vec<IterVar> = bound
                .iter()
                .enumerate()
                .map(|(j, (v, _, n))| IterVar {
                    dom: Some(Range::new(PrimExpr::int_of(0, v.dtype()), PrimExpr::int_of(*n, v.dtype()))),
                    var: Var::new(&format!("v{j}"), v.dtype()),
                    iter_type: IterType::DataPar,
                    thread_tag: String::new(),
                })
                .collect();
            let to_new: HashMap<u64, PrimExpr> =
                bound.iter().zip(&iter_vars).map(|((v, _, _), iv)| (v.id(), PrimExpr::var(&iv.var))).collect();
            let point: Vec<PrimExpr> = iter_vars.iter().map(|iv| PrimExpr::var(&iv.var)).collect();
            let fill = Block {
                iter_vars,
                writes: vec![BufferRegion {
                    buffer: buffer.clone(),
                    region: point.iter().map(|p| Range::new(p.clone(), PrimExpr::int_of(1, p.dtype()))).collect(),
                }],
                ..Block::new(&format!("index_{k}"), buffer.store(point, Substitute { map: &to_new }.expr(e)))
            };
            let mut nest = Stmt::block(ax.iter().map(PrimExpr::var).collect(), fill);
            for (a, (_, _, n)) in ax.iter().zip(&bound).rev() {
                nest = Stmt::for_range(a, PrimExpr::int_of(0, a.dtype()), PrimExpr::int_of(*n, a.dtype()), nest);
            }
            stages.push(nest);
            // The block loads the precomputed value.
            let load = buffer.load(bound.iter().map(|(v, _, _)| PrimExpr::var(v)).collect());
            body = replace_equivalent(&body, e, &load);
            init = init.map(|s| replace_equivalent(&s, e, &load));
            buffers.push(buffer);
        }
        if !stages.is_empty() {
            let new_realize = tree::with_block(&site.realize, Block { body, init, ..(**blk).clone() });
            let scope_body = replace_stmt(&self.scope_body(&scope_realize), &site.realize, &new_realize);
            // The stages go right before the statement of the scope's list that holds the block.
            let mut list = tree::top_list(&scope_body);
            let pos = list.iter().position(|x| tree::contains(x, &new_realize)).unwrap_or(0);
            for (j, s) in stages.into_iter().enumerate() {
                list.insert(pos + j, s);
            }
            let StmtKind::BlockRealize { block: scope_block, .. } = scope_realize.kind() else {
                unreachable!("a scope is a block")
            };
            let mut new_scope = (**scope_block).clone();
            new_scope.body = tree::with_top_list(&scope_body, list);
            new_scope.alloc_buffers.extend(buffers.iter().cloned());
            self.func.body =
                replace_stmt(&self.func.body, &scope_realize, &tree::with_block(&scope_realize, new_scope));
        }
        let outs: Vec<BlockRV> = buffers
            .iter()
            .enumerate()
            .map(|(k, b)| {
                let b = b.clone();
                self.new_block_rv_matching(&format!("index_{k}"), move |x| x.writes.iter().any(|w| w.buffer == b))
            })
            .collect();
        self.trace.push(Instruction::CacheIndex { block, scope: scope.to_string(), cse_thresh, outs: outs.clone() });
        Ok(outs)
    }

    /// The body of a scope block's realize.
    fn scope_body(&self, scope_realize: &Stmt) -> Stmt {
        match scope_realize.kind() {
            StmtKind::BlockRealize { block, .. } => block.body.clone(),
            _ => scope_realize.clone(),
        }
    }
}
