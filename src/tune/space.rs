//! The built-in design space: in the spirit of MetaSchedule's CPU rules, for a function whose
//! main block is a reduction (matmul, conv2d) or elementwise.
//!
//! First each elementwise intermediate stage is inlined into its readers or not (a sampled
//! choice; MetaSchedule's `AutoInline`). Then every block is scheduled with its own decisions,
//! consumers first (MetaSchedule's post-order): an intermediate elementwise stage left (a
//! padding) samples its place among its consumer's loops (`RandomComputeLocation`). A reduction
//! gets one of three structures (a sampled choice):
//! - a register tile (`register_tile`): spatial loops in three, the innermost tile small enough
//!   to stay in registers across the whole reduction;
//! - a wide accumulator: every spatial loop tiled in two (`sample_perfect_tile`, innermost at
//!   most 64) and every reduction loop in two (at most 16), ordered `S.. R.. R.. S..`, the output
//!   accumulated in a `"local"` cache written back under the last outer spatial loop;
//! - MetaSchedule's multi-level tiling `SSRSRS` (`multi_level_tile`) with a `"global"` cache.
//!
//! Each with an operand the other rows read again (matmul's `B`) packed into tiles of the
//! vectorized width or not (a sampled knob), the outer spatial loops fused and run in
//! parallel, the innermost spatial loop vectorized (and the write-back's), an unroll step sampled from `[0, 16, 64, 512]` (0: the
//! default unrolling of small loops), and the reduction's init decomposed out of the outer
//! reduction loop. A row reduction (every read indexed by every spatial variable) may instead
//! be factored (a sampled choice; MetaSchedule's `AddRFactor`, `rfactor`): vectors of
//! partial results over contiguous elements, reduced at the end of each row. An elementwise
//! block gets its innermost loop split for vectorization and its
//! outer loops fused and parallel. Blocks that do not fit are left as they are.

use crate::tir::ast::{Callee, ExprKind, IterType, StmtKind};
use crate::tir::schedule::{AnnValue, BlockOrLoop, Factor, LoopRV, Schedule, ScheduleError};

/// Apply the built-in space to `sch` (sampling its decisions).
///
/// # Errors
/// A primitive that refuses the function (the candidate is then skipped by the tuner).
pub fn apply(sch: &mut Schedule) -> Result<(), ScheduleError> {
    auto_inline(sch)?;
    // Every block of the function, each with its own decisions, consumers first (MetaSchedule's
    // post-order): an intermediate stage's place is sampled among its consumer's tiled loops.
    let params: Vec<crate::tir::ast::Buffer> = sch.func().buffer_map.iter().map(|(_, b)| b.clone()).collect();
    for (name, kinds, writes) in blocks(sch).into_iter().rev() {
        let stage = kinds.iter().all(|&r| !r) && writes.iter().all(|w| !params.contains(w));
        if stage && compute_location(sch, &name)? {
            continue;
        }
        schedule_block(sch, &name, &kinds)?;
    }
    Ok(())
}

/// MetaSchedule's `RandomComputeLocation` as a knob: an intermediate elementwise stage (a
/// padding) stays a stage of its own or is computed under one of its consumer's loops (what
/// `sample_compute_location` offers), its innermost loop then split for vectorization. Whether
/// it moved.
fn compute_location(sch: &mut Schedule, name: &str) -> Result<bool, ScheduleError> {
    let block = sch.get_block(name)?;
    let at = sch.sample_compute_location(block, None)?;
    let Some(crate::tir::schedule::Decision::Location(depth)) = sch.decisions().last().cloned() else {
        return Ok(false);
    };
    if depth < 0 {
        // -1: a stage of its own, scheduled like any elementwise block. -2 (inlined) too:
        // inlining is `auto_inline`'s knob, which keeps a padding a stage (its
        // `T.if_then_else` would run in the consumer's innermost loop).
        return Ok(false);
    }
    let opts = crate::tir::schedule::ComputeAtOptions { preserve_unit_loops: true, index: -1 };
    sch.compute_at_with(block, at, opts)?;
    let loops = sch.get_loops(block)?;
    let shared = usize::try_from(depth).unwrap_or(0) + 1;
    if let Some(&last) = loops.get(shared..).and_then(<[LoopRV]>::last) {
        let parts = tile(sch, last, 2, 64)?;
        sch.vectorize(parts[1])?;
    }
    Ok(true)
}

