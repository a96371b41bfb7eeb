//! `cache_inplace`: a block that reads and writes one buffer (an in-place update) works on a
//! copy in another storage scope, filled right before the block and written back right after
//! it, as TVM 0.27's `CacheInplace` (`cache_read_write.cc`) does: the copies go beside the block,
//! in its parent's statement list, over the block's own read and write regions.
//!
//! TVM builds those copies over the regions as the block states them, so a region that depends
//! on one of the block's iteration variables (`A[vi, 0:16]`) gives copies that use a variable
//! defined only inside the block; TVM 0.27 then fails to build its own output ("variables (vi,)
//! are used, but are not passed in as API arguments"). Strata refuses that case.

use rustc_hash::FxHashMap as HashMap;

use super::blocks::{insert_before, replace_buffer_in_block};
use super::{BlockRV, Instruction, Schedule, ScheduleError, err, tree};
use crate::tir::DataType;
use crate::tir::arith::simplify;
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute};
use crate::tir::region::uses_var;

/// Whether TVM 0.27 accepts `scope` as a storage scope (`StorageScope::Create`: a known rank,
/// optionally followed by a tag, or the empty string for `global`).
pub(super) fn storage_scope_is_valid(scope: &str) -> bool {
    const RANKS: [&str; 12] = [
        "global",
        "shared",
        "warp",
        "local",
        "wmma.matrix_a",
        "wmma.matrix_b",
        "wmma.accumulator",
        "texture",
        "m16n8k8.matrixA",
        "m16n8k8.matrixB",
        "m16n8k8.matrixC",
        "metal.simdgroup",
    ];
    scope.is_empty() || RANKS.iter().any(|r| scope.starts_with(r))
}

/// TVM's error for a storage scope it does not know.
pub(super) fn check_storage_scope(primitive: &'static str, scope: &str) -> Result<(), ScheduleError> {
    if storage_scope_is_valid(scope) {
        Ok(())
    } else {
        Err(err(primitive, format!("The input storage scope \"{scope}\" is invalid.")))
    }
}

