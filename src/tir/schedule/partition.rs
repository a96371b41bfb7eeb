//! `loop_partition` with TVM 0.27's result: a loop cut into consecutive loops, each over a
//! copy of the body in a block of its own (`B_L0_partition`, ...), all in one block
//! (`B_L_common`) where the loop was; the copies' blocks are renamed `NAME_L0`, ... and their
//! regions rebuilt as TVM rebuilds them.

use rustc_hash::FxHashMap as HashMap;

use super::tree::{self, ForParts};
use super::{Factor, Instruction, LoopRV, Schedule, ScheduleError, err};
use crate::tir::arith::simplify;
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, default_expr, default_stmt};

const P: &str = "loop_partition";

impl Schedule {
    /// Cut loop `l` into consecutive loops of `factors` iterations (one may be
    /// [`Factor::Inferred`]: the rest; factors summing to less than the extent get a last loop
    /// over the rest), each over its own copy of the body; the new loops.
    /// `preserve_unit_iters` is recorded as TVM records it (TVM 0.27's result does not depend on
    /// it).
    ///
    /// # Errors
    /// An annotated or vectorized loop, a loop a reduction block reduces over (each part would run the
    /// block's init again: TVM 0.27 builds that wrong kernel), more than one inferred factor, a factor that is not positive, factors
    /// that reach the extent, a loop of symbolic extent, a loop that does not hold exactly one
    /// block (TVM 0.27 crashes on more), or a stale handle.
    pub fn loop_partition(
        &mut self,
        l: LoopRV,
        given: &[Factor],
        preserve_unit_iters: bool,
    ) -> Result<Vec<LoopRV>, ScheduleError> {
        let factors = self.resolve_factors(given)?;
        let (_, s) = self.loop_site(l, P)?;
        let p = ForParts::of(&s).ok_or_else(|| err(P, "not a loop"))?;
        let name = p.var.name().to_string();
        if !p.annotations.is_empty() || matches!(p.kind, ForKind::ThreadBinding(_)) {
            return Err(err(
                P,
                format!("The primitive can't be applied because the loop {name} has annotation or thread binding"),
            ));
        }
        if p.kind == ForKind::Vectorized {
            // Every part after the first would be a vectorized loop starting past 0, which
            // TIR does not allow (statement rule 11): the printed result would not read back.
            return Err(err(
                P,
                format!(
                    "loop {name} is vectorized: its parts would be vectorized loops that do not start at 0 (not supported)"
                ),
            ));
        }
        super::loops::check_factors(&factors, P)?;
        // TVM 0.27 refuses a symbolic loop too.
        let (Some(extent), Some(_)) = (p.extent.as_int(), p.min.as_int()) else {
            return Err(err(P, format!("Detected dynamic shape in either min or extent of a loop {name}")));
        };
        let known = factors.iter().flatten().try_fold(0i64, |a, &f| a.checked_add(f));
        let too_many = || err(P, format!("The sum of factors is larger than or equal to the extent of loop {name}"));
        let known = known.ok_or_else(too_many)?;
        if known >= extent {
            return Err(too_many());
        }
        let mut sizes: Vec<i64> = factors.iter().map(|f| f.unwrap_or(extent - known)).collect();
        if factors.iter().all(Option::is_some) {
            sizes.push(extent - known);
        }
        if sizes.len() < 2 {
            return Err(err(P, format!("loop {name} would be cut into one loop: give at least one factor")));
        }
        let blocks = tree::outer_blocks(&p.body);
        let first = match blocks.as_slice() {
            [(_, _, b)] => b.name.clone(),
            _ => {
                return Err(err(
                    P,
                    format!(
                        "loop {name} holds {} blocks: loop_partition needs exactly one (TVM 0.27 fails on more)",
                        blocks.len()
                    ),
                ));
            }
        };
        // Each part's copy of a reduction block runs its init at the start of its own part of
        // the reduction: the parts would not add up (TVM 0.27 builds that kernel).
        let mut reduced_by = None;
        tree::walk_blocks(&p.body, &mut Vec::new(), &mut |_, realize, b| {
            if let StmtKind::BlockRealize { values, .. } = realize.kind()
                && b.init.is_some()
                && b.iter_vars
                    .iter()
                    .zip(values)
                    .any(|(iv, v)| iv.iter_type == IterType::CommReduce && crate::tir::region::uses_var(v, p.var.id()))
            {
                reduced_by.get_or_insert_with(|| b.name.clone());
            }
        });
        if let Some(b) = reduced_by {
            return Err(err(
                P,
                format!(
                    "loop {name} iterates the reduction of block {b}: each part would start the reduction again with its init"
                ),
            ));
        }
        let dt = p.var.dtype();
        let mut parts = Vec::with_capacity(sizes.len());
        let mut vars = Vec::with_capacity(sizes.len());
        let mut start = 0i64;
        for (k, &size) in sizes.iter().enumerate() {
            let v = Var::at(&format!("{name}{k}"), p.var.ty().clone(), p.var.span());
            let min = simplify(&PrimExpr::binary(BinOp::Add, p.min.clone(), PrimExpr::int_of(start, dt)));
            let mut copy = Copy {
                loop_var: p.var.id(),
                part: v.clone(),
                range: (min.clone(), size),
                suffix: format!("_{name}{k}"),
                fresh: HashMap::default(),
            };
            let body = copy.stmt(&p.body);
            let lp = ForParts { var: v.clone(), min, extent: PrimExpr::int_of(size, dt), body, ..p.clone() }.build();
            let wrapper = Block::new(&format!("{first}_{name}{k}_partition"), lp);
            parts.push(Stmt::block(Vec::new(), wrapper));
            vars.push(v);
            start += size;
        }
        let common = Stmt::block(Vec::new(), Block::new(&format!("{first}_{name}_common"), Stmt::seq(parts)));
        self.func.body = super::blocks::replace_stmt(&self.func.body, &s, &common);
        let outs: Vec<LoopRV> = vars.iter().map(|v| self.new_loop_rv(v)).collect();
        self.trace.push(Instruction::LoopPartition {
            l,
            factors: given.to_vec(),
            preserve_unit_iters,
            outs: outs.clone(),
        });
        Ok(outs)
    }
}

