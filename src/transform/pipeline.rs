//! The optimization levels: which of Strata's optional passes run at each. What lowering needs
//! for the spec's semantics runs at every level (TIR's blocks lowered to statements, math
//! builtins expanded as TVM does them); everything here only makes code faster, never changes
//! what it computes, and every level is tested against the others (the jit-tests run each case
//! at `-O0` and `-O2`).
//!
//! | level | adds |
//! |---|---|
//! | `O0` | nothing: the fastest compile, code as written |
//! | `O1` | Cranelift's optimizer; TIR: invariant lets and reduction inits hoisted out of loops; scalar promotion by `transform::promote`'s rule (TIR's loop-invariant accumulators, an affine loop's stored elements; one-element frame buffers kept in registers) |
//! | `O2` (default) | vectorization by `transform::vectorize`'s rule (TIR's `T.vectorized` loops and independent innermost loops, affine innermost elementwise loops, two 16-byte registers at a time); small innermost TIR loops unrolled |
//! | `O3` | the same as `O2` |

/// An optimization level (`-O0` .. `-O3`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum OptLevel {
    /// No optional pass: the fastest compile.
    O0,
    /// Scalar passes and Cranelift's optimizer.
    O1,
    /// Also vectorization and unrolling.
    #[default]
    O2,
    /// The same as `O2`.
    O3,
}

/// The optional passes, each on or off.
///
/// ```
/// use strata::transform::{OptLevel, Passes};
/// assert_eq!(Passes::for_level(OptLevel::O0), Passes::NONE);
/// assert!(Passes::for_level(OptLevel::O1).promote && !Passes::for_level(OptLevel::O1).vectorize);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Passes {
    /// Cranelift's `speed` optimizer (else `none`).
    pub cranelift_speed: bool,
    /// TIR: loop-invariant lets and reduction inits out of their loops.
    pub hoist: bool,
    /// Scalar promotion: loop-invariant accumulators and one-element buffers in registers.
    pub promote: bool,
    /// Vectorization of loops whose iterations are independent.
    pub vectorize: bool,
    /// Small innermost TIR loops unrolled.
    pub unroll: bool,
}

impl Passes {
    /// No optional pass.
    pub const NONE: Passes =
        Passes { cranelift_speed: false, hoist: false, promote: false, vectorize: false, unroll: false };

    /// The passes of a level.
    pub const fn for_level(level: OptLevel) -> Passes {
        match level {
            OptLevel::O0 => Passes::NONE,
            OptLevel::O1 => Passes { cranelift_speed: true, hoist: true, promote: true, ..Passes::NONE },
            OptLevel::O2 | OptLevel::O3 => {
                Passes { cranelift_speed: true, hoist: true, promote: true, vectorize: true, unroll: true }
            }
        }
    }
}

impl Default for Passes {
    fn default() -> Passes {
        Passes::for_level(OptLevel::default())
    }
}
