//! `transform_layout` with padding: a map whose image is a box larger than the buffer
//! (`lambda i: (i // 4, i % 4)` on 14 elements gives a 4 × 4 buffer, 2 elements of padding),
//! as TVM 0.27 does it for the cases it has a rule for.
//!
//! Without `pad_value` TVM refuses (its message names where the padding is) unless
//! `assume_injective_transform=True`, which only reshapes the accesses. With a `pad_value`,
//! the block producing the buffer, when it writes every element once in row-major order
//! (spatial variables, then reductions), is rewritten to iterate the new shape and store the
//! pad value where the element is padding (`T.if_then_else`). TVM's other strategies (a separate
//! padding block, `T.assume` for a padded input) are refused as not supported yet.

use rustc_hash::FxHashMap as HashMap;

use super::iter_map::Bijection;
use super::tree::{self, ForParts};
use super::{IndexMap, Schedule, ScheduleError, err};
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, default_expr};

/// A map that is one-to-one from the buffer's box into a larger box.
pub(super) struct Padded {
    bij: Bijection,
    /// The buffer's extents.
    dims: Vec<i64>,
    /// Each extent rounded up to what makes the map a bijection onto the new box.
    rounded: Vec<i64>,
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
        Ok(Padded { bij, dims: dims.to_vec(), rounded })
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
    fn gcd(a: i64, b: i64) -> i64 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    (a / gcd(a, b)).checked_mul(b)
}

