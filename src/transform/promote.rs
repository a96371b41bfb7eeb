//! Scalar promotion's rule, for both front ends: which elements a loop keeps returning to may
//! live in registers across its iterations instead of memory.
//!
//! Each front end describes a loop body's loads and stores as [`Access`]es and asks [`select`];
//! it then rewrites the loop in its own form: TIR reads each element into a one-element local
//! buffer before the loop and writes it back after (`tir::transform::promote`; codegen keeps
//! such buffers in registers), an affine loop carries the element in a register and still
//! stores it every iteration (`dialect::affine`). Conditions on the body the rule cannot see
//! (calls, parallel or guarded accesses) the front end checks first.
//!
//! The rule: a memory's elements may be promoted when the loop stores to it, every store to it
//! (and, when written back after the loop, every load too) is at an element that does not
//! change during the loop, its different elements provably never overlap, there are few of
//! them, and no access to a memory that might share its bytes could see or change them behind
//! the register's back.
//!
//! ```
//! use strata::transform::promote::{Access, WriteBack, select};
//! use strata::transform::vectorize::Overlap;
//! // for k: C[i, j] += A[i, k] * B[k, j] — C's one element stays in a register.
//! let acc = [
//!     Access { memory: "C", element: Some("i, j"), store: false },
//!     Access { memory: "A", element: None, store: false },
//!     Access { memory: "B", element: None, store: false },
//!     Access { memory: "C", element: Some("i, j"), store: true },
//! ];
//! let p = select(&acc, WriteBack::AfterLoop, |_, _| Overlap::Never, |_, _, _| false);
//! assert_eq!(p.len(), 1);
//! assert_eq!((p[0].memory, p[0].elements.as_slice()), ("C", ["i, j"].as_slice()));
//! ```

use super::vectorize::Overlap;

/// A load or store of a loop body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access<M, E> {
    /// The memory it addresses (a buffer's data, a memref).
    pub memory: M,
    /// The element, when it does not change during the loop (equal exactly when two accesses
    /// reach the same element); `None` when it does.
    pub element: Option<E>,
    /// A store (else a load).
    pub store: bool,
}

/// When a promoted element goes back to memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteBack {
    /// After every store, as before: loads of the memory elsewhere still read memory.
    EveryIteration,
    /// Once, after the loop: nothing in the loop may read the memory but through the register.
    AfterLoop,
}

/// The elements of one memory to keep in registers, in the order the loop first reaches them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion<M, E> {
    /// The memory.
    pub memory: M,
    /// Its elements.
    pub elements: Vec<E>,
}

/// The most elements of one memory kept in registers across a loop: a register tile.
pub const MAX_ELEMENTS: usize = 8;

/// The memories whose elements may be promoted, in the order the loop first accesses them.
/// `overlap` is asked about two different memories; `disjoint` whether two different elements
/// of a memory never share a byte.
pub fn select<M: PartialEq + Clone, E: PartialEq + Clone>(
    accesses: &[Access<M, E>],
    write_back: WriteBack,
    overlap: impl Fn(&M, &M) -> Overlap,
    disjoint: impl Fn(&M, &E, &E) -> bool,
) -> Vec<Promotion<M, E>> {
    let mut memories: Vec<&M> = Vec::new();
    for a in accesses {
        if !memories.contains(&&a.memory) {
            memories.push(&a.memory);
        }
    }
    let mut out = Vec::new();
    'memories: for &m in &memories {
        let mut elements: Vec<E> = Vec::new();
        let mut stored = false;
        for a in accesses {
            if a.memory != *m {
                // Another memory's access could reach the register's element behind its back:
                // a store always could; a load only when memory is not kept current.
                if (a.store || write_back == WriteBack::AfterLoop) && overlap(m, &a.memory) == Overlap::Unknown {
                    continue 'memories;
                }
                continue;
            }
            stored |= a.store;
            match &a.element {
                Some(e) => {
                    if !elements.contains(e) {
                        elements.push(e.clone());
                    }
                }
                // A load that moves reads memory, current when it is stored every iteration.
                None if !a.store && write_back == WriteBack::EveryIteration => {}
                None => continue 'memories,
            }
        }
        if !stored || elements.len() > MAX_ELEMENTS {
            continue;
        }
        let apart = elements.iter().enumerate().all(|(i, x)| elements[i + 1..].iter().all(|y| disjoint(m, x, y)));
        if apart {
            out.push(Promotion { memory: m.clone(), elements });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acc(memory: u8, element: Option<u8>, store: bool) -> Access<u8, u8> {
        Access { memory, element, store }
    }

    #[test]
    fn elements_must_stay_put_and_apart() {
        let never = |_: &u8, _: &u8| Overlap::Never;
        // C[0] and C[1] of a register tile, provably apart.
        let tile = [acc(0, Some(0), false), acc(0, Some(1), true), acc(0, Some(0), true)];
        let p = select(&tile, WriteBack::AfterLoop, never, |_, a, b| a != b);
        assert_eq!(p, vec![Promotion { memory: 0, elements: vec![0, 1] }]);
        // Not proven apart (`C[j]` and `C[k]` may be one element).
        assert!(select(&tile, WriteBack::AfterLoop, never, |_, _, _| false).is_empty());
        // A store that moves.
        assert!(select(&[acc(0, None, true)], WriteBack::EveryIteration, never, |_, _, _| true).is_empty());
        // Loads only: nothing to keep.
        assert!(select(&[acc(0, Some(0), false)], WriteBack::AfterLoop, never, |_, _, _| true).is_empty());
        // Too many elements.
        let many: Vec<_> = (0..=MAX_ELEMENTS as u8).map(|e| acc(0, Some(e), true)).collect();
        assert!(select(&many, WriteBack::AfterLoop, never, |_, a, b| a != b).is_empty());
    }

    #[test]
    fn write_back_decides_what_else_may_touch_the_memory() {
        // S[0] = S[0] + S[i]: a moving load of the promoted memory.
        let moving_load = [acc(0, Some(0), false), acc(0, None, false), acc(0, Some(0), true)];
        let never = |_: &u8, _: &u8| Overlap::Never;
        assert_eq!(select(&moving_load, WriteBack::EveryIteration, never, |_, _, _| true).len(), 1);
        assert!(select(&moving_load, WriteBack::AfterLoop, never, |_, _, _| true).is_empty());
        // S[0] = S[0] + A[i] with A possibly overlapping S: fine when S is stored every time.
        let other_load = [acc(0, Some(0), false), acc(1, None, false), acc(0, Some(0), true)];
        let unknown = |_: &u8, _: &u8| Overlap::Unknown;
        assert_eq!(select(&other_load, WriteBack::EveryIteration, unknown, |_, _, _| true).len(), 1);
        assert!(select(&other_load, WriteBack::AfterLoop, unknown, |_, _, _| true).is_empty());
        // A store to a memory that may overlap: never.
        let other_store = [acc(0, Some(0), true), acc(1, None, true)];
        assert!(select(&other_store, WriteBack::EveryIteration, unknown, |_, _, _| true).is_empty());
        assert_eq!(
            select(&other_store, WriteBack::EveryIteration, never, |_, _, _| true),
            vec![Promotion { memory: 0, elements: vec![0] }]
        );
    }
}
