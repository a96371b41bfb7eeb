//! Block primitives: `cache_read`, `cache_write`, `decompose_reduction`, with TVM's results
//! (`src/s_tir/schedule/primitive/cache_read_write.cc`, `reduction.cc` in TVM 0.27); a cache
//! goes in the cached block's scope block (compacted to its region when that is not the root).

use rustc_hash::FxHashMap as HashMap;

use super::tree::{self, ForParts};
use super::{BlockRV, Instruction, LoopRV, Rv, Schedule, ScheduleError, err};
use crate::tir::DataType;
use crate::tir::arith::simplify;
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute, default_expr, default_stmt};
use crate::tir::region::{coefficient, uses_var};

impl Schedule {
    /// Write a block's output into a new buffer of `scope` (`"local"`, `"global"`), copied
    /// to the original by a new block right after the block's loop nest; the new block.
    ///
    /// # Errors
    /// No write buffer at that index, a block outside the root block, or a stale handle.
    pub fn cache_write(&mut self, block: BlockRV, write_index: usize, scope: &str) -> Result<BlockRV, ScheduleError> {
        self.cache_write_for(block, write_index, scope, &[])
    }

    /// [`Schedule::cache_write`] whose `consumers` (TVM's `consumer_blocks`) read the cache
    /// directly: the copy back to the original goes before the first statement holding one of
    /// the other readers (last in the root block if there are none).
    ///
    /// # Errors
    /// As [`Schedule::cache_write`], and a consumer that does not read the buffer.
    pub fn cache_write_for(
        &mut self,
        block: BlockRV,
        write_index: usize,
        scope: &str,
        consumers: &[BlockRV],
    ) -> Result<BlockRV, ScheduleError> {
        let names = consumers.iter().map(|&c| self.block_name(c, "cache_write")).collect::<Result<Vec<_>, _>>()?;
        let out = self.cache(block, write_index, scope, false, &names)?;
        self.trace.push(Instruction::CacheWrite {
            block,
            write_index,
            scope: scope.to_string(),
            consumers: consumers.to_vec(),
            out,
        });
        Ok(out)
    }

    /// Read a block's input (at `read_index`) from a new buffer of `scope`, filled from the
    /// original by a new block right before the block's loop nest; the new block.
    ///
    /// # Errors
    /// No read buffer at that index, a block outside the root block, or a stale handle.
    pub fn cache_read(&mut self, block: BlockRV, read_index: usize, scope: &str) -> Result<BlockRV, ScheduleError> {
        self.cache_read_for(block, read_index, scope, &[])
    }

    /// [`Schedule::cache_read`] read only by `consumers` (TVM's `consumer_blocks`; empty: every
    /// reader of the buffer): the other readers keep reading the original, and the copy goes
    /// right before the first statement holding one of `consumers`.
    ///
    /// # Errors
    /// As [`Schedule::cache_read`], and a consumer that does not read the buffer.
    pub fn cache_read_for(
        &mut self,
        block: BlockRV,
        read_index: usize,
        scope: &str,
        consumers: &[BlockRV],
    ) -> Result<BlockRV, ScheduleError> {
        let names = consumers.iter().map(|&c| self.block_name(c, "cache_read")).collect::<Result<Vec<_>, _>>()?;
        let out = self.cache(block, read_index, scope, true, &names)?;
        self.trace.push(Instruction::CacheRead {
            block,
            read_index,
            scope: scope.to_string(),
            consumers: consumers.to_vec(),
            out,
        });
        Ok(out)
    }

    /// `cache_read` (`read`) or `cache_write`, where TVM puts them (`CacheLocDetector`): a read
    /// cache of a buffer written in the function goes after its writer, right before the
    /// first statement holding a reader, over the written region; a read cache of an input
    /// first in the root block, over the whole buffer, and every reader reads it; a write
    /// cache goes right before the first statement holding a reader of the block's output
    /// (or last in the root block), over the written region. Regions are relaxed over the
    /// loops below that place.
    fn cache(
        &mut self,
        block: BlockRV,
        index: usize,
        scope: &str,
        read: bool,
        consumers: &[String],
    ) -> Result<BlockRV, ScheduleError> {
        let p: &'static str = if read { "cache_read" } else { "cache_write" };
        super::cache_inplace::check_storage_scope(p, scope)?;
        let site = self.block_site(block, p)?;
        let StmtKind::BlockRealize { block: blk, .. } = site.realize.kind() else { unreachable!("a block site") };
        let regions = if read { &blk.reads } else { &blk.writes };
        let original = tree::region_at(blk, read, index, p)?.buffer.clone();
        // Both caches take the buffer's only writer in its scope (TVM's `GetOnlyWriteBlock`;
        // a read cache of an input has none).
        if let Some(scope) = tree::scope_of(&self.func.body, &site.realize) {
            let StmtKind::BlockRealize { block: sb, .. } = scope.kind() else { unreachable!("a scope block") };
            let writers = tree::outer_blocks(&sb.body)
                .into_iter()
                .filter(|(_, _, b)| b.writes.iter().any(|w| w.buffer == original))
                .count();
            if writers > 1 {
                return Err(err(
                    p,
                    format!(
                        "The buffer {} is expected to be written by single block, but got {writers} blocks who write it.",
                        original.name()
                    ),
                ));
            }
        }
        // A leaf block that reads what it writes without an init of its own (an update whose
        // initial value comes from elsewhere) would read a cache nothing filled: TVM 0.27 builds
        // that kernel (it computes garbage); refused.
        let mut leaf = true;
        crate::tir::visit::walk_stmts(&blk.body, &mut |x| leaf &= !matches!(x.kind(), StmtKind::BlockRealize { .. }));
        // (Nor one whose init runs only where its reduction variables start, and it stores at
        // an index of one: the init fills part of what it accumulates into.)
        if !read && leaf && blk.init.is_some() && tree::stores_at_reduction_index(blk) {
            return Err(err(
                p,
                format!(
                    "block {} stores at an index of a reduction variable: its init fills only part of {}, and the cache would start uninitialized elsewhere",
                    blk.name,
                    original.name()
                ),
            ));
        }
        if !read && leaf && blk.init.is_none() && blk.reads.iter().any(|r| r.buffer == original) {
            return Err(err(
                p,
                format!(
                    "block {} reads {} before writing it and has no init: the cache would start uninitialized",
                    blk.name,
                    original.name()
                ),
            ));
        }
        let place =
            self.cache_place(&site, &original, if read { None } else { Some(&regions[index]) }, consumers, p)?;
        let CachePlace {
            root,
            scope: scope_realize,
            nested,
            anchor,
            anchor_region,
            container,
            pos,
            related,
            named_consumers,
        } = place;
        let anchor_region = anchor_region.as_ref();
        // The region: the anchor's, relaxed over its loops below the place; or the whole buffer.
        let (outer, below): (Vec<ForParts>, Vec<Stmt>) = match container {
            None => (Vec::new(), anchor.loops.clone()),
            Some(id) => {
                let k = anchor.loops.iter().position(|l| ForParts::of(l).is_some_and(|f| f.var.id() == id));
                let k = k.ok_or_else(|| err(p, "the cache's place is not above its block"))?;
                (anchor.loops[..=k].iter().filter_map(ForParts::of).collect(), anchor.loops[k + 1..].to_vec())
            }
        };
        // Relaxed as TVM's `RelaxBufferRegion` relaxes it: under the block's predicate and, for a
        // write cache, the predicates of the blocks nested in it that write the buffer (a
        // nested `T.where` bounds what is written).
        let anchor_pred = |nested: Option<PrimExpr>| {
            let StmtKind::BlockRealize { predicate, .. } = anchor.realize.kind() else { unreachable!("a block site") };
            match nested {
                Some(n) => PrimExpr::and(predicate.clone(), n),
                None => predicate.clone(),
            }
        };
        let nested_read =
            if read && anchor_region.is_none() { nested_predicate(&blk.body, &original, true) } else { None };
        // TVM compacts a cache placed in a block that holds all its readers: in a nested scope
        // unless it goes under a loop (TVM's `cache_full_region` where its place is no block);
        // at the root, for this input region (the others cover the buffer).
        let own_read = blk.reads.iter().find(|r| r.buffer == original);
        let mut compact = (nested && container.is_none()) || (nested_read.is_some() && own_read.is_some());
        let region: Vec<(PrimExpr, PrimExpr)> = match anchor_region {
            Some(r) => {
                let pred = anchor_pred(if read { None } else { nested_predicate(&blk.body, &original, false) });
                symbolic_box(&anchor, r, &below, &outer, Some(&pred))
            }
            .ok_or_else(|| {
                err(p, format!("the region of {} block {} accesses is not a box", original.name(), blk.name))
            })?,
            // An input read under a nested block's predicate: the block's region, relaxed over
            // its loops under that predicate (TVM 0.27's tighter cache).
            None if let (Some(nested), Some(own)) = (nested_read, own_read) => {
                let StmtKind::BlockRealize { predicate, .. } = site.realize.kind() else {
                    unreachable!("a block site")
                };
                let pred = PrimExpr::and(predicate.clone(), nested);
                symbolic_box(&site, own, &site.loops, &[], Some(&pred)).ok_or_else(|| {
                    err(p, format!("the region of {} block {} accesses is not a box", original.name(), blk.name))
                })?
            }
            // An input of the scope: the region the scope block reads (TVM's), else all of it.
            None => match root.reads.iter().find(|r| r.buffer == original) {
                Some(r) if r.region.iter().all(|x| x.extent.as_int().is_some()) => {
                    r.region.iter().map(|x| (x.min.clone(), x.extent.clone())).collect()
                }
                // The whole buffer, its extents symbolic where its shape is (`n * 32`).
                _ => original.shape().iter().map(|d| (PrimExpr::int_of(0, d.dtype()), d.clone())).collect(),
            },
        };
        // Where the region's start moves with the loops above the place (a tile's halo), the
        // predicate that keeps the block inside the buffer clips it, as TVM's relaxation does.
        let region = match anchor_region {
            Some(r) => {
                let StmtKind::BlockRealize { values, block: anchor_blk, predicate } = anchor.realize.kind() else {
                    unreachable!("a block site")
                };
                clip_to_predicate(region, r, anchor_blk, values, predicate, &outer)
            }
            None => region,
        };
        // A relaxed region stays inside the buffer (a predicated block's loops run past it).
        let region: Vec<(PrimExpr, PrimExpr)> = region
            .into_iter()
            .zip(original.shape())
            .map(|((min, ext), dim)| match (min.as_int(), ext.as_int(), dim.as_int()) {
                (Some(lo), Some(e), Some(n)) if lo.saturating_add(e) > n || lo < 0 => {
                    let (start, end) = (lo.max(0), lo.saturating_add(e).min(n));
                    (PrimExpr::int_of(start, min.dtype()), PrimExpr::int_of((end - start).max(0), ext.dtype()))
                }
                _ => (min, ext),
            })
            .collect();
        // TVM 0.27 compacts a cache placed in its scope block (not under a loop) to the
        // region too: visible where the region is part of the buffer (a block writing
        // `B[0:16]` of 128 gets a 16-element cache).
        let partial = region
            .iter()
            .zip(original.shape())
            .any(|((min, ext), dim)| min.as_int() != Some(0) || !crate::tir::arith::prove_equal(ext, dim));
        // (Not where a pointer into the buffer would have to follow the offsets: the cache
        // keeps the buffer's shape there, as before TVM 0.27 compacted it.)
        let related_use_data = || {
            let users: Vec<&Stmt> = if read {
                related.iter().collect()
            } else {
                std::iter::once(&site.realize).chain(&named_consumers).collect()
            };
            users.iter().any(|r| tree::uses_data(r, &original))
        };
        if container.is_none() && partial && !related_use_data() {
            compact = true;
        }
        // A symbolic extent names only the function's own variables (shape variables,
        // parameters): the cache's loops stand where no loop or block variable is in scope.
        let mut bound: Vec<u64> = Vec::new();
        crate::tir::visit::walk_stmts(&self.func.body, &mut |x| match x.kind() {
            StmtKind::For { var, .. } => bound.push(var.id()),
            StmtKind::BlockRealize { block, .. } => bound.extend(block.iter_vars.iter().map(|iv| iv.var.id())),
            _ => {}
        });
        // (Not the loops above the place, where the cache keeps the buffer's shape: a clipped
        // halo's extent.)
        bound.retain(|id| compact || !outer.iter().any(|l| l.var.id() == *id));
        if region.iter().any(|(_, ext)| ext.as_int().is_none() && bound.iter().any(|&id| uses_var(ext, id))) {
            return Err(err(
                p,
                format!(
                    "the region of {} block {} accesses has an extent that changes with the loops",
                    original.name(),
                    blk.name
                ),
            ));
        }
        // An extent in the type of `dt` (constants are written in it; symbolic ones as they are).
        let extent_in =
            |ext: &PrimExpr, dt: DataType| ext.as_int().map_or_else(|| ext.clone(), |e| PrimExpr::int_of(e, dt));
        // In a nested scope TVM compacts the cache to the region (indexed from its minimum).
        let shape: Vec<PrimExpr> = if compact {
            region.iter().zip(original.shape()).map(|((_, ext), d)| extent_in(ext, d.dtype())).collect()
        } else {
            // The whole buffer, in the type of the region's extents (TVM's cache takes its shape
            // from the region: int32 extents of int32 loops over an int64 buffer).
            region
                .iter()
                .zip(original.shape())
                .map(|((_, ext), d)| match (ext.as_int(), d.as_int()) {
                    (Some(e), Some(n)) if e == n && ext.dtype().is_int() => PrimExpr::int_of(n, ext.dtype()),
                    _ => d.clone(),
                })
                .collect()
        };
        let mut spec = BufferSpec::new(&format!("{}_{scope}", original.name()), original.dtype(), shape);
        spec.elem_offset = copied_offset(&original);
        spec.scope = scope.to_string();
        let cache = spec.build();
        // The copy: for ax.. : with block(name_scope): v.. = min + ax..; dst[v..] = src[v..]
        // (compacted: v.. = ax.., the original at min + v..).
        let (src, dst) = if read { (&original, &cache) } else { (&cache, &original) };
        // Each loop and variable in the type of its dimension (TVM's: the region's extent's).
        let dts: Vec<DataType> = cache.shape().iter().map(PrimExpr::dtype).collect();
        let dt_of = |d: usize| dts.get(d).copied().unwrap_or(DataType::INT32);
        let loop_vars: Vec<Var> = (0..region.len()).map(|d| Var::new(&format!("ax{d}"), dt_of(d))).collect();
        let iter_vars = copy_iter_vars(cache.shape());
        let point: Vec<PrimExpr> = iter_vars.iter().map(|iv| PrimExpr::var(&iv.var)).collect();
        let offset_point: Vec<PrimExpr> = if compact {
            point
                .iter()
                .zip(&region)
                .map(|(v, (min, _))| simplify(&PrimExpr::binary(BinOp::Add, min.clone(), v.clone())))
                .collect()
        } else {
            point.clone()
        };
        let (src_at, dst_at) = if read { (&offset_point, &point) } else { (&point, &offset_point) };
        let unit = |b: &Buffer, at: &[PrimExpr]| BufferRegion {
            buffer: b.clone(),
            region: at.iter().map(|p| Range::new(p.clone(), PrimExpr::int_of(1, p.dtype()))).collect(),
        };
        let copy = Block {
            iter_vars,
            reads: vec![unit(src, src_at)],
            writes: vec![unit(dst, dst_at)],
            ..Block::new(&format!("{}_{scope}", original.name()), dst.store(dst_at.clone(), src.load(src_at.clone())))
        };
        let values: Vec<PrimExpr> = loop_vars
            .iter()
            .zip(&region)
            .map(|(v, (min, _))| {
                if compact {
                    PrimExpr::var(v)
                } else {
                    let min =
                        if min.dtype() == v.dtype() { min.clone() } else { PrimExpr::cast(v.dtype(), min.clone()) };
                    simplify(&PrimExpr::binary(BinOp::Add, min, PrimExpr::var(v)))
                }
            })
            .collect();
        let mut nest = Stmt::block(values, copy);
        for (v, (_, ext)) in loop_vars.iter().zip(&region).rev() {
            nest = Stmt::for_range(v, PrimExpr::int_of(0, v.dtype()), extent_in(ext, v.dtype()), nest);
        }
        // The blocks that access the cache: the block (a write cache), or every reader of the
        // buffer (a read cache); a compacted cache at their indices less the region's minimum.
        let mins: Vec<PrimExpr> = region.iter().map(|(m, _)| m.clone()).collect();
        let offset = compact.then_some(mins.as_slice());
        let mut body = root.body.clone();
        let rewritten: Vec<Stmt> =
            if read { related.clone() } else { std::iter::once(site.realize.clone()).chain(named_consumers).collect() };
        // A pointer into the buffer (`B.data`) cannot follow a compacted cache's offsets.
        if compact && rewritten.iter().any(|r| tree::uses_data(r, &original)) {
            return Err(err(
                p,
                format!(
                    "{0}.data is used directly (an opaque access) where the cache of {0} would be compacted to its region",
                    original.name()
                ),
            ));
        }
        for r in &rewritten {
            body = replace_stmt(&body, r, &cache_accesses_in_block(r, &original, &cache, offset));
        }
        // The copy goes at its place.
        body = Self::insert_at_place(&body, container, pos, &nest, p)?;
        let mut new_scope = root;
        new_scope.alloc_buffers.push(cache.clone());
        new_scope.body = body;
        if nested {
            let realize = tree::with_block(&scope_realize, new_scope);
            self.func.body = replace_stmt(&self.func.body, &scope_realize, &realize);
        } else {
            self.set_root(new_scope);
        }
        let (src, dst) = if read { (original.clone(), cache) } else { (cache, original.clone()) };
        Ok(self.new_block_rv_matching(&format!("{}_{scope}", original.name()), |b| {
            b.reads.iter().any(|r| r.buffer == src) && b.writes.iter().any(|w| w.buffer == dst)
        }))
    }