/// MetaSchedule's `AutoInline` as its CPU rules configure it, as a sampled knob: a spatial
/// block that is one store of an expression into an intermediate buffer may be inlined into the
/// blocks that read it (its value recomputed where it is read, the buffer gone); never a
/// `T.if_then_else` (a CPU keeps padding as a stage of its own) or a block that only copies.
fn auto_inline(sch: &mut Schedule) -> Result<(), ScheduleError> {
    let params: Vec<crate::tir::ast::Buffer> = sch.func().buffer_map.iter().map(|(_, b)| b.clone()).collect();
    let mut names = Vec::new();
    crate::tir::schedule::walk_blocks(&sch.func().body, &mut Vec::new(), &mut |_, _, b| {
        let StmtKind::BufferStore { buffer, value, .. } = b.body.kind() else { return };
        let spatial = b.init.is_none() && b.iter_vars.iter().all(|iv| iv.iter_type == IterType::DataPar);
        let mut guarded = false;
        crate::tir::visit::walk_expr(value, &mut |e| {
            guarded |= matches!(e.kind(), ExprKind::Call(Callee::Builtin(n), _) if &**n == "tir.if_then_else")
                || matches!(e.kind(), ExprKind::Select(..));
        });
        let copy = matches!(value.kind(), ExprKind::BufferLoad(..));
        if b.name != "root" && spatial && !guarded && !copy && !params.contains(buffer) {
            names.push(b.name.clone());
        }
    });
    for name in names {
        let block = sch.get_block(&name)?;
        // A knob: recomputing the value in every reader can cost more than the stage saves
        // (a softmax's `exp` read by both the sum and the normalization).
        let choice = sch.sample_categorical(&[0, 1], &[0.5, 0.5], None)?;
        if sch.get(choice)? == 1 {
            // A block the primitive refuses (a consumer reading a window of it) stays a stage.
            let _ = sch.compute_inline(block);
        }
    }
    Ok(())
}

/// One block: elementwise, or a reduction (spatial loops first) in one of two structures.
fn schedule_block(sch: &mut Schedule, name: &str, kinds: &[bool]) -> Result<(), ScheduleError> {
    let kinds = kinds.to_vec();
    let block = sch.get_block(name)?;
    let loops = sch.get_loops(block)?;
    if loops.len() != kinds.len() {
        return Ok(());
    }
    if kinds.iter().all(|&reduce| !reduce) {
        return elementwise(sch, &loops);
    }
    // Spatial loops must come first for the S..R..R..S.. order.
    let first_reduce = kinds.iter().position(|&r| r).unwrap_or(kinds.len());
    if kinds[first_reduce..].iter().any(|&r| !r) {
        return Ok(());
    }
    if rfactor_fits(sch, name, first_reduce) {
        let choice = sch.sample_categorical(&[0, 1], &[0.5, 0.5], None)?;
        if sch.get(choice)? == 1 {
            return rfactor(sch, block, &loops, first_reduce);
        }
    }
    if first_reduce == 0 {
        // A whole reduction to one value: nothing to tile but the reduction.
        return Ok(());
    }
    // Three structures: the accumulator tile as wide as the inner loops, a register tile, or
    // MetaSchedule's multi-level tiling.
    let structure = sch.sample_categorical(&[0, 1, 2], &[0.25, 0.5, 0.25], None)?;
    match sch.get(structure)? {
        1 => return register_tile(sch, name, block, &loops, &kinds),
        2 => return multi_level_tile(sch, name, block, &loops, &kinds),
        _ => {}
    }
    let packable = packable_read(sch, name);
    let mut outer_s = Vec::new();
    let mut inner_s = Vec::new();
    let mut outer_r = Vec::new();
    let mut inner_r = Vec::new();
    let mut lanes = 1;
    for (k, &l) in loops.iter().enumerate() {
        let reduce = kinds[k];
        let (parts, innermost) = tiled(sch, l, 2, if reduce { 16 } else { 64 })?;
        if reduce {
            outer_r.push(parts[0]);
            inner_r.push(parts[1]);
        } else {
            outer_s.push(parts[0]);
            inner_s.push(parts[1]);
            lanes = innermost;
        }
    }
    let order: Vec<LoopRV> = outer_s.iter().chain(&outer_r).chain(&inner_r).chain(&inner_s).copied().collect();
    let (cache, fused) = accumulate(sch, block, "local", &order, &outer_s, &outer_s)?;
    if let Some(operand) = &packable {
        pack(sch, block, operand, lanes)?;
    }
    unroll_step(sch, fused)?;
    finish(sch, block, cache, inner_s.last().copied(), outer_r[0])
}

