//! Small primitives: `get_producers`, `get_consumers`, `get_output_blocks`, `set_scope`, `storage_align`, `bind`,
//! `unannotate`, `add_unit_loop`, `enter_postproc`, `reorder_block_iter_var`, `unsafe_set_dtype`,
//! `unsafe_hide_buffer_access` (TVM 0.27's `get_block_rv`s, `set_scope.cc`, `block_annotate.cc`,
//! `for_kind.cc`, `annotate.cc`).

use super::{BlockOrLoop, BlockRV, Instruction, LoopRV, Schedule, ScheduleError, err, tree};
use crate::tir::ast::*;

impl Schedule {
    /// The blocks that write what `block` reads, in program order.
    ///
    /// # Errors
    /// A stale handle.
    pub fn get_producers(&mut self, block: BlockRV) -> Result<Vec<BlockRV>, ScheduleError> {
        let outs = self.related(block, true)?;
        self.trace.push(Instruction::GetProducers { block, outs: outs.clone() });
        Ok(outs)
    }

    /// The blocks that read what `block` writes, in program order.
    ///
    /// # Errors
    /// A stale handle.
    pub fn get_consumers(&mut self, block: BlockRV) -> Result<Vec<BlockRV>, ScheduleError> {
        let outs = self.related(block, false)?;
        self.trace.push(Instruction::GetConsumers { block, outs: outs.clone() });
        Ok(outs)
    }

    fn related(&mut self, block: BlockRV, producers: bool) -> Result<Vec<BlockRV>, ScheduleError> {
        let p = if producers { "get_producers" } else { "get_consumers" };
        let site = self.block_site(block, p)?;
        let StmtKind::BlockRealize { block: me, .. } = site.realize.kind() else { unreachable!("a block site") };
        let mut names = Vec::new();
        tree::walk_blocks(&self.func.body, &mut Vec::new(), &mut |_, realize, b| {
            if realize.same_node(&site.realize) || b.name == "root" {
                return;
            }
            let (mine, theirs) = if producers { (&me.reads, &b.writes) } else { (&me.writes, &b.reads) };
            if mine.iter().any(|m| theirs.iter().any(|t| t.buffer == m.buffer)) {
                names.push((b.name.clone(), realize.clone()));
            }
        });
        Ok(names.iter().map(|(n, r)| self.block_rv_of(n, r)).collect())
    }

