//! TVM's stage-pipeline requirement on a block's scope (`GetScopeRoot(.., require_stage_pipeline
//! = true)`), which the primitives that move or merge computations check before they touch it
//! (`compute_at`, `reverse_compute_at`, `compute_inline`, `reverse_compute_inline`, `rfactor`,
//! `pad_einsum`): among the scope's child blocks, in program order,
//! - no block writes a buffer an earlier block reads (a write-after-read dependency: moving
//!   the reader after the writer, or the writer before it, changes what it reads);
//! - the region each block reads of a buffer earlier blocks write is covered by what those
//!   writers produce, relaxed over the loops below their lowest common loop with the reader
//!   (TVM's region cover; a reader of more than is produced reads inputs too, and a primitive
//!   that narrows the producer to the reader's needs would change them).
//!
//! Where the cover cannot be decided (symbolic regions whose bounds differ by more than a
//! constant), the scope is taken as covered.

use rustc_hash::FxHashMap as HashMap;

use super::tree::{self, ForParts};
use crate::tir::arith::linear;
use crate::tir::ast::*;

/// Why the scope of the block of `realize` (in `root`) is not a stage pipeline, if it is not.
pub(super) fn stage_pipeline_error(root: &Stmt, realize: &Stmt) -> Option<String> {
    let scope = tree::scope_of(root, realize)?;
    let StmtKind::BlockRealize { block: scope_block, .. } = scope.kind() else { return None };
    let children = tree::outer_blocks(&scope_block.body);
    let fail = |why: String| {
        Some(format!(
            "The scope {} is not a stage pipeline: {why}. A stage pipeline has no write-after-read dependency and every block's reads are covered by the blocks before it that write them",
            scope_block.name
        ))
    };
    // The blocks that read each buffer so far, and those that write it, by position.
    let mut first_reader: HashMap<&Buffer, usize> = HashMap::default();
    let mut writers: HashMap<&Buffer, Vec<usize>> = HashMap::default();
    for (j, (c_loops, c_realize, block)) in children.iter().enumerate() {
        for w in &block.writes {
            if let Some(&k) = first_reader.get(&w.buffer) {
                return fail(format!(
                    "block {} writes {} after block {} reads it",
                    block.name,
                    w.buffer.name(),
                    children[k].2.name
                ));
            }
        }
        for read in &block.reads {
            // The earlier writers of the buffer, grouped by their lowest common loop with the
            // reader (the number of loops the paths share).
            let mut groups: Vec<(usize, Vec<BufferRegion>)> = Vec::new();
            for &k in writers.get(&read.buffer).map_or(&[][..], Vec::as_slice) {
                let (p_loops, p_realize, producer) = &children[k];
                for w in producer.writes.iter().filter(|w| w.buffer == read.buffer) {
                    let shared = c_loops.iter().zip(p_loops).take_while(|(a, b)| a.same_node(b)).count();
                    // (A producer region that is not a box: the cover is not decided.)
                    let b = relaxed_box(p_loops, p_realize, w, shared)?;
                    let region = BufferRegion {
                        buffer: w.buffer.clone(),
                        region: b.into_iter().map(|(min, extent)| Range { min, extent }).collect(),
                    };
                    match groups.iter_mut().find(|(s, _)| *s == shared) {
                        Some((_, v)) => v.push(region),
                        None => groups.push((shared, vec![region])),
                    }
                }
            }
            for (shared, produced) in groups {
                let Some(consumed) = relaxed_box(c_loops, c_realize, read, shared) else { continue };
                if !covers(&produced, &consumed, read.buffer.shape()) {
                    return fail(format!(
                        "the region of {} block {} reads is not covered by what the blocks before it write",
                        read.buffer.name(),
                        block.name
                    ));
                }
            }
        }
        // (After its own writes: a block that reads and writes a buffer is no hazard to itself.)
        for r in &block.reads {
            first_reader.entry(&r.buffer).or_insert(j);
        }
        for w in &block.writes {
            let list = writers.entry(&w.buffer).or_default();
            if list.last() != Some(&j) {
                list.push(j);
            }
        }
    }
    None
}

/// The box `region` of the block of `realize` covers as the loops of `loops` below the first
/// `shared` run (those above stay symbolic).
fn relaxed_box(
    loops: &[Stmt],
    realize: &Stmt,
    region: &BufferRegion,
    shared: usize,
) -> Option<Vec<(PrimExpr, PrimExpr)>> {
    let StmtKind::BlockRealize { predicate, .. } = realize.kind() else { return None };
    let site = tree::BlockSite { loops: loops.to_vec(), realize: realize.clone() };
    let outer: Vec<ForParts> = loops[..shared].iter().filter_map(ForParts::of).collect();
    super::blocks::symbolic_box(&site, region, &loops[shared..], &outer, Some(predicate))
}

/// Whether the union of `produced` (boxes of one buffer) provably fails to cover `consumed`
/// in some dimension, both clipped to the buffer's `shape` — negated: `false` only where a
/// constant difference shows a gap.
fn covers(produced: &[BufferRegion], consumed: &[(PrimExpr, PrimExpr)], shape: &[PrimExpr]) -> bool {
    consumed.iter().enumerate().all(|(d, (cmin, cext))| {
        let dims: Vec<&Range> = produced.iter().filter_map(|p| p.region.get(d)).collect();
        let end = |m: &PrimExpr, e: &PrimExpr| PrimExpr::binary(BinOp::Add, m.clone(), e.clone());
        let diff = |a: &PrimExpr, b: &PrimExpr| linear(&PrimExpr::binary(BinOp::Sub, a.clone(), b.clone())).as_const();
        let cend = end(cmin, cext);
        // Constant bounds: clipped to the buffer, then the produced boxes' union must hold the
        // consumed interval (the boxes sorted, each starting no later than the covered end).
        let all_const = cmin.as_int().is_some()
            && cext.as_int().is_some()
            && dims.iter().all(|r| r.min.as_int().is_some() && r.extent.as_int().is_some());
        if all_const {
            let size = shape.get(d).and_then(PrimExpr::as_int).unwrap_or(i64::MAX);
            let clip = |lo: i64, n: i64| (lo.max(0), lo.saturating_add(n).min(size));
            let (lo, hi) = clip(cmin.as_int().unwrap_or(0), cext.as_int().unwrap_or(0));
            if lo >= hi {
                return true;
            }
            let mut spans: Vec<(i64, i64)> = dims
                .iter()
                .map(|r| clip(r.min.as_int().unwrap_or(0), r.extent.as_int().unwrap_or(0)))
                .filter(|(a, b)| a < b)
                .collect();
            spans.sort_unstable();
            let mut reach = lo;
            for (a, b) in spans {
                if a > reach {
                    break;
                }
                reach = reach.max(b);
            }
            return reach >= hi;
        }
        // Symbolic bounds: some produced box whose bounds differ from the consumed ones by
        // constants must hold them; a box that provably does not leaves a gap.
        let decided: Vec<bool> = dims
            .iter()
            .filter_map(|r| {
                let (lo, hi) = (diff(cmin, &r.min)?, diff(&end(&r.min, &r.extent), &cend)?);
                Some(lo >= 0 && hi >= 0)
            })
            .collect();
        decided.is_empty() || decided.iter().any(|&ok| ok) || dims.len() > decided.len()
    })
}