/// Whether [`rfactor`] is offered for a block (MetaSchedule's `AddRFactor` condition for a
/// block without data reuse): every read indexed by every spatial variable (a row reduction;
/// matmul's reads are not), and constant reduction extents of at least 8 elements in all (two
/// `f32x4` registers of partial results).
fn rfactor_fits(sch: &Schedule, name: &str, first_reduce: usize) -> bool {
    let mut reduced = None;
    let mut reuse = true;
    crate::tir::schedule::walk_blocks(&sch.func().body, &mut Vec::new(), &mut |loops, _, b| {
        if b.name != name {
            return;
        }
        let extents = loops.iter().filter_map(|l| match l.kind() {
            StmtKind::For { extent, .. } => Some(extent.as_int()),
            _ => None,
        });
        reduced = extents.skip(first_reduce).try_fold(1i64, |n, e| e.map(|e| n.saturating_mul(e)));
        let spatial = b.iter_vars.iter().filter(|iv| iv.iter_type == IterType::DataPar);
        reuse = spatial.clone().any(|iv| {
            b.reads.iter().any(|r| {
                !r.region.iter().any(|x| {
                    crate::tir::region::uses_var(&x.min, iv.var.id())
                        || crate::tir::region::uses_var(&x.extent, iv.var.id())
                })
            })
        });
    });
    reduced.is_some_and(|n| n >= 8) && !reuse
}

/// MetaSchedule's `AddRFactor` for a CPU: the reduction loops fused and split in two (the inner
/// at most 64, sampled), the inner one factored out (`rfactor`) into partial results laid out
/// last (`NAME_rf[.., k_1]`), so the partial block reduces contiguous elements into a vector of
/// partial results; its spatial loops (if any: a whole reduction has none) fused and parallel,
/// the vector loop vectorized, its init decomposed out of the outer reduction loop; the final
/// reduction of the partial results computed under the same parallel loop, its init decomposed
/// too.
fn rfactor(
    sch: &mut Schedule,
    block: crate::tir::schedule::BlockRV,
    loops: &[LoopRV],
    first_reduce: usize,
) -> Result<(), ScheduleError> {
    let (spatial, reduce) = loops.split_at(first_reduce);
    let r = if reduce.len() > 1 { sch.fuse(reduce)? } else { reduce[0] };
    let parts = tile(sch, r, 2, 64)?;
    let partial = sch.rfactor(parts[1], -1)?;
    let partial_loops = sch.get_loops(partial)?;
    let (outer, inner) = partial_loops.split_at(spatial.len());
    let (Some(&outer_reduce), Some(&lanes)) = (inner.first(), inner.last()) else {
        return Err(ScheduleError { primitive: "rfactor", message: "no reduction loops left".into() });
    };
    sch.vectorize(lanes)?;
    let fused = match outer {
        [] => None,
        [one] => Some(*one),
        _ => Some(sch.fuse(outer)?),
    };
    if let Some(fused) = fused {
        sch.parallel(fused)?;
    }
    unroll_step(sch, fused.unwrap_or(outer_reduce))?;
    sch.decompose_reduction(partial, outer_reduce)?;
    // The final reduction under the parallel loop (a whole reduction's stays at the root).
    if let Some(fused) = fused {
        sch.reverse_compute_at(block, fused)?;
    }
    let final_loops = sch.get_loops(block)?;
    if let Some(&l) = final_loops.get(usize::from(fused.is_some())) {
        sch.decompose_reduction(block, l)?;
    }
    Ok(())
}