    /// Split a reduction block into an init block (`NAME_init`, before loop `l`, under copies
    /// of the loops between `l` and the block that its spatial variables use) and an update
    /// block (`NAME_update`, the block without its init); the init block.
    ///
    /// # Errors
    /// A block without init, a loop that is not above the block, a predicated block, or stale
    /// handles.
    pub fn decompose_reduction(&mut self, block: BlockRV, l: LoopRV) -> Result<BlockRV, ScheduleError> {
        const P: &str = "decompose_reduction";
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { values, predicate, block: blk } = site.realize.kind() else {
            unreachable!("a block site")
        };
        let Some(init) = blk.init.clone() else {
            return Err(err(P, format!("block {} has no init: it is not a reduction block", blk.name)));
        };
        // Which handles are of this block, and its place among the blocks of its name.
        let mine: Vec<bool> = (0..self.rvs.len())
            .map(|k| {
                matches!(&self.rvs[k], Rv::Block(n, ..) if *n == blk.name)
                    && self.block_site(BlockRV(k), P).is_ok_and(|s| s.realize.same_node(&site.realize))
            })
            .collect();
        let own_place = tree::find_blocks(&self.func.body, &blk.name)
            .iter()
            .position(|s| s.realize.same_node(&site.realize))
            .unwrap_or(0);
        let (_, loop_stmt) = self.loop_site(l, P)?;
        let lp = ForParts::of(&loop_stmt).ok_or_else(|| err(P, "not a loop"))?;
        let Some(pos) = site.loops.iter().position(|s| ForParts::of(s).is_some_and(|p| p.var.id() == lp.var.id()))
        else {
            return Err(err(P, format!("loop {} is not above block {}", lp.var.name(), blk.name)));
        };
        if tree::stores_at_reduction_index(blk) {
            return Err(err(
                P,
                format!("block {} stores at an index of a reduction variable: it is not a reduction block", blk.name),
            ));
        }
        // Every loop a reduction variable is bound to must lie at or below `l` (an init above one
        // of them would reset the sum at each of its iterations).
        let reduction_loop_above = site.loops[..pos].iter().filter_map(ForParts::of).any(|p| {
            blk.iter_vars.iter().zip(values).any(|(iv, v)| iv.iter_type != IterType::DataPar && uses_var(v, p.var.id()))
        });
        if reduction_loop_above {
            return Err(err(
                P,
                format!(
                    "decompose_reduction expect the loop {} to be higher than all the loops related to reduce block var of block {}",
                    lp.var.name(),
                    blk.name
                ),
            ));
        }
        // Loops from `l` down that spatial bindings use get an `_init` copy.
        let spatial: Vec<(usize, &IterVar)> =
            blk.iter_vars.iter().enumerate().filter(|(_, iv)| iv.iter_type == IterType::DataPar).collect();
        let mut copies: Vec<ForParts> = Vec::new();
        let mut map: HashMap<u64, PrimExpr> = HashMap::default();
        for s in &site.loops[pos..] {
            let p = ForParts::of(s).ok_or_else(|| err(P, "not a loop"))?;
            // (A loop that reduction bindings use too is copied: a fused loop's `f // 32`.)
            let used = spatial.iter().any(|(k, _)| uses_var(&values[*k], p.var.id()));
            if used {
                let v = Var::at(&format!("{}_init", p.var.name()), p.var.ty().clone(), p.var.span());
                map.insert(p.var.id(), PrimExpr::var(&v));
                copies.push(ForParts { var: v, ..p });
            }
        }
        // The init block: fresh spatial variables, bindings over the copies.
        let mut iv_map: HashMap<u64, PrimExpr> = HashMap::default();
        let mut init_ivs = Vec::new();
        let mut init_values = Vec::new();
        for (k, iv) in &spatial {
            let v = Var::at(iv.var.name(), iv.var.ty().clone(), iv.var.span());
            iv_map.insert(iv.var.id(), PrimExpr::var(&v));
            init_ivs.push(IterVar { var: v, ..(*iv).clone() });
            init_values.push(simplify(&Substitute { map: &map }.expr(&values[*k])));
        }
        let init_body = Substitute { map: &iv_map }.stmt(&init);
        let init_writes: Vec<BufferRegion> = blk.writes.iter().map(|r| substitute_region(r, &iv_map)).collect();
        let init_name = format!("{}_init", blk.name);
        // TVM's init block carries the block's annotations (MetaSchedule's tiling structure).
        let init_block = Block {
            iter_vars: init_ivs,
            reads: Vec::new(),
            writes: init_writes,
            annotations: blk.annotations.clone(),
            ..Block::new(&init_name, init_body)
        };
        // The init keeps the predicate's conditions on the loops it copies (and on loops above
        // `l`), over the copies, as TVM keeps a block's general spatial predicates.
        let dropped: Vec<u64> = site.loops[pos..]
            .iter()
            .filter_map(ForParts::of)
            .map(|p| p.var.id())
            .filter(|id| !map.contains_key(id))
            .collect();
        let init_predicate = crate::tir::visit::conjuncts(predicate)
            .into_iter()
            .filter(|c| c.as_int() != Some(1) && !dropped.iter().any(|&id| uses_var(c, id)))
            .map(|c| Substitute { map: &map }.expr(&c))
            .reduce(PrimExpr::and)
            .unwrap_or_else(|| PrimExpr::bool(true));
        let mut init_nest = Stmt::at(
            StmtKind::BlockRealize { values: init_values, predicate: init_predicate, block: Box::new(init_block) },
            site.realize.span(),
        );
        for mut c in copies.into_iter().rev() {
            // TVM 0.27 copies each loop whole, its annotations too.
            c.body = init_nest;
            init_nest = c.build();
        }
        // The update block: no init; it reads what it writes.
        let update_name = format!("{}_update", blk.name);
        let mut reads = blk.writes.clone();
        reads.extend(blk.reads.iter().filter(|r| !blk.writes.iter().any(|w| same_region(w, r))).cloned());
        let update = Block { name: update_name.clone(), init: None, reads, ..(**blk).clone() };
        let update_realize = Stmt::at(
            StmtKind::BlockRealize { values: values.clone(), predicate: predicate.clone(), block: Box::new(update) },
            site.realize.span(),
        );
        let body = replace_stmt(&self.func.body, &site.realize, &update_realize);
        // The init nest goes right before loop `l`.
        let (_, new_loop) = tree::find_loop(&body, lp.var.id()).ok_or_else(|| err(P, "loop not found"))?;
        let pair = Stmt::seq(vec![init_nest, new_loop.clone()]);
        self.func.body = insert_before(&body, &new_loop, pair);
        // The handles of this block follow it to its new name; handles of other blocks of the
        // old name (a second rfactor's `matmul_rf`) stay, their places among those shifted.
        let old = blk.name.clone();
        for (k, mine) in mine.into_iter().enumerate() {
            let Some(Rv::Block(n, place, _)) = self.rvs.get_mut(k) else { continue };
            if *n != old {
                continue;
            }
            if mine {
                *n = update_name.clone();
                *place = None;
            } else if let Some(j) = place {
                *j -= usize::from(*j > own_place);
            }
        }
        let out = self.new_block_rv(&init_name);
        self.trace.push(Instruction::DecomposeReduction { block, l, out });
        Ok(out)
    }