impl Schedule {
    /// The block writing `old` rewritten to iterate the padded shape of `new`, storing `pad`
    /// where the element is padding.
    pub(super) fn pad_producer(
        &mut self,
        p: &'static str,
        old: &Buffer,
        new: &Buffer,
        padded: &Padded,
        pad: &PrimExpr,
    ) -> Result<(), ScheduleError> {
        let unsupported = |why: &str| err(p, format!("{why}: padding {} this way is not supported yet", old.name()));
        if self.func.buffer_map.iter().any(|(_, b)| b == old) {
            return Err(unsupported("the buffer is a parameter (TVM assumes its padding)"));
        }
        let mut writers = Vec::new();
        tree::walk_blocks(&self.func.body, &mut Vec::new(), &mut |loops, realize, b| {
            if b.writes.iter().any(|w| &w.buffer == old) {
                writers.push((loops.to_vec(), realize.clone(), b.clone()));
            }
        });
        let [(loops, realize, blk)] = writers.as_slice() else {
            return Err(unsupported("the buffer has no single writer"));
        };
        let StmtKind::BlockRealize { values, predicate, .. } = realize.kind() else { unreachable!("a realize") };
        let rank = padded.dims.len();
        let StmtKind::BufferStore { buffer, value, indices } = blk.body.kind() else {
            return Err(unsupported("its writer is not one store"));
        };
        let parts: Vec<ForParts> = loops.iter().filter_map(ForParts::of).collect();
        let perfect = parts.len() == loops.len()
            && parts.iter().enumerate().all(|(k, f)| f.body.same_node(loops.get(k + 1).unwrap_or(realize)));
        let trivial = values.len() == parts.len()
            && values.iter().zip(&parts).all(|(v, f)| matches!(v.kind(), ExprKind::Var(x) if *x == f.var))
            && parts.iter().all(|f| f.min.as_int() == Some(0));
        let row_major = blk.iter_vars.len() >= rank
            && blk.iter_vars.iter().enumerate().all(|(k, iv)| {
                let kind = if k < rank { IterType::DataPar } else { IterType::CommReduce };
                let dom = iv.dom.as_ref().and_then(|d| Some((d.min.as_int()?, d.extent.as_int()?)));
                iv.iter_type == kind && (k >= rank || dom == Some((0, padded.dims[k])))
            })
            && indices.len() == rank
            && indices.iter().zip(&blk.iter_vars).all(|(i, iv)| matches!(i.kind(), ExprKind::Var(x) if *x == iv.var));
        if buffer != old
            || !perfect
            || !trivial
            || !row_major
            || predicate.as_int() != Some(1)
            || !loads_only_at(value, old, indices)
        {
            return Err(unsupported(&format!(
                "block {} does not write every element of it once in row-major order",
                blk.name
            )));
        }
        // The new nest: `axis0, ..` over the new shape, then the reduction loops, in the
        // buffer's index type (the old variables must have it: they become the inverse).
        let dt = new.shape().first().map_or(crate::tir::DataType::INT32, PrimExpr::dtype);
        if blk.iter_vars.iter().take(rank).any(|iv| iv.var.dtype() != dt) {
            return Err(unsupported(&format!(
                "the variables of block {} are not of {}'s index type {dt}",
                blk.name,
                old.name()
            )));
        }
        let axes: Vec<Var> = (0..new.shape().len()).map(|k| Var::new(&format!("axis{k}"), dt)).collect();
        let vaxes: Vec<Var> = (0..new.shape().len()).map(|k| Var::new(&format!("v_axis{k}"), dt)).collect();
        let vnew: Vec<PrimExpr> = vaxes.iter().map(PrimExpr::var).collect();
        let inverse = padded.inverse(&vnew);
        let map: HashMap<u64, PrimExpr> =
            blk.iter_vars.iter().take(rank).map(|iv| iv.var.id()).zip(inverse.iter().cloned()).collect();
        let cond = padded.condition(&vnew).ok_or_else(|| unsupported("no element is padding"))?;
        let mut rewrite = Rewrite { old, new, at: &vnew, map: &map };
        let guarded = |v: &PrimExpr, rw: &mut Rewrite<'_>| {
            PrimExpr::call_builtin(v.dtype(), "tir.if_then_else", vec![cond.clone(), pad.clone(), rw.expr(v)])
        };
        let mut iter_vars: Vec<IterVar> = vaxes
            .iter()
            .zip(new.shape())
            .map(|(v, e)| IterVar {
                dom: Some(Range::new(PrimExpr::int_of(0, dt), e.clone())),
                var: v.clone(),
                iter_type: IterType::DataPar,
                thread_tag: String::new(),
            })
            .collect();
        iter_vars.extend(blk.iter_vars.iter().skip(rank).cloned());
        let init = match &blk.init {
            None => None,
            Some(s) => match s.kind() {
                StmtKind::BufferStore { buffer, value, indices: ii }
                    if buffer == old
                        && ii.len() == indices.len()
                        && ii.iter().zip(indices).all(|(a, c)| crate::tir::arith::prove_equal(a, c))
                        && loads_only_at(value, old, indices) =>
                {
                    Some(new.store(vnew.clone(), guarded(value, &mut rewrite)))
                }
                _ => return Err(unsupported(&format!("the init of block {} is not one store to it", blk.name))),
            },
        };
        let body = new.store(vnew.clone(), guarded(value, &mut rewrite));
        let mut block = Block { iter_vars, body, init, ..blk.clone() };
        let (reads, writes) = crate::tir::region::infer_regions(&block);
        block.reads = reads;
        block.writes = writes;
        let mut bind: Vec<PrimExpr> = axes.iter().map(PrimExpr::var).collect();
        bind.extend(values.iter().skip(rank).cloned());
        let mut nest = Stmt::block(bind, block);
        for f in parts.iter().skip(rank).rev() {
            nest = ForParts { body: nest, ..f.clone() }.build();
        }
        for (a, e) in axes.iter().zip(new.shape()).rev() {
            nest = Stmt::for_range(a, PrimExpr::int_of(0, dt), e.clone(), nest);
        }
        let top = loops.first().unwrap_or(realize);
        self.func.body = super::blocks::replace_stmt(&self.func.body, top, &nest);
        Ok(())
    }
}

/// Whether every load of `buffer` in `e` is at `at`.
fn loads_only_at(e: &PrimExpr, buffer: &Buffer, at: &[PrimExpr]) -> bool {
    let mut ok = true;
    crate::tir::visit::walk_expr(e, &mut |x| {
        if let ExprKind::BufferLoad(b, idx) = x.kind()
            && b == buffer
        {
            ok &= idx.len() == at.len() && idx.iter().zip(at).all(|(a, c)| crate::tir::arith::prove_equal(a, c));
        }
    });
    ok
}

/// The producer's accesses of the buffer at the new indices, its old variables through the
/// inverse.
struct Rewrite<'a> {
    old: &'a Buffer,
    new: &'a Buffer,
    at: &'a [PrimExpr],
    map: &'a HashMap<u64, PrimExpr>,
}

impl Mutator for Rewrite<'_> {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        match e.kind() {
            ExprKind::BufferLoad(b, _) if b == self.old => self.new.load(self.at.to_vec()),
            ExprKind::Var(v) => self.map.get(&v.id()).cloned().unwrap_or_else(|| e.clone()),
            _ => default_expr(self, e),
        }
    }
}
