//! `opt`: a whole input through the pipeline, chunk by chunk, with mlir-opt's
//! `--verify-diagnostics` matching.

use std::ops::Range;

use super::{Input, Language, process, roundtrip};
use crate::ir::Diagnostics;
use crate::syntax::expected;

/// What to do with each chunk (mlir-opt's flags).
#[derive(Clone, Debug, Default)]
pub struct OptOptions {
    /// Process each chunk separated by `// -----` (`# -----` in TVMScript) on its own.
    pub split_input_file: bool,
    /// Match diagnostics against the input's `expected-*` comments instead of reporting them.
    pub verify_diagnostics: bool,
    /// Check that the output reads back and prints the same (and, for MLIR, its generic form).
    pub verify_roundtrip: bool,
    /// Fold constants and remove dead operations.
    pub canonicalize: bool,
    /// TVMScript: print the core IR it lowers to instead of TVMScript.
    pub lower: bool,
    /// Print every operation in the generic form.
    pub generic: bool,
    /// Leave the modules unfreed: a process about to exit saves the time (dropping a large
    /// module is ~15 % of `strata opt`'s run time), as clang's `-disable-free` does.
    pub disable_free: bool,
}

impl OptOptions {
    /// The language of the output for an input in `language`.
    pub fn output_language(&self, language: Language) -> Language {
        match language {
            Language::LaterMlir => Language::Mlir,
            _ if self.lower => Language::Mlir,
            other => other,
        }
    }
}

/// What `opt` produced.
#[derive(Clone, Debug, Default)]
pub struct OptOutput {
    /// The printed chunks, joined by the language's separator.
    pub text: String,
    /// Every problem, rendered: diagnostics (with `file:line:col`) of chunks that failed, or,
    /// with `verify_diagnostics`, each mismatch between produced and expected diagnostics.
    pub problems: Vec<String>,
}

/// Run every chunk of `input` through the pipeline.
pub fn opt(input: &Input, opts: &OptOptions) -> OptOutput {
    let mut outputs = Vec::new();
    let mut problems = Vec::new();
    for range in input.chunks(opts.split_input_file) {
        let result = process(&input.file, range.clone(), input.language, opts).and_then(|(parsed, printed)| {
            if opts.disable_free {
                std::mem::forget(parsed);
            }
            if opts.verify_roundtrip {
                roundtrip(&printed, opts.output_language(input.language))
                    .map_err(|e| Diagnostics::one(None, crate::ir::Diagnostic::error(crate::ir::Span::at(0), e)))?;
            }
            Ok(printed)
        });
        if opts.verify_diagnostics {
            problems.extend(expected_problems(input, range, result.as_ref().err()));
            outputs.extend(result.ok());
        } else {
            match result {
                Ok(out) => outputs.push(out),
                Err(d) => problems.push(d.to_string()),
            }
        }
    }
    let language = opts.output_language(input.language);
    OptOutput { text: outputs.join(language.case_separator()), problems }
}

/// The mismatches between the diagnostics a chunk produced (`None`: it succeeded) and the
/// `expected-*` comments in it, one line each; a malformed comment is a problem too.
pub fn expected_problems(input: &Input, range: Range<usize>, produced: Option<&Diagnostics>) -> Vec<String> {
    let name = input.file.name();
    match input.expectations(range) {
        Err((line, msg)) => vec![format!("{name}:{line}: error: {msg}")],
        Ok(exp) => {
            let none = Diagnostics { source: Some(input.file.clone()), list: Vec::new() };
            let produced = produced.unwrap_or(&none);
            expected::check(&exp, produced).into_iter().map(|p| format!("{name}{p}")).collect()
        }
    }
}