    /// Where a cache stage of `original` goes, as TVM's `CacheLocDetector` puts it, for the
    /// block at `site`: a read cache (`write_region` `None`) after the buffer's writer and
    /// before the first statement holding one of its readers (the named `consumers`, or all);
    /// a write cache (the block's `write_region`) before the first statement holding a reader
    /// other than the named `consumers`. In the block's scope: the root block, or the block
    /// holding it (`nested`).
    pub(super) fn cache_place(
        &self,
        site: &tree::BlockSite,
        original: &Buffer,
        write_region: Option<&BufferRegion>,
        consumers: &[String],
        p: &'static str,
    ) -> Result<CachePlace, ScheduleError> {
        let read = write_region.is_none();
        if !matches!(self.func.body.kind(), StmtKind::BlockRealize { .. }) {
            return Err(err(p, "the function has no root block (not in block form)"));
        }
        // The block's scope: the root block or a block holding it.
        let scope = tree::scope_of(&self.func.body, &site.realize)
            .ok_or_else(|| err(p, "the block is not inside a scope block"))?;
        let StmtKind::BlockRealize { block: root, .. } = scope.kind() else { unreachable!("a scope is a block") };
        let nested = !scope.same_node(&self.func.body);
        let blocks = tree::outer_blocks(&root.body);
        let all_readers: Vec<&(Vec<Stmt>, Stmt, Block)> = blocks
            .iter()
            .filter(|(_, _, b)| {
                b.reads.iter().any(|r| &r.buffer == original) && !b.writes.iter().any(|w| &w.buffer == original)
            })
            .collect();
        if let Some(c) = consumers.iter().find(|c| !all_readers.iter().any(|(_, _, b)| &b.name == *c)) {
            return Err(err(p, format!("consumer block {c} does not read {}", original.name())));
        }
        // A read cache serves its consumers (every reader if none are named); a write cache's
        // named consumers read the cache, and its copy back goes before the other readers that
        // follow the block (TVM's read-after-write dependents; a reader before it reads the
        // buffer's old value).
        let after_block = |r: &Stmt| {
            let at = |x: &Stmt| blocks.iter().position(|(_, s, _)| s.same_node(x));
            matches!((at(r), at(&site.realize)), (Some(i), Some(w)) if i > w)
        };
        let readers: Vec<&(Vec<Stmt>, Stmt, Block)> = all_readers
            .iter()
            .filter(|(_, r, b)| match read {
                true => consumers.is_empty() || consumers.contains(&b.name),
                false => !consumers.contains(&b.name) && after_block(r),
            })
            .copied()
            .collect();
        let writers: Vec<&(Vec<Stmt>, Stmt, Block)> =
            blocks.iter().filter(|(_, _, b)| b.writes.iter().any(|w| &w.buffer == original)).collect();
        // The block whose region the copy covers, and where the copy goes.
        let (anchor, anchor_region): (tree::BlockSite, Option<BufferRegion>) = match write_region {
            None => match writers.as_slice() {
                [] => (tree::BlockSite { loops: Vec::new(), realize: site.realize.clone() }, None),
                [(loops, r, b)] => (
                    tree::BlockSite { loops: loops.clone(), realize: r.clone() },
                    b.writes.iter().find(|w| &w.buffer == original).cloned(),
                ),
                several => {
                    return Err(err(
                        p,
                        format!(
                            "The buffer {} is expected to be written by single block, but got {} blocks who write it.",
                            original.name(),
                            several.len()
                        ),
                    ));
                }
            },
            Some(w) => (tree::BlockSite { loops: site.loops.clone(), realize: site.realize.clone() }, Some(w.clone())),
        };
        let related: Vec<Stmt> = readers.iter().map(|(_, r, _)| r.clone()).collect();
        let (container, pos) = match anchor_region {
            // An input: first in the root block.
            None => (None, 0),
            Some(_) if related.is_empty() => (None, tree::top_list(&root.body).len()),
            Some(_) => match cache_location(&root.body, &anchor.realize, &related) {
                Some(place) => place,
                // The readers come before the writer (a parameter read, then written back):
                // TVM's detector finds no place and the copy goes first, as for an input.
                None if read => (None, 0),
                None => {
                    return Err(err(
                        p,
                        format!("no place follows the writer of {} and precedes its readers", original.name()),
                    ));
                }
            },
        };
        let named_consumers =
            all_readers.iter().filter(|(_, _, b)| consumers.contains(&b.name)).map(|(_, r, _)| r.clone()).collect();
        Ok(CachePlace {
            root: (**root).clone(),
            scope: scope.clone(),
            nested,
            anchor,
            anchor_region,
            container,
            pos,
            related,
            named_consumers,
        })
    }

    /// Insert `nest` at a cache stage's place in `body` (the root block's body).
    pub(super) fn insert_at_place(
        body: &Stmt,
        container: Option<u64>,
        pos: usize,
        nest: &Stmt,
        p: &'static str,
    ) -> Result<Stmt, ScheduleError> {
        let insert = |items: &Stmt| -> Stmt {
            let mut v = match items.kind() {
                StmtKind::Seq(v) => v.clone(),
                _ => vec![items.clone()],
            };
            v.insert(pos.min(v.len()), nest.clone());
            Stmt::seq(v)
        };
        Ok(match container {
            // First of all: before the top-level allocations, as TVM 0.27 keeps them statements
            // of the list (where the copy uses none of them).
            None if pos == 0
                && matches!(body.kind(), StmtKind::Allocate { .. } | StmtKind::DeclBuffer { .. })
                && !tree::uses_top_allocations(body, nest) =>
            {
                Stmt::seq(vec![nest.clone(), body.clone()])
            }
            // The block's own list, under its top-level allocations.
            None => {
                let mut v = tree::top_list(body);
                v.insert(pos.min(v.len()), nest.clone());
                tree::with_top_list(body, v)
            }
            Some(id) => {
                let (_, l) = tree::find_loop(body, id).ok_or_else(|| err(p, "the cache's loop is gone"))?;
                let mut f = ForParts::of(&l).ok_or_else(|| err(p, "not a loop"))?;
                f.body = insert(&f.body);
                tree::replace_loops(body, [(id, f.build())].into_iter().collect())
            }
        })
    }

    /// The block `realize` is directly in (its scope: the root or another block), that block's
    /// statement list and the place of the statement holding `realize` in it.
    pub(super) fn scope_child_of(
        &self,
        realize: &Stmt,
        primitive: &'static str,
    ) -> Result<(Stmt, Block, Vec<Stmt>, usize), ScheduleError> {
        let scope = tree::scope_of(&self.func.body, realize)
            .ok_or_else(|| err(primitive, "the block is not inside a block (not in block form)"))?;
        let StmtKind::BlockRealize { block, .. } = scope.kind() else {
            return Err(err(primitive, "the block's scope is not a block"));
        };
        let children = tree::top_list(&block.body);
        let at = children
            .iter()
            .position(|c| tree::contains(c, realize))
            .ok_or_else(|| err(primitive, "the block is not in its scope block's statements"))?;
        Ok((scope.clone(), (**block).clone(), children, at))
    }

    /// The function with the scope block realized at `scope` replaced by `block`.
    pub(super) fn set_scope_block(&mut self, scope: &Stmt, block: Block) {
        let new = tree::with_block(scope, block);
        self.func.body =
            if scope.same_node(&self.func.body) { new } else { replace_stmt(&self.func.body, scope, &new) };
    }

    pub(super) fn set_root(&mut self, root: Block) {
        let StmtKind::BlockRealize { values, predicate, .. } = self.func.body.kind() else { return };
        self.func.body = Stmt::at(
            StmtKind::BlockRealize { values: values.clone(), predicate: predicate.clone(), block: Box::new(root) },
            self.func.body.span(),
        );
    }
}

