//! Print the Cranelift IR and machine code Strata generates for each function of a file (MLIR
//! or TVMScript): the tool for performance work on the lowering.
//!
//! ```sh
//! cargo run --release --example dump_machine_code -- jit-tests/tir/script/conv2d.py
//! ```

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Some(path) = std::env::args().nth(1) else {
        return Err("usage: dump_machine_code FILE (.mlir or TVMScript)".into());
    };
    let module = strata::load_file(&path)?;
    let options = strata::engine::Options { threads: 1, keep_machine_code: true, ..Default::default() };
    let engine = strata::engine::Engine::new(options)?;
    let code = engine.compile(&module)?;
    for text in code.clif() {
        println!("{text}");
    }
    Ok(())
}
