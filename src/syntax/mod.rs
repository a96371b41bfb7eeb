//! The textual form: lexer, parser and printer, and the `Dialects` interface through which
//! dialects plug in their custom operation forms.
//!
//! Data flows `text -> Module` (parse) and `Module -> text` (print); neither direction knows any
//! particular op except the structural `module` and `func`. Errors are [`Diagnostics`] that own
//! the source, so `{}` prints `FILE:LINE:COL: error: ...` with the line and a caret.

mod builtin;
pub mod expected;
mod lexer;
mod parse_affine;
mod parse_attrs;
mod parse_types;
mod parser;
mod printer;

use std::sync::Arc;

pub(crate) use lexer::TokKind;
pub(crate) use parser::{Parser, RegionArg, UnresolvedOperand};
pub use printer::PrintOptions;
pub(crate) use printer::{Printer, print_module};

use crate::ir::{Diagnostic, Diagnostics, Module, Op, SourceFile, Span, Values};

/// The result of a parse step; the parser stops at the first error, as mlir-opt does.
pub(crate) type PResult<T> = Result<T, Box<Diagnostic>>;

/// A custom-form parser: called with the op keyword consumed and the keyword's span; it creates
/// the op(s) at the insertion point and returns the values to bind to the result names.
pub(crate) type ParseFn = for<'a> fn(&mut Parser<'a>, Span) -> PResult<Values>;

/// A custom-form printer: prints the op after its result names, or returns `None` (having
/// printed anything) when the op does not fit its custom form, and the generic form is used.
pub(crate) type PrintFn = fn(&mut Printer<'_>, Op) -> Option<()>;

/// What the text layer needs to know about registered operations.
pub(crate) trait Dialects: Send + Sync {
    /// The custom parser for an op keyword (`addi`, `affine.for`, or a legacy keyword).
    fn parser_for(&self, keyword: &str) -> Option<ParseFn>;
    /// The custom printer for an op name (`std.addi`).
    fn printer_for(&self, op_name: &str) -> Option<PrintFn>;
    /// The registered name for a name written in the generic form (`"dim"` -> `std.dim`).
    fn canonical_name(&self, name: &str) -> Option<&'static str>;
    /// Whether regions of this op see no values from outside (functions, modules).
    fn is_isolated(&self, op_name: &str) -> bool {
        matches!(op_name, "func" | "module")
    }
    /// Whether this op is a terminator that custom forms leave implicit (`affine.terminator`).
    fn is_implicit_terminator(&self, _op_name: &str) -> bool {
        false
    }
    /// `Some(true)` for a registered terminator, `Some(false)` for a registered op that is not
    /// one, `None` for an unregistered op (which may be either).
    fn is_terminator(&self, _op_name: &str) -> Option<bool> {
        None
    }
    /// Whether `namespace` names a registered dialect.
    fn is_registered_dialect(&self, _namespace: &str) -> bool {
        false
    }
    /// The 2019 keyword for an op written as later MLIR spells it (`arith.addi` -> `addi`).
    fn earlier_spelling(&self, _keyword: &str) -> Option<&'static str> {
        None
    }
}

/// No registered dialect: every op is parsed and printed in the generic form.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct NoDialects;

impl Dialects for NoDialects {
    fn parser_for(&self, _: &str) -> Option<ParseFn> {
        None
    }
    fn printer_for(&self, _: &str) -> Option<PrintFn> {
        None
    }
    fn canonical_name(&self, _: &str) -> Option<&'static str> {
        None
    }
}

/// How to read MLIR text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// Also read the common spellings of later MLIR as aliases of the 2019 ones of the
    /// specification: `func.func` (with `private`), `func.return`, `func.call`, `arith.*`
    /// (`arith.divsi` is `divis`, `arith.extsi` is `sexti`, ...; `arith.cmpi slt, ..` with a bare
    /// predicate), `cf.br`/`cf.cond_br`, `memref.*` (`memref.dim %A, %c0` with a constant
    /// index), `math.*`, and `affine_map<..>`/`affine_set<..>`. Printing stays in the 2019
    /// spelling.
    pub later_spellings: bool,
}

/// Parse the whole of `file`.
///
/// # Errors
/// The first syntax error, rendered against `file`.
pub(crate) fn parse_source(file: &Arc<SourceFile>, dialects: &dyn Dialects) -> Result<Module, Diagnostics> {
    parse_range(file, 0..file.text().len(), dialects)
}

/// Parse `file.text()[range]` (one chunk of a split file); spans stay offsets into the file.
///
/// # Errors
/// The first syntax error, rendered against `file`.
pub(crate) fn parse_range(
    file: &Arc<SourceFile>,
    range: std::ops::Range<usize>,
    dialects: &dyn Dialects,
) -> Result<Module, Diagnostics> {
    parse_range_with(file, range, dialects, ParseOptions::default())
}

/// [`parse_range`] with `options`.
///
/// # Errors
/// The first syntax error, rendered against `file`.
pub(crate) fn parse_range_with(
    file: &Arc<SourceFile>,
    range: std::ops::Range<usize>,
    dialects: &dyn Dialects,
    options: ParseOptions,
) -> Result<Module, Diagnostics> {
    let text = file.text();
    let end = range.end.min(text.len());
    let start = range.start.min(end);
    let Some(src) = text.get(..end) else {
        return Err(Diagnostics::one(
            Some(file.clone()),
            Diagnostic::error(Span::at(end), "chunk boundary is not a character boundary"),
        ));
    };
    let mut module = Module::new();
    module.source = Some(file.clone());
    let mut p = Parser::new(src, start, module, dialects);
    p.later = options.later_spellings;
    match p.parse_top_level() {
        Ok(()) => Ok(p.m),
        Err(d) => Err(Diagnostics::one(Some(file.clone()), *d)),
    }
}

/// Parse a type written on its own (`memref<4x?xf32>`, `f32`), for tools and literals.
///
/// # Errors
/// The syntax error's message.
pub(crate) fn parse_type_str(text: &str) -> Result<crate::ir::Type, String> {
    let mut p = Parser::new(text, 0, Module::new(), &NoDialects);
    let t = p.parse_type().map_err(|d| d.message.clone())?;
    if p.kind() != TokKind::Eof {
        return Err(format!("unexpected '{}' after the type", &text[p.span().start as usize..]));
    }
    Ok(t)
}

/// The byte ranges of the chunks of a file split on the marker `// -----` (mlir-opt's
/// `--split-input-file`).
pub fn split_input(text: &str) -> Vec<std::ops::Range<usize>> {
    // As mlir-opt does: every occurrence of the marker splits, even mid-line; the rest of the
    // marker's line belongs to the next chunk.
    const MARKER: &str = "// -----";
    let mut out = Vec::new();
    let mut start = 0;
    while let Some(i) = text[start..].find(MARKER) {
        out.push(start..start + i);
        start += i + MARKER.len();
    }
    out.push(start..text.len());
    out
}

#[cfg(test)]
mod tests;