/// Where a cache stage goes ([`Schedule::cache_place`]).
pub(super) struct CachePlace {
    /// The scope block the stage goes in (the root block, or one holding the block).
    pub root: Block,
    /// The scope block's realize.
    pub scope: Stmt,
    /// Whether the scope is not the root block (TVM then compacts the cache to the region).
    pub nested: bool,
    /// The block whose region the copy covers (the writer of a read cache's buffer).
    pub anchor: tree::BlockSite,
    /// That block's region of the buffer (`None`: an input, covered whole).
    pub anchor_region: Option<BufferRegion>,
    /// The loop whose body holds the copy (`None`: the root block's body), and the position.
    pub container: Option<u64>,
    pub pos: usize,
    /// The readers the place precedes.
    pub related: Vec<Stmt>,
    /// The realizes of the named consumers.
    pub named_consumers: Vec<Stmt>,
}

/// The predicate under which the blocks nested in `body` that read (`read`) or write `buffer`
/// access it: their predicates, or-ed (each a way in, so the region covers their union), as
/// TVM's `CollectNestedBlockPredicates`; `None` when none is found or one is always true.
fn nested_predicate(body: &Stmt, buffer: &Buffer, read: bool) -> Option<PrimExpr> {
    let mut found: Option<Option<PrimExpr>> = None;
    crate::tir::visit::walk_stmts(body, &mut |x| {
        if let StmtKind::BlockRealize { predicate, block, .. } = x.kind() {
            let regions = if read { &block.reads } else { &block.writes };
            if regions.iter().any(|r| r.buffer == *buffer) {
                let p = (predicate.as_int() != Some(1)).then(|| predicate.clone());
                found = Some(match found.take() {
                    None => p,
                    Some(Some(a)) => p.map(|b| PrimExpr::or(a, b)),
                    Some(None) => None,
                });
            }
        }
    });
    found.flatten()
}

/// `region` (a block's region `r` relaxed below a place under `outer` loops) clipped where its
/// start moves with those loops and the block's predicate bounds its index (`1 <= hh_0 * 8 +
/// ax0 < 225` of a 10-row halo at `hh_0 * 8 - 1`): the start is `T.max(start, lo)` and the
/// extent shrinks at either end, written as TVM's simplifier writes it. Dimensions the
/// predicate does not bound, or whose start stays inside the bounds, are as they were.
fn clip_to_predicate(
    region: Vec<(PrimExpr, PrimExpr)>,
    r: &BufferRegion,
    blk: &Block,
    values: &[PrimExpr],
    predicate: &PrimExpr,
    outer: &[ForParts],
) -> Vec<(PrimExpr, PrimExpr)> {
    use crate::tir::arith::range_of;
    if predicate.as_int() == Some(1) || region.len() != r.region.len() {
        return region;
    }
    let bind: HashMap<u64, PrimExpr> =
        blk.iter_vars.iter().zip(values).map(|(iv, v)| (iv.var.id(), v.clone())).collect();
    let ranges: HashMap<u64, (i128, i128)> = outer
        .iter()
        .filter_map(|l| {
            let (min, ext) = (l.min.as_int()?, l.extent.as_int()?);
            Some((l.var.id(), (i128::from(min), i128::from(min) + i128::from(ext) - 1)))
        })
        .collect();
    let range = |e: &PrimExpr| range_of(e, &|v: &Var| ranges.get(&v.id()).copied());
    // `lo <= E` and `E < hi` of the predicate, over the loops (exclusive `hi`; in `i128`, so
    // that no constant a kernel writes overflows).
    let mut limits: Vec<(PrimExpr, Option<i128>, Option<i128>)> = Vec::new();
    for c in crate::tir::visit::conjuncts(predicate) {
        let ExprKind::Cmp(op, a, b) = c.kind() else { continue };
        let (ka, kb) = (a.as_int().map(i128::from), b.as_int().map(i128::from));
        match (op, ka, kb) {
            (CmpOp::Le, Some(k), None) => limits.push((b.clone(), Some(k), None)),
            (CmpOp::Lt, Some(k), None) => limits.push((b.clone(), Some(k + 1), None)),
            (CmpOp::Ge, None, Some(k)) => limits.push((a.clone(), Some(k), None)),
            (CmpOp::Gt, None, Some(k)) => limits.push((a.clone(), Some(k + 1), None)),
            (CmpOp::Lt, None, Some(k)) => limits.push((a.clone(), None, Some(k))),
            (CmpOp::Le, None, Some(k)) => limits.push((a.clone(), None, Some(k + 1))),
            (CmpOp::Gt, Some(k), None) => limits.push((b.clone(), None, Some(k))),
            (CmpOp::Ge, Some(k), None) => limits.push((b.clone(), None, Some(k + 1))),
            _ => {}
        }
    }
    if limits.is_empty() {
        return region;
    }
    region
        .into_iter()
        .zip(&r.region)
        .map(|((min, ext), access)| clip_dimension(&min, &ext, access, &bind, &limits, &range).unwrap_or((min, ext)))
        .collect()
}

/// One dimension of [`clip_to_predicate`]: `None` where it stays as it is (or a constant the
/// clip would write does not fit the extent's type).
fn clip_dimension(
    min: &PrimExpr,
    ext: &PrimExpr,
    access: &Range,
    bind: &HashMap<u64, PrimExpr>,
    limits: &[(PrimExpr, Option<i128>, Option<i128>)],
    range: &dyn Fn(&PrimExpr) -> Option<(i128, i128)>,
) -> Option<(PrimExpr, PrimExpr)> {
    let (Some(e), None, Some(1)) = (ext.as_int().map(i128::from), min.as_int(), access.extent.as_int()) else {
        return None;
    };
    let index = Substitute { map: bind }.expr(&access.min);
    // The index's bounds: the tightest the predicate gives, at a constant distance.
    let (mut lo, mut hi) = (None::<i128>, None::<i128>);
    for (bounded, l, h) in limits {
        let Some(d) = crate::tir::arith::subtract(&index, bounded).as_int().map(i128::from) else { continue };
        if let Some(l) = l {
            lo = Some(lo.map_or(l + d, |x| x.max(l + d)));
        }
        if let Some(h) = h {
            hi = Some(hi.map_or(h + d, |x| x.min(h + d)));
        }
    }
    // The start: `x + c` of a moving `x`.
    let (x, c) = match min.kind() {
        ExprKind::Binary(BinOp::Add, x, k) if k.as_int().is_some() => (x.clone(), i128::from(k.as_int()?)),
        ExprKind::Binary(BinOp::Sub, x, k) if k.as_int().is_some() => (x.clone(), -i128::from(k.as_int()?)),
        _ => (min.clone(), 0),
    };
    let (xlo, xhi) = range(&x)?;
    let clips_low = lo.filter(|&l| xlo + c < l);
    let clips_high = hi.filter(|&h| xhi + c + e > h);
    let dt = ext.dtype();
    // A constant in `t`, where it fits.
    let int_in = |v: i128, t: DataType| {
        let w = i64::try_from(v).ok().filter(|&w| crate::tir::arith::wrap_int(v, t) == w)?;
        Some(PrimExpr::int_of(w, t))
    };
    let int = |v: i128| int_in(v, dt);
    // `min(x + c + e, hi) - max(x + c, lo)`, as TVM writes it: `(hi - c) - max(x, hi - c - e)
    // - max((lo - c) - x, 0)` (each part only where it clips).
    let high_part = match clips_high {
        Some(h) => Some((PrimExpr::max(x.clone(), int(h - c - e)?), int(h - c)?)),
        None => None,
    };
    let low_part = match clips_low {
        Some(l) => Some(PrimExpr::max(PrimExpr::binary(BinOp::Sub, int(l - c)?, x.clone()), int(0)?)),
        None => None,
    };
    let extent = match (high_part, low_part) {
        (None, None) => return None,
        (Some((hp, top)), None) => PrimExpr::binary(BinOp::Sub, top, hp),
        (None, Some(lp)) => PrimExpr::binary(BinOp::Sub, int(e)?, lp),
        (Some((hp, top)), Some(lp)) => PrimExpr::binary(BinOp::Sub, PrimExpr::binary(BinOp::Sub, top, hp), lp),
    };
    let start = match clips_low {
        Some(l) => PrimExpr::max(min.clone(), int_in(l, min.dtype())?),
        None => min.clone(),
    };
    Some((start, extent))
}

/// The inclusive bounds a predicate puts on variables: conjuncts comparing a variable with a
/// constant (`v < 10`, `3 <= v`); a disjunction bounds a variable as far as each side does.
fn predicate_bounds(pred: &PrimExpr) -> HashMap<u64, (i64, i64)> {
    // Deep `and`/`or` chains (built through the Rust API) grow the stack on demand.
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || predicate_bounds_at(pred))
}

fn predicate_bounds_at(pred: &PrimExpr) -> HashMap<u64, (i64, i64)> {
    let mut out: HashMap<u64, (i64, i64)> = HashMap::default();
    match pred.kind() {
        ExprKind::And(a, b) => {
            out = predicate_bounds(a);
            for (v, (lo, hi)) in predicate_bounds(b) {
                let e = out.entry(v).or_insert((i64::MIN, i64::MAX));
                *e = (e.0.max(lo), e.1.min(hi));
            }
        }
        ExprKind::Or(a, b) => {
            let (x, y) = (predicate_bounds(a), predicate_bounds(b));
            for (v, (lo, hi)) in x {
                if let Some(&(lo2, hi2)) = y.get(&v) {
                    out.insert(v, (lo.min(lo2), hi.max(hi2)));
                }
            }
        }
        ExprKind::Cmp(op, a, b) => {
            let (var, c, op) = match (a.as_var(), b.as_int(), b.as_var(), a.as_int()) {
                (Some(v), Some(c), _, _) => (v, c, *op),
                (_, _, Some(v), Some(c)) => (
                    v,
                    c,
                    match op {
                        CmpOp::Lt => CmpOp::Gt,
                        CmpOp::Le => CmpOp::Ge,
                        CmpOp::Gt => CmpOp::Lt,
                        CmpOp::Ge => CmpOp::Le,
                        o => *o,
                    },
                ),
                _ => return out,
            };
            let bound = match op {
                CmpOp::Lt => c.checked_sub(1).map(|h| (i64::MIN, h)),
                CmpOp::Le => Some((i64::MIN, c)),
                CmpOp::Gt => c.checked_add(1).map(|l| (l, i64::MAX)),
                CmpOp::Ge => Some((c, i64::MAX)),
                CmpOp::Eq => Some((c, c)),
                CmpOp::Ne => None,
            };
            if let Some(b) = bound {
                out.insert(var.id(), b);
            }
        }
        _ => {}
    }
    out
}