/// A register tile: every spatial loop tiled in three (outer, middle, and an inner tile of at
/// most 8 rows or, for the last spatial loop, 16 lanes), every reduction loop in two, ordered
/// `S.. S.. R.. R.. S..`; the output accumulated in a `"local"` cache written back under the
/// last middle loop, the outer loops fused and parallel, the tile's rows unrolled and its last
/// loop vectorized, so that promotion keeps the whole tile in registers across the reduction.
fn register_tile(
    sch: &mut Schedule,
    name: &str,
    block: crate::tir::schedule::BlockRV,
    loops: &[LoopRV],
    kinds: &[bool],
) -> Result<(), ScheduleError> {
    let packable = packable_read(sch, name);
    let last_spatial = kinds.iter().rposition(|&r| !r).unwrap_or(0);
    let (mut outer_s, mut mid_s, mut inner_s, mut outer_r, mut inner_r) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut lanes = 1;
    for (k, &l) in loops.iter().enumerate() {
        if kinds[k] {
            let parts = tile(sch, l, 2, 16)?;
            outer_r.push(parts[0]);
            inner_r.push(parts[1]);
        } else {
            let (parts, innermost) = tiled(sch, l, 3, if k == last_spatial { 16 } else { 8 })?;
            if k == last_spatial {
                lanes = innermost;
            }
            outer_s.push(parts[0]);
            mid_s.push(parts[1]);
            inner_s.push(parts[2]);
        }
    }
    let order: Vec<LoopRV> =
        outer_s.iter().chain(&mid_s).chain(&outer_r).chain(&inner_r).chain(&inner_s).copied().collect();
    let (cache, _) = accumulate(sch, block, "local", &order, &mid_s, &outer_s)?;
    if let Some(operand) = &packable {
        pack(sch, block, operand, lanes)?;
    }
    if let Some((_, rows)) = inner_s.split_last() {
        for &r in rows {
            sch.unroll(r)?;
        }
    }
    finish(sch, block, cache, inner_s.last().copied(), outer_r[0])
}

/// A read operand worth packing (see [`packable_read`]).
struct Packable {
    /// Its index in the block's reads (`cache_read`'s `read_buffer_index`).
    read: usize,
    /// The buffer's rank, and the extent and index type of its last dimension.
    rank: usize,
    extent: i64,
    index_type: crate::tir::DataType,
}

/// A read operand of block `name` worth packing: a parameter of two or more dimensions of
/// constant last extent whose last index is the block's last spatial variable and which some
/// other spatial variable does not index (matmul's `B[k, j]`: every row of the output reads it
/// again). The first such read.
fn packable_read(sch: &Schedule, name: &str) -> Option<Packable> {
    let params: Vec<crate::tir::ast::Buffer> = sch.func().buffer_map.iter().map(|(_, b)| b.clone()).collect();
    let mut found = None;
    crate::tir::schedule::walk_blocks(&sch.func().body, &mut Vec::new(), &mut |_, _, b| {
        if b.name != name || found.is_some() {
            return;
        }
        let spatial: Vec<&crate::tir::ast::Var> =
            b.iter_vars.iter().filter(|iv| iv.iter_type == IterType::DataPar).map(|iv| &iv.var).collect();
        let Some(&last) = spatial.last() else { return };
        found = b.reads.iter().enumerate().find_map(|(read, r)| {
            let (lead, [tail]) = r.region.split_at(r.region.len().checked_sub(1)?) else { return None };
            let by_last =
                matches!(tail.min.kind(), ExprKind::Var(v) if v.id() == last.id()) && tail.extent.as_int() == Some(1);
            let uses = |v: &crate::tir::ast::Var| {
                r.region.iter().any(|x| {
                    crate::tir::region::uses_var(&x.min, v.id()) || crate::tir::region::uses_var(&x.extent, v.id())
                })
            };
            let reused = spatial.iter().any(|v| !uses(v));
            let dim = r.buffer.shape().last()?;
            (by_last && reused && !lead.is_empty() && params.contains(&r.buffer)).then_some(Packable {
                read,
                rank: r.region.len(),
                extent: dim.as_int()?,
                index_type: dim.dtype(),
            })
        });
    });
    found
}

