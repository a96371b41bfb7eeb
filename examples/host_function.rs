//! Body-less functions resolve to Rust closures registered on the engine, to the built-in math
//! runtime, or to shared libraries: `cargo run --example host_function`.

use strata::engine::Engine;

fn main() -> anyhow::Result<()> {
    let engine = Engine::default();
    engine.register_fn("clamp01", |x: f64| x.clamp(0.0, 1.0));
    let module = strata::parse(
        r#"
func @clamp01(f64) -> f64
func @exp(f64) -> f64
func @sigmoid_clamped(%x: f64) -> f64 {
  %nx = negf %x : f64
  %e = call @exp(%nx) : (f64) -> f64
  %one = constant 1.0 : f64
  %d = addf %one, %e : f64
  %s = divf %one, %d : f64
  %c = call @clamp01(%s) : (f64) -> f64
  return %c : f64
}
"#,
    )?;
    let code = engine.compile(&module)?;
    let f = code.typed::<(f64,), f64>("sigmoid_clamped")?;
    for x in [-2.0, 0.0, 2.0] {
        println!("sigmoid({x}) = {:.6}", f.call((x,))?);
    }
    Ok(())
}