impl Schedule {
    /// Make `block`, which reads and writes the buffer it reads at `read_index`, work on a copy
    /// of it in `scope`: one new block (`BUF_scope`) copies the block's read region in right
    /// before it, another (of the same name, as TVM names it) copies its write region back right
    /// after it; the two new blocks, read copy first.
    ///
    /// # Errors
    /// An unknown storage scope, no read buffer at that index, a block that does not also write
    /// that buffer, a region that depends on the block's iteration variables, or a stale handle.
    pub fn cache_inplace(
        &mut self,
        block: BlockRV,
        read_index: usize,
        scope: &str,
    ) -> Result<(BlockRV, BlockRV), ScheduleError> {
        const P: &str = "cache_inplace";
        check_storage_scope(P, scope)?;
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { block: blk, .. } = site.realize.kind() else { unreachable!("a block site") };
        let read_region = tree::region_at(blk, true, read_index, P)?.clone();
        let original = read_region.buffer.clone();
        let Some(write_region) = blk.writes.iter().find(|w| w.buffer == original).cloned() else {
            return Err(err(
                P,
                format!("The target block {} does not both read & write target buffer {}.", blk.name, original.name()),
            ));
        };
        for (what, r) in [("reads", &read_region), ("writes", &write_region)] {
            let used: Vec<&str> = blk
                .iter_vars
                .iter()
                .filter(|iv| r.region.iter().any(|x| uses_var(&x.min, iv.var.id()) || uses_var(&x.extent, iv.var.id())))
                .map(|iv| iv.var.name())
                .collect();
            if !used.is_empty() {
                return Err(err(
                    P,
                    format!(
                        "the region of {} block {} {what} depends on its iteration variables ({}): TVM 0.27 puts the copies beside the block, where they are not defined",
                        original.name(),
                        blk.name,
                        used.join(", ")
                    ),
                ));
            }
        }
        if !matches!(self.func.body.kind(), StmtKind::BlockRealize { .. }) {
            return Err(err(P, "the function has no root block (not in block form)"));
        }
        let scope_realize = tree::scope_of(&self.func.body, &site.realize)
            .ok_or_else(|| err(P, "the block is not inside a scope block"))?;
        let name = format!("{}_{scope}", original.name());
        let mut spec = BufferSpec::new(&name, original.dtype(), original.shape().to_vec());
        spec.scope = scope.to_string();
        let cache = spec.build();
        let fill = copy_nest(&name, &read_region, &original, &cache);
        let write_back = copy_nest(&name, &write_region, &cache, &original);
        // The block works on the copy, its opaque uses of the data pointer included.
        let mut data = HashMap::default();
        data.insert(original.data().id(), PrimExpr::var(cache.data()));
        let rewritten = Substitute { map: &data }.stmt(&replace_buffer_in_block(&site.realize, &original, &cache));
        let with = Stmt::seq(vec![fill, rewritten, write_back]);
        let StmtKind::BlockRealize { block: scope_block, .. } = scope_realize.kind() else {
            unreachable!("a scope is a block")
        };
        let mut new_scope = (**scope_block).clone();
        new_scope.body = insert_before(&new_scope.body, &site.realize, with);
        new_scope.alloc_buffers.push(cache.clone());
        let realize = tree::with_block(&scope_realize, new_scope);
        self.func.body = super::blocks::replace_stmt(&self.func.body, &scope_realize, &realize);
        let reads_original = |b: &Block, r: &Buffer, w: &Buffer| {
            b.reads.iter().any(|x| &x.buffer == r) && b.writes.iter().any(|x| &x.buffer == w)
        };
        let (o, c) = (original.clone(), cache.clone());
        let read_rv = self.new_block_rv_matching(&name, |b| reads_original(b, &o, &c));
        let write_rv = self.new_block_rv_matching(&name, |b| reads_original(b, &c, &o));
        self.trace.push(Instruction::CacheInplace {
            block,
            read_index,
            scope: scope.to_string(),
            outs: [read_rv, write_rv],
        });
        Ok((read_rv, write_rv))
    }
}

/// `for ax.. in region: with T.sblock(name): v.. = min + ax..; dst[v..] = src[v..]`, the
/// block's variables over the buffer's whole shape (TVM's `MakeCacheStage` for a cache that
/// keeps the buffer's shape).
fn copy_nest(name: &str, region: &BufferRegion, src: &Buffer, dst: &Buffer) -> Stmt {
    let dt = src.shape().first().map_or(DataType::INT32, PrimExpr::dtype);
    let loop_vars: Vec<Var> = (0..region.region.len()).map(|d| Var::new(&format!("ax{d}"), dt)).collect();
    let iter_vars = super::blocks::copy_iter_vars(src.shape());
    let point: Vec<PrimExpr> = iter_vars.iter().map(|iv| PrimExpr::var(&iv.var)).collect();
    let unit = |b: &Buffer| BufferRegion {
        buffer: b.clone(),
        region: point.iter().map(|p| Range::new(p.clone(), PrimExpr::int_of(1, dt))).collect(),
    };
    let copy = Block {
        iter_vars,
        reads: vec![unit(src)],
        writes: vec![unit(dst)],
        ..Block::new(name, dst.store(point.clone(), src.load(point.clone())))
    };
    let values: Vec<PrimExpr> = loop_vars
        .iter()
        .zip(&region.region)
        .map(|(v, r)| simplify(&PrimExpr::binary(BinOp::Add, r.min.clone(), PrimExpr::var(v))))
        .collect();
    let mut nest = Stmt::block(values, copy);
    for (v, r) in loop_vars.iter().zip(&region.region).rev() {
        nest = Stmt::for_range(v, PrimExpr::int_of(0, dt), r.extent.clone(), nest);
    }
    nest
}
