//! `reindex_cache_read` / `reindex_cache_write` with TVM 0.27's result (`cache_read_write.cc`):
//! a cache stage placed as `cache_read`/`cache_write` place theirs, whose buffer is indexed by
//! an index map of the block's iteration variables, and whose copy runs over the block's own
//! iteration space (its loops below the place, copied).

use rustc_hash::FxHashMap as HashMap;

use super::tree::{self, ForParts};
use super::{BlockRV, IndexMap, Instruction, Schedule, ScheduleError, err};
use crate::tir::arith::{range_of, simplify};
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute};

impl Schedule {
    /// Read the buffer `block` reads at `read_index` from a new buffer of `scope`
    /// (`NAME_scope`) indexed by `index_map` of the block's iteration variables, filled by a
    /// copy over the block's iteration space placed as [`Schedule::cache_read`] places its
    /// copy (for this block only); the copy block.
    ///
    /// # Errors
    /// A buffer not read at one point, a map that does not take the block's iteration
    /// variables or whose image is not a box from 0, the cases `cache_read` refuses, or stale
    /// handles.
    pub fn reindex_cache_read(
        &mut self,
        block: BlockRV,
        read_index: usize,
        scope: &str,
        index_map: &IndexMap,
    ) -> Result<BlockRV, ScheduleError> {
        let out = self.reindex_cache(block, read_index, scope, index_map, true)?;
        self.trace.push(Instruction::ReindexCache {
            block,
            read: true,
            index: read_index,
            scope: scope.to_string(),
            map: index_map.clone(),
            out,
        });
        Ok(out)
    }

    /// Write what `block` writes at `write_index` into a new buffer of `scope` indexed by
    /// `index_map` of the block's iteration variables, copied back by a stage over the
    /// block's spatial iteration space placed as [`Schedule::cache_write`] places its copy;
    /// the copy block.
    ///
    /// # Errors
    /// As [`Schedule::reindex_cache_read`], for the written buffer.
    pub fn reindex_cache_write(
        &mut self,
        block: BlockRV,
        write_index: usize,
        scope: &str,
        index_map: &IndexMap,
    ) -> Result<BlockRV, ScheduleError> {
        let out = self.reindex_cache(block, write_index, scope, index_map, false)?;
        self.trace.push(Instruction::ReindexCache {
            block,
            read: false,
            index: write_index,
            scope: scope.to_string(),
            map: index_map.clone(),
            out,
        });
        Ok(out)
    }