/// The box a block's region covers as `loops` run (the `outer` loops stay symbolic, except
/// that one of extent 1 is its minimum, as TVM's analyzer knows): per dimension, a minimum
/// expression and a constant extent. Under `pred` (over the block's variables and the loops),
/// a loop runs only where the predicate's bounds on it allow.
pub(super) fn symbolic_region(
    site: &tree::BlockSite,
    region: &BufferRegion,
    loops: &[Stmt],
    outer: &[ForParts],
    pred: Option<&PrimExpr>,
) -> Option<Vec<(PrimExpr, i64)>> {
    symbolic_box(site, region, loops, outer, pred)?.into_iter().map(|(min, ext)| Some((min, ext.as_int()?))).collect()
}

/// [`symbolic_region`] where extents may be symbolic too: a dimension that is not a box of
/// constant size is relaxed over loops of symbolic extent (`j < m` gives `[0, m)`), as TVM's
/// interval analysis relaxes it, when its index is linear in them.
pub(super) fn symbolic_box(
    site: &tree::BlockSite,
    region: &BufferRegion,
    loops: &[Stmt],
    outer: &[ForParts],
    pred: Option<&PrimExpr>,
) -> Option<Vec<(PrimExpr, PrimExpr)>> {
    let StmtKind::BlockRealize { values, block, .. } = site.realize.kind() else { return None };
    let bind: HashMap<u64, PrimExpr> =
        block.iter_vars.iter().zip(values).map(|(iv, v)| (iv.var.id(), v.clone())).collect();
    let bounds = pred.map(|p| predicate_bounds(&Substitute { map: &bind }.expr(p))).unwrap_or_default();
    let relaxed: Vec<ForParts> = loops
        .iter()
        .filter_map(ForParts::of)
        .map(|mut p| {
            if let (Some(&(lo, hi)), Some(min), Some(n)) = (bounds.get(&p.var.id()), p.min.as_int(), p.extent.as_int())
            {
                let (start, last) = (min.max(lo), min.saturating_add(n - 1).min(hi));
                if start <= last {
                    p.min = PrimExpr::int_of(start, p.min.dtype());
                    p.extent = PrimExpr::int_of(last - start + 1, p.extent.dtype());
                }
            }
            p
        })
        .collect();
    let unit: HashMap<u64, PrimExpr> =
        outer.iter().filter(|p| p.extent.as_int() == Some(1)).map(|p| (p.var.id(), p.min.clone())).collect();
    // Relaxed loops of one iteration are their value too, where nothing else bounds an index
    // (`(f_0 + f_1) // 3` of a unit `f_1` is a point).
    let relaxed_unit: HashMap<u64, PrimExpr> =
        relaxed.iter().filter(|p| p.extent.as_int() == Some(1)).map(|p| (p.var.id(), p.min.clone())).collect();
    // Bounds the predicate puts on sums of loops (`x_0 * 4 + x_1 < 20`, a split's guard): a
    // point access at that sum plus a constant stays within them, as TVM's relaxation under
    // the predicate finds.
    let conjuncts: Vec<PrimExpr> =
        pred.map(|p| crate::tir::visit::conjuncts(&Substitute { map: &bind }.expr(p))).unwrap_or_default();
    let sum_bounds: Vec<(PrimExpr, i64, i64)> = conjuncts
        .iter()
        .filter_map(|c| match c.kind() {
            ExprKind::Cmp(CmpOp::Lt, a, b) if a.as_var().is_none() => Some((a.clone(), i64::MIN, b.as_int()? - 1)),
            ExprKind::Cmp(CmpOp::Le, a, b) if a.as_var().is_none() => Some((a.clone(), i64::MIN, b.as_int()?)),
            ExprKind::Cmp(CmpOp::Le, a, b) if b.as_var().is_none() => Some((b.clone(), a.as_int()?, i64::MAX)),
            _ => None,
        })
        .collect();
    // `sum < bound` with a symbolic bound (a split of a symbolic loop: `i_0 * ((n + 15) //
    // 16) + i_1 < n`): a point access at that sum of non-negative terms is within `[0, bound)`.
    let bounded_by_predicate = |e: &PrimExpr, ext: &PrimExpr| -> Option<(PrimExpr, PrimExpr)> {
        if ext.as_int() != Some(1) || !non_negative_sum(e, &relaxed) {
            return None;
        }
        conjuncts.iter().find_map(|c| match c.kind() {
            ExprKind::Cmp(CmpOp::Lt, a, b) if b.as_int().is_none() && crate::tir::arith::prove_equal(a, e) => {
                Some((PrimExpr::int_of(0, e.dtype()), b.clone()))
            }
            _ => None,
        })
    };
    let clip_by_sums = |e: &PrimExpr, min: PrimExpr, ext: i64| -> (PrimExpr, i64) {
        let Some(lo) = min.as_int() else { return (min, ext) };
        let (mut lo2, mut hi2) = (lo, lo.saturating_add(ext - 1));
        for (side, l, h) in &sum_bounds {
            let diff = PrimExpr::binary(BinOp::Sub, e.clone(), side.clone());
            let Some(c) = crate::tir::arith::linear(&diff).as_const() else { continue };
            let Ok(c) = i64::try_from(c) else { continue };
            lo2 = lo2.max(l.saturating_add(c));
            hi2 = hi2.min(h.saturating_add(c));
        }
        match hi2.checked_sub(lo2).and_then(|d| d.checked_add(1)).filter(|&n| n >= 1) {
            Some(n) => (PrimExpr::int_of(lo2, min.dtype()), n),
            None => (min, ext),
        }
    };
    let bound = |e: PrimExpr, ext_e: PrimExpr| -> Option<(PrimExpr, PrimExpr)> {
        let Some(ext_r) = ext_e.as_int() else { return relax_symbolic(&e, &ext_e, &relaxed) };
        let relax = |e: &PrimExpr, extent: i64| -> Option<(PrimExpr, i64)> {
            let mut lo = HashMap::default();
            let mut extent = extent;
            for p in &relaxed {
                let c = coefficient(e, p.var.id())?;
                let (min, n) = (p.min.as_int()?, p.extent.as_int().filter(|&n| n >= 1)?);
                let last = min.checked_add(n - 1)?;
                lo.insert(p.var.id(), PrimExpr::int_of(if c >= 0 { min } else { last }, p.var.dtype()));
                extent = extent.checked_add(c.checked_abs()?.checked_mul(n - 1)?)?;
            }
            Some((simplify(&Substitute { map: &lo }.expr(e)), extent))
        };
        // Else the same once what the loops' ranges decide is folded (`c_o // 16` is 0 for
        // `c_o < 16`); else `x // c` of a point access (`B[cc // 16]`): the quotients of the
        // relaxed range, when they are a box of constant size at every outer iteration.
        let ranges = |v: &Var| {
            relaxed.iter().chain(outer).find(|p| p.var == *v).and_then(|p| {
                let (min, n) = (p.min.as_int()?, p.extent.as_int().filter(|&n| n >= 1)?);
                Some((i128::from(min), i128::from(min) + i128::from(n) - 1))
            })
        };
        relax(&e, ext_r)
            .or_else(|| relax(&crate::tir::arith::simplify_in(&e, &ranges), ext_r))
            .or_else(|| {
                let ExprKind::Binary(BinOp::FloorDiv, inner, c) = e.kind() else { return None };
                if ext_r != 1 {
                    return None;
                }
                let (lo, ext) = relax(inner, 1)?;
                let c = c.as_int().filter(|&c| c > 0)?;
                quotient_box(&lo, ext, c, outer).or_else(|| Some((digits(&lo, ext, c)?.0, 1)))
            })
            .or_else(|| {
                // `x % c` of a point access: every remainder where the relaxed range of `x`
                // spans `c` values (a fused loop's `f % 128`), else the remainders of a
                // constant range that does not wrap.
                let ExprKind::Binary(BinOp::FloorMod, inner, c) = e.kind() else { return None };
                let c = c.as_int().filter(|&c| c > 0)?;
                if ext_r != 1 {
                    return None;
                }
                let (lo, ext) = relax(inner, 1)?;
                let dt = lo.dtype();
                if ext >= c {
                    return Some((PrimExpr::int_of(0, dt), c));
                }
                if lo.as_int().is_none() {
                    return Some((digits(&lo, ext, c)?.1, ext));
                }
                let lo = lo.as_int()?;
                let (first, last) = (lo.rem_euclid(c), lo.checked_add(ext - 1)?.rem_euclid(c));
                (first <= last).then(|| (PrimExpr::int_of(first, dt), last - first + 1))
            })
            .or_else(|| {
                // Else, where every variable is a relaxed loop of constant range, the
                // interval TVM's `EvalSet` gives (a thread-bound fused loop's
                // `f // 2 * 2 + i_3`: `[0, 127]`).
                let relaxed_range = |v: &Var| {
                    relaxed.iter().find(|p| p.var == *v).and_then(|p| {
                        let (min, n) = (p.min.as_int()?, p.extent.as_int().filter(|&n| n >= 1)?);
                        Some((i128::from(min), i128::from(min) + i128::from(n) - 1))
                    })
                };
                // (Every variable: `range_of` bounds `f % 2` of an outer `f` too, which
                // stays symbolic in TVM's region.)
                let mut all_relaxed = true;
                crate::tir::visit::walk_expr(&e, &mut |x| {
                    all_relaxed &= x.as_var().is_none_or(|v| relaxed_range(v).is_some());
                });
                if !all_relaxed {
                    return None;
                }
                let (lo, hi) = crate::tir::arith::range_of(&e, &relaxed_range)?;
                // Only where the index takes every value of the interval: a box that
                // held more would copy back, or compute, elements the block never touches.
                if !takes_every_value(&e, &relaxed_range, (lo, hi)) {
                    return None;
                }
                let ext = i64::try_from(hi - lo).ok()?.checked_add(ext_r)?;
                Some((PrimExpr::int_of(i64::try_from(lo).ok()?, e.dtype()), ext))
            })
            .map(|(min, ext)| {
                let (min, ext) = if ext_r == 1 { clip_by_sums(&e, min, ext) } else { (min, ext) };
                let dt = min.dtype();
                (min, PrimExpr::int_of(ext, dt))
            })
            .or_else(|| relax_symbolic(&e, &ext_e, &relaxed))
            .or_else(|| symbolic_digit(&e, &ext_e, &relaxed))
            .or_else(|| bounded_by_predicate(&e, &ext_e))
            .or_else(|| symbolic_fused(&e, &ext_e, &relaxed))
    };
    region
        .region
        .iter()
        .map(|r| {
            let e = Substitute { map: &unit }.expr(&Substitute { map: &bind }.expr(&r.min));
            let ext_e = Substitute { map: &unit }.expr(&Substitute { map: &bind }.expr(&r.extent));
            bound(e.clone(), ext_e.clone()).or_else(|| {
                let points = |x: &PrimExpr| simplify(&Substitute { map: &relaxed_unit }.expr(x));
                if relaxed_unit.is_empty() { None } else { bound(points(&e), points(&ext_e)) }
            })
        })
        .collect()
}
/// Whether the integer expression `e` takes every value of `[lo, hi]` as its variables run
/// over their ranges (`range` gives each; at most 65,536 points are tried, else `false`).
fn takes_every_value(e: &PrimExpr, range: &dyn Fn(&Var) -> Option<(i128, i128)>, (lo, hi): (i128, i128)) -> bool {
    const LIMIT: i128 = 1 << 16;
    let mut vars: Vec<Var> = Vec::new();
    crate::tir::visit::walk_expr(e, &mut |x| {
        if let Some(v) = x.as_var()
            && !vars.contains(v)
        {
            vars.push(v.clone());
        }
    });
    let Some(ranges) = vars.iter().map(range).collect::<Option<Vec<_>>>() else { return false };
    let points = ranges.iter().try_fold(1i128, |n, (a, b)| n.checked_mul(b - a + 1).filter(|&n| n <= LIMIT));
    if points.is_none() || hi - lo + 1 > LIMIT || hi < lo {
        return false;
    }
    fn eval(e: &PrimExpr, vars: &[Var], at: &[i128]) -> Option<i128> {
        use crate::tir::arith::{floor_div, floor_mod};
        Some(match e.kind() {
            ExprKind::IntImm(c) => i128::from(*c),
            ExprKind::Var(v) => at[vars.iter().position(|x| x == v)?],
            ExprKind::Cast(x) if x.dtype().is_int() => eval(x, vars, at)?,
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (eval(a, vars, at)?, eval(b, vars, at)?);
                match op {
                    BinOp::Add => a + b,
                    BinOp::Sub => a - b,
                    BinOp::Mul => a.checked_mul(b)?,
                    BinOp::FloorDiv if b != 0 => floor_div(a, b),
                    BinOp::FloorMod if b != 0 => floor_mod(a, b),
                    BinOp::Min => a.min(b),
                    BinOp::Max => a.max(b),
                    _ => return None,
                }
            }
            _ => return None,
        })
    }
    let mut seen = vec![false; usize::try_from(hi - lo + 1).unwrap_or(0)];
    let mut at: Vec<i128> = ranges.iter().map(|r| r.0).collect();
    loop {
        let Some(x) = eval(e, &vars, &at) else { return false };
        if let Some(slot) = usize::try_from(x - lo).ok().and_then(|k| seen.get_mut(k)) {
            *slot = true;
        }
        // The next point, odometer order.
        let mut k = 0;
        while k < at.len() {
            if at[k] < ranges[k].1 {
                at[k] += 1;
                break;
            }
            at[k] = ranges[k].0;
            k += 1;
        }
        if k == at.len() {
            return seen.iter().all(|&s| s);
        }
    }
}

