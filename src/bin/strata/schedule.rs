//! `strata schedule KERNEL.py TRACE.py`: apply a schedule trace (as TVM prints `sch.trace`, or
//! the `sch.` lines a user writes) to a PrimFunc and print the scheduled TVMScript.

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use strata::tir::schedule::Schedule;

/// Arguments of `strata schedule`.
#[derive(Args)]
pub struct ScheduleArgs {
    /// The kernel: TVMScript with the PrimFunc to schedule.
    kernel: PathBuf,
    /// The trace to apply.
    trace: PathBuf,
    /// The function to schedule (default: the only one).
    #[arg(short = 'e', long = "entry-point")]
    entry: Option<String>,
    /// Write the scheduled TVMScript here instead of standard output.
    #[arg(short = 'o')]
    output: Option<PathBuf>,
    /// Print the trace as applied (normalized, as TVM prints it) instead of the function.
    #[arg(long)]
    print_trace: bool,
}

/// Runs the command; `false` when the kernel or trace is rejected (reported on stderr).
pub fn run(args: &ScheduleArgs) -> anyhow::Result<bool> {
    let text =
        std::fs::read_to_string(&args.kernel).with_context(|| format!("cannot read {}", args.kernel.display()))?;
    let trace =
        std::fs::read_to_string(&args.trace).with_context(|| format!("cannot read {}", args.trace.display()))?;
    let name = args.kernel.display().to_string();
    let module = match strata::tir::parse_script_named(&name, &text) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{e}");
            return Ok(false);
        }
    };
    let func = match &args.entry {
        Some(e) => module.func(e.strip_prefix('@').unwrap_or(e)).cloned(),
        None if module.funcs.len() == 1 => module.funcs.first().cloned(),
        None => anyhow::bail!("{name} has {} functions: choose one with -e NAME", module.funcs.len()),
    };
    let func = func.with_context(|| format!("no function '{}' in {name}", args.entry.as_deref().unwrap_or("")))?;
    let sch = match Schedule::replay(func, &trace) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}: {e}", args.trace.display());
            return Ok(false);
        }
    };
    let out = if args.print_trace { sch.trace() } else { strata::tir::script::print_func(sch.func()) };
    match &args.output {
        Some(p) => std::fs::write(p, out).with_context(|| format!("cannot write {}", p.display()))?,
        None => crate::write_stdout(&out)?,
    }
    Ok(true)
}