/// Packing as a sampled knob (off or on): the operand copied into a `"global"` buffer laid out
/// `(j // lanes, ..., j % lanes)` (the last dimension cut into tiles of the vectorized width),
/// so that each register tile streams one contiguous block of it instead of one cache line per
/// row; the copy runs parallel over its first loop and vectorized over the tile. Only where
/// `lanes` (at least 4) divides the last dimension's extent.
fn pack(
    sch: &mut Schedule,
    block: crate::tir::schedule::BlockRV,
    operand: &Packable,
    lanes: i64,
) -> Result<(), ScheduleError> {
    use crate::tir::ast::{BinOp, PrimExpr, Var};
    if lanes < 4 || operand.extent % lanes != 0 {
        return Ok(());
    }
    let choice = sch.sample_categorical(&[0, 1], &[0.5, 0.5], None)?;
    if sch.get(choice)? == 0 {
        return Ok(());
    }
    let copy = sch.cache_read(block, operand.read, "global")?;
    let loops = sch.get_loops(copy)?;
    let dims = operand.rank;
    if loops.len() != dims {
        // Not one loop per dimension: the copy stays in the operand's layout.
        return Ok(());
    }
    let params: Vec<Var> = (0..dims).map(|k| Var::new(&format!("i{k}"), operand.index_type)).collect();
    let (last, t) = (PrimExpr::var(&params[dims - 1]), PrimExpr::int_of(lanes, operand.index_type));
    let mut results = vec![PrimExpr::binary(BinOp::FloorDiv, last.clone(), t.clone())];
    results.extend(params[..dims - 1].iter().map(PrimExpr::var));
    results.push(PrimExpr::binary(BinOp::FloorMod, last, t));
    sch.transform_layout(copy, false, 0, &crate::tir::schedule::IndexMap { params, results })?;
    let parts = sch.split_by(loops[dims - 1], &[Factor::Inferred, Factor::Const(lanes)])?;
    sch.vectorize(parts[1])?;
    sch.parallel(loops[0])?;
    Ok(())
}

/// MetaSchedule's `MultiLevelTiling` as its CPU rules configure it (`SSRSRS`): every spatial
/// loop tiled in four (innermost at most 64), every reduction loop in two, ordered
/// `S0.. S1.. R0.. S2.. R1.. S3..`; the output accumulated in a `"global"` cache written back
/// under the last loop of `S0` or of `S1` (sampled), the `S0` loops fused and parallel, the
/// innermost loop vectorized (and the write-back's), an unroll step sampled from
/// `[0, 16, 64, 512]`, and the reduction's init decomposed out of `R0`. The tile of `S2 x S3`
/// is revisited for every `R1` step from memory (`S2`'s loop runs inside `R0`), which is what
/// lets the weights of a convolution stay in registers across `S2`.
fn multi_level_tile(
    sch: &mut Schedule,
    name: &str,
    block: crate::tir::schedule::BlockRV,
    loops: &[LoopRV],
    kinds: &[bool],
) -> Result<(), ScheduleError> {
    let packable = packable_read(sch, name);
    let (mut s, mut r): ([Vec<LoopRV>; 4], [Vec<LoopRV>; 2]) = Default::default();
    let mut lanes = 1;
    for (k, &l) in loops.iter().enumerate() {
        if kinds[k] {
            for (level, part) in tile(sch, l, 2, 64)?.into_iter().enumerate() {
                r[level].push(part);
            }
        } else {
            let (parts, innermost) = tiled(sch, l, 4, 64)?;
            lanes = innermost;
            for (level, part) in parts.into_iter().enumerate() {
                s[level].push(part);
            }
        }
    }
    let order: Vec<LoopRV> =
        s[0].iter().chain(&s[1]).chain(&r[0]).chain(&s[2]).chain(&r[1]).chain(&s[3]).copied().collect();
    let level = sch.sample_categorical(&[0, 1], &[0.5, 0.5], None)?;
    let anchor = if sch.get(level)? == 0 { s[0].clone() } else { s[1].clone() };
    let (cache, fused) = accumulate(sch, block, "global", &order, &anchor, &s[0])?;
    if let Some(operand) = &packable {
        pack(sch, block, operand, lanes)?;
    }
    unroll_step(sch, fused)?;
    finish(sch, block, cache, s[3].last().copied(), r[0][0])
}

/// The innermost spatial loop vectorized and the write-back's, the reduction's init
/// decomposed out of the outer reduction loop.
fn finish(
    sch: &mut Schedule,
    block: crate::tir::schedule::BlockRV,
    cache: crate::tir::schedule::BlockRV,
    innermost: Option<LoopRV>,
    outer_reduce: LoopRV,
) -> Result<(), ScheduleError> {
    if let Some(v) = innermost {
        sch.vectorize(v)?;
    }
    let cache_loops = sch.get_loops(cache)?;
    if let Some(&v) = cache_loops.last()
        && cache_loops.len() > 1
    {
        sch.vectorize(v)?;
    }
    sch.decompose_reduction(block, outer_reduce)?;
    Ok(())
}

