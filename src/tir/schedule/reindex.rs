//! `reindex` with TVM's result (`ReIndex` in TVM 0.27's `cache_read_write.cc`): a buffer a block
//! accesses at one index pattern gets a copy indexed by the block's own iteration variables —
//! those the pattern uses, in the block's order — and a copy stage between the two.

use rustc_hash::FxHashMap as HashMap;

use super::{BlockRV, Instruction, Schedule, ScheduleError, err, tree};
use crate::tir::arith::simplify;
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute, default_expr, default_stmt};

impl Schedule {
    /// Give the buffer `block` reads (`read`) or writes at `index` a stand-in indexed by the
    /// block's iteration variables, with a stage copying the buffer into it before the block (a
    /// read) or out of it after (a write); the stage's block, `NAME_reindex`.
    ///
    /// # Errors
    /// No buffer at that index, a buffer accessed at several index patterns or by a block that
    /// holds other blocks, a block whose loops hold another block accessing the buffer, a block
    /// that is not in the root block's scope, or a stale handle.
    pub fn reindex(&mut self, block: BlockRV, read: bool, index: usize) -> Result<BlockRV, ScheduleError> {
        const P: &str = "reindex";
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { block: blk, .. } = site.realize.kind() else { unreachable!("a block site") };
        let buffer = tree::region_at(blk, read, index, P)?.buffer.clone();
        if !read && predicate_reads(&site.realize, &buffer) {
            return Err(err(
                P,
                format!("the predicate of block {} reads {}, which it writes", blk.name, buffer.name()),
            ));
        }
        let (scope, mut root, mut children, at) = self.scope_child_of(&site.realize, P)?;
        let top = site.loops.first().unwrap_or(&site.realize);
        if !children[at].same_node(top) {
            return Err(err(P, format!("the loops of block {} are not directly in its scope block", blk.name)));
        }
        // The copy stage goes before or after the whole loop nest (as TVM places it): no other
        // block in the nest may write the buffer (or, for a write, read it), or the copy in
        // would miss its writes, or it would read before the block's writes are copied out.
        if let Some(other) = tree::outer_blocks(top).into_iter().map(|(_, _, b)| b).find(|b| {
            let writes = b.writes.iter().any(|r| r.buffer == buffer);
            let reads = b.reads.iter().any(|r| r.buffer == buffer);
            b.name != blk.name && (writes || (!read && reads))
        }) {
            return Err(err(
                P,
                format!(
                    "block {} shares its loops with block {}, which also accesses {}: the copy outside them would change what one of them sees",
                    blk.name,
                    other.name,
                    buffer.name()
                ),
            ));
        }
        // The copy stage runs over the block's domains, outside its loops: a loop bound in
        // another loop's variable would be out of scope there.
        if let Some(l) = tree::dependent_loop(&site.loops) {
            return Err(err(
                P,
                format!("the range of loop {l} above block {} depends on another loop (not supported)", blk.name),
            ));
        }
        // The one index pattern of the buffer in the block.
        let not_one = || {
            err(
                P,
                format!(
                    "The target buffer {} should be accessed in the leaf block {} via BufferLoad or BufferStore. The indices should be the same if there are multiple accesses to the target buffer.",
                    buffer.name(),
                    blk.name
                ),
            )
        };
        // An opaque access (`B.data`), which the copy would not serve: TVM's refusal.
        if std::iter::once(&blk.body).chain(blk.init.as_ref()).any(|s| tree::uses_data(s, &buffer)) {
            return Err(err(
                P,
                format!(
                    "The target buffer {} should be accessed in the leaf block {} via BufferLoad or BufferStore. The indices should be the same if there are multiple accesses to the target buffer. Opaque buffer accesses found.",
                    buffer.name(),
                    blk.name
                ),
            ));
        }
        let mut patterns: Vec<Vec<PrimExpr>> = Vec::new();
        let mut leaf = true;
        for s in std::iter::once(&blk.body).chain(blk.init.as_ref()) {
            crate::tir::visit::walk_stmts(s, &mut |x| match x.kind() {
                StmtKind::BufferStore { buffer: b, indices, .. } if *b == buffer => patterns.push(indices.clone()),
                StmtKind::BlockRealize { .. } => leaf = false,
                _ => {}
            });
            crate::tir::visit::walk_exprs(s, &mut |e| {
                if let ExprKind::BufferLoad(b, indices) = e.kind()
                    && *b == buffer
                {
                    patterns.push(indices.clone());
                }
            });
        }
        let Some(first) = patterns.first() else { return Err(not_one()) };
        let same = |a: &[PrimExpr], b: &[PrimExpr]| {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| crate::tir::arith::prove_equal(x, y))
        };
        if !leaf || !patterns.iter().all(|p| same(p, first)) {
            return Err(not_one());
        }
        // Simplified knowing the block variables' domains (`co // 64 * 3 + rc` is `rc`), except
        // to a constant, which would lose the variable (TVM's SimplifyNonTrivialExpr keeps
        // `v0 // 8` of a `v0` below 8).
        let domains: HashMap<u64, (i128, i128)> = tree::domains(blk);
        let indices: Vec<PrimExpr> = first
            .iter()
            .map(|e| {
                let s = crate::tir::arith::simplify_in(e, &|v: &Var| domains.get(&v.id()).copied());
                if s.as_int().is_some() { e.clone() } else { s }
            })
            .collect();
        let covered: Vec<&IterVar> = blk
            .iter_vars
            .iter()
            .filter(|iv| indices.iter().any(|e| crate::tir::region::uses_var(e, iv.var.id())))
            .collect();
        let mut shape = Vec::new();
        for iv in &covered {
            match &iv.dom {
                Some(d) => shape.push(d.extent.clone()),
                None => return Err(err(P, format!("{} has no domain", iv.var.name()))),
            }
        }
        let mut spec = BufferSpec::new(&format!("{}_reindex", buffer.name()), buffer.dtype(), shape);
        spec.elem_offset = super::blocks::copied_offset(&buffer);
        spec.scope = buffer.scope().to_string();
        let reindexed = spec.build();
        // The copy stage: one iteration variable per covered one, over the same domain.
        let vars: Vec<Var> = (0..covered.len()).map(|k| Var::new(&format!("v{k}"), covered[k].var.dtype())).collect();
        let rename: HashMap<u64, PrimExpr> =
            covered.iter().zip(&vars).map(|(iv, v)| (iv.var.id(), PrimExpr::var(v))).collect();
        let target: Vec<PrimExpr> = indices.iter().map(|e| simplify(&Substitute { map: &rename }.expr(e))).collect();
        let own: Vec<PrimExpr> = vars.iter().map(PrimExpr::var).collect();
        let (src, src_at, dst, dst_at) =
            if read { (&buffer, &target, &reindexed, &own) } else { (&reindexed, &own, &buffer, &target) };
        // Regions name the indices as written: without the casts the reader adds to widen
        // indices of mixed widths (TVM keeps `[v0, v1]` with an int64 `v0`).
        let unwidened = |x: &PrimExpr| match x.kind() {
            ExprKind::Cast(inner) if inner.dtype().is_int() && inner.dtype().bits < x.dtype().bits => inner.clone(),
            _ => x.clone(),
        };
        let point = |b: &Buffer, at: &[PrimExpr]| BufferRegion {
            buffer: b.clone(),
            region: at
                .iter()
                .map(|x| {
                    let x = unwidened(x);
                    let dt = x.dtype();
                    Range::new(x, PrimExpr::int_of(1, dt))
                })
                .collect(),
        };
        let name = format!("{}_reindex", dst.name());
        let stage = Block {
            iter_vars: covered
                .iter()
                .zip(&vars)
                .map(|(iv, v)| IterVar {
                    dom: iv.dom.clone(),
                    var: v.clone(),
                    iter_type: IterType::DataPar,
                    thread_tag: String::new(),
                })
                .collect(),
            reads: vec![point(src, src_at)],
            writes: vec![point(dst, dst_at)],
            ..Block::new(&name, dst.store(dst_at.clone(), src.load(src_at.clone())))
        };
        let loop_vars: Vec<Var> =
            vars.iter().enumerate().map(|(k, v)| Var::new(&format!("ax{k}"), v.dtype())).collect();
        let mut nest = Stmt::block(loop_vars.iter().map(PrimExpr::var).collect(), stage);
        for (lv, iv) in loop_vars.iter().zip(&covered).rev() {
            let d = iv.dom.as_ref().expect("covered variables have domains");
            nest = Stmt::for_range(lv, d.min.clone(), d.extent.clone(), nest);
        }
        // The block accesses the stand-in at its own variables.
        let at_vars: Vec<PrimExpr> = covered.iter().map(|iv| PrimExpr::var(&iv.var)).collect();
        let rewritten = Reindexed { old: &buffer, new: &reindexed, at: &at_vars }.stmt(&site.realize);
        children[at] = super::blocks::replace_stmt(&children[at], &site.realize, &rewritten);
        children.insert(if read { at } else { at + 1 }, nest);
        root.body = tree::with_top_list(&root.body, children);
        root.alloc_buffers.push(reindexed);
        self.set_scope_block(&scope, root);
        let out = self.new_block_rv(&name);
        self.trace.push(Instruction::Reindex { block, read, index, out });
        Ok(out)
    }
}