    /// The blocks under `scope` (at any depth) that write a buffer their own scope block does
    /// not allocate: what leaves the scope (TVM's `get_output_blocks`), in program order.
    ///
    /// # Errors
    /// A stale handle.
    pub fn get_output_blocks(&mut self, scope: BlockRV) -> Result<Vec<BlockRV>, ScheduleError> {
        let site = self.block_site(scope, "get_output_blocks")?;
        fn go(s: &Stmt, allocated: &[Buffer], names: &mut Vec<(String, Stmt)>) {
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
                if let StmtKind::BlockRealize { block, .. } = s.kind() {
                    if block.writes.iter().any(|w| !allocated.contains(&w.buffer)) {
                        names.push((block.name.clone(), s.clone()));
                    }
                    go(&block.body, &block.alloc_buffers, names);
                    return;
                }
                for c in crate::tir::visit::stmt_children(s) {
                    go(c, allocated, names);
                }
            })
        }
        let StmtKind::BlockRealize { block: me, .. } = site.realize.kind() else { unreachable!("a block site") };
        let mut names = Vec::new();
        go(&me.body, &me.alloc_buffers, &mut names);
        let outs: Vec<BlockRV> = names.iter().map(|(n, r)| self.block_rv_of(n, r)).collect();
        self.trace.push(Instruction::GetOutputBlocks { scope, outs: outs.clone() });
        Ok(outs)
    }

    /// Give the buffer a block writes (at `buffer_index`) another storage scope; it is renamed
    /// `NAME_scope`, as TVM renames it.
    ///
    /// # Errors
    /// No written buffer at that index, a buffer that is a function parameter, or a stale
    /// handle.
    pub fn set_scope(&mut self, block: BlockRV, buffer_index: usize, scope: &str) -> Result<(), ScheduleError> {
        const P: &str = "set_scope";
        super::cache_inplace::check_storage_scope(P, scope)?;
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { block: blk, .. } = site.realize.kind() else { unreachable!("a block site") };
        let Some(old) = blk.writes.get(buffer_index).map(|r| r.buffer.clone()) else {
            return Err(tree::index_out_of_range(P, blk, false, buffer_index));
        };
        if !tree::allocated_by_block(&self.func.body, &old) {
            return Err(err(
                P,
                format!(
                    "The input buffer {} is not allocated by a block. This means the buffer is either a function parameter or defined in `match_buffer` of a block.",
                    old.name()
                ),
            ));
        }
        let mut spec = BufferSpec::new(&format!("{}_{scope}", old.name()), old.dtype(), old.shape().to_vec());
        spec.scope = scope.to_string();
        let new = spec.build();
        self.func.body = super::blocks::replace_buffer_in_block(&self.func.body, &old, &new);
        // Windows of it are in the new scope too, renamed as TVM renames them.
        let mut windows = Vec::new();
        crate::tir::visit::walk_stmts(&self.func.body, &mut |x| {
            if let StmtKind::BlockRealize { block, .. } = x.kind() {
                windows.extend(block.match_buffers.iter().filter(|m| m.source.buffer == new).map(|m| m.buffer.clone()));
            }
        });
        for w in windows {
            let name = format!("{}_{scope}", w.name());
            // An implicit offset variable (`offset_factor=` alone) is renamed with the window.
            let elem_offset = match w.elem_offset().as_var() {
                Some(v) if v.name() == format!("{}_elem_offset", w.name()) => {
                    PrimExpr::var(&Var::new(&format!("{name}_elem_offset"), v.dtype()))
                }
                _ => w.elem_offset().clone(),
            };
            let window = BufferSpec {
                strides: w.strides().to_vec(),
                elem_offset: Some(elem_offset),
                scope: scope.to_string(),
                data_alignment: w.data_alignment(),
                offset_factor: w.offset_factor(),
                axis_separators: w.axis_separators().to_vec(),
                span: w.span(),
                ..BufferSpec::new(&name, w.dtype(), w.shape().to_vec())
            }
            .build();
            self.func.body = super::blocks::replace_buffer_in_block(&self.func.body, &w, &window);
        }
        self.trace.push(Instruction::SetScope { block, buffer_index, scope: scope.to_string() });
        Ok(())
    }

    /// Ask for dimension `axis` of the buffer a block writes (at `buffer_index`) to be laid out
    /// with a stride of `factor * k + offset` (TVM's `buffer_dim_align` block annotation; the
    /// layout is a hint Strata's lowering does not need).
    ///
    /// # Errors
    /// No written buffer at that index, an axis out of range, a factor that is not positive,
    /// or a stale handle.
    pub fn storage_align(
        &mut self,
        block: BlockRV,
        buffer_index: usize,
        axis: i64,
        factor: i64,
        offset: i64,
    ) -> Result<(), ScheduleError> {
        const P: &str = "storage_align";
        let given = axis;
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { block: blk, .. } = site.realize.kind() else { unreachable!("a block site") };
        // TVM's checks, in its order and with its messages.
        let Some(buf) = blk.writes.get(buffer_index).map(|r| r.buffer.clone()) else {
            return Err(tree::index_out_of_range(P, blk, false, buffer_index));
        };
        if factor <= 0 {
            return Err(err(
                P,
                format!(
                    "The input `factor` of storage_align is expected to be a positive number. However, the input `factor` is {factor}, which is out of the expected range."
                ),
            ));
        }
        let rank = buf.shape().len();
        // A negative axis counts from the end, as in TVM (`-2` of a 2-D buffer is 0).
        let normal = if axis < 0 { axis.checked_add(rank as i64) } else { Some(axis) };
        let Some(axis) = normal.and_then(|a| usize::try_from(a).ok()).filter(|&a| a < rank) else {
            return Err(err(
                P,
                format!(
                    "The buffer to set storage alignment of, {}, has {rank} dimension(s), so `axis` is required to be in [-{rank}, {rank}) for storage_align. However, the input `axis` is {given}, which is out of the expected range.",
                    buf.name()
                ),
            ));
        };
        if !tree::allocated_by_block(&self.func.body, &buf) {
            return Err(err(
                P,
                format!(
                    "The input buffer {} is not allocated by a block. This means the buffer is either a function parameter or defined in `match_buffer` of a block.",
                    buf.name()
                ),
            ));
        }
        let entry = AttrValue::List(vec![
            AttrValue::Int(buffer_index as i64),
            AttrValue::Int(axis as i64),
            AttrValue::Int(factor),
            AttrValue::Int(offset),
        ]);
        self.func.body = super::map_block(&self.func.body, &site.realize, &mut |b| match b
            .annotations
            .iter_mut()
            .find(|(k, _)| k == "buffer_dim_align")
        {
            // An entry for the same buffer and axis is replaced, as TVM replaces it.
            Some((_, AttrValue::List(xs))) => {
                let same = |x: &AttrValue| {
                    matches!(x, AttrValue::List(v) if matches!(v.as_slice(),
                        [AttrValue::Int(i), AttrValue::Int(a), ..] if *i == buffer_index as i64 && *a == axis as i64))
                };
                match xs.iter_mut().find(|x| same(x)) {
                    Some(x) => *x = entry.clone(),
                    None => xs.push(entry.clone()),
                }
            }
            _ => b.annotations.push(("buffer_dim_align".into(), AttrValue::List(vec![entry.clone()]))),
        });
        self.trace.push(Instruction::StorageAlign { block, buffer_index, axis: given, factor, offset });
        Ok(())
    }

    /// Bind a loop to a thread axis (`blockIdx.x`, `threadIdx.x`, ...); on a CPU the loop runs
    /// as a parallel loop.
    ///
    /// # Errors
    /// As [`Schedule::parallel`].
    pub fn bind(&mut self, l: LoopRV, thread_axis: &str) -> Result<(), ScheduleError> {
        self.set_kind(l, ForKind::ThreadBinding(thread_axis.into()), "bind")?;
        self.trace.push(Instruction::Bind { l, thread_axis: thread_axis.to_string() });
        Ok(())
    }

    /// Remove an annotation.
    ///
    /// # Errors
    /// No such annotation, or a stale handle.
    pub fn unannotate(&mut self, target: BlockOrLoop, key: &str) -> Result<(), ScheduleError> {
        const P: &str = "unannotate";
        let mut found = false;
        match target {
            BlockOrLoop::Loop(l) => {
                let (_, s) = self.loop_site(l, P)?;
                let mut p = tree::ForParts::of(&s).ok_or_else(|| err(P, "not a loop"))?;
                found = p.annotations.iter().any(|(k, _)| k == key);
                p.annotations.retain(|(k, _)| k != key);
                let id = p.var.id();
                self.func.body = tree::replace_loops(&self.func.body, [(id, p.build())].into_iter().collect());
            }
            BlockOrLoop::Block(b) => {
                let site = self.block_site(b, P)?;
                self.func.body = super::map_block(&self.func.body, &site.realize, &mut |blk| {
                    found |= blk.annotations.iter().any(|(k, _)| k == key);
                    blk.annotations.retain(|(k, _)| k != key);
                });
            }
        }
        if !found {
            return Err(err(P, format!("there is no annotation '{key}' to remove")));
        }
        self.trace.push(Instruction::Unannotate { target, key: key.to_string() });
        Ok(())
    }
}

