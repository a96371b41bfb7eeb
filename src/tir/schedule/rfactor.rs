//! `rfactor`: a reduction split into a partial reduction over a factored loop (`NAME_rf`,
//! into a new buffer with that loop's dimension) and a write-back that reduces the partial
//! results (`src/s_tir/schedule/primitive/reduction.cc` in TVM 0.27).

use rustc_hash::FxHashMap as HashMap;

use super::tree::{self, ForParts};
use super::{BlockRV, Instruction, LoopRV, Schedule, ScheduleError, err};
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute};

impl Schedule {
    /// Factor the reduction of the block under `l` over `l`: the partial results go into a
    /// new buffer `NAME_rf` (the written buffer with `l`'s dimension inserted at
    /// `factor_axis`), reduced into the original by the block under copies of the loops; the
    /// partial-reduction block.
    ///
    /// # Errors
    /// No single reduction block under the loop, a loop that is not bound to reduction
    /// variables only, an update that is not `B[..] = B[..] op value` with op one of `+`, `*`,
    /// `T.min`, `T.max`, a factor axis out of range, or stale handles.
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
        let StmtKind::BlockRealize { values, predicate, .. } = realize.kind() else { unreachable!("a realize") };
        let name = &blk.name;
        let Some(init) = &blk.init else {
            return Err(err(P, format!("block {name} has no init: it is not a reduction block")));
        };
        // The update: B[idx] = op(B[idx], rhs); the init: B[idx] = identity.
        let (StmtKind::BufferStore { buffer, value, indices }, StmtKind::BufferStore { value: init_value, .. }) =
            (blk.body.kind(), init.kind())
        else {
            return Err(err(P, format!("block {name}'s update and init must each be one store")));
        };
        let op_rhs = match value.kind() {
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Mul | BinOp::Min | BinOp::Max), a, b) if matches!(a.kind(), ExprKind::BufferLoad(x, i) if x == buffer && same_indices(i, indices)) => {
                Some((*op, b.clone()))
            }
            _ => None,
        };
        let Some((op, rhs)) = op_rhs else {
            return Err(err(
                P,
                format!("block {name}'s update is not `B[..] = B[..] op value` with a commutative reducer"),
            ));
        };
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
        // The partial-result buffer.
        let mut shape = buffer.shape().to_vec();
        shape.insert(factor_axis_at, rf_extent.clone());
        // TVM makes the partial buffer from the written one: its offset comes along.
        let mut spec = BufferSpec::new(&format!("{}_rf", buffer.name()), buffer.dtype(), shape);
        spec.elem_offset = buffer.elem_offset().as_int().map(|_| buffer.elem_offset().clone());
        let rf_buf = spec.build();

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
            for p in &all_loops {
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
        let rhs_rf = Substitute { map: &old_reduce }.expr(&rhs);
        // With no reduction left (the factored loop was the whole reduction) each partial
        // result is one value: stored, without an init.
        let (rf_update, rf_init) = if still_reduces {
            (
                rf_buf.store(rf_idx.clone(), PrimExpr::binary(op, rf_buf.load(rf_idx.clone()), rhs_rf)),
                Some(rf_buf.store(rf_idx.clone(), init_value.clone())),
            )
        } else {
            (rf_buf.store(rf_idx.clone(), rhs_rf), None)
        };
        let mut rf_block = Block {
            iter_vars: rf_ivs,
            init: rf_init,
            annotations: blk.annotations.clone(),
            ..Block::new(&format!("{name}_rf"), rf_update)
        };
        let (reads, writes) = crate::tir::region::infer_regions(&rf_block);
        rf_block.reads = reads;
        rf_block.writes = writes;
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
        let wb_update =
            buffer.store(indices.clone(), PrimExpr::binary(op, buffer.load(indices.clone()), rf_buf.load(wb_idx)));
        let mut wb_block = Block {
            iter_vars: wb_ivs,
            init: Some(init.clone()),
            annotations: blk.annotations.clone(),
            ..Block::new(name, wb_update)
        };
        let (reads, writes) = crate::tir::region::infer_regions(&wb_block);
        wb_block.reads = reads;
        wb_block.writes = writes;
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

        let (mut root, mut children, at) = self.root_child_of(realize, P)?;
        let original = super::blocks::replace_stmt(&children[at], realize, &wb_realize);
        children[at] = without_loops(&original, &dropped);
        children.insert(at, rf_nest);
        root.alloc_buffers.push(rf_buf);
        root.body = tree::with_top_list(&root.body, children);
        self.set_root(root);
        let out = self.new_block_rv(&format!("{name}_rf"));
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

fn same_indices(a: &[PrimExpr], b: &[PrimExpr]) -> bool {
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
