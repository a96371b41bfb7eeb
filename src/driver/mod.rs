//! The tool driver, written once for every tool: `strata opt`, the REPL and the jit-tests
//! harness read, split, parse, verify, transform, print and match expected diagnostics through
//! it, as mlir-opt's `MlirOptMain` does for MLIR's tools.
//!
//! ```
//! use strata::driver::{Input, OptOptions};
//! let input = Input::from_text("<stdin>", "func @f() -> i32 {\n  %c = constant 1 : i32\n  %d = addi %c, %c : i32\n  return %d : i32\n}");
//! let out = strata::driver::opt(&input, &OptOptions { canonicalize: true, ..OptOptions::default() });
//! assert!(out.problems.is_empty());
//! assert_eq!(out.text, "func @f() -> i32 {\n  %0 = constant 2 : i32\n  return %0 : i32\n}\n");
//! ```
//!
//! - `input.rs` — [`Input`]: a named text and its [`Language`] (MLIR or TVMScript).
//! - `pipeline.rs` — one chunk through the pipeline: [`process`] (parse → verify → passes →
//!   print), [`roundtrip`] (printing is a fixed point, the generic form reads back).
//! - `opt.rs` — [`opt`]: a whole input, split into chunks, each processed or matched against
//!   its `expected-*` diagnostics.

mod input;
mod opt;
mod pipeline;

pub use input::{Input, Language, function_names};
pub use opt::{OptOptions, OptOutput, expected_problems, opt};
pub use pipeline::{Parsed, apply_passes, print_verified, process, roundtrip};