    fn reindex_cache(
        &mut self,
        block: BlockRV,
        index: usize,
        scope: &str,
        map: &IndexMap,
        read: bool,
    ) -> Result<BlockRV, ScheduleError> {
        let p: &'static str = if read { "reindex_cache_read" } else { "reindex_cache_write" };
        super::cache_inplace::check_storage_scope(p, scope)?;
        let site = self.block_site(block, p)?;
        let StmtKind::BlockRealize { values, block: blk, .. } = site.realize.kind() else {
            unreachable!("a block site")
        };
        if let Some(l) = tree::dependent_loop(&site.loops) {
            return Err(err(
                p,
                format!("the range of loop {l} above block {} depends on another loop (not supported)", blk.name),
            ));
        }
        let region = tree::region_at(blk, read, index, p)?.clone();
        let buffer = region.buffer.clone();
        if !read && super::reindex::predicate_reads(&site.realize, &buffer) {
            return Err(err(
                p,
                format!("the predicate of block {} reads {}, which it writes", blk.name, buffer.name()),
            ));
        }
        let print = crate::tir::script::print_expr;
        if region.region.iter().any(|r| r.extent.as_int() != Some(1)) {
            let dims: Vec<String> = region
                .region
                .iter()
                .map(|r| {
                    let end = simplify(&PrimExpr::binary(BinOp::Add, r.min.clone(), r.extent.clone()));
                    format!("{}:{}", print(&r.min), print(&end))
                })
                .collect();
            return Err(err(
                p,
                format!(
                    "The buffer region {}[{}] accessed inside block {} is not a single point, which violates the prerequisite of {p} primitive.",
                    buffer.name(),
                    dims.join(", "),
                    blk.name
                ),
            ));
        }
        let at: Vec<PrimExpr> = region.region.iter().map(|r| r.min.clone()).collect();
        if map.params.len() != blk.iter_vars.len() {
            return Err(err(
                p,
                format!(
                    "the index map takes {} indices: block {} has {} iteration variables",
                    map.params.len(),
                    blk.name,
                    blk.iter_vars.len()
                ),
            ));
        }
        // The cache's indices over the block's variables, and its shape: the image's box.
        let to_block: HashMap<u64, PrimExpr> =
            map.params.iter().zip(&blk.iter_vars).map(|(p, iv)| (p.id(), PrimExpr::var(&iv.var))).collect();
        let cache_at: Vec<PrimExpr> =
            map.results.iter().map(|r| simplify(&Substitute { map: &to_block }.expr(r))).collect();
        // Every variable the access uses is an index of the cache (TVM's check, its words).
        let tuple = |es: &[PrimExpr]| {
            let parts: Vec<String> = es.iter().map(print).collect();
            if parts.len() == 1 { format!("({},)", parts[0]) } else { format!("({})", parts.join(", ")) }
        };
        if let Some(iv) = blk.iter_vars.iter().find(|iv| {
            at.iter().any(|e| crate::tir::region::uses_var(e, iv.var.id()))
                && !cache_at.iter().any(|e| crate::tir::region::uses_var(e, iv.var.id()))
        }) {
            return Err(err(
                p,
                format!(
                    "Error when applying {p} on block {}, the block itervar {} appears in {}, but not in {}.",
                    blk.name,
                    iv.var.name(),
                    tuple(&at),
                    tuple(&cache_at)
                ),
            ));
        }
        // A write cache indexed by a reduction variable would hold one partial value per
        // reduction step instead of the reduction.
        if !read
            && let Some(iv) = blk.iter_vars.iter().find(|iv| {
                iv.iter_type != IterType::DataPar
                    && cache_at.iter().any(|e| crate::tir::region::uses_var(e, iv.var.id()))
            })
        {
            return Err(err(
                p,
                format!(
                    "the index map uses {}, a reduction variable of block {}: a write cache is indexed by spatial variables only",
                    iv.var.name(),
                    blk.name
                ),
            ));
        }
        let domains: HashMap<u64, (i128, i128)> = tree::domains(blk);
        let mut shape = Vec::with_capacity(cache_at.len());
        for e in &cache_at {
            match range_of(e, &|v: &Var| domains.get(&v.id()).copied()) {
                Some((lo, hi)) if lo >= 0 && e.dtype().is_int() => {
                    let n = i64::try_from(hi + 1).map_err(|_| err(p, "the cache is too large"))?;
                    shape.push(PrimExpr::int_of(n, e.dtype()));
                }
                // A variable of a symbolic domain from 0 spans that domain.
                _ if let Some(d) = e
                    .as_var()
                    .and_then(|v| blk.iter_vars.iter().find(|iv| iv.var == *v))
                    .and_then(|iv| iv.dom.as_ref())
                    && d.min.as_int() == Some(0) =>
                {
                    shape.push(d.extent.clone());
                }
                _ => {
                    return Err(err(
                        p,
                        format!("the index map's image over block {}'s domain is not a box from 0", blk.name),
                    ));
                }
            }
        }
        // Constant dimensions take the widest index type among them (an int64 symbolic one
        // makes `T.int64(128)`), as TVM's map unifies its results' types.
        if let Some(wide) = shape.iter().map(PrimExpr::dtype).max_by_key(|d| d.bits) {
            for d in shape.iter_mut() {
                if let Some(c) = d.as_int() {
                    *d = PrimExpr::int_of(c, wide);
                }
            }
        }
        let consumers = if read { vec![blk.name.clone()] } else { Vec::new() };
        let write_region = (!read).then_some(&region);
        let place = self.cache_place(&site, &buffer, write_region, &consumers, p)?;
        let mut spec = BufferSpec::new(&format!("{}_{scope}", buffer.name()), buffer.dtype(), shape);
        spec.elem_offset = super::blocks::copied_offset(&buffer);
        spec.scope = scope.to_string();
        let cache = spec.build();
        // The copy: over the block's variables the access uses, bound as the block binds them,
        // under copies of the block's loops below the place that those bindings use.
        let below: Vec<ForParts> = match place.container {
            None => site.loops.iter().filter_map(ForParts::of).collect(),
            Some(id) => {
                let k = site.loops.iter().position(|l| ForParts::of(l).is_some_and(|f| f.var.id() == id));
                let k = k.ok_or_else(|| err(p, "the cache's place is not above the block"))?;
                site.loops[k + 1..].iter().filter_map(ForParts::of).collect()
            }
        };
        let used = |iv: &IterVar| {
            at.iter().chain(&cache_at).any(|e| crate::tir::region::uses_var(e, iv.var.id()))
                && (read || iv.iter_type == IterType::DataPar)
        };
        let kept: Vec<(&IterVar, &PrimExpr)> = blk.iter_vars.iter().zip(values).filter(|(iv, _)| used(iv)).collect();
        let mut fresh: HashMap<u64, PrimExpr> = HashMap::default();
        let mut loops = Vec::new();
        for l in &below {
            if kept.iter().any(|(_, v)| crate::tir::region::uses_var(v, l.var.id())) {
                let v = Var::at(l.var.name(), l.var.ty().clone(), l.var.span());
                fresh.insert(l.var.id(), PrimExpr::var(&v));
                loops.push(ForParts { var: v, kind: ForKind::Serial, annotations: Vec::new(), ..l.clone() });
            }
        }
        let mut rename: HashMap<u64, PrimExpr> = HashMap::default();
        let mut ivs = Vec::with_capacity(kept.len());
        let mut bindings = Vec::with_capacity(kept.len());
        for (iv, value) in &kept {
            let v = Var::at(iv.var.name(), iv.var.ty().clone(), iv.var.span());
            rename.insert(iv.var.id(), PrimExpr::var(&v));
            ivs.push(IterVar { var: v, iter_type: IterType::DataPar, ..(*iv).clone() });
            bindings.push(simplify(&Substitute { map: &fresh }.expr(value)));
        }
        let src_at: Vec<PrimExpr> = at.iter().map(|e| Substitute { map: &rename }.expr(e)).collect();
        let dst_at: Vec<PrimExpr> = cache_at.iter().map(|e| Substitute { map: &rename }.expr(e)).collect();
        let point = |b: &Buffer, idx: &[PrimExpr]| BufferRegion {
            buffer: b.clone(),
            region: idx.iter().map(|x| Range::new(x.clone(), PrimExpr::int_of(1, x.dtype()))).collect(),
        };
        let (body, reads, writes) = if read {
            (cache.store(dst_at.clone(), buffer.load(src_at.clone())), point(&buffer, &src_at), point(&cache, &dst_at))
        } else {
            (buffer.store(src_at.clone(), cache.load(dst_at.clone())), point(&cache, &dst_at), point(&buffer, &src_at))
        };
        let name = format!("{}_{scope}", buffer.name());
        let copy = Block { iter_vars: ivs, reads: vec![reads], writes: vec![writes], ..Block::new(&name, body) };
        let mut nest = Stmt::block(bindings, copy);
        for l in loops.into_iter().rev() {
            nest = ForParts { body: nest, ..l }.build();
        }
        // The block accesses the cache at the map of its variables.
        let rewritten = super::reindex::Reindexed { old: &buffer, new: &cache, at: &cache_at }.stmt(&site.realize);
        let body = super::blocks::replace_stmt(&place.root.body, &site.realize, &rewritten);
        let body = Self::insert_at_place(&body, place.container, place.pos, &nest, p)?;
        let mut root = place.root;
        root.body = body;
        root.alloc_buffers.push(cache);
        self.set_scope_block(&place.scope, root);
        Ok(self.new_block_rv(&name))
    }
}
