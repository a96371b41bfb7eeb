//! Print the Cranelift IR and machine code Strata generates for each function of a file (MLIR
//! or TVMScript): the tool for performance work on the lowering.
//!
//! ```sh
//! cargo run --release --example dump_machine_code -- jit-tests/tir/script/conv2d.py
//! cargo run --release --example dump_machine_code -- kernel.py --unchecked   # no bounds checks
//! ```

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Some(path) = std::env::args().nth(1) else {
        return Err("usage: dump_machine_code FILE (.mlir or TVMScript)".into());
    };
    let module = strata::load_file(&path)?;
    let mut options = strata::engine::Options { threads: 1, keep_machine_code: true, ..Default::default() };
    if std::env::args().skip(2).any(|a| a == "--unchecked") {
        // SAFETY: only printed, never run.
        options.bounds_checks = unsafe { strata::BoundsChecks::unchecked() };
    }
    let engine = strata::engine::Engine::new(options)?;
    let code = engine.compile(&module)?;
    for text in code.clif() {
        println!("{text}");
    }
    Ok(())
}
