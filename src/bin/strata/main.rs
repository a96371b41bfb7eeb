//! The `strata` command line: `opt` (parse, verify, transform, print), `run` (compile and
//! call), with the flag spellings of mlir-opt and mlir-cpu-runner, and `repl`.

mod opt;
mod repl;
mod run;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Strata: a multi-level tensor IR with an embedded JIT.
#[derive(Parser)]
#[command(name = "strata", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse, verify, optionally transform, and print IR (like mlir-opt).
    Opt(opt::OptArgs),
    /// Compile a module and call a function with arguments (like mlir-cpu-runner).
    Run(run::RunArgs),
    /// Define functions (MLIR or TVMScript) and call them interactively.
    Repl(repl::ReplArgs),
}

/// LLVM-style tools accept long options with one dash (`-split-input-file`); clap wants two.
fn normalize_args(args: impl Iterator<Item = String>) -> Vec<String> {
    args.map(|a| {
        let is_short = a.len() <= 2 || matches!(a.as_str(), "-O0" | "-O1" | "-O2" | "-O3");
        if a.starts_with('-') && !a.starts_with("--") && !is_short { format!("-{a}") } else { a }
    })
    .collect()
}

fn main() -> ExitCode {
    let cli = Cli::parse_from(normalize_args(std::env::args()));
    let result = match cli.command {
        Command::Opt(args) => opt::run(&args),
        Command::Run(args) => run::run(&args),
        Command::Repl(args) => repl::run(&args),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("{e:#}");
            ExitCode::from(1)
        }
    }
}
