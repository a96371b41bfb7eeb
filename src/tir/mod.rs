//! TVM's TensorIR (tir-spec.md): the AST, its checker, TVMScript in and out, and lowering into
//! the core IR.
//!
//! ```
//! let m = strata::tir::parse_script(r#"
//! @T.prim_func
//! def scale(A: T.Buffer((4,), "float32")):
//!     for i in range(4):
//!         A[i] = A[i] * T.float32(2)
//! "#)?;
//! assert_eq!(m.funcs[0].name, "scale");
//! # Ok::<(), strata::Error>(())
//! ```
//!
//! - [`ast`] — PrimFunc, Stmt, PrimExpr, Buffer, IterVar, DataType; constructors for building
//!   trees from Rust (as TE or a tuning script would).
//! - [`check()`] — the spec's typing and scoping rules.
//! - [`flops`] — the float operations a function performs (TVM's `estimate_tir_flops`).
//! - [`script`] — the TVMScript reader and printer.
//! - [`intrinsics`] — TVM builtins read and printed but not run on a CPU (GPU, raw pointers).

pub mod arith;
pub mod ast;
pub mod check;
mod dtype;
pub mod flops;
pub mod intrinsics;
pub mod lower;
pub mod mutate;
pub mod region;
pub mod schedule;
pub mod script;
pub mod transform;
pub mod visit;

use std::sync::Arc;

pub use ast::*;
pub use dtype::{DataType, TypeCode};

use crate::ir::SourceFile;

/// Read TVMScript (named `<input>` in diagnostics) and check it.
///
/// # Errors
/// [`crate::Error::Parse`] for text outside the subset, [`crate::Error::Verify`] for a module
/// that breaks a typing or scoping rule.
pub fn parse_script(src: &str) -> crate::Result<IRModule> {
    parse_script_named("<input>", src)
}

/// Read TVMScript, naming it `name` in diagnostics, and check it.
///
/// # Errors
/// As [`parse_script`].
pub fn parse_script_named(name: &str, src: &str) -> crate::Result<IRModule> {
    let file = SourceFile::new(name, src);
    parse_script_source(&file)
}

/// Read and check TVMScript already in a source file.
///
/// # Errors
/// As [`parse_script`].
pub fn parse_script_source(file: &Arc<SourceFile>) -> crate::Result<IRModule> {
    let m = script::read_module(file).map_err(crate::Error::Parse)?;
    check::check_module(&m).map_err(crate::Error::Verify)?;
    Ok(m)
}

/// Lower a checked module to the core IR (verified, with each function's calling convention),
/// ready for [`crate::engine::Engine::compile`].
///
/// # Errors
/// [`crate::Error::Lower`] for a construct the lowering does not support.
pub fn lower(m: &IRModule) -> crate::Result<crate::Verified> {
    lower_with(m, &crate::Passes::default())
}

/// Lower with the optional TIR passes of an optimization level
/// (`Passes::for_level(OptLevel::O0)`: only what the semantics need).
///
/// # Errors
/// As [`lower()`].
pub fn lower_with(m: &IRModule, passes: &crate::Passes) -> crate::Result<crate::Verified> {
    let l = lower::lower_module(m, passes)?;
    crate::Verified::lowered(l.module, l.args, l.access).map_err(crate::Error::Verify)
}

/// Read, check and lower TVMScript: the core module of its PrimFuncs.
///
/// # Errors
/// As [`parse_script`] and [`lower()`].
pub fn compile_script(src: &str) -> crate::Result<crate::Verified> {
    lower(&parse_script(src)?)
}

/// Check a module built in Rust (or read without checking).
///
/// # Errors
/// [`crate::Error::Verify`] with every violated rule.
pub fn check(m: &IRModule) -> crate::Result<()> {
    check::check_module(m).map_err(crate::Error::Verify)
}
