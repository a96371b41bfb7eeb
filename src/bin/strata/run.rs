//! `strata run`: compile a module and call one of its functions (like mlir-cpu-runner).

use std::path::PathBuf;

use anyhow::{Context, bail};
use strata::Interpreter;
use strata::Passes;
use strata::driver::Input;
use strata::engine::directive::{Callee, call_with_literals};
use strata::engine::literal::{Literal, parse_literal};
use strata::engine::{Engine, OptLevel, Options, Val, npy};

/// Arguments of `strata run`.
#[derive(clap::Args)]
pub struct RunArgs {
    /// The module: MLIR (`.mlir`), or TVMScript (`.py`, or text with `@T.prim_func` /
    /// `@I.ir_module`), which is checked and lowered first; `-` or none: standard input.
    #[arg(default_value = "-")]
    input: PathBuf,
    /// Also read later MLIR's common spellings (`func.func`, `arith.*`, `memref.*`, `cf.*`,
    /// `math.*`, `affine_map<..>`) as aliases of the 2019 ones; output keeps the 2019 spelling.
    #[arg(long)]
    later_syntax: bool,
    /// The function to call [default: `main`, or the module's only function].
    #[arg(short = 'e', long = "entry-point")]
    entry: Option<String>,
    /// Check the entry's result type (`void`, `i32`, `i64`, `f32`, `f64`), as mlir-cpu-runner does.
    #[arg(long = "entry-point-result")]
    entry_result: Option<String>,
    /// An argument: a number, `true`/`false`, a nested list `[[1, 2], [3, 4]]`,
    /// `zeros(4x4xf32)`, a `.npy` file, `view(BASE, shape=[..], strides=[..], byte_offset=N)`
    /// or `alias(%N)` (see jit-tests/README.md). One per parameter, in order.
    #[arg(long = "arg", allow_hyphen_values = true)]
    args: Vec<String>,
    /// Shared libraries that define external functions.
    #[arg(long = "shared-libs", value_delimiter = ',')]
    shared_libs: Vec<PathBuf>,
    /// Optimization level (0–3).
    #[arg(short = 'O', value_parser = ["0", "1", "2", "3"], default_value = "2")]
    opt: String,
    /// Do not check memref accesses against their bounds (an access outside a buffer then
    /// corrupts memory instead of stopping with an error). Checked is the default.
    #[arg(long)]
    unchecked: bool,
    /// Run the function in the reference interpreter instead of compiling it (always
    /// bounds-checked; slower; the same results and errors).
    #[arg(long)]
    interpret: bool,
    /// Compute `exp` of float32 vectors in float32 steps, four lanes at a time (about 1.4x
    /// faster than the default's C library steps; within one ulp, but not the C library's bits
    /// in about 0.8% of inputs; also in `--interpret`).
    #[arg(long = "fast-math")]
    fast_math: bool,
    /// Accepted for compatibility: checks are the default.
    #[arg(long, hide = true)]
    bounds_checks: bool,
    /// Save the first memref or tensor result as a `.npy` file.
    #[arg(long)]
    out: Option<PathBuf>,
    /// After the call, write each buffer argument to `DIR/<name>.npy` (a TIR buffer's name,
    /// else `arg<N>`): how a TIR kernel's outputs are read.
    #[arg(long = "save-args", value_name = "DIR")]
    save_args: Option<PathBuf>,
    /// After the call, print each buffer argument (`name = [..]`).
    #[arg(long = "print-args")]
    print_args: bool,
    /// Then time the function (arguments made again from the same literals) with the engine's
    /// time evaluator and print the statistics on standard error.
    #[arg(long)]
    time: bool,
    /// Repeats of `--time` (each at least 200 ms).
    #[arg(long, default_value_t = 5)]
    repeat: u32,
    /// Threads that run parallel loops (`T.parallel`; 0: one per core; at most 1024) [default:
    /// one per core].
    #[arg(long, value_parser = clap::value_parser!(u16).range(0..=1024))]
    threads: Option<u16>,
}

fn literal(arg: &str) -> anyhow::Result<Literal> {
    let t = arg.trim();
    if t.ends_with(".npy") && !t.contains('(') {
        return Ok(Literal::Npy(t.to_string()));
    }
    parse_literal(t).map_err(|e| anyhow::anyhow!("argument '{arg}': {e}"))
}

