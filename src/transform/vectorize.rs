//! Auto-vectorization's rule, for both front ends: which innermost loops may run several
//! iterations at once, how many, and what must be checked before they do.
//!
//! Each front end describes a loop body's loads and stores in its own terms (a TIR buffer's
//! data and indices, an affine memref and map) as [`Access`]es, asks [`judge`], and writes the
//! loop it is told to write in its own form: TIR rewrites the loop into `T.vectorized` vectors
//! (`tir::transform::vectorize`), an affine loop is emitted as SIMD code
//! (`dialect::affine::vectorize`). What a front end cannot emit (a gather it has no form for,
//! an operation without a vector instruction) it refuses before asking.
//!
//! The rule: a vector of `L` iterations computes what `L` iterations one after the other
//! compute when every element a store writes is written by that store alone, at the element
//! the same iteration reads it (a load of a stored memory reads the stored element, so each
//! lane reads what its own iteration would), and the memories a store might share bytes with
//! are checked, before the loop, not to overlap it (or else the loop runs serially).
//!
//! ```
//! use strata::transform::vectorize::{Access, Overlap, Stride, Verdict, judge};
//! // for i: C[i] = A[i] + B[i], with C possibly overlapping A and B (two memrefs).
//! let acc = [
//!     Access { memory: "A", element: "i", stride: Stride::Unit, store: false },
//!     Access { memory: "B", element: "i", stride: Stride::Unit, store: false },
//!     Access { memory: "C", element: "i", stride: Stride::Unit, store: true },
//! ];
//! let v = judge(&acc, |_, _| Overlap::Unknown);
//! assert_eq!(v, Verdict::Vectorize { checks: vec![(2, 0), (2, 1)] });
//! // A running sum (`S[0] += A[i]`) stores one element every iteration: serial.
//! let sum = [Access { memory: "S", element: "0", stride: Stride::Fixed, store: true }];
//! assert!(matches!(judge(&sum, |_, _| Overlap::Never), Verdict::Serial(_)));
//! ```

/// How the element an access reaches changes from one iteration to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stride {
    /// The same element in every iteration.
    Fixed,
    /// The next element of the innermost dimension: a vector is one contiguous access.
    Unit,
    /// Another element each iteration, not the next one: lanes addressed one by one.
    Strided,
}

/// A load or store of a loop body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access<M, E> {
    /// The memory it addresses (a buffer's data, a memref).
    pub memory: M,
    /// The element, as a function of the loop variable: equal exactly when two accesses reach
    /// the same element in every iteration.
    pub element: E,
    /// How that element moves with the loop.
    pub stride: Stride,
    /// A store (else a load).
    pub store: bool,
}

/// Whether two different memories may share bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlap {
    /// Never (distinct allocations, parameters the caller checks not to overlap).
    Never,
    /// Not known before the loop runs.
    Unknown,
}

/// Why a loop stays serial.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Serial {
    /// Nothing is stored: the loop has no effect a vector would speed up.
    NoStore,
    /// A store writes one element in every iteration: its last value must win, in order.
    StoreToOneElement,
    /// A memory is stored at one element and accessed at another: an iteration may read what
    /// an earlier one wrote.
    OtherElementOfStoredMemory,
}

/// What a loop's accesses allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Vectorize. Each pair `(store, other)` (indices into the accesses) is of memories that
    /// may overlap: before the loop, check that the bytes the two reach over the whole loop
    /// are disjoint — or, when both are [`Stride::Unit`], that they start at the same element —
    /// and run the loop serially where they are not.
    Vectorize {
        /// The pairs to check.
        checks: Vec<(usize, usize)>,
    },
    /// Keep the loop serial.
    Serial(Serial),
}

/// Judge a loop by its accesses. `overlap` is asked about two different memories.
pub fn judge<M: PartialEq, E: PartialEq>(accesses: &[Access<M, E>], overlap: impl Fn(&M, &M) -> Overlap) -> Verdict {
    if !accesses.iter().any(|a| a.store) {
        return Verdict::Serial(Serial::NoStore);
    }
    let mut checks = Vec::new();
    for (i, s) in accesses.iter().enumerate().filter(|(_, a)| a.store) {
        if s.stride == Stride::Fixed {
            return Verdict::Serial(Serial::StoreToOneElement);
        }
        for (j, a) in accesses.iter().enumerate() {
            if j == i || (a.store && j < i) {
                continue;
            }
            if a.memory == s.memory {
                if a.element != s.element {
                    return Verdict::Serial(Serial::OtherElementOfStoredMemory);
                }
            } else if overlap(&s.memory, &a.memory) == Overlap::Unknown {
                checks.push((i, j));
            }
        }
    }
    Verdict::Vectorize { checks }
}