impl Schedule {
    /// A loop of extent 1 (`u`) around a block, or around a loop (TVM's `add_unit_loop`); the
    /// new loop.
    ///
    /// # Errors
    /// A stale handle.
    pub fn add_unit_loop(&mut self, target: BlockOrLoop) -> Result<LoopRV, ScheduleError> {
        const P: &str = "add_unit_loop";
        let inner = match target {
            BlockOrLoop::Block(b) => self.block_site(b, P)?.realize,
            BlockOrLoop::Loop(l) => self.loop_site(l, P)?.1,
        };
        if inner.same_node(&self.func.body) {
            return Err(err(P, "the root block is the function's body: no loop can be added around it"));
        }
        let dt = crate::tir::DataType::INT32;
        let u = Var::new("u", dt);
        let wrapped = Stmt::for_range(&u, PrimExpr::int_of(0, dt), PrimExpr::int_of(1, dt), inner.clone());
        self.func.body = super::blocks::replace_stmt(&self.func.body, &inner, &wrapped);
        let out = self.new_loop_rv(&u);
        self.trace.push(Instruction::AddUnitLoop { target, out });
        Ok(out)
    }

    /// Mark the start of post-processing in a trace (TVM's `enter_postproc`, which MetaSchedule
    /// traces hold); it changes nothing.
    pub fn enter_postproc(&mut self) {
        self.trace.push(Instruction::EnterPostproc);
    }
}

