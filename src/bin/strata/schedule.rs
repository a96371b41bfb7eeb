//! `strata schedule KERNEL.py TRACE.py`: apply a schedule trace (as TVM prints `sch.trace`, or
//! the `sch.` lines a user writes) to a PrimFunc and print the scheduled TVMScript;
//! `strata schedule KERNEL.py --from tune.jsonl` applies the fastest record of a tuning log.

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use strata::tir::schedule::{Schedule, TensorIntrin};

/// Arguments of `strata schedule`.
#[derive(Args)]
pub struct ScheduleArgs {
    /// The kernel: TVMScript with the PrimFunc to schedule.
    kernel: PathBuf,
    /// The trace to apply (or use `--from`).
    #[arg(required_unless_present = "from")]
    trace: Option<PathBuf>,
    /// Apply the fastest record of this tuning log instead of a trace file.
    #[arg(long, conflicts_with = "trace")]
    from: Option<PathBuf>,
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
    let Some((func, intrins)) = read_kernel_with_intrins(&args.kernel, args.entry.as_deref())? else {
        return Ok(false);
    };
    let (source, trace) = match (&args.trace, &args.from) {
        (Some(t), _) => {
            (t.clone(), std::fs::read_to_string(t).with_context(|| format!("cannot read {}", t.display()))?)
        }
        (None, Some(log)) => {
            let best = strata::tune::best_record(log, &func).map_err(|e| anyhow::anyhow!("{}: {e}", log.display()))?;
            let best = best.with_context(|| format!("{} has no measured record for this function", log.display()))?;
            (log.clone(), best.trace().to_string())
        }
        (None, None) => anyhow::bail!("give a trace file or --from LOG"),
    };
    let mut sch = Schedule::new(func);
    for (name, intrin) in intrins {
        sch.register_tensor_intrin(&name, intrin);
    }
    let sch = match sch.replay_more(&trace) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}: {e}", source.display());
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

/// The PrimFunc to work on: `-e NAME` of the TVMScript file, or its only one (`None`: the
/// script was rejected, reported on standard error).
pub fn read_kernel(path: &std::path::Path, entry: Option<&str>) -> anyhow::Result<Option<strata::tir::ast::PrimFunc>> {
    Ok(read_kernel_with_intrins(path, entry)?.map(|(f, _)| f))
}

/// A kernel and the tensor intrinsics of its file.
type KernelWithIntrins = (strata::tir::ast::PrimFunc, Vec<(String, TensorIntrin)>);

/// [`read_kernel`], and the tensor intrinsics the file defines (function pairs `NAME_desc` and
/// `NAME_impl`, which are not candidates for the kernel).
pub fn read_kernel_with_intrins(
    path: &std::path::Path,
    entry: Option<&str>,
) -> anyhow::Result<Option<KernelWithIntrins>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let name = path.display().to_string();
    let module = match strata::tir::parse_script_named(&name, &text) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{e}");
            return Ok(None);
        }
    };
    let kernels: Vec<_> = module.funcs.iter().filter(|f| !TensorIntrin::is_part_of_pair(&module, &f.name)).collect();
    let func = match entry {
        Some(e) => module.func(e.strip_prefix('@').unwrap_or(e)).cloned(),
        None if kernels.len() == 1 => kernels.first().map(|f| (*f).clone()),
        None => anyhow::bail!("{name} has {} functions: choose one with -e NAME", kernels.len()),
    };
    let func = func.with_context(|| format!("no function '{}' in {name}", entry.unwrap_or("")))?;
    Ok(Some((func, TensorIntrin::from_module(&module))))
}