/// One part's copy of the loop body: the loop variable replaced by the part's, inner loops
/// given fresh variables (so that handles to the old loops do not name a copy), blocks renamed
/// with `suffix`, a block variable bound to the part's variable ranging over the part, and
/// regions rebuilt (see [`var_indexed_accesses`]).
struct Copy {
    loop_var: u64,
    part: Var,
    range: (PrimExpr, i64),
    suffix: String,
    fresh: HashMap<u64, Var>,
}

impl Mutator for Copy {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        if let ExprKind::Var(v) = e.kind() {
            if v.id() == self.loop_var {
                return PrimExpr::var(&self.part);
            }
            if let Some(f) = self.fresh.get(&v.id()) {
                return PrimExpr::var(f);
            }
        }
        default_expr(self, e)
    }

    fn stmt(&mut self, s: &Stmt) -> Stmt {
        if let StmtKind::For { var, .. } = s.kind() {
            let f = Var::at(var.name(), var.ty().clone(), var.span());
            self.fresh.insert(var.id(), f.clone());
            let out = stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s));
            let mut parts = ForParts::of(&out).expect("a loop stays a loop");
            parts.var = f;
            return parts.build();
        }
        let out = stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s));
        let StmtKind::BlockRealize { values, predicate, block } = out.kind() else { return out };
        let mut block = (**block).clone();
        block.name.push_str(&self.suffix);
        for (iv, value) in block.iter_vars.iter_mut().zip(values) {
            if value.as_var().is_some_and(|v| v.id() == self.part.id()) {
                let dt = iv.var.dtype();
                iv.dom = Some(Range::new(self.range.0.clone(), PrimExpr::int_of(self.range.1, dt)));
            } else if let Some(d) = iv.dom.as_mut() {
                // A domain over an outer loop (`T.axis.spatial(i, j)` under `range(i)`) takes
                // the copy's variables (found by the trace fuzz, seed 972).
                *d = Range::new(self.expr(&d.min), self.expr(&d.extent));
            }
        }
        // Regions, as TVM 0.27 rebuilds them: a buffer the body accesses at block variables
        // alone (`B[vi, vj]`) gets those variables' domains; any other region is kept as
        // declared (with the copy's loop variables).
        let doms: HashMap<u64, Range> =
            block.iter_vars.iter().filter_map(|iv| Some((iv.var.id(), iv.dom.clone()?))).collect();
        let mut at_vars: Vec<(Buffer, Vec<Range>)> = Vec::new();
        var_indexed_accesses(&block.body, &doms, &mut at_vars);
        for r in block.reads.iter_mut().chain(block.writes.iter_mut()) {
            match at_vars.iter().find(|(b, _)| *b == r.buffer) {
                Some((_, region)) => r.region = region.clone(),
                None => {
                    for x in &mut r.region {
                        *x = Range::new(self.expr(&x.min), self.expr(&x.extent));
                    }
                }
            }
        }
        Stmt::at(
            StmtKind::BlockRealize { values: values.clone(), predicate: predicate.clone(), block: Box::new(block) },
            out.span(),
        )
    }
}

/// The first access of each buffer in `s` (not in blocks nested in it) whose indices are all
/// variables of `doms`, as the region those variables' domains cover.
fn var_indexed_accesses(s: &Stmt, doms: &HashMap<u64, Range>, out: &mut Vec<(Buffer, Vec<Range>)>) {
    fn note(buffer: &Buffer, indices: &[PrimExpr], doms: &HashMap<u64, Range>, out: &mut Vec<(Buffer, Vec<Range>)>) {
        if out.iter().any(|(b, _)| b == buffer) {
            return;
        }
        let region: Option<Vec<Range>> = indices.iter().map(|i| doms.get(&i.as_var()?.id()).cloned()).collect();
        if let Some(region) = region {
            out.push((buffer.clone(), region));
        }
    }
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        if let StmtKind::BlockRealize { .. } = s.kind() {
            return;
        }
        if let StmtKind::BufferStore { buffer, indices, .. } = s.kind() {
            note(buffer, indices, doms, out);
        }
        for e in crate::tir::visit::stmt_exprs(s) {
            crate::tir::visit::walk_expr(e, &mut |x| {
                if let ExprKind::BufferLoad(b, indices) = x.kind() {
                    note(b, indices, doms, out);
                }
            });
        }
        for c in crate::tir::visit::stmt_children(s) {
            var_indexed_accesses(c, doms, out);
        }
    });
}