impl Schedule {
    /// Put a block's iteration variables (and their bindings) in a new order: `new_order[k]` is
    /// the index of the variable that goes k-th (TVM's `reorder_block_iter_var`).
    ///
    /// # Errors
    /// An order that is not a permutation of the block's variables, or a stale handle.
    pub fn reorder_block_iter_var(&mut self, block: BlockRV, new_order: &[usize]) -> Result<(), ScheduleError> {
        const P: &str = "reorder_block_iter_var";
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { values, predicate, block: blk } = site.realize.kind() else {
            unreachable!("a block site")
        };
        let n = blk.iter_vars.len();
        let mut seen = vec![false; n];
        let permutation =
            new_order.len() == n && new_order.iter().all(|&i| i < n && !std::mem::replace(&mut seen[i], true));
        if !permutation {
            let order: Vec<String> = new_order.iter().map(usize::to_string).collect();
            return Err(err(
                P,
                format!(
                    "The user provided block itervar index order ({}) is not a valid permutation of [0, 1, ..., num_block_iter_vars-1] in block {}.",
                    order.join(", "),
                    blk.name
                ),
            ));
        }
        let b = Block { iter_vars: new_order.iter().map(|&i| blk.iter_vars[i].clone()).collect(), ..(**blk).clone() };
        let realize = Stmt::at(
            StmtKind::BlockRealize {
                values: new_order.iter().map(|&i| values[i].clone()).collect(),
                predicate: predicate.clone(),
                block: Box::new(b),
            },
            site.realize.span(),
        );
        self.func.body = super::blocks::replace_stmt(&self.func.body, &site.realize, &realize);
        self.trace.push(Instruction::ReorderBlockIterVar { block, new_order: new_order.to_vec() });
        Ok(())
    }
}

impl Schedule {
    /// Store the buffer a block writes (at `buffer_index`) as `dtype`: its stores cast to it
    /// and its loads cast back (TVM's `unsafe_set_dtype`: the values may lose precision).
    ///
    /// # Errors
    /// No written buffer at that index, a buffer that is a function parameter, an unknown
    /// dtype, or a stale handle.
    pub fn unsafe_set_dtype(&mut self, block: BlockRV, buffer_index: usize, dtype: &str) -> Result<(), ScheduleError> {
        const P: &str = "unsafe_set_dtype";
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { block: blk, .. } = site.realize.kind() else { unreachable!("a block site") };
        let Some(old) = blk.writes.get(buffer_index).map(|r| r.buffer.clone()) else {
            return Err(tree::index_out_of_range(P, blk, false, buffer_index));
        };
        if !tree::allocated_by_block(&self.func.body, &old) {
            return Err(err(
                P,
                format!(
                    "The input buffer {} is not allocated by a block. This means the buffer is either a function parameter or defined in `match_buffer` of a block.",
                    old.name()
                ),
            ));
        }
        let Some(dt) = crate::tir::DataType::parse(dtype).filter(|d| d.lanes == 1 && d.bits > 0) else {
            return Err(err(P, format!("'{dtype}' is not a scalar data type")));
        };
        if dt.is_handle() {
            return Err(err(P, format!("'{dtype}' is not a scalar data type")));
        }
        let mut spec = BufferSpec::new(old.name(), dt, old.shape().to_vec());
        spec.scope = old.scope().to_string();
        spec.span = old.span();
        let new = spec.build();
        // Windows of the buffer (`T.match_buffer(B[vi, vj], ..)`) take the dtype too.
        let mut pairs = vec![(old.clone(), new)];
        crate::tir::visit::walk_stmts(&self.func.body, &mut |s| {
            if let StmtKind::BlockRealize { block, .. } = s.kind() {
                for m in block.match_buffers.iter().filter(|m| m.source.buffer == old) {
                    pairs.push((m.buffer.clone(), super::blocks::with_dtype(&m.buffer, dt)));
                }
            }
        });
        let mut body = self.func.body.clone();
        for (from, to) in &pairs {
            body = crate::tir::mutate::Mutator::stmt(&mut Retype { old: from, new: to }, &body);
            body = super::blocks::replace_buffer_in_block(&body, from, to);
        }
        self.func.body = body;
        self.trace.push(Instruction::UnsafeSetDtype { block, buffer_index, dtype: dtype.to_string() });
        Ok(())
    }
}