/// Runs the command.
pub fn run(args: &RunArgs) -> anyhow::Result<bool> {
    let opt_level = match args.opt.as_str() {
        "0" => OptLevel::O0,
        "1" => OptLevel::O1,
        "3" => OptLevel::O3,
        _ => OptLevel::O2,
    };
    let passes = Passes::for_level(opt_level);
    let (name, bytes) = crate::opt::read_input(&args.input.to_string_lossy())?;
    // A timed TVMScript kernel, read as TIR too: its float operations give GFLOP/s.
    let tir_module = std::str::from_utf8(&bytes)
        .ok()
        .filter(|text| args.time && strata::tir::script::is_tvmscript(std::path::Path::new(&name), text))
        .and_then(|text| strata::tir::parse_script(text).ok());
    let loaded = if strata::bytecode::is_bytecode(&bytes) {
        load_bytecode(&name, bytes, args.entry.as_deref())
    } else {
        Input::from_bytes(&name, bytes)
            .map_err(strata::Error::Parse)
            .and_then(|i| i.with_later_spellings(args.later_syntax).load_with(&passes))
    };
    let module = match loaded {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{e}");
            return Ok(false);
        }
    };
    let mut options = Options {
        opt_level,
        shared_libs: args.shared_libs.clone(),
        threads: args.threads.map_or(0, usize::from),
        fast_math: args.fast_math,
        ..Options::default()
    };
    if args.unchecked && !args.bounds_checks {
        // SAFETY: the user asked for unchecked code on the command line (`--unchecked`).
        options = unsafe { options.unchecked() };
    }
    if args.interpret && args.time {
        bail!("--time measures compiled code; it cannot be used with --interpret");
    }
    let compiled = if args.interpret { None } else { Some(Engine::new(options)?.compile(&module)?) };
    let interp = Interpreter::new(&module).fast_math(args.fast_math);
    let code: &dyn Callee = match &compiled {
        Some(c) => c,
        None => &interp,
    };
    let entry = match &args.entry {
        Some(e) => e.strip_prefix('@').unwrap_or(e).to_string(),
        None => default_entry(code, &args.input)?,
    };
    let entry = entry.as_str();
    if let Some(want) = &args.entry_result {
        let ty =
            code.function_type(entry).with_context(|| format!("no function '@{entry}' in {}", args.input.display()))?;
        let got = match ty.results.as_slice() {
            [] => "void".to_string(),
            [t] => t.to_string(),
            _ => "several values".to_string(),
        };
        if got != *want {
            bail!("@{entry} returns {got}, not {want} (--entry-point-result)");
        }
    }
    let lits = args.args.iter().map(|a| literal(a)).collect::<anyhow::Result<Vec<_>>>()?;
    let (results, after) = call_with_literals(code, entry, &lits)?;
    let mut printed = String::new();
    let mut saved = false;
    for r in &results {
        printed.push_str(&format!("{r}\n"));
        if let (Val::Tensor(t), Some(path), false) = (r, &args.out, saved) {
            npy::write(path, t)?;
            saved = true;
        }
    }
    if args.out.is_some() && !saved {
        bail!("--out: @{entry} returns no memref or tensor to save");
    }
    let names = code.tir_buffer_names(entry).unwrap_or_default();
    let buffers = after.iter().enumerate().filter_map(|(i, v)| match v {
        Val::Tensor(t) => Some((i, names.get(i).cloned().flatten().unwrap_or_else(|| format!("arg{i}")), t)),
        _ => None,
    });
    let buffers: Vec<_> = buffers.collect();
    if args.print_args {
        for (_, name, t) in &buffers {
            printed.push_str(&format!("{name} = {}\n", Val::Tensor((*t).clone())));
        }
    }
    crate::write_stdout(&printed)?;
    if let (true, Some(code)) = (args.time, &compiled) {
        let mut vals = strata::engine::directive::make_call_args(code, entry, &lits)?;
        let mut call_args: Vec<strata::Arg<'_>> = vals.iter_mut().map(Val::as_arg_mut).collect();
        let options =
            strata::engine::TimeOptions { number: 1, repeat: args.repeat, min_repeat_ms: 200, ..Default::default() };
        let t = code.time(entry, &mut call_args, &options)?;
        // GFLOP/s for a TVMScript kernel whose float operations are known (tir::flops).
        let rate = tir_module
            .as_ref()
            .and_then(|m| strata::tir::flops::estimate(m.func(entry)?))
            .filter(|&n| n > 0)
            .map(|n| format!(", {:.2} GFLOP/s at the median", n as f64 / t.median.as_secs_f64() / 1e9))
            .unwrap_or_default();
        eprintln!("@{entry}: {t}{rate}");
    }
    if let Some(dir) = &args.save_args {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create '{}'", dir.display()))?;
        for (i, name, t) in &buffers {
            npy::write(&dir.join(format!("{}.npy", file_stem(name, *i))), t)?;
        }
    }
    Ok(true)
}

/// A buffer's name as a file name inside the output directory: names come from the program, so
/// anything that could leave the directory or hide the file (`../x`, `/etc/x`, `.x`, empty)
/// becomes `arg<N>`.
fn file_stem(name: &str, index: usize) -> String {
    let plain = !name.is_empty()
        && !name.starts_with('.')
        && name.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'));
    if plain { name.to_string() } else { format!("arg{index}") }
}

/// `main` if the module has one, else its only function.
fn default_entry(code: &dyn Callee, input: &std::path::Path) -> anyhow::Result<String> {
    let names = code.function_names();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    if names.contains(&"main") {
        return Ok("main".into());
    }
    match names.as_slice() {
        [one] => Ok((*one).to_string()),
        [] => bail!("{} defines no function to call", input.display()),
        many => bail!(
            "{} has no @main; choose a function with -e: {}",
            input.display(),
            many.iter().map(|n| format!("@{n}")).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// Bytecode: with an entry named, only that function (and what it calls) is decoded.
fn load_bytecode(name: &str, bytes: Vec<u8>, entry: Option<&str>) -> strata::Result<strata::Verified> {
    let Some(entry) = entry else { return strata::load_bytecode_bytes(name, bytes) };
    let entry = entry.strip_prefix('@').unwrap_or(entry);
    let err = |error| strata::Error::Bytecode { path: name.into(), error };
    let file = strata::bytecode::Bytecode::from_bytes(bytes).map_err(err)?;
    let decoded = file.decode_functions(&[entry]).map_err(err)?;
    strata::bytecode::verify_decoded(decoded)
}

#[cfg(test)]
mod tests {
    use super::file_stem;

    #[test]
    fn saved_buffers_stay_in_their_directory() {
        assert_eq!(file_stem("T_softmax_norm", 2), "T_softmax_norm");
        assert_eq!(file_stem("A.v2", 0), "A.v2");
        for name in ["../../x", "/etc/passwd", "a/b", ".hidden", "", "..", "a\\b", "x\0y"] {
            assert_eq!(file_stem(name, 3), "arg3", "{name:?}");
        }
    }
}