/// Bytes of one SIMD register (128-bit vectors: what Cranelift has on every target Strata
/// runs on; `../shared/notes/cranelift.md`).
pub const REGISTER_BYTES: u32 = 16;

/// Iterations per vector: two registers of the body's widest element (`element_bytes`), as
/// LLVM interleaves two for TVM — two independent chains of instructions per iteration.
///
/// ```
/// assert_eq!(strata::transform::vectorize::lanes(4), 8);
/// assert_eq!(strata::transform::vectorize::lanes(8), 4);
/// assert_eq!(strata::transform::vectorize::lanes(0), 32); // a zero-byte element counts as one
/// ```
pub const fn lanes(element_bytes: u32) -> u32 {
    let bytes = if element_bytes == 0 { 1 } else { element_bytes };
    let n = 2 * REGISTER_BYTES / bytes;
    if n == 0 { 1 } else { n }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acc(memory: u8, element: u8, stride: Stride, store: bool) -> Access<u8, u8> {
        Access { memory, element, stride, store }
    }

    #[test]
    fn a_stored_memory_is_read_only_at_the_stored_element() {
        // A[i] = A[i] * 2: each lane reads what it writes.
        let same = [acc(0, 0, Stride::Unit, false), acc(0, 0, Stride::Unit, true)];
        assert_eq!(judge(&same, |_, _| Overlap::Never), Verdict::Vectorize { checks: vec![] });
        // A[i + 1] = A[i]: iteration i + 1 reads what iteration i wrote.
        let shifted = [acc(0, 1, Stride::Unit, false), acc(0, 0, Stride::Unit, true)];
        assert_eq!(judge(&shifted, |_, _| Overlap::Never), Verdict::Serial(Serial::OtherElementOfStoredMemory));
        // Two stores to one memory at different elements.
        let two = [acc(0, 0, Stride::Unit, true), acc(0, 1, Stride::Unit, true)];
        assert_eq!(judge(&two, |_, _| Overlap::Never), Verdict::Serial(Serial::OtherElementOfStoredMemory));
    }

    #[test]
    fn memories_that_may_overlap_are_checked_once_per_pair() {
        // B[i] = A[i]; C[i] = A[0]: stores B and C against every other access, B-C once.
        let a = [
            acc(0, 0, Stride::Unit, false),
            acc(1, 0, Stride::Unit, true),
            acc(0, 9, Stride::Fixed, false),
            acc(2, 0, Stride::Unit, true),
        ];
        assert_eq!(
            judge(&a, |_, _| Overlap::Unknown),
            Verdict::Vectorize { checks: vec![(1, 0), (1, 2), (1, 3), (3, 0), (3, 2)] }
        );
        assert_eq!(judge(&a, |_, _| Overlap::Never), Verdict::Vectorize { checks: vec![] });
        // Only the pairs the front end cannot rule out.
        assert_eq!(
            judge(&a, |x, y| if x.min(y) == &0 { Overlap::Never } else { Overlap::Unknown }),
            Verdict::Vectorize { checks: vec![(1, 3)] }
        );
    }

    #[test]
    fn loads_alone_and_fixed_stores_stay_serial() {
        assert_eq!(judge(&[acc(0, 0, Stride::Unit, false)], |_, _| Overlap::Never), Verdict::Serial(Serial::NoStore));
        let gather = [acc(0, 0, Stride::Strided, false), acc(1, 0, Stride::Strided, true)];
        assert_eq!(judge(&gather, |_, _| Overlap::Never), Verdict::Vectorize { checks: vec![] });
        let fixed = [acc(0, 0, Stride::Unit, false), acc(1, 0, Stride::Fixed, true)];
        assert_eq!(judge(&fixed, |_, _| Overlap::Never), Verdict::Serial(Serial::StoreToOneElement));
    }
}