/// Stores to `old` cast to `new`'s dtype and made to `new`; loads of it read `new` and cast
/// back.
struct Retype<'a> {
    old: &'a Buffer,
    new: &'a Buffer,
}

impl crate::tir::mutate::Mutator for Retype<'_> {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        let e = crate::tir::mutate::default_expr(self, e);
        match e.kind() {
            ExprKind::BufferLoad(b, idx) if b == self.old => {
                PrimExpr::cast(self.old.dtype(), self.new.load(idx.clone()))
            }
            _ => e,
        }
    }
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = stacker::maybe_grow(64 * 1024, 1024 * 1024, || crate::tir::mutate::default_stmt(self, s));
        match s.kind() {
            StmtKind::BufferStore { buffer, value, indices } if buffer == self.old => Stmt::at(
                StmtKind::BufferStore {
                    buffer: self.new.clone(),
                    value: PrimExpr::cast(self.new.dtype(), value.clone()),
                    indices: indices.clone(),
                },
                s.span(),
            ),
            _ => s,
        }
    }
}

impl Schedule {
    /// Leave the regions at `indices` out of a block's reads (`read`) or writes (TVM's
    /// `unsafe_hide_buffer_access`: later primitives no longer see those accesses; the kernel
    /// still makes them, and they stay bounds-checked when compiled).
    ///
    /// # Errors
    /// An index past the block's regions, or a stale handle.
    pub fn unsafe_hide_buffer_access(
        &mut self,
        block: BlockRV,
        read: bool,
        indices: &[usize],
    ) -> Result<(), ScheduleError> {
        const P: &str = "unsafe_hide_buffer_access";
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { block: blk, .. } = site.realize.kind() else { unreachable!("a block site") };
        let regions = if read { &blk.reads } else { &blk.writes };
        if let Some(&bad) = indices.iter().find(|&&i| i >= regions.len()) {
            return Err(err(
                P,
                format!(
                    "The buffer index array for hide_buffer_access schedule should be a list of integers between 0 and {}, got {bad} instead.",
                    regions.len().saturating_sub(1)
                ),
            ));
        }
        let kept: Vec<BufferRegion> =
            regions.iter().enumerate().filter(|(i, _)| !indices.contains(i)).map(|(_, r)| r.clone()).collect();
        let mut b = (**blk).clone();
        if read {
            b.reads = kept
        } else {
            b.writes = kept
        }
        let new = tree::with_block(&site.realize, b);
        self.func.body = super::blocks::replace_stmt(&self.func.body, &site.realize, &new);
        self.trace.push(Instruction::UnsafeHideBufferAccess { block, read, indices: indices.to_vec() });
        Ok(())
    }
}

/// The new region of `annotate_buffer_access`: per dimension `(start, end)` over the block's
/// iteration variables (`params` name them, in order), as TVM's `gen_new_ranges` lambda gives it.
#[derive(Clone, Debug)]
pub struct AccessRanges {
    /// The lambda's parameters, one per iteration variable of the block.
    pub params: Vec<Var>,
    /// Start and end (exclusive) of each dimension.
    pub ranges: Vec<(PrimExpr, PrimExpr)>,
}