/// Whether `e` is a sum of terms `v`, `v * k` or `k * v`, each `v` a loop of `loops` starting
/// at 0 or above and each `k` a non-negative constant or a split factor of a symbolic extent
/// (`(n + 15) // 16`, not negative where the extent is not): then `e >= 0`.
fn non_negative_sum(e: &PrimExpr, loops: &[ForParts]) -> bool {
    let is_loop = |x: &PrimExpr| {
        x.as_var().is_some_and(|v| loops.iter().any(|p| p.var == *v && p.min.as_int().is_some_and(|m| m >= 0)))
    };
    let factor = |k: &PrimExpr| {
        if let Some(c) = k.as_int() {
            return c >= 0;
        }
        let ExprKind::Binary(BinOp::FloorDiv, x, c) = k.kind() else { return false };
        let positive = |e: &PrimExpr| e.as_int().is_some_and(|k| k > 0);
        positive(c)
            && match x.kind() {
                ExprKind::Var(_) => true,
                ExprKind::Binary(BinOp::Add, v, k) => v.as_var().is_some() && positive(k),
                _ => false,
            }
    };
    let mut terms = vec![e];
    while let Some(t) = terms.pop() {
        match t.kind() {
            ExprKind::Binary(BinOp::Add, a, b) => terms.extend([a, b]),
            ExprKind::Binary(BinOp::Mul, a, b) if (is_loop(a) && factor(b)) || (factor(a) && is_loop(b)) => {}
            _ if is_loop(t) => {}
            _ => return false,
        }
    }
    true
}

/// A point access `x % d` or `x // d` with a symbolic `d`, `x` relaxed over `loops`: every
/// remainder (`[0, d)`), and the quotients of `x` over `[0, d * k)` (`[0, k)`: a fused loop's
/// `f // m` over `f < n * m`), as TVM relaxes a fuse of symbolic loops.
fn symbolic_digit(e: &PrimExpr, extent: &PrimExpr, loops: &[ForParts]) -> Option<(PrimExpr, PrimExpr)> {
    if extent.as_int() != Some(1) {
        return None;
    }
    let (op, x, d) = match e.kind() {
        ExprKind::Binary(op @ (BinOp::FloorDiv | BinOp::FloorMod), x, d) if d.as_int().is_none() => (*op, x, d),
        _ => return None,
    };
    let zero = PrimExpr::int_of(0, e.dtype());
    if op == BinOp::FloorMod {
        return Some((zero, d.clone()));
    }
    let (lo, span) = relax_symbolic(x, &PrimExpr::int_of(1, x.dtype()), loops)?;
    if lo.as_int() != Some(0) {
        return None;
    }
    let ExprKind::Binary(BinOp::Mul, a, b) = span.kind() else { return None };
    let k = if crate::tir::arith::prove_equal(b, d) {
        a
    } else if crate::tir::arith::prove_equal(a, d) {
        b
    } else {
        return None;
    };
    Some((zero, k.clone()))
}

/// A point access at a fused index of loops with symbolic strides (`i1 * n + i3`, `i3 < n`):
/// each loop from 0, its coefficient the product of the extents of the loops below it, spans
/// `[k, k + n * 32)` whatever `n` is (no iteration runs where an extent is not positive), as
/// TVM's iteration-map analysis relaxes a fused index.
fn symbolic_fused(e: &PrimExpr, extent: &PrimExpr, loops: &[ForParts]) -> Option<(PrimExpr, PrimExpr)> {
    if extent.as_int() != Some(1) {
        return None;
    }
    let spans: Vec<LoopSpan> = loops.iter().map(|p| LoopSpan { var: &p.var, min: &p.min, extent: &p.extent }).collect();
    fused_span(e, &spans)
}

/// A loop's variable and range, borrowed.
pub(super) struct LoopSpan<'a> {
    pub var: &'a Var,
    pub min: &'a PrimExpr,
    pub extent: &'a PrimExpr,
}

/// The range `[k, k + span)` a fused index `e` of `loops` takes ([`symbolic_fused`]).
pub(super) fn fused_span(e: &PrimExpr, loops: &[LoopSpan]) -> Option<(PrimExpr, PrimExpr)> {
    let ids: rustc_hash::FxHashSet<u64> = loops.iter().map(|p| p.var.id()).collect();
    let varies = |x: &PrimExpr| ids.iter().any(|&id| uses_var(x, id));
    if loops.iter().any(|p| varies(p.extent)) {
        return None;
    }
    // The sum's terms: a digit times a stride without loops, or a constant. A digit is a loop,
    // or `f % d` / `f // d` of a loop `f` whose extent is `d * c` (a fused loop over a
    // symbolic `d`: the digits span `d` and `c`).
    let mut digits: Vec<(PrimExpr, PrimExpr)> = Vec::new();
    let mut offset = 0i64;
    let mut terms = vec![e.clone()];
    let digit = |x: &PrimExpr| -> Option<PrimExpr> {
        let loop_of = |x: &PrimExpr| x.as_var().and_then(|v| loops.iter().find(|p| *p.var == *v));
        if let Some(p) = loop_of(x) {
            return (p.min.as_int() == Some(0)).then(|| p.extent.clone());
        }
        let (op, f, d) = match x.kind() {
            ExprKind::Binary(op @ (BinOp::FloorMod | BinOp::FloorDiv), f, d) if !varies(d) => (*op, f, d),
            _ => return None,
        };
        let p = loop_of(f).filter(|p| p.min.as_int() == Some(0))?;
        let times = |a: &PrimExpr, b: &PrimExpr| {
            crate::tir::arith::prove_equal(a, d)
                .then(|| b.clone())
                .or_else(|| crate::tir::arith::prove_equal(b, d).then(|| a.clone()))
        };
        let count = match p.extent.kind() {
            ExprKind::Binary(BinOp::Mul, a, b) => times(a, b)?,
            _ if crate::tir::arith::prove_equal(p.extent, d) => PrimExpr::int_of(1, d.dtype()),
            _ => return None,
        };
        Some(if op == BinOp::FloorMod { d.clone() } else { count })
    };
    while let Some(t) = terms.pop() {
        match t.kind() {
            ExprKind::Binary(BinOp::Add, a, b) => terms.extend([a.clone(), b.clone()]),
            _ if t.as_int().is_some() => offset = offset.checked_add(t.as_int()?)?,
            _ if digit(&t).is_some() => digits.push((digit(&t)?, PrimExpr::int_of(1, t.dtype()))),
            ExprKind::Binary(BinOp::Mul, a, k) if digit(a).is_some() && !varies(k) => {
                digits.push((digit(a)?, k.clone()));
            }
            ExprKind::Binary(BinOp::Mul, k, a) if digit(a).is_some() && !varies(k) => {
                digits.push((digit(a)?, k.clone()));
            }
            _ => return None,
        }
    }
    // (A digit of one value adds nothing, whatever its stride: `ax1_1 * 32` of a unit loop.)
    digits.retain(|(ext, _)| ext.as_int() != Some(1));
    if digits.is_empty() {
        return None;
    }
    // From stride 1 up, each stride the span of the digits below it.
    let mut span = PrimExpr::int_of(1, e.dtype());
    let mut rest = digits;
    while !rest.is_empty() {
        let at = rest.iter().position(|(_, k)| crate::tir::arith::prove_equal(k, &span))?;
        let (ext, _) = rest.swap_remove(at);
        let ext = crate::tir::arith::as_dtype(ext, e.dtype());
        span = simplify(&PrimExpr::binary(BinOp::Mul, span, ext));
    }
    Some((PrimExpr::int_of(offset, e.dtype()), span))
}