/// An unroll step sampled from `[0, 16, 64, 512]` for the nest under `fused`, as MetaSchedule's
/// `unroll_explicit`: 0 writes no annotation (the nest keeps lowering's default unrolling of
/// small inner loops, as LLVM unrolls for TVM; an annotation of 0 would forbid it).
fn unroll_step(sch: &mut Schedule, fused: LoopRV) -> Result<(), ScheduleError> {
    let unroll = sch.sample_categorical(&[0, 16, 64, 512], &[0.25; 4], None)?;
    if sch.get(unroll)? > 0 {
        sch.annotate_with(BlockOrLoop::Loop(fused), "pragma_auto_unroll_max_step", AnnValue::Sampled(unroll))?;
    }
    Ok(())
}

/// `l` split in `n` by a sampled perfect tiling (innermost at most `max_innermost`).
fn tile(sch: &mut Schedule, l: LoopRV, n: usize, max_innermost: i64) -> Result<Vec<LoopRV>, ScheduleError> {
    Ok(tiled(sch, l, n, max_innermost)?.0)
}

/// [`tile`], and the innermost factor sampled.
fn tiled(sch: &mut Schedule, l: LoopRV, n: usize, max_innermost: i64) -> Result<(Vec<LoopRV>, i64), ScheduleError> {
    let tiles = sch.sample_perfect_tile(l, n, max_innermost, None)?;
    let factors: Vec<Factor> = tiles.iter().map(|&t| t.into()).collect();
    let innermost = match tiles.last() {
        Some(&t) => sch.get(t)?,
        None => 1,
    };
    Ok((sch.split_by(l, &factors)?, innermost))
}

/// Loops in `order`; the block's output accumulated in a cache of `scope` written back under
/// the last of `anchor`; the `outer` loops fused and parallel. The cache block and the fused loop.
fn accumulate(
    sch: &mut Schedule,
    block: crate::tir::schedule::BlockRV,
    scope: &str,
    order: &[LoopRV],
    anchor: &[LoopRV],
    outer: &[LoopRV],
) -> Result<(crate::tir::schedule::BlockRV, LoopRV), ScheduleError> {
    let none = |what: &str| ScheduleError { primitive: "reverse_compute_at", message: format!("no {what} loop") };
    let (&last, &first) = (anchor.last().ok_or_else(|| none("anchor"))?, outer.first().ok_or_else(|| none("outer"))?);
    sch.reorder(order)?;
    let cache = sch.cache_write(block, 0, scope)?;
    sch.reverse_compute_at(cache, last)?;
    let fused = if outer.len() > 1 { sch.fuse(outer)? } else { first };
    sch.parallel(fused)?;
    Ok((cache, fused))
}

/// An elementwise block: the innermost loop split for vectorization, the outer ones fused and
/// parallel.
fn elementwise(sch: &mut Schedule, loops: &[LoopRV]) -> Result<(), ScheduleError> {
    let Some((&last, outer)) = loops.split_last() else { return Ok(()) };
    let parts = tile(sch, last, 2, 64)?;
    sch.vectorize(parts[1])?;
    let mut par: Vec<LoopRV> = outer.to_vec();
    par.push(parts[0]);
    let fused = if par.len() > 1 { sch.fuse(&par)? } else { par[0] };
    sch.parallel(fused)?;
    Ok(())
}

/// Every block with loops of its own (not the root), in order: its name, for each of its loops
/// whether a reduction variable's binding uses it, and the buffers it writes.
fn blocks(sch: &Schedule) -> Vec<(String, Vec<bool>, Vec<crate::tir::ast::Buffer>)> {
    let mut out = Vec::new();
    crate::tir::schedule::walk_blocks(&sch.func().body, &mut Vec::new(), &mut |loops, realize, block| {
        let StmtKind::BlockRealize { values, .. } = realize.kind() else { return };
        let kinds: Vec<bool> = loops
            .iter()
            .filter_map(|l| match l.kind() {
                StmtKind::For { var, .. } => Some(var.id()),
                _ => None,
            })
            .map(|id| {
                block
                    .iter_vars
                    .iter()
                    .zip(values)
                    .any(|(iv, v)| iv.iter_type == IterType::CommReduce && crate::tir::region::uses_var(v, id))
            })
            .collect();
        if block.name != "root" && !kinds.is_empty() {
            out.push((block.name.clone(), kinds, block.writes.iter().map(|w| w.buffer.clone()).collect()));
        }
    });
    out
}
