//! One chunk of input through the pipeline: parse, verify (or check), run the passes asked
//! for, print.

use std::ops::Range;
use std::sync::Arc;

use super::Language;
use super::opt::OptOptions;
use crate::ir::{Diagnostic, Diagnostics, SourceFile, Span};
use crate::syntax::PrintOptions;
use crate::{Verified, tir};

/// A chunk as read and checked.
#[derive(Clone, Debug)]
pub enum Parsed {
    /// A verified core module.
    Mlir(Box<Verified>),
    /// A checked TIR module.
    Tir(tir::IRModule),
}

impl Parsed {
    /// The core module to compile (a TIR module is lowered with the TIR passes `passes`
    /// choose).
    ///
    /// # Errors
    /// A TIR construct the lowering does not support.
    pub fn into_core(self, passes: &crate::Passes) -> crate::Result<Verified> {
        match self {
            Parsed::Mlir(v) => Ok(*v),
            Parsed::Tir(m) => tir::lower_with(&m, passes),
        }
    }
}

/// Read and check `file[range]` in `language`.
///
/// # Errors
/// Syntax errors, or the first violated rule.
pub fn parse(file: &Arc<SourceFile>, range: Range<usize>, language: Language) -> Result<Parsed, Diagnostics> {
    Ok(match language {
        Language::Mlir | Language::LaterMlir => {
            let registry = crate::dialect::registry();
            let m = crate::syntax::parse_range_with(file, range, registry, language.parse_options())?;
            Parsed::Mlir(Box::new(Verified::new(m)?))
        }
        Language::TvmScript => {
            let m = tir::script::read_range(file, range)?;
            tir::check::check_module(&m)?;
            Parsed::Tir(m)
        }
    })
}

/// Process one chunk: read and check it, lower TVMScript if asked, run the passes, print.
///
/// # Errors
/// The diagnostics of the first stage that fails.
pub fn process(
    file: &Arc<SourceFile>,
    range: Range<usize>,
    language: Language,
    opts: &OptOptions,
) -> Result<(Parsed, String), Diagnostics> {
    let parsed = parse(file, range, language)?;
    let printed = match &parsed {
        Parsed::Tir(m) if !opts.lower => tir::script::print_module(m),
        Parsed::Tir(m) => {
            let v = tir::lower(m).map_err(|e| Diagnostics::one(None, Diagnostic::error(Span::at(0), e.to_string())))?;
            passes_and_print(&v, opts)?
        }
        Parsed::Mlir(v) => passes_and_print(v, opts)?,
    };
    Ok((parsed, printed))
}

/// Run the passes asked for on a copy of the module (the caller keeps the original) and print.
fn passes_and_print(m: &crate::Module, opts: &OptOptions) -> Result<String, Diagnostics> {
    if !opts.canonicalize {
        return Ok(print(m, opts.generic));
    }
    let mut m = m.clone();
    crate::transform::canonicalize::canonicalize(&mut m);
    // Folding keeps a module valid; verify again all the same: it is cheap next to printing,
    // and a folding bug becomes a diagnostic rather than bad output.
    let v = Verified::new(m)?;
    Ok(print(&v, opts.generic))
}

/// A verified module (read from bytecode, or loaded whole) through the passes `opts` ask for:
/// canonicalized when asked, with its calling conventions kept.
///
/// # Errors
/// The module breaks a rule after folding (a folding bug, reported rather than written out).
pub fn apply_passes(v: Verified, opts: &OptOptions) -> Result<Verified, Diagnostics> {
    if !opts.canonicalize {
        return Ok(v);
    }
    v.rewritten(|m| {
        crate::transform::canonicalize::canonicalize(m);
    })
}

/// The text of a verified module after the passes `opts` ask for.
///
/// # Errors
/// As [`apply_passes`].
pub fn print_verified(v: &Verified, opts: &OptOptions) -> Result<String, Diagnostics> {
    passes_and_print(v, opts)
}

fn print(m: &crate::Module, generic: bool) -> String {
    crate::syntax::print_module(m, crate::dialect::registry(), PrintOptions { generic })
}

/// Check that what was printed reads back and prints the same (a fixed point), and, for MLIR,
/// that the generic form reads back to the same module (mlir-opt's `--verify-roundtrip`).
/// `language` is the printed text's.
///
/// # Errors
/// What differs, with both texts.
pub fn roundtrip(printed: &str, language: Language) -> Result<(), String> {
    let reparse = |text: &str, what: &str| {
        let f = SourceFile::new(what, text);
        parse(&f, 0..text.len(), language).map_err(|d| format!("{what} does not read back:\n{d}\n--- {what}\n{text}"))
    };
    let reparsed = reparse(printed, "printed")?;
    let again = print_parsed(&reparsed);
    if again != printed {
        return Err(format!("printing is not a fixed point\n--- first\n{printed}--- second\n{again}"));
    }
    if let Parsed::Mlir(m) = &reparsed {
        let from_generic = print_parsed(&reparse(&print(m, true), "generic")?);
        if from_generic != printed {
            return Err(format!(
                "the generic form reads back differently\n--- custom\n{printed}--- via generic\n{from_generic}"
            ));
        }
    }
    Ok(())
}

fn print_parsed(p: &Parsed) -> String {
    match p {
        Parsed::Mlir(m) => print(m, false),
        Parsed::Tir(m) => tir::script::print_module(m),
    }
}
