//! Strata: a multi-level tensor IR with an embedded JIT, in Rust.
//!
//! ```
//! use strata::{Engine, Tensor};
//! let module = strata::parse("func @scale(%a: memref<4xf32>, %k: f32) {\n  affine.for %i = 0 to 4 {\n    %x = affine.load %a[%i] : memref<4xf32>\n    %y = mulf %x, %k : f32\n    affine.store %y, %a[%i] : memref<4xf32>\n  }\n  return\n}")?;
//! let code = Engine::default().compile(&module)?;                       // machine code
//! let scale = code.typed::<(&mut Tensor, f32), ()>("scale")?;           // signature checked once
//! let mut a = Tensor::from_vec(vec![1.0f32, 2.0, 3.0, 4.0], &[4])?;
//! scale.call((&mut a, 2.0))?;                                           // errors are values
//! assert_eq!(a.to_vec::<f32>()?, [2.0, 4.0, 6.0, 8.0]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! It reads the MLIR language of its specifications (the late textual form, and the earlier
//! forms it upgrades) and TVM's TensorIR as TVMScript, verifies modules, compiles every function
//! with Cranelift and calls it in-process with DLPack tensors.
//!
//! - [`parse`] / [`parse_file`] / [`load_file`] — text to a [`Verified`] module ([`syntax`],
//!   [`verify()`]); [`tir`] for TVMScript ([`tir::compile_script`]).
//! - [`Engine`] / [`Options`] — compile a verified module into [`Compiled`] code; [`TypedFn`]
//!   handles (signature checked once), or dynamic calls with [`Arg`]s and [`Val`]s.
//! - [`Tensor`] — owned, aligned buffers passed as DLPack `DLTensor`s ([`runtime`]).
//! - [`Error`] — what went wrong: diagnostics with `file:line:col` that print themselves, or a
//!   [`Trap`] from generated code.
//! - [`Module`] ([`ir`]) — the in-memory IR; [`dialect`] — the registered operations, each a
//!   typed handle (`dialect::standard::ADDI`); [`driver`] — what tools (`strata opt`, the REPL)
//!   are built from.
#![warn(missing_docs)]
#![warn(clippy::panic, clippy::todo, clippy::dbg_macro, clippy::print_stdout)]

pub mod bytecode;
pub(crate) mod codegen;
pub mod dialect;
pub mod driver;
pub mod engine;
pub(crate) mod interp;
pub mod ir;
pub mod runtime;
pub mod syntax;
pub mod tir;
pub mod transform;
pub mod tune;
pub mod verify;

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use codegen::CodegenError;
pub use engine::{Arg, BoundsChecks, Compiled, Engine, Interpreter, Options, TypedFn, Val};
pub use ir::{Diagnostic, Diagnostics, Module};
pub use runtime::{Interrupt, Tensor, Trap, TrapKind};
pub use transform::{OptLevel, Passes};
pub use verify::Verified;

