//! What a tool reads: a named text in one of Strata's two languages.

use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use crate::ir::{Diagnostic, Diagnostics, SourceFile, Span};

/// The language of an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// The MLIR textual form.
    Mlir,
    /// The MLIR textual form, with the common spellings of later MLIR read as aliases
    /// ([`crate::syntax::ParseOptions::later_spellings`]; `strata opt --later-syntax`). It is
    /// printed as [`Language::Mlir`].
    LaterMlir,
    /// TVMScript (what TVM's `.script()` prints).
    TvmScript,
}

impl Language {
    /// The language of a file: TVMScript for a `.py` file or text using `@T.prim_func` /
    /// `@I.ir_module`, MLIR otherwise.
    pub fn of_file(path: &Path, text: &str) -> Language {
        if crate::tir::script::is_tvmscript(path, text) { Language::TvmScript } else { Language::Mlir }
    }

    /// The language of pasted text (no file name to go by).
    pub fn of_text(text: &str) -> Language {
        if crate::tir::script::looks_like_tvmscript(text) { Language::TvmScript } else { Language::Mlir }
    }

    /// Whether this is MLIR text (in either spelling).
    pub fn is_mlir(self) -> bool {
        matches!(self, Language::Mlir | Language::LaterMlir)
    }

    /// How MLIR text in this language is read.
    pub fn parse_options(self) -> crate::syntax::ParseOptions {
        crate::syntax::ParseOptions { later_spellings: self == Language::LaterMlir }
    }

    /// The separator of cases in one file (`// -----`, `# -----`).
    pub fn case_separator(self) -> &'static str {
        match self {
            Language::Mlir | Language::LaterMlir => "// -----\n",
            Language::TvmScript => "# -----\n",
        }
    }
}

/// A named text and its language.
#[derive(Clone, Debug)]
pub struct Input {
    /// The text, named for diagnostics.
    pub file: Arc<SourceFile>,
    /// Its language.
    pub language: Language,
}

impl Input {
    /// Text already in memory; the language is told by the name and the text.
    pub fn from_text(name: &str, text: impl Into<String>) -> Input {
        let text = text.into();
        let language = Language::of_file(Path::new(name), &text);
        Input { file: SourceFile::new(name, text), language }
    }

    /// Text in a known language.
    pub fn new(name: &str, text: impl Into<String>, language: Language) -> Input {
        Input { file: SourceFile::new(name, text.into()), language }
    }

    /// With `later`, MLIR input is read with later MLIR's spellings as aliases
    /// ([`Language::LaterMlir`]); TVMScript is unchanged.
    pub fn with_later_spellings(mut self, later: bool) -> Input {
        if later && self.language == Language::Mlir {
            self.language = Language::LaterMlir;
        }
        self
    }

    /// Read a file; the language is told by its name and text.
    ///
    /// # Errors
    /// [`crate::Error::Io`] if it cannot be read or is not UTF-8.
    pub fn read_file(path: &Path) -> crate::Result<Input> {
        let text =
            std::fs::read_to_string(path).map_err(|source| crate::Error::Io { path: path.to_owned(), source })?;
        Ok(Input::from_text(&path.display().to_string(), text))
    }

    /// The whole input as one verified core module: MLIR parsed and verified, TVMScript read,
    /// checked and lowered.
    ///
    /// # Errors
    /// As [`crate::parse`], [`crate::tir::parse_script`] and [`crate::tir::lower()`].
    pub fn load(&self) -> crate::Result<crate::Verified> {
        self.load_with(&crate::Passes::default())
    }

    /// As [`Input::load`], TVMScript lowered with the TIR passes `passes` choose (those of the
    /// optimization level the code will be compiled at).
    ///
    /// # Errors
    /// As [`Input::load`].
    pub fn load_with(&self, passes: &crate::Passes) -> crate::Result<crate::Verified> {
        match self.language {
            Language::Mlir | Language::LaterMlir => crate::parse_source_with(&self.file, self.language.parse_options()),
            Language::TvmScript => crate::tir::lower_with(&crate::tir::parse_script_source(&self.file)?, passes),
        }
    }

    /// Bytes read from a file or a stream.
    ///
    /// # Errors
    /// Bytes that are not UTF-8: a diagnostic at the first invalid byte.
    pub fn from_bytes(name: &str, bytes: Vec<u8>) -> Result<Input, Diagnostics> {
        match String::from_utf8(bytes) {
            Ok(text) => Ok(Input::from_text(name, text)),
            Err(e) => {
                let valid = e.utf8_error().valid_up_to();
                let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
                let d = Diagnostic::error(Span::at(valid), "input is not valid UTF-8");
                Err(Diagnostics::one(Some(SourceFile::new(name, lossy)), d))
            }
        }
    }

    /// The `expected-*` diagnostics stated in `range` (empty: the chunk must succeed).
    ///
    /// # Errors
    /// A malformed directive: its line and what is wrong.
    pub fn expectations(&self, range: Range<usize>) -> Result<Vec<crate::syntax::expected::Expected>, (usize, String)> {
        crate::syntax::expected::collect(self.file.text(), range)
    }

    /// The chunks to process: the whole text, or each case between separators
    /// (`--split-input-file`).
    pub fn chunks(&self, split: bool) -> Vec<Range<usize>> {
        let text = self.file.text();
        match (split, self.language) {
            (false, _) => std::iter::once(0..text.len()).collect(),
            (true, Language::Mlir | Language::LaterMlir) => crate::syntax::split_input(text),
            (true, Language::TvmScript) => crate::tir::script::split_cases(text),
        }
    }
}

/// The functions a text defines, read without verifying (so a REPL can tell a definition from
/// a redefinition before it compiles anything).
///
/// # Errors
/// The text does not parse.
pub fn function_names(language: Language, text: &str) -> Result<Vec<String>, Diagnostics> {
    let file = SourceFile::new("<input>", text);
    Ok(match language {
        Language::Mlir | Language::LaterMlir => {
            let range = 0..file.text().len();
            let m =
                crate::syntax::parse_range_with(&file, range, crate::dialect::registry(), language.parse_options())?;
            m.functions().filter_map(|op| m.attr(op, "sym_name").and_then(|a| a.as_str()).map(str::to_string)).collect()
        }
        Language::TvmScript => crate::tir::script::read_module(&file)?.funcs.iter().map(|f| f.name.clone()).collect(),
    })
}
