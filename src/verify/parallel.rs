//! Large modules are verified on every thread of rayon's pool: a module's top-level ops are
//! independent of each other's insides (they share only the symbol table), so slices of them are
//! checked apart and their diagnostics joined in order, giving exactly what one walk gives:
//! structure errors first (all of them, or the first), then dominance errors.

use rayon::prelude::*;

use super::{dominance, structure};
use crate::ir::{Diagnostic, Module, Op};

/// Below this many ops a module is verified on the calling thread: handing work to the pool
/// costs more than it saves (a tuning loop's kernels are far smaller).
const PARALLEL_MIN_OPS: usize = 16_384;

/// The diagnostics of verifying `m` in slices, or `None` when it is small, the pool has one
/// thread, or its body is not one block of independent ops.
pub(super) fn run(m: &Module, stop_at_first: bool, dominance: bool) -> Option<Vec<Diagnostic>> {
    let threads = rayon::current_num_threads();
    if threads < 2 || m.num_ops() < PARALLEL_MIN_OPS || !structure::top_is_sliceable(m) {
        return None;
    }
    let first_or_all = |mut diags: Vec<Diagnostic>| {
        if stop_at_first {
            diags.truncate(1);
        }
        diags
    };
    let cx = structure::check_top_op(m);
    if !cx.diags.is_empty() {
        return Some(first_or_all(cx.diags));
    }
    let ops: &[Op] = &m.block(m.top_block()).ops;
    if ops.len() < 2 {
        return None;
    }
    // A few slices per thread evens out functions of different sizes.
    let slices: Vec<&[Op]> = ops.chunks(ops.len().div_ceil(threads * 2)).collect();
    let results: Vec<(Vec<Diagnostic>, Vec<Diagnostic>)> = slices
        .par_iter()
        .map(|ops| {
            let structure = structure::check_slice(cx.sibling(), ops, stop_at_first);
            // With a structure error anywhere, dominance is not reported (as in one walk).
            let dominance = if structure.is_empty() && dominance {
                dominance::check_slice(m, ops, stop_at_first)
            } else {
                Vec::new()
            };
            (structure, dominance)
        })
        .collect();
    let (structure, dominance): (Vec<_>, Vec<_>) = results.into_iter().unzip();
    let structure: Vec<Diagnostic> = structure.into_iter().flatten().collect();
    if !structure.is_empty() {
        return Some(first_or_all(structure));
    }
    Some(first_or_all(dominance.into_iter().flatten().collect()))
}