/// The box of `r` (point accesses, over the loops' variables) as `loops` of constant ranges
/// run, each index bounded by interval arithmetic as TVM's interval analysis bounds it: the
/// terms of a sum that use none of the loops (`vi_o // 4` of `vi_o // 4 + vj_i // 4`, an outer
/// loop's `i * 8`) stay in the minimum; `None` where an index is not a point or an interval is
/// unknown.
pub(super) fn interval_box(r: &BufferRegion, loops: &[Stmt]) -> Option<Vec<(PrimExpr, PrimExpr)>> {
    let ranges: HashMap<u64, (i128, i128)> = loops
        .iter()
        .filter_map(ForParts::of)
        .filter_map(|f| {
            let (m, n) = (f.min.as_int()?, f.extent.as_int().filter(|&n| n >= 1)?);
            Some((f.var.id(), (i128::from(m), i128::from(m) + i128::from(n) - 1)))
        })
        .collect();
    let relaxed = |t: &PrimExpr| ranges.keys().any(|&id| uses_var(t, id));
    r.region
        .iter()
        .map(|x| {
            if x.extent.as_int() != Some(1) {
                return None;
            }
            if !relaxed(&x.min) {
                return Some((x.min.clone(), x.extent.clone()));
            }
            // The sum's terms with their signs, each on one side.
            let (mut fixed, mut bounded) = (None::<PrimExpr>, None::<PrimExpr>);
            let mut terms = vec![(BinOp::Add, x.min.clone())];
            while let Some((sign, t)) = terms.pop() {
                match t.kind() {
                    ExprKind::Binary(BinOp::Add, a, b) => terms.extend([(sign, b.clone()), (sign, a.clone())]),
                    ExprKind::Binary(BinOp::Sub, a, b) => {
                        let flip = if sign == BinOp::Add { BinOp::Sub } else { BinOp::Add };
                        terms.extend([(flip, b.clone()), (sign, a.clone())]);
                    }
                    // A sum times a constant, distributed (`(i1 + ax1) * 2`: `i1 * 2` stays
                    // in the minimum).
                    ExprKind::Binary(BinOp::Mul, s, c)
                        if c.as_int().is_some()
                            && matches!(s.kind(), ExprKind::Binary(BinOp::Add | BinOp::Sub, ..))
                            && relaxed(s) =>
                    {
                        let ExprKind::Binary(op, a, b) = s.kind() else { unreachable!("matched") };
                        let times = |x: &PrimExpr| PrimExpr::binary(BinOp::Mul, x.clone(), c.clone());
                        let flip = if sign == BinOp::Add { BinOp::Sub } else { BinOp::Add };
                        terms.push((if *op == BinOp::Add { sign } else { flip }, times(b)));
                        terms.push((sign, times(a)));
                    }
                    _ => {
                        let side = if relaxed(&t) { &mut bounded } else { &mut fixed };
                        *side = Some(match side.take() {
                            Some(acc) => PrimExpr::binary(sign, acc, t),
                            None if sign == BinOp::Sub => {
                                PrimExpr::binary(BinOp::Sub, PrimExpr::int_of(0, t.dtype()), t)
                            }
                            None => t,
                        });
                    }
                }
            }
            let (lo, hi) = crate::tir::arith::range_of(&bounded?, &|v: &Var| ranges.get(&v.id()).copied())?;
            let dt = x.min.dtype();
            let lo_e = PrimExpr::int_of(i64::try_from(lo).ok()?, dt);
            let min = match fixed {
                Some(f) => simplify(&PrimExpr::binary(BinOp::Add, f, lo_e)),
                None => lo_e,
            };
            let n = hi.checked_sub(lo)?.checked_add(1)?;
            Some((min, PrimExpr::int_of(i64::try_from(n).ok()?, dt)))
        })
        .collect()
}

/// `[e, e + extent)` relaxed over `loops` whatever their bounds: each loop of coefficient `c`
/// takes its first (`c >= 0`) or last value in the minimum and adds `|c| * (n - 1)` to the
/// extent; `None` where `e` is not linear in a loop.
fn relax_symbolic(e: &PrimExpr, extent: &PrimExpr, loops: &[ForParts]) -> Option<(PrimExpr, PrimExpr)> {
    // The extents must not change as the loops run (a loop whose range is another's variable,
    // a region whose size depends on a loop): no box then.
    let ids: rustc_hash::FxHashSet<u64> = loops.iter().map(|p| p.var.id()).collect();
    let varies = |x: &PrimExpr| ids.iter().any(|&id| uses_var(x, id));
    if varies(extent) || loops.iter().any(|p| varies(&p.min) || varies(&p.extent)) {
        return None;
    }
    let mut lo = HashMap::default();
    let mut extent = extent.clone();
    for p in loops {
        let c = coefficient(e, p.var.id())?;
        if c == 0 {
            continue;
        }
        let dt = p.extent.dtype();
        let steps = PrimExpr::binary(BinOp::Sub, p.extent.clone(), PrimExpr::int_of(1, dt));
        let first = if c > 0 { p.min.clone() } else { PrimExpr::binary(BinOp::Add, p.min.clone(), steps.clone()) };
        lo.insert(p.var.id(), crate::tir::arith::as_dtype(first, p.var.dtype()));
        // `extent + |c| * n - |c|`, the constants cancelling (`1 + m - 1` is `m`).
        let k = PrimExpr::int_of(c.checked_abs()?, dt);
        let span = crate::tir::arith::as_dtype(
            simplify(&PrimExpr::binary(BinOp::Mul, k.clone(), p.extent.clone())),
            extent.dtype(),
        );
        let k = crate::tir::arith::as_dtype(k, extent.dtype());
        extent = crate::tir::arith::subtract(&PrimExpr::binary(BinOp::Add, extent, span), &k);
    }
    Some((simplify(&Substitute { map: &lo }.expr(e)), extent))
}

/// The box `floordiv([lo, lo + ext), c)` covers, `lo` linear in the `outer` loops (of constant
/// ranges): `Σ q·x + k1` and extent `k2 - k1 + 1`, where each coefficient `a = q·c + r` and the
/// remainders' part keeps one quotient over the loops' ranges at either end (`(c_o * 360 +
/// c_i) // 16` over `c_i < 360`, `c_o < 2`: `c_o * 22`, 23), as TVM's interval analysis finds.
fn quotient_box(lo: &PrimExpr, ext: i64, c: i64, outer: &[ForParts]) -> Option<(PrimExpr, i64)> {
    let mut zero = HashMap::default();
    let mut rest = (0i64, 0i64);
    let mut quotient: Option<PrimExpr> = None;
    let vars = crate::tir::visit::vars_of(lo);
    for v in &vars {
        let p = outer.iter().find(|p| p.var == *v)?;
        let (min, n) = (p.min.as_int()?, p.extent.as_int().filter(|&n| n >= 1)?);
        let a = coefficient(lo, v.id())?;
        zero.insert(v.id(), PrimExpr::int_of(0, v.dtype()));
        let (q, r) = (a.div_euclid(c), a.rem_euclid(c));
        let (x0, x1) = (r.checked_mul(min)?, r.checked_mul(min.checked_add(n - 1)?)?);
        rest = (rest.0.checked_add(x0.min(x1))?, rest.1.checked_add(x0.max(x1))?);
        if q != 0 {
            let term = if q == 1 {
                PrimExpr::var(v)
            } else {
                PrimExpr::binary(BinOp::Mul, PrimExpr::var(v), PrimExpr::int_of(q, v.dtype()))
            };
            quotient = Some(match quotient {
                None => term,
                Some(s) => PrimExpr::binary(BinOp::Add, s, term),
            });
        }
    }
    let b = simplify(&Substitute { map: &zero }.expr(lo)).as_int()?;
    // One outer variable whose step `a` divides `c`, the range inside one step: `(x * 8 + j) //
    // 16` over `j < 8` is `x // 2`, one element per iteration.
    if let [v] = vars.as_slice() {
        let a = coefficient(lo, v.id())?;
        if a > 0 && c % a == 0 && b >= 0 && b.checked_add(ext)? <= a && a < c {
            return Some((PrimExpr::floordiv(PrimExpr::var(v), PrimExpr::int_of(c / a, v.dtype())), 1));
        }
    }
    let (r0, r1) = (rest.0.checked_add(b)?, rest.1.checked_add(b)?);
    let k1 = r0.div_euclid(c);
    let k2 = r0.checked_add(ext - 1)?.div_euclid(c);
    if r1.div_euclid(c) != k1 || r1.checked_add(ext - 1)?.div_euclid(c) != k2 {
        return None;
    }
    let dt = lo.dtype();
    let min = match quotient {
        None => PrimExpr::int_of(k1, dt),
        Some(q) if k1 == 0 => q,
        Some(q) => PrimExpr::binary(BinOp::Add, q, PrimExpr::int_of(k1, dt)),
    };
    Some((min, k2 - k1 + 1))
}

/// `[lo, lo + ext)` as digits of base `c`, `lo` linear in loop variables: each variable's
/// coefficient a multiple of `c` (a whole digit above) but at most one, `a`, that divides `c`,
/// the constant part and `ext` inside one step of it. Then every value has the quotient
/// `Σ v·(a_v / c) + v_d // (c / a)` and the remainders `v_d % (c / a) * a + [b, b + ext)`, as
/// TVM's iterator maps split `((i * 32 + j) * 8 + k) * 8 + l` by 128 over `k, l`
/// (`i * 16 + j // 2` and `j % 2 * 64`). `(quotient, remainder's min)`.
fn digits(lo: &PrimExpr, ext: i64, c: i64) -> Option<(PrimExpr, PrimExpr)> {
    let vars = crate::tir::visit::vars_of(lo);
    let dt = lo.dtype();
    let zero: HashMap<u64, PrimExpr> = vars.iter().map(|v| (v.id(), PrimExpr::int_of(0, v.dtype()))).collect();
    let b = simplify(&Substitute { map: &zero }.expr(lo)).as_int()?;
    let mut quotient: Option<PrimExpr> = None;
    let mut digit: Option<(Var, i64)> = None;
    let push = |q: &mut Option<PrimExpr>, t: PrimExpr| {
        *q = Some(match q.take() {
            None => t,
            Some(s) => PrimExpr::binary(BinOp::Add, s, t),
        });
    };
    for v in &vars {
        let a = coefficient(lo, v.id())?;
        let x = PrimExpr::var(v);
        if a % c == 0 {
            if a != 0 {
                let k = a / c;
                push(&mut quotient, if k == 1 { x } else { PrimExpr::binary(BinOp::Mul, x, PrimExpr::int_of(k, dt)) });
            }
        } else if a > 0 && c % a == 0 && digit.is_none() {
            push(&mut quotient, PrimExpr::floordiv(x, PrimExpr::int_of(c / a, dt)));
            digit = Some((v.clone(), a));
        } else {
            return None;
        }
    }
    let step = digit.as_ref().map_or(c, |d| d.1);
    if b < 0 || b.checked_add(ext)? > step {
        return None;
    }
    let quotient = quotient.unwrap_or_else(|| PrimExpr::int_of(0, dt));
    let remainder = match digit {
        None => PrimExpr::int_of(b, dt),
        Some((v, a)) => {
            let r = PrimExpr::floormod(PrimExpr::var(&v), PrimExpr::int_of(c / a, dt));
            let r = if a == 1 { r } else { PrimExpr::binary(BinOp::Mul, r, PrimExpr::int_of(a, dt)) };
            if b == 0 { r } else { PrimExpr::binary(BinOp::Add, r, PrimExpr::int_of(b, dt)) }
        }
    };
    Some((quotient, remainder))
}

fn substitute_region(r: &BufferRegion, map: &HashMap<u64, PrimExpr>) -> BufferRegion {
    BufferRegion {
        buffer: r.buffer.clone(),
        region: r
            .region
            .iter()
            .map(|x| Range::new(Substitute { map }.expr(&x.min), Substitute { map }.expr(&x.extent)))
            .collect(),
    }
}

