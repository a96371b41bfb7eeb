//! Compile a kernel and call it with tensors: `cargo run --release --example kernel`.

use strata::engine::{Engine, Val};
use strata::runtime::Tensor;

const SRC: &str = r#"
func @saxpy(%a: f32, %X: memref<?xf32>, %Y: memref<?xf32>) {
  %n = dim %X, 0 : memref<?xf32>
  affine.for %i = 0 to %n {
    %x = affine.load %X[%i] : memref<?xf32>
    %y = affine.load %Y[%i] : memref<?xf32>
    %ax = mulf %a, %x : f32
    %s = addf %ax, %y : f32
    affine.store %s, %Y[%i] : memref<?xf32>
  }
  return
}

func @norm2(%X: memref<?xf32>) -> f32 {
  %zero = constant 0.0 : f32
  %acc = alloc() : memref<f32>
  affine.store %zero, %acc[] : memref<f32>
  %n = dim %X, 0 : memref<?xf32>
  affine.for %i = 0 to %n {
    %x = affine.load %X[%i] : memref<?xf32>
    %a = affine.load %acc[] : memref<f32>
    %xx = mulf %x, %x : f32
    %s = addf %a, %xx : f32
    affine.store %s, %acc[] : memref<f32>
  }
  %r = affine.load %acc[] : memref<f32>
  dealloc %acc : memref<f32>
  return %r : f32
}
"#;

fn main() -> anyhow::Result<()> {
    let module = strata::parse(SRC)?;
    let engine = Engine::default();
    let code = engine.compile(&module)?;

    // Typed handles: the signature is checked once; calls pass tensors as DLTensors.
    let saxpy = code.typed::<(f32, &Tensor, &mut Tensor), ()>("saxpy")?;
    let norm2 = code.typed::<(&Tensor,), f32>("norm2")?;
    let x = Tensor::from_vec(vec![1.0f32, 2.0, 3.0, 4.0], &[4])?;
    let mut y = Tensor::filled(&[4], 1.0f32)?;
    saxpy.call((2.0, &x, &mut y))?;
    println!("y = 2x + 1 = {:?}", y.to_vec::<f32>()?);
    println!("|y|^2 = {}", norm2.call((&y,))?);

    // The dynamic call checks arguments at run time and returns values.
    let r = code.call("norm2", &mut [x.as_arg()])?;
    println!("|x|^2 = {}", r[0]);
    assert_eq!(r[0], Val::F32(30.0));

    // A wrong argument is an error naming it, not a crash.
    let wrong = Tensor::zeros::<f64>(&[4])?;
    match norm2.call((&wrong,)) {
        Err(e) => println!("error: {e}"),
        Ok(v) => println!("unexpected: {v}"),
    }
    Ok(())
}
