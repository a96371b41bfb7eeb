//! `strata opt`: read IR, verify it, optionally canonicalize, print it. TVMScript input (a
//! `.py` file, or text with `@T.prim_func` / `@I.ir_module`) is checked and printed back as
//! TVMScript, or lowered to the core IR with `--lower`.

use std::io::Read;
use std::path::PathBuf;

use anyhow::Context;
use strata::driver::{Input, OptOptions};

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
    /// Check that the output reads back and prints the same (and, for MLIR, its generic form).
    #[arg(long)]
    verify_roundtrip: bool,
    /// TVMScript input: print the core IR it lowers to instead of TVMScript.
    #[arg(long)]
    lower: bool,
    /// Write the module as Strata bytecode (the compact serialized form) instead of text;
    /// TVMScript input is lowered first, its calling conventions kept.
    #[arg(long)]
    emit_bytecode: bool,
    /// With --emit-bytecode: keep source locations (the text and every op's span).
    #[arg(long)]
    keep_locations: bool,
    /// Also read later MLIR's common spellings (`func.func`, `arith.*`, `memref.*`, `cf.*`,
    /// `math.*`, `affine_map<..>`) as aliases of the 2019 ones; output keeps the 2019 spelling.
    #[arg(long)]
    later_syntax: bool,
    /// Accepted for compatibility; unregistered operations are always allowed.
    #[arg(long, hide = true)]
    allow_unregistered_dialect: bool,
}

pub(crate) fn read_input(input: &str) -> anyhow::Result<(String, Vec<u8>)> {
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
    let opts = OptOptions {
        split_input_file: args.split_input_file,
        verify_diagnostics: args.verify_diagnostics,
        verify_roundtrip: args.verify_roundtrip,
        canonicalize: args.canonicalize,
        lower: args.lower,
        generic: args.generic,
        // The process ends right after: freeing the modules would only cost time.
        disable_free: true,
    };
    if strata::bytecode::is_bytecode(&bytes) || args.emit_bytecode {
        return whole_module(args, &opts, &name, bytes);
    }
    let input = match Input::from_bytes(&name, bytes) {
        Ok(i) => i.with_later_spellings(args.later_syntax),
        Err(d) => {
            eprintln!("{d}");
            return Ok(false);
        }
    };
    if args.lower && input.language.is_mlir() {
        eprintln!(
            "{name}: --lower prints the core IR a TVMScript kernel lowers to; this input is MLIR, already core IR"
        );
        return Ok(false);
    }
    let out = strata::driver::opt(&input, &opts);
    for p in &out.problems {
        eprintln!("{p}");
    }
    match &args.output {
        Some(path) => std::fs::write(path, &out.text).with_context(|| format!("cannot write '{}'", path.display()))?,
        None => crate::write_stdout(&out.text)?,
    }
    Ok(out.problems.is_empty())
}

/// Bytecode in or out: the input read whole (bytecode decoded, MLIR verified, TVMScript
/// lowered), the passes asked for, then printed or written as bytecode.
fn whole_module(args: &OptArgs, opts: &OptOptions, name: &str, bytes: Vec<u8>) -> anyhow::Result<bool> {
    if args.split_input_file || args.verify_diagnostics {
        eprintln!("{name}: --split-input-file and --verify-diagnostics read text; not with bytecode");
        return Ok(false);
    }
    let loaded = if strata::bytecode::is_bytecode(&bytes) {
        strata::load_bytecode_bytes(name, bytes)
    } else {
        Input::from_bytes(name, bytes)
            .map_err(strata::Error::Parse)
            .and_then(|i| i.with_later_spellings(args.later_syntax).load())
    };
    let module = match loaded.and_then(|v| strata::driver::apply_passes(v, opts).map_err(strata::Error::Verify)) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{e}");
            return Ok(false);
        }
    };
    if args.emit_bytecode {
        use std::io::IsTerminal;
        let options = strata::bytecode::WriteOptions { locations: args.keep_locations };
        let bytes = strata::bytecode::write(&module, options).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
        match &args.output {
            Some(path) => std::fs::write(path, bytes).with_context(|| format!("cannot write '{}'", path.display()))?,
            None if std::io::stdout().is_terminal() => {
                eprintln!("{name}: bytecode is binary; not writing it to a terminal (use -o FILE)");
                return Ok(false);
            }
            None => {
                use std::io::Write;
                std::io::stdout().write_all(&bytes).context("cannot write to standard output")?;
            }
        }
        return Ok(true);
    }
    let text = match strata::driver::print_verified(&module, opts) {
        Ok(t) => t,
        Err(d) => {
            eprintln!("{d}");
            return Ok(false);
        }
    };
    match &args.output {
        Some(path) => std::fs::write(path, &text).with_context(|| format!("cannot write '{}'", path.display()))?,
        None => crate::write_stdout(&text)?,
    }
    Ok(true)
}