/// Everything that can go wrong, one variant per layer.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The text is not valid syntax.
    #[error("{0}")]
    Parse(Diagnostics),
    /// The module breaks a rule of the language or of an op.
    #[error("{0}")]
    Verify(Diagnostics),
    /// A file could not be read.
    #[error("cannot read '{}': {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Code generation failed: an op that cannot be compiled, or an unresolved external.
    #[error(transparent)]
    Codegen(#[from] codegen::CodegenError),
    /// No function of that name in the compiled module.
    #[error("no function '@{name}' in the module (it has: {})", available.join(", "))]
    NoSuchFunction {
        /// The name asked for.
        name: String,
        /// The functions there are.
        available: Vec<String>,
    },
    /// A typed handle's Rust signature does not match the function's.
    #[error("@{func}: signature mismatch: the function is {expected}; the handle asks for {actual}")]
    Signature {
        /// The function.
        func: String,
        /// Its IR signature.
        expected: String,
        /// The Rust types and what does not match.
        actual: String,
    },
    /// An argument does not fit its parameter.
    #[error("{message}")]
    Argument {
        /// The function.
        func: String,
        /// Which argument, and what was expected and given.
        message: String,
    },
    /// A TIR construct the lowering to the core IR does not support.
    #[error(transparent)]
    Lower(#[from] tir::lower::LowerError),
    /// A runtime error in generated code.
    #[error(transparent)]
    Trap(#[from] runtime::Trap),
    /// A call could not be made or its results not returned.
    #[error("@{func}: {message}")]
    Call {
        /// The function.
        func: String,
        /// Why.
        message: String,
    },
    /// Bytecode that cannot be read: what is wrong and at which byte.
    #[error("{}: {error}", path.display())]
    Bytecode {
        /// The file (or `<bytes>`).
        path: PathBuf,
        /// What is wrong, and where.
        error: bytecode::BytecodeError,
    },
    /// A shared library could not be loaded.
    #[error("cannot load shared library '{}': {message}", path.display())]
    SharedLibrary {
        /// The library.
        path: PathBuf,
        /// Why.
        message: String,
    },
}

/// `Result` with [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

/// Parse and verify a module from text (diagnostics name the input `<input>`).
///
/// # Errors
/// [`Error::Parse`] or [`Error::Verify`] with the first problem found.
pub fn parse(src: &str) -> Result<Verified> {
    parse_named("<input>", src)
}

/// Parse and verify a module from text, naming it `name` in diagnostics.
///
/// # Errors
/// [`Error::Parse`] or [`Error::Verify`] with the first problem found.
pub fn parse_named(name: &str, src: &str) -> Result<Verified> {
    let file = ir::SourceFile::new(name, src);
    parse_source(&file)
}

/// Parse and verify a whole source file already in memory.
///
/// # Errors
/// [`Error::Parse`] or [`Error::Verify`] with the first problem found.
pub fn parse_source(file: &Arc<ir::SourceFile>) -> Result<Verified> {
    parse_source_with(file, syntax::ParseOptions::default())
}

/// Parse and verify a source file read as `options` say: with `later_spellings`, a module
/// written in later MLIR's common spellings is read too.
///
/// ```
/// use strata::syntax::ParseOptions;
/// let text = "func.func @f(%a: i32, %b: i32) -> i1 {\n  %c = arith.cmpi slt, %a, %b : i32\n  func.return %c : i1\n}";
/// let file = strata::ir::SourceFile::new("today.mlir", text);
/// let v = strata::parse_source_with(&file, ParseOptions { later_spellings: true })?;
/// assert!(strata::print(&v).contains("cmpi \"slt\", %arg0, %arg1 : i32"));
/// # Ok::<(), strata::Error>(())
/// ```
///
/// # Errors
/// As [`parse`].
pub fn parse_source_with(file: &Arc<ir::SourceFile>, options: syntax::ParseOptions) -> Result<Verified> {
    let range = 0..file.text().len();
    let m = syntax::parse_range_with(file, range, dialect::registry(), options).map_err(Error::Parse)?;
    Verified::new(m).map_err(Error::Verify)
}

/// Read, parse and verify a file.
///
/// # Errors
/// [`Error::Io`] if it cannot be read (or is not UTF-8), else as [`parse`].
pub fn parse_file(path: impl AsRef<Path>) -> Result<Verified> {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path).map_err(|source| Error::Io { path: path.to_owned(), source })?;
    parse_named(&path.display().to_string(), &text)
}

/// Read a file of either language, or bytecode: TVMScript (a `.py` file, or text using
/// `@T.prim_func` / `@I.ir_module`) is read, checked and lowered to the core IR; a file starting
/// with the bytecode magic is decoded ([`load_bytecode`]); anything else is parsed and verified
/// as MLIR.
///
/// ```no_run
/// let module = strata::load_file("kernels/matmul.py")?;
/// let code = strata::engine::Engine::default().compile(&module)?;
/// # Ok::<(), strata::Error>(())
/// ```
///
/// # Errors
/// As [`parse_file`], [`tir::parse_script`] and [`tir::lower()`].
pub fn load_file(path: impl AsRef<Path>) -> Result<Verified> {
    let path = path.as_ref();
    if is_bytecode_file(path) {
        return load_bytecode(path);
    }
    driver::Input::read_file(path)?.load()
}

/// Whether the file starts with the bytecode magic.
fn is_bytecode_file(path: &Path) -> bool {
    use std::io::Read;
    let mut magic = [0u8; 4];
    std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut magic)).is_ok() && bytecode::is_bytecode(&magic)
}