impl Schedule {
    /// Replace the region at `buffer_index` of a block's reads (`read`) or writes with the one
    /// `ranges` gives, and mark it explicit (`explicit_read_region` / `explicit_write_region`
    /// annotations), as TVM's `annotate_buffer_access` does: region inference keeps it.
    ///
    /// # Errors
    /// No region at that index, ranges of another rank than the buffer, a lambda with another
    /// number of parameters than the block has iteration variables, or a stale handle.
    pub fn annotate_buffer_access(
        &mut self,
        block: BlockRV,
        buffer_index: usize,
        read: bool,
        ranges: &AccessRanges,
    ) -> Result<(), ScheduleError> {
        const P: &str = "annotate_buffer_access";
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { block: blk, .. } = site.realize.kind() else { unreachable!("a block site") };
        let what = if read { "read" } else { "write" };
        let old = tree::region_at(blk, read, buffer_index, P)?;
        if ranges.params.len() != blk.iter_vars.len() {
            return Err(err(
                P,
                format!(
                    "the lambda takes {} indices but block {} has {} iteration variables",
                    ranges.params.len(),
                    blk.name,
                    blk.iter_vars.len()
                ),
            ));
        }
        if ranges.ranges.len() != old.buffer.shape().len() {
            return Err(err(
                P,
                format!(
                    "{} ranges given for {} of rank {}",
                    ranges.ranges.len(),
                    old.buffer.name(),
                    old.buffer.shape().len()
                ),
            ));
        }
        let map: rustc_hash::FxHashMap<u64, PrimExpr> =
            ranges.params.iter().zip(&blk.iter_vars).map(|(p, iv)| (p.id(), PrimExpr::var(&iv.var))).collect();
        let sub =
            |e: &PrimExpr| crate::tir::mutate::Mutator::expr(&mut crate::tir::mutate::Substitute { map: &map }, e);
        let mut region = Vec::new();
        for (d, (start, end)) in ranges.ranges.iter().enumerate() {
            let (min, end) = (sub(start), sub(end));
            if min.dtype() != end.dtype() {
                // `(vi, vi + 4294967296)`: an int64 end of an int32 start.
                return Err(err(
                    P,
                    format!(
                        "the range of dimension {d} starts as {} but ends as {}: give both in one type",
                        min.dtype(),
                        end.dtype()
                    ),
                ));
            }
            let diff = PrimExpr::binary(BinOp::Sub, end, min.clone());
            // `(vi + 1) - (vi - 1)` is 2 (TVM's analyzer proves it; `simplify` keeps the form).
            let extent = match crate::tir::arith::linear(&diff).as_const() {
                Some(c) => {
                    let dt = diff.dtype();
                    let fits = i64::try_from(c).ok().filter(|&c| crate::tir::arith::wrap_int(i128::from(c), dt) == c);
                    let c = fits.ok_or_else(|| {
                        err(P, format!("the range of dimension {d} has {c} elements, which does not fit {dt}"))
                    })?;
                    PrimExpr::int_of(c, dt)
                }
                None => crate::tir::arith::simplify(&diff),
            };
            region.push(Range::new(min, extent));
        }
        let mut b = (**blk).clone();
        let target = if read { &mut b.reads } else { &mut b.writes };
        target[buffer_index] = BufferRegion { buffer: old.buffer.clone(), region };
        let key = format!("explicit_{what}_region");
        let index = AttrValue::Int(buffer_index as i64);
        match b.annotations.iter_mut().find(|(k, _)| *k == key) {
            Some((_, AttrValue::List(items))) => {
                if !items.iter().any(|x| matches!(x, AttrValue::Int(i) if *i == buffer_index as i64)) {
                    items.push(index);
                }
            }
            Some((_, v)) => *v = AttrValue::List(vec![index]),
            None => b.annotations.push((key, AttrValue::List(vec![index]))),
        }
        let new = tree::with_block(&site.realize, b);
        self.func.body = super::blocks::replace_stmt(&self.func.body, &site.realize, &new);
        // Recorded over the block's own variables, as TVM's trace prints the lambda.
        let recorded = AccessRanges {
            params: blk.iter_vars.iter().map(|iv| iv.var.clone()).collect(),
            ranges: ranges.ranges.iter().map(|(a, b)| (sub(a), sub(b))).collect(),
        };
        self.trace.push(Instruction::AnnotateBufferAccess { block, buffer_index, read, ranges: recorded });
        Ok(())
    }
}
