//! `strata opt`: read IR, verify it, optionally canonicalize, print it. TVMScript input (a
//! `.py` file, or text with `@T.prim_func` / `@I.ir_module`) is checked and printed back as
//! TVMScript, or lowered to the core IR with `--lower`.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use strata::ir::{Diagnostic, Diagnostics, SourceFile, Span};
use strata::syntax::{self, PrintOptions, expected};

/// Arguments of `strata opt`.
#[derive(clap::Args)]
pub struct OptArgs {
    /// Input file, or `-` for standard input.
    #[arg(default_value = "-")]
    input: String,
    /// Write the output here instead of standard output.
    #[arg(short = 'o')]
    output: Option<PathBuf>,
    /// Print every operation in the generic form.
    #[arg(long = "generic", visible_aliases = ["print-op-generic", "mlir-print-op-generic"])]
    generic: bool,
    /// Process each chunk separated by `// -----` on its own.
    #[arg(long)]
    split_input_file: bool,
    /// Check the diagnostics against `expected-error` comments instead of reporting them.
    #[arg(long)]
    verify_diagnostics: bool,
    /// Fold constants and remove dead operations.
    #[arg(long)]
    canonicalize: bool,
    /// TVMScript input: print the core IR it lowers to instead of TVMScript.
    #[arg(long)]
    lower: bool,
    /// Accepted for compatibility; unregistered operations are always allowed.
    #[arg(long, hide = true)]
    allow_unregistered_dialect: bool,
}

fn read_input(input: &str) -> anyhow::Result<(String, Vec<u8>)> {
    let mut bytes = Vec::new();
    if input == "-" {
        std::io::stdin().read_to_end(&mut bytes).context("cannot read standard input")?;
        Ok(("<stdin>".to_string(), bytes))
    } else {
        let bytes = std::fs::read(input).with_context(|| format!("cannot read '{input}'"))?;
        Ok((input.to_string(), bytes))
    }
}

/// Runs the command; `Ok(false)` means an input error was reported.
pub fn run(args: &OptArgs) -> anyhow::Result<bool> {
    let (name, bytes) = read_input(&args.input)?;
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
            let file = SourceFile::new(&name, lossy);
            let d = Diagnostic::error(Span::at(valid), "input is not valid UTF-8");
            eprintln!("{}", Diagnostics::one(Some(file), d));
            return Ok(false);
        }
    };
    let tvmscript = strata::tir::script::is_tvmscript(std::path::Path::new(&name), &text);
    let file = SourceFile::new(&name, text);
    let whole = 0..file.text().len();
    let ranges = match (args.split_input_file, tvmscript) {
        (false, _) => std::iter::once(whole).collect(),
        (true, false) => syntax::split_input(file.text()),
        (true, true) => strata::tir::script::split_cases(file.text()),
    };
    let mut outputs = Vec::new();
    let mut ok = true;
    for range in ranges {
        let result = if tvmscript {
            process_tvmscript(&file, range.clone(), args)
        } else {
            process_chunk(&file, range.clone(), args)
        };
        if args.verify_diagnostics {
            let produced = match &result {
                Ok(_) => Diagnostics { source: Some(file.clone()), list: Vec::new() },
                Err(d) => d.clone(),
            };
            match expected::collect(file.text(), range) {
                Err((line, msg)) => {
                    eprintln!("{name}:{line}: error: {msg}");
                    ok = false;
                }
                Ok(exp) => {
                    for problem in expected::check(&exp, &produced) {
                        eprintln!("{name}: error: {problem}");
                        ok = false;
                    }
                }
            }
            if let Ok(out) = result {
                outputs.push(out);
            }
        } else {
            match result {
                Ok(out) => outputs.push(out),
                Err(d) => {
                    eprintln!("{d}");
                    ok = false;
                }
            }
        }
    }
    let joined = outputs.join(if tvmscript && !args.lower { "# -----\n" } else { "// -----\n" });
    match &args.output {
        Some(path) => std::fs::write(path, joined).with_context(|| format!("cannot write '{}'", path.display()))?,
        None => {
            let mut out = std::io::stdout().lock();
            // A closed pipe (e.g. `| head`) is not an input error.
            let _ = out.write_all(joined.as_bytes());
        }
    }
    Ok(ok)
}

fn process_tvmscript(
    file: &Arc<SourceFile>,
    range: std::ops::Range<usize>,
    args: &OptArgs,
) -> Result<String, Diagnostics> {
    let m = strata::tir::script::read_range(file, range)?;
    strata::tir::check::check_module(&m)?;
    if !args.lower {
        return Ok(strata::tir::script::print_module(&m));
    }
    let mut core = strata::tir::lower(&m).map(strata::Verified::into_module).map_err(|e| {
        let d = strata::ir::Diagnostic::error(Span::at(0), e.to_string());
        Diagnostics::one(None, d)
    })?;
    if args.canonicalize {
        strata::transform::canonicalize::canonicalize(&mut core);
    }
    Ok(syntax::print_module(&core, strata::dialect::registry(), PrintOptions { generic: args.generic }))
}

fn process_chunk(file: &Arc<SourceFile>, range: std::ops::Range<usize>, args: &OptArgs) -> Result<String, Diagnostics> {
    let mut m = syntax::parse_range(file, range, strata::dialect::registry())?;
    strata::verify::verify(&m)?;
    if args.canonicalize {
        strata::transform::canonicalize::canonicalize(&mut m);
    }
    Ok(syntax::print_module(&m, strata::dialect::registry(), PrintOptions { generic: args.generic }))
}