/// Write a module as bytecode (the compact serialized form, [`bytecode`]) to `path`.
///
/// ```no_run
/// let module = strata::load_file("kernels/matmul.py")?;
/// strata::write_bytecode(&module, "matmul.stbc")?;
/// let again = strata::load_file("matmul.stbc")?;       // bytecode is read wherever text is
/// # Ok::<(), strata::Error>(())
/// ```
///
/// # Errors
/// [`Error::Io`] if the file cannot be written, [`Error::Bytecode`] for a module the format
/// cannot hold.
pub fn write_bytecode(module: &Verified, path: impl AsRef<Path>) -> Result<()> {
    let path = path.as_ref();
    let bytes = bytecode::write(module, bytecode::WriteOptions::default())
        .map_err(|error| Error::Bytecode { path: path.to_owned(), error })?;
    std::fs::write(path, bytes).map_err(|source| Error::Io { path: path.to_owned(), source })
}

/// Read a bytecode file (mapped, [`bytecode::Bytecode`]), decode and verify it. Large dense
/// constants are not copied: the module borrows them from the mapping, which lives as long as
/// they do (as with any mapped file, it must not be truncated meanwhile).
///
/// # Errors
/// [`Error::Io`], [`Error::Bytecode`] with the offset of malformed bytes, or [`Error::Verify`].
pub fn load_bytecode(path: impl AsRef<Path>) -> Result<Verified> {
    let path = path.as_ref();
    let file = bytecode_file(path)?;
    let decoded = file.decode().map_err(|error| Error::Bytecode { path: path.to_owned(), error })?;
    bytecode::verify_decoded(decoded)
}

/// Read only the functions `names` of a bytecode file (and what they refer to), decode and
/// verify them: the rest of the file is never decoded.
///
/// # Errors
/// As [`load_bytecode`]; a name no function of the file has.
pub fn load_bytecode_functions(path: impl AsRef<Path>, names: &[&str]) -> Result<Verified> {
    let path = path.as_ref();
    let file = bytecode_file(path)?;
    let decoded = file.decode_functions(names).map_err(|error| Error::Bytecode { path: path.to_owned(), error })?;
    bytecode::verify_decoded(decoded)
}

/// Decode and verify bytecode already in memory, naming it `name` in errors.
///
/// # Errors
/// As [`load_bytecode`].
pub fn load_bytecode_bytes(name: &str, bytes: Vec<u8>) -> Result<Verified> {
    let err = |error| Error::Bytecode { path: PathBuf::from(name), error };
    let decoded = bytecode::Bytecode::from_bytes(bytes).and_then(|b| b.decode()).map_err(err)?;
    bytecode::verify_decoded(decoded)
}

fn bytecode_file(path: &Path) -> Result<bytecode::Bytecode> {
    let file = std::fs::File::open(path).map_err(|source| Error::Io { path: path.to_owned(), source })?;
    // SAFETY: Strata does not change the file while it reads it; see `Bytecode::map`.
    unsafe { bytecode::Bytecode::map(&file) }.map_err(|error| Error::Bytecode { path: path.to_owned(), error })
}

/// Check a module against the rules of the language and of its ops; the [`Verified`] module
/// is what the engine compiles.
///
/// # Errors
/// [`Error::Verify`] with the first violated rule.
pub fn verify(m: Module) -> Result<Verified> {
    Verified::new(m).map_err(Error::Verify)
}

/// Parse text without verifying it (for tools that want to print or inspect invalid IR; the
/// engine compiles only a [`Verified`] module).
///
/// # Errors
/// [`Error::Parse`] with the first syntax error.
pub fn parse_unverified(file: &Arc<ir::SourceFile>) -> Result<Module> {
    syntax::parse_source(file, dialect::registry()).map_err(Error::Parse)
}

/// The text of a module, printed as `options` say.
pub fn print_with(m: &Module, options: syntax::PrintOptions) -> String {
    syntax::print_module(m, dialect::registry(), options)
}

/// The canonical text of a module (custom forms where registered).
pub fn print(m: &Module) -> String {
    syntax::print_module(m, dialect::registry(), syntax::PrintOptions::default())
}

/// The text of a module with every op in the generic form.
pub fn print_generic(m: &Module) -> String {
    syntax::print_module(m, dialect::registry(), syntax::PrintOptions { generic: true })
}

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&print(self))
    }
}

impl std::str::FromStr for Module {
    type Err = Error;
    fn from_str(s: &str) -> Result<Module> {
        parse(s).map(Verified::into_module)
    }
}
