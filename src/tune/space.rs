//! The built-in design space: in the spirit of MetaSchedule's CPU rules, for a function whose
//! main block is a reduction (matmul, conv2d) or elementwise.
//!
//! Every block is scheduled, with its own decisions. A reduction gets one of two structures (a
//! sampled choice). A
//! register tile (`register_tile`): spatial loops in three, the innermost tile small enough to
//! stay in registers across the whole reduction. Or: every spatial loop tiled in two
//! (`sample_perfect_tile`, innermost at most 64) and every reduction loop in two (at most 16),
//! ordered `S.. R.. R.. S..` (outer spatial, outer then inner reduction, inner spatial), the
//! output accumulated in a `"local"` cache written back under the last outer spatial loop, the
//! outer spatial loops fused and run in parallel, the innermost spatial loop vectorized (and the
//! write-back's), an unroll step sampled from `[0, 16, 64, 512]`, and the reduction's init
//! decomposed out of the outer reduction loop. Before that, each elementwise intermediate stage
//! is inlined into its readers or not (a sampled choice; MetaSchedule's `AutoInline`). An elementwise block gets its innermost loop
//! split for vectorization and its outer loops fused and parallel. Blocks that do not fit are
//! left as they are.

use crate::tir::ast::{Callee, ExprKind, IterType, StmtKind};
use crate::tir::schedule::{AnnValue, BlockOrLoop, Factor, LoopRV, Schedule, ScheduleError};

/// Apply the built-in space to `sch` (sampling its decisions).
///
/// # Errors
/// A primitive that refuses the function (the candidate is then skipped by the tuner).
pub fn apply(sch: &mut Schedule) -> Result<(), ScheduleError> {
    auto_inline(sch)?;
    // Every block of the function, in order, each with its own decisions.
    for (name, kinds) in blocks(sch) {
        schedule_block(sch, &name, &kinds)?;
    }
    Ok(())
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
    if kinds[first_reduce..].iter().any(|&r| !r) || first_reduce == 0 {
        return Ok(());
    }
    // Two structures: the accumulator tile as wide as the inner loops, or a register tile.
    let structure = sch.sample_categorical(&[0, 1], &[0.5, 0.5], None)?;
    if sch.get(structure)? == 1 {
        return register_tile(sch, block, &loops, &kinds);
    }
    let mut outer_s = Vec::new();
    let mut inner_s = Vec::new();
    let mut outer_r = Vec::new();
    let mut inner_r = Vec::new();
    for (k, &l) in loops.iter().enumerate() {
        let reduce = kinds[k];
        let parts = tile(sch, l, 2, if reduce { 16 } else { 64 })?;
        if reduce {
            outer_r.push(parts[0]);
            inner_r.push(parts[1]);
        } else {
            outer_s.push(parts[0]);
            inner_s.push(parts[1]);
        }
    }
    let order: Vec<LoopRV> = outer_s.iter().chain(&outer_r).chain(&inner_r).chain(&inner_s).copied().collect();
    let (cache, fused) = accumulate_locally(sch, block, &order, &outer_s, &outer_s)?;
    if let Some(&v) = inner_s.last() {
        sch.vectorize(v)?;
    }
    let cache_loops = sch.get_loops(cache)?;
    if let Some(&v) = cache_loops.last()
        && cache_loops.len() > 1
    {
        sch.vectorize(v)?;
    }
    let unroll = sch.sample_categorical(&[0, 16, 64, 512], &[0.25; 4], None)?;
    sch.annotate_with(BlockOrLoop::Loop(fused), "pragma_auto_unroll_max_step", AnnValue::Sampled(unroll))?;
    sch.decompose_reduction(block, outer_r[0])?;
    Ok(())
}

/// A register tile: every spatial loop tiled in three (outer, middle, and an inner tile of at
/// most 8 rows or, for the last spatial loop, 16 lanes), every reduction loop in two, ordered
/// `S.. S.. R.. R.. S..`; the output accumulated in a `"local"` cache written back under the
/// last middle loop, the outer loops fused and parallel, the tile's rows unrolled and its last
/// loop vectorized, so that promotion keeps the whole tile in registers across the reduction.
fn register_tile(
    sch: &mut Schedule,
    block: crate::tir::schedule::BlockRV,
    loops: &[LoopRV],
    kinds: &[bool],
) -> Result<(), ScheduleError> {
    let last_spatial = kinds.iter().rposition(|&r| !r).unwrap_or(0);
    let (mut outer_s, mut mid_s, mut inner_s, mut outer_r, mut inner_r) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (k, &l) in loops.iter().enumerate() {
        if kinds[k] {
            let parts = tile(sch, l, 2, 16)?;
            outer_r.push(parts[0]);
            inner_r.push(parts[1]);
        } else {
            let parts = tile(sch, l, 3, if k == last_spatial { 16 } else { 8 })?;
            outer_s.push(parts[0]);
            mid_s.push(parts[1]);
            inner_s.push(parts[2]);
        }
    }
    let order: Vec<LoopRV> =
        outer_s.iter().chain(&mid_s).chain(&outer_r).chain(&inner_r).chain(&inner_s).copied().collect();
    let (cache, _) = accumulate_locally(sch, block, &order, &mid_s, &outer_s)?;
    if let Some((&v, rows)) = inner_s.split_last() {
        for &r in rows {
            sch.unroll(r)?;
        }
        sch.vectorize(v)?;
    }
    let cache_loops = sch.get_loops(cache)?;
    if let Some(&v) = cache_loops.last()
        && cache_loops.len() > 1
    {
        sch.vectorize(v)?;
    }
    sch.decompose_reduction(block, outer_r[0])?;
    Ok(())
}

/// `l` split in `n` by a sampled perfect tiling (innermost at most `max_innermost`).
fn tile(sch: &mut Schedule, l: LoopRV, n: usize, max_innermost: i64) -> Result<Vec<LoopRV>, ScheduleError> {
    let tiles = sch.sample_perfect_tile(l, n, max_innermost, None)?;
    let factors: Vec<Factor> = tiles.iter().map(|&t| t.into()).collect();
    sch.split_by(l, &factors)
}

/// Loops in `order`; the block's output accumulated in a `"local"` cache written back under the
/// last of `anchor`; the `outer` loops fused and parallel. The cache block and the fused loop.
fn accumulate_locally(
    sch: &mut Schedule,
    block: crate::tir::schedule::BlockRV,
    order: &[LoopRV],
    anchor: &[LoopRV],
    outer: &[LoopRV],
) -> Result<(crate::tir::schedule::BlockRV, LoopRV), ScheduleError> {
    let none = |what: &str| ScheduleError { primitive: "reverse_compute_at", message: format!("no {what} loop") };
    let (&last, &first) = (anchor.last().ok_or_else(|| none("anchor"))?, outer.first().ok_or_else(|| none("outer"))?);
    sch.reorder(order)?;
    let cache = sch.cache_write(block, 0, "local")?;
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

/// Every block with loops of its own (not the root), in order, and for each of its loops
/// whether a reduction variable's binding uses it.
fn blocks(sch: &Schedule) -> Vec<(String, Vec<bool>)> {
    let mut out: Vec<(String, Vec<bool>)> = Vec::new();
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
            out.push((block.name.clone(), kinds));
        }
    });
    out
}