/// Whether the predicate of a block realize reads `buffer` (a write stand-in for it would
/// change what the predicate sees).
pub(super) fn predicate_reads(realize: &Stmt, buffer: &Buffer) -> bool {
    let StmtKind::BlockRealize { predicate, .. } = realize.kind() else { return false };
    let mut found = false;
    crate::tir::visit::walk_expr(predicate, &mut |e| {
        found |= matches!(e.kind(), ExprKind::BufferLoad(b, _) if b == buffer);
    });
    found
}

/// A block's accesses to `old` made accesses to `new` at `at`, its regions likewise; the
/// predicates of the realizes keep reading `old`.
pub(super) struct Reindexed<'a> {
    pub old: &'a Buffer,
    pub new: &'a Buffer,
    pub at: &'a [PrimExpr],
}

impl Mutator for Reindexed<'_> {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        let e = default_expr(self, e);
        match e.kind() {
            ExprKind::BufferLoad(b, _) if b == self.old => self.new.load(self.at.to_vec()),
            _ => e,
        }
    }
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let original = s;
        let s = stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s));
        // A predicate is over the loops, not the block's variables: it keeps reading the
        // original buffer, which the copy leaves as it was (a write stand-in whose block's
        // predicate reads the buffer is refused before this).
        let s = match (original.kind(), s.kind()) {
            (StmtKind::BlockRealize { predicate, .. }, StmtKind::BlockRealize { values, block, .. }) => Stmt::at(
                StmtKind::BlockRealize { values: values.clone(), predicate: predicate.clone(), block: block.clone() },
                s.span(),
            ),
            _ => s,
        };
        match s.kind() {
            StmtKind::BufferStore { buffer, value, .. } if buffer == self.old => Stmt::at(
                StmtKind::BufferStore { buffer: self.new.clone(), value: value.clone(), indices: self.at.to_vec() },
                s.span(),
            ),
            StmtKind::BlockRealize { .. } => tree::map_regions(&s, &|r| {
                if &r.buffer != self.old {
                    return r.clone();
                }
                let region = self.at.iter().map(|x| Range::new(x.clone(), PrimExpr::int_of(1, x.dtype()))).collect();
                BufferRegion { buffer: self.new.clone(), region }
            }),
            _ => s,
        }
    }
}
