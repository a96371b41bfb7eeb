//! The verifier: the structural rules of mlir-langref-late.md, then each registered op's own
//! rules, then dominance. Rules checked, in the spec's words:
//!
//! - "The last operation in a block is a terminator operation": a block is never empty, a
//!   registered terminator is the last op of its block, an op known not to be a terminator is
//!   not last, and an op with successors is a terminator ("operation with block successors must
//!   terminate its parent block"). Blocks of a module body need no terminator; an unregistered op
//!   may end a block (it may be a terminator).
//! - "The first block in the region cannot be a successor of any other block", and "it is
//!   impossible to branch to a block within a region from outside it": successors are blocks
//!   of the terminator's own region, never its entry block.
//! - "The count and types of operands to the branch must align with the arguments in the target
//!   block."
//! - Each registered op's own rules (operand, result, region and attribute structure and types;
//!   `return` matches the function's result types; `call` names an existing function of the
//!   same type; symbol names are unique in a module; affine dimension and symbol restrictions).
//! - Ops in a registered dialect's namespace are registered ops.
//! - SSA dominance: "values are defined before use and have scope defined by their dominance
//!   relations"; a region may use values of enclosing regions ("whenever it would have been
//!   legal to use them as operands to the enclosing operation"), except that a function "is not
//!   allowed to implicitly capture" values from outside.
//!
//! Like mlir-opt, verification stops at the first error (which keeps `expected-error` tests
//! exact); [`verify_all`] collects every error instead.

mod dominance;
mod parallel;
mod structure;
mod verified;

pub(crate) use verified::AccessFacts;
pub use verified::Verified;

use crate::ir::{Diagnostic, Diagnostics, Module};

/// Verify a module, returning the first error.
///
/// # Errors
/// The first violated rule, at the op (or block) that violates it.
pub fn verify(m: &Module) -> Result<(), Diagnostics> {
    first_error(m, run(m, true, true))
}

/// Verify a module, collecting every error.
pub fn verify_all(m: &Module) -> Vec<Diagnostic> {
    run(m, false, true)
}

/// Verify a module whose reader has already seen that every value dominates its uses (the
/// bytecode decoder, for code whose regions are single blocks): every rule but dominance.
///
/// # Errors
/// As [`verify`].
pub(crate) fn verify_but_dominance(m: &Module) -> Result<(), Diagnostics> {
    first_error(m, run(m, true, false))
}

fn first_error(m: &Module, diags: Vec<Diagnostic>) -> Result<(), Diagnostics> {
    if diags.is_empty() { Ok(()) } else { Err(Diagnostics { source: m.source.clone(), list: diags }) }
}

fn run(m: &Module, stop_at_first: bool, dominance: bool) -> Vec<Diagnostic> {
    if let Some(diags) = parallel::run(m, stop_at_first, dominance) {
        return diags;
    }
    let diags = structure::check(m, stop_at_first);
    if !diags.is_empty() || !dominance {
        return diags;
    }
    dominance::check(m, stop_at_first)
}
