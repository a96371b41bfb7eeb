//! Loads that may move: which of a function's loads codegen compiles as pure loads.
//!
//! Cranelift's e-graph treats a pure load (`readonly`, `notrap`, `can_move`) like arithmetic:
//! it computes it just before its first use, merges repeated ones and moves invariant ones out
//! of loops. For an unrolled window (a convolution row's 18 multiply-adds) that is the
//! difference between its loads interleaving with the arithmetic and all of them waiting in
//! registers first, spilling the weights (TVM's MetaSchedule conv2d: 6.5 -> 4.4 ms).
//!
//! A load may move when both hold:
//! - **In bounds wherever it goes.** The TIR lowering proved its elements inside the memref from
//!   the ranges of the loop variables alone (not from a condition around it), so it reads
//!   inside its buffer for any values its operands take.
//! - **Its memory does not change where it may go.** The load's index depends on header
//!   arguments of its *anchor*: the innermost enclosing loop whose header it reaches (a loop
//!   variable, a strength-reduced or carried sum). Cranelift cannot move it out of that loop's
//!   iteration, only up to the start of the iteration (out of inner loops) or down to a use,
//!   and a use is reached along a path that runs forward in the program (a value only goes
//!   round a loop through a header argument, which the loop's back edge uses). So nothing
//!   lowered from the anchor's start on may write the load's memory: no store to it, no call
//!   (which could write anything), and no `dealloc` of it with a read after it (a local kept
//!   in a register can carry a value loaded before the free to a use after it).
//!
//! Memory is told apart by its root: a function parameter or an allocation. Allocations are
//! distinct, and parameters of a function the engine calls do not overlap (its binder checks,
//! the spec's PrimFunc rule 1.ii.e); the parameters of a function another function of the
//! module calls may alias, and are then one memory.
//!
//! "From the anchor's start on" is measured by op creation order: the lowering creates ops in
//! program order (only pure index arithmetic is placed in preheaders later).

use cranelift_entity::EntityRef;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::dialect::{registry, standard as S, vector as V};
use crate::ir::{Block, Module, Op, Region, Value, ValueDef};

/// A load proven in bounds, with what decides whether it may move.
pub(super) struct Candidate {
    /// The `load` or `vector.load`.
    pub load: Op,
    /// The memref it reads.
    pub memref: Value,
    /// The index of the first op lowered in its anchor loop (0: the function).
    pub from: usize,
}

/// The most values followed when looking for a load's anchor (a deeper search keeps the
/// outermost anchor found so far: a larger region to check, never a wrong answer).
const MAX_FOLLOWED: usize = 512;

/// The start (first op index) of the innermost loop whose header arguments `values` depend
/// on, through pure ops; `loop_start(block)` gives a loop header's start. 0 when none.
pub(super) fn anchor(m: &Module, values: &[Value], loop_start: impl Fn(Block) -> Option<usize>) -> usize {
    let mut from = 0;
    let mut seen: HashSet<Value> = HashSet::default();
    let mut stack: Vec<Value> = values.to_vec();
    while let Some(v) = stack.pop() {
        if !seen.insert(v) || seen.len() > MAX_FOLLOWED {
            continue;
        }
        match m.value(v).def {
            ValueDef::Arg(block, _) => {
                if let Some(start) = loop_start(block) {
                    from = from.max(start);
                }
            }
            ValueDef::Detached => {}
            ValueDef::Result(op, _) => {
                if registry().get(m.op_name(op)).is_some_and(|d| d.traits.pure) {
                    stack.extend(m.op(op).operands.iter().copied());
                }
            }
        }
    }
    from
}

/// Where a memref's memory comes from.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Root {
    /// A parameter of the function (its entry block's argument), or all of them when they may
    /// alias.
    Param(Option<Value>),
    /// An allocation's result.
    Alloc(Value),
}

/// The memory `v` views, when known.
fn root(m: &Module, entry: Block, params_alias: bool, mut v: Value) -> Option<Root> {
    for _ in 0..64 {
        match m.value(v).def {
            ValueDef::Arg(b, _) if b == entry => return Some(Root::Param((!params_alias).then_some(v))),
            ValueDef::Arg(..) | ValueDef::Detached => return None,
            ValueDef::Result(op, _) => {
                if S::ALLOC.is(m, op) || S::ALLOCA.is(m, op) || S::ALLOC_STATIC.is(m, op) {
                    return Some(Root::Alloc(v));
                }
                // A view (reshape, cast, view): the memory of its memref operand.
                v = *m.op(op).operands.iter().find(|&&x| m.value_type(x).as_memref().is_some())?;
            }
        }
    }
    None
}

/// The candidates of the function `region` whose memory nothing writes from their anchor on.
/// `params_alias`: another function of the module calls this one.
pub(super) fn movable(m: &Module, region: Region, params_alias: bool, candidates: &[Candidate]) -> Vec<Op> {
    let Some(&entry) = m.region(region).blocks.first() else { return Vec::new() };
    // The last op that may take a loaded value from before a `dealloc` on to a use after it: a
    // load (a local promoted to a register carries values past the end of another buffer's
    // scope), a call, or a return of a value.
    let mut last_reader = None;
    m.walk_region(region, |op| {
        let reads = S::LOAD.is(m, op) || V::LOAD.is(m, op) || S::CALL.is(m, op);
        if reads || (S::RETURN.is(m, op) && !m.op(op).operands.is_empty()) {
            last_reader = last_reader.max(Some(op.index()));
        }
    });
    // The last op (index + 1) writing each memory; writes to unknown memory and calls count as
    // writing all of it.
    let mut last_write: HashMap<Root, usize> = HashMap::default();
    let mut last_any = 0;
    m.walk_region(region, |op| {
        let at = op.index() + 1;
        let d = m.op(op);
        // A `dealloc` frees its memory: a movable load must not be placed after it, which
        // Cranelift may do only where a value loaded before it is used after it.
        let freed = S::DEALLOC.is(m, op) && last_reader.is_some_and(|r| r > op.index());
        let written = if S::STORE.is(m, op) || V::STORE.is(m, op) {
            d.operands.get(1).copied()
        } else if freed {
            d.operands.first().copied()
        } else if S::CALL.is(m, op) {
            last_any = last_any.max(at);
            None
        } else {
            let reads_only = S::LOAD.is(m, op) || V::LOAD.is(m, op) || S::DIM.is(m, op) || S::DEALLOC.is(m, op);
            let pure = registry().get(m.op_name(op)).is_some_and(|x| x.traits.pure);
            if !reads_only && !pure && d.operands.iter().any(|&x| m.value_type(x).as_memref().is_some()) {
                // An op this rule does not know that takes memory: it may write it.
                last_any = last_any.max(at);
            }
            None
        };
        if let Some(mem) = written {
            match root(m, entry, params_alias, mem) {
                Some(r) => {
                    let w = last_write.entry(r).or_default();
                    *w = (*w).max(at);
                }
                None => last_any = last_any.max(at),
            }
        }
    });
    candidates
        .iter()
        .filter(|c| {
            let Some(r) = root(m, entry, params_alias, c.memref) else { return false };
            last_any <= c.from && last_write.get(&r).is_none_or(|&w| w <= c.from)
        })
        .map(|c| c.load)
        .collect()
}