pub(super) fn same_region(a: &BufferRegion, b: &BufferRegion) -> bool {
    let print = crate::tir::script::print_expr;
    a.buffer == b.buffer
        && a.region.len() == b.region.len()
        && a.region
            .iter()
            .zip(&b.region)
            .all(|(x, y)| print(&x.min) == print(&y.min) && print(&x.extent) == print(&y.extent))
}

/// `realize` (or any statement) with every access to `from` (loads, stores, regions,
/// allocations) made to `to`.
pub(super) fn replace_buffer_in_block(realize: &Stmt, from: &Buffer, to: &Buffer) -> Stmt {
    replace_buffer_in_block_at(realize, from, to, None)
}

/// [`replace_buffer_in_block`], the new buffer indexed less `offset` (a compacted cache).
pub(super) fn replace_buffer_in_block_at(
    realize: &Stmt,
    from: &Buffer,
    to: &Buffer,
    offset: Option<&[PrimExpr]>,
) -> Stmt {
    R { from, to, offset, simplified: false }.stmt(realize)
}

/// [`replace_buffer_in_block_at`] for a cache: TVM 0.27's cache rewriters simplify each index of
/// the cache they write (`A[(vi * 8 + vj) // 8]` reads `A_global[vj // 8 + vi]`).
fn cache_accesses_in_block(realize: &Stmt, from: &Buffer, to: &Buffer, offset: Option<&[PrimExpr]>) -> Stmt {
    R { from, to, offset, simplified: true }.stmt(realize)
}

/// The rewriter of [`replace_buffer_in_block_at`].
struct R<'a> {
    from: &'a Buffer,
    to: &'a Buffer,
    offset: Option<&'a [PrimExpr]>,
    simplified: bool,
}

impl R<'_> {
    fn shift(&self, idx: &[PrimExpr]) -> Vec<PrimExpr> {
        let shifted: Vec<PrimExpr> = match self.offset {
            None => idx.to_vec(),
            Some(off) => idx
                .iter()
                .zip(off)
                .map(|(i, o)| match o.as_int() {
                    Some(0) => i.clone(),
                    _ => crate::tir::arith::subtract(i, o),
                })
                .collect(),
        };
        if self.simplified { shifted.iter().map(crate::tir::arith::canonical_index).collect() } else { shifted }
    }
}

impl Mutator for R<'_> {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        let e = default_expr(self, e);
        match e.kind() {
            ExprKind::BufferLoad(b, idx) if b == self.from => self.to.load(self.shift(idx)),
            // An opaque use of the data (`B.data`, a `T.tvm_access_ptr` of it) is of the new
            // buffer's, as TVM rewrites it; a compacted cache's offsets would not follow.
            ExprKind::Var(v) if self.offset.is_none() && v == self.from.data() => PrimExpr::var(self.to.data()),
            _ => e,
        }
    }
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = default_stmt(self, s);
        match s.kind() {
            StmtKind::BufferStore { buffer, value, indices } if buffer == self.from => Stmt::at(
                StmtKind::BufferStore { buffer: self.to.clone(), value: value.clone(), indices: self.shift(indices) },
                s.span(),
            ),
            StmtKind::BlockRealize { values, predicate, block } => {
                let fix = |rs: &[BufferRegion]| -> Vec<BufferRegion> {
                    rs.iter()
                        .map(|r| {
                            if &r.buffer == self.from {
                                let mins: Vec<PrimExpr> = r.region.iter().map(|x| x.min.clone()).collect();
                                let region = self
                                    .shift(&mins)
                                    .into_iter()
                                    .zip(&r.region)
                                    .map(|(m, x)| Range::new(m, x.extent.clone()))
                                    .collect();
                                BufferRegion { buffer: self.to.clone(), region }
                            } else {
                                r.clone()
                            }
                        })
                        .collect()
                };
                let allocs = block
                    .alloc_buffers
                    .iter()
                    .map(|b| if b == self.from { self.to.clone() } else { b.clone() })
                    .collect();
                // Windows of the buffer (`T.match_buffer(B[vi, vj], ..)`) now view the new
                // one, in its scope (a window is in its source's scope).
                let mut rescoped: Vec<(Buffer, Buffer)> = Vec::new();
                let matches = block
                    .match_buffers
                    .iter()
                    .map(|m| {
                        let source = match fix(std::slice::from_ref(&m.source)).pop() {
                            Some(r) => r,
                            None => m.source.clone(),
                        };
                        let mut buffer = if &m.buffer == self.from { self.to.clone() } else { m.buffer.clone() };
                        if source.buffer == *self.to && buffer.scope() != self.to.scope() {
                            let window = with_scope(&buffer, self.to.scope());
                            rescoped.push((buffer, window.clone()));
                            buffer = window;
                        }
                        MatchBufferRegion { buffer, source }
                    })
                    .collect();
                let mut b = Block {
                    reads: fix(&block.reads),
                    writes: fix(&block.writes),
                    alloc_buffers: allocs,
                    match_buffers: matches,
                    ..(**block).clone()
                };
                for (old, new) in &rescoped {
                    b.body = replace_buffer_in_block(&b.body, old, new);
                    b.init = b.init.as_ref().map(|i| replace_buffer_in_block(i, old, new));
                }
                Stmt::at(
                    StmtKind::BlockRealize { values: values.clone(), predicate: predicate.clone(), block: Box::new(b) },
                    s.span(),
                )
            }
            _ => s,
        }
    }
}

/// A copy block's spatial variables `v0, v1, ..` over a buffer's whole `shape`.
pub(super) fn copy_iter_vars(shape: &[PrimExpr]) -> Vec<IterVar> {
    shape
        .iter()
        .enumerate()
        .map(|(d, dim)| IterVar {
            dom: Some(Range::new(PrimExpr::int_of(0, dim.dtype()), dim.clone())),
            var: Var::new(&format!("v{d}"), dim.dtype()),
            iter_type: IterType::DataPar,
            thread_tag: String::new(),
        })
        .collect()
}

/// A copy of the buffer `b` (a window) in storage scope `scope`, its name and layout kept.
fn with_scope(b: &Buffer, scope: &str) -> Buffer {
    window_like(b, scope, b.dtype())
}

/// A copy of the buffer `b` (a window) with elements of `dtype`, its name and layout kept.
pub(super) fn with_dtype(b: &Buffer, dtype: crate::tir::DataType) -> Buffer {
    window_like(b, b.scope(), dtype)
}

fn window_like(b: &Buffer, scope: &str, dtype: crate::tir::DataType) -> Buffer {
    BufferSpec {
        strides: b.strides().to_vec(),
        elem_offset: Some(b.elem_offset().clone()),
        scope: scope.to_string(),
        data_alignment: b.data_alignment(),
        offset_factor: b.offset_factor(),
        axis_separators: b.axis_separators().to_vec(),
        span: b.span(),
        ..BufferSpec::new(b.name(), dtype, b.shape().to_vec())
    }
    .build()
}

/// The offset of a buffer TVM makes as a copy of `b` with a new shape (a cache, a reindex or
/// rfactor buffer): a constant offset keeps its type, printed where it is not the new shape's
/// (`elem_offset=0` beside int64 extents); else the default.
pub(super) fn copied_offset(b: &Buffer) -> Option<PrimExpr> {
    b.elem_offset().as_int().map(|_| b.elem_offset().clone())
}

/// `root` with the statement `old` (by identity) replaced by `new`.
pub(super) fn replace_stmt(root: &Stmt, old: &Stmt, new: &Stmt) -> Stmt {
    struct R<'a> {
        old: &'a Stmt,
        new: &'a Stmt,
    }
    impl Mutator for R<'_> {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            e.clone()
        }
        fn stmt(&mut self, s: &Stmt) -> Stmt {
            if s.same_node(self.old) {
                return self.new.clone();
            }
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s))
        }
    }
    R { old, new }.stmt(root)
}

/// `root` with `target` replaced by `with` (which holds `target`), flattening it into the
/// enclosing statement list when there is one.
pub(super) fn insert_before(root: &Stmt, target: &Stmt, with: Stmt) -> Stmt {
    struct R<'a> {
        target: &'a Stmt,
        with: Option<Stmt>,
    }
    impl Mutator for R<'_> {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            e.clone()
        }
        fn stmt(&mut self, s: &Stmt) -> Stmt {
            if let StmtKind::Seq(items) = s.kind()
                && let Some(i) = items.iter().position(|x| x.same_node(self.target))
                && let Some(w) = self.with.take()
            {
                let mut out = items[..i].to_vec();
                match w.kind() {
                    StmtKind::Seq(v) => out.extend(v.iter().cloned()),
                    _ => out.push(w),
                }
                out.extend(items[i + 1..].iter().cloned());
                return Stmt::at(StmtKind::Seq(out), s.span());
            }
            if s.same_node(self.target) {
                return self.with.take().unwrap_or_else(|| s.clone());
            }
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s))
        }
    }
    R { target, with: Some(with) }.stmt(root)
}

/// Where TVM's `CacheLocDetector` puts a cache stage: in the innermost statement list (of a
/// loop, by its variable, or `None`: the root block's body) where the `anchor` block lies in an
/// earlier statement than one holding a `related` block; before that statement.
fn cache_location(body: &Stmt, anchor: &Stmt, related: &[Stmt]) -> Option<(Option<u64>, usize)> {
    struct Seen {
        anchor: bool,
        related: bool,
        place: Option<(Option<u64>, usize)>,
    }
    fn visit(s: &Stmt, container: Option<u64>, anchor: &Stmt, related: &[Stmt]) -> Seen {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
            let none = Seen { anchor: false, related: false, place: None };
            if s.same_node(anchor) {
                return Seen { anchor: true, ..none };
            }
            if related.iter().any(|r| r.same_node(s)) {
                return Seen { related: true, ..none };
            }
            match s.kind() {
                // Other blocks are opaque: their insides are another scope.
                StmtKind::BlockRealize { .. } => none,
                StmtKind::For { var, body, .. } => visit(body, Some(var.id()), anchor, related),
                StmtKind::Seq(items) => {
                    let mut seen = none;
                    for (i, c) in items.iter().enumerate() {
                        let inner = visit(c, container, anchor, related);
                        if inner.place.is_some() {
                            return inner;
                        }
                        seen.anchor |= inner.anchor;
                        seen.related |= inner.related;
                        if seen.anchor && seen.related {
                            seen.place = Some((container, i));
                            return seen;
                        }
                        if seen.related {
                            break;
                        }
                    }
                    seen
                }
                _ => {
                    let mut seen = none;
                    for c in crate::tir::visit::stmt_children(s) {
                        let inner = visit(c, container, anchor, related);
                        if inner.place.is_some() {
                            return inner;
                        }
                        seen.anchor |= inner.anchor;
                        seen.related |= inner.related;
                    }
                    seen
                }
            }
        })
    }
    visit(body, None, anchor, related).place
}
