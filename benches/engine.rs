//! JIT engine figures: compile time, call overhead, and kernel speed next to the same loops in
//! plain Rust compiled by rustc in the same run.
//!
//! `cargo bench --bench engine` prints every figure with its target from the issue.

use std::hint::black_box;
use std::time::{Duration, Instant};

use strata::engine::{Engine, OptLevel, Options, Val};
use strata::runtime::Tensor;

mod common;

fn best<T>(reps: u32, mut f: impl FnMut() -> T) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..reps {
        let t = Instant::now();
        black_box(f());
        best = best.min(t.elapsed());
    }
    best
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

const MATMUL: &str = "func @matmul(%A: memref<NxNxf32>, %B: memref<NxNxf32>, %C: memref<NxNxf32>) {
  %zero = constant 0.0 : f32
  affine.for %i = 0 to N {
    affine.for %j = 0 to N {
      affine.store %zero, %C[%i, %j] : memref<NxNxf32>
      affine.for %k = 0 to N {
        %a = affine.load %A[%i, %k] : memref<NxNxf32>
        %b = affine.load %B[%k, %j] : memref<NxNxf32>
        %c = affine.load %C[%i, %j] : memref<NxNxf32>
        %p = mulf %a, %b : f32
        %s = addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<NxNxf32>
      }
    }
  }
  return
}";

const ADD: &str = "func @add(%A: memref<1048576xf32>, %B: memref<1048576xf32>, %C: memref<1048576xf32>) {
  affine.for %i = 0 to 1048576 {
    %a = affine.load %A[%i] : memref<1048576xf32>
    %b = affine.load %B[%i] : memref<1048576xf32>
    %c = addf %a, %b : f32
    affine.store %c, %C[%i] : memref<1048576xf32>
  }
  return
}";

const SUM: &str = "func @sum(%A: memref<1048576xf32>) -> f32 {
  %zero = constant 0.0 : f32
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %n = constant 1048576 : index
  br ^loop(%c0, %zero : index, f32)
^loop(%i: index, %acc: f32):
  %more = cmpi \"slt\", %i, %n : index
  cond_br %more, ^body, ^exit
^body:
  %x = load %A[%i] : memref<1048576xf32>
  %s = addf %acc, %x : f32
  %j = addi %i, %c1 : index
  br ^loop(%j, %s : index, f32)
^exit:
  return %acc : f32
}";

const NOOP: &str = "func @three(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  return
}";

/// 500 small functions: arithmetic, a loop, a call.
fn many_functions(n: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        s.push_str(&format!(
            "func @f{i}(%A: memref<?xf32>, %x: f32, %k: i32) -> f32 {{
  %n = dim %A, 0 : memref<?xf32>
  affine.for %i = 0 to %n {{
    %a = affine.load %A[%i] : memref<?xf32>
    %b = mulf %a, %x : f32
    %c = addf %b, %x : f32
    affine.store %c, %A[%i] : memref<?xf32>
  }}
  %kk = muli %k, %k : i32
  %f = sitofp %kk : i32 to f32
  %r = addf %f, %x : f32
  return %r : f32
}}
"
        ));
    }
    s
}

fn rust_matmul(a: &[f32], b: &[f32], c: &mut [f32], n: usize) {
    for i in 0..n {
        for j in 0..n {
            c[i * n + j] = 0.0;
            for k in 0..n {
                c[i * n + j] += a[i * n + k] * b[k * n + j];
            }
        }
    }
}

fn main() {
    let engine = |opt| Engine::new(Options { opt_level: opt, ..Options::default() }).expect("engine");
    println!("== compile time (until callable) ==");
    for (opt, name) in [(OptLevel::O0, "-O0"), (OptLevel::O2, "-O2")] {
        let e = engine(opt);
        let mm = strata::parse(&MATMUL.replace('N', "512")).expect("matmul parses");
        let t = best(20, || {
            e.compile(&mm).expect("compiles").typed::<(&Tensor, &Tensor, &mut Tensor), ()>("matmul").expect("typed")
        });
        println!(
            "matmul 512 module {name}:     {:8.3} ms   (target <= 1 ms; mlir-cpu-runner ~50 ms, TVM ~45 ms)",
            ms(t)
        );
        let src = many_functions(500);
        let parsed = strata::parse(&src).expect("parses");
        let t = best(3, || e.compile(&parsed).expect("compiles"));
        let tp = best(3, || strata::parse(&src).expect("parses"));
        println!(
            "500 functions {name}:         {:8.3} ms   (target <= 100 ms; MLIR -O0 400 ms, -O3 13 s) + parse {:.1} ms",
            ms(t),
            ms(tp)
        );
    }

    println!("\n== call overhead (three tensor arguments, empty body) ==");
    let e = engine(OptLevel::O2);
    let code = e.compile(&strata::parse(NOOP).expect("parses")).expect("compiles");
    let f = code.typed::<(&Tensor, &Tensor, &mut Tensor), ()>("three").expect("typed");
    let (a, b) = (Tensor::zeros::<f32>(&[16]).expect("t"), Tensor::zeros::<f32>(&[16]).expect("t"));
    let mut c = Tensor::zeros::<f32>(&[16]).expect("t");
    let n = 1_000_000u32;
    let t = best(5, || {
        for _ in 0..n {
            f.call((&a, &b, &mut c)).expect("call");
        }
    });
    let typed_ns = t.as_secs_f64() * 1e9 / f64::from(n);
    println!("typed call:   {typed_ns:8.1} ns   (target <= 50 ns)");
    let n = 200_000u32;
    let t = best(5, || {
        for _ in 0..n {
            code.call("three", &mut [a.as_arg(), b.as_arg(), c.as_arg_mut()]).expect("call");
        }
    });
    println!(
        "dynamic call: {:8.1} ns   (target <= 300 ns; TVM from Python 270 ns)",
        t.as_secs_f64() * 1e9 / f64::from(n)
    );

    println!("\n== kernels (1 thread), next to rustc -O on the same loops ==");
    for size in [256usize, 512] {
        let code =
            e.compile(&strata::parse(&MATMUL.replace('N', &size.to_string())).expect("parses")).expect("compiles");
        let f = code.typed::<(&Tensor, &Tensor, &mut Tensor), ()>("matmul").expect("typed");
        let dims = [size as i64, size as i64];
        let av: Vec<f32> = (0..size * size).map(|i| (i % 7) as f32 * 0.5).collect();
        let bv: Vec<f32> = (0..size * size).map(|i| (i % 5) as f32 * 0.25).collect();
        let (a, b) = (Tensor::from_slice(&av, &dims).expect("t"), Tensor::from_slice(&bv, &dims).expect("t"));
        let mut c = Tensor::zeros::<f32>(&dims).expect("t");
        let reps = if size == 256 { 10 } else { 3 };
        let t = best(reps, || f.call((&a, &b, &mut c)).expect("call"));
        let mut cr = vec![0f32; size * size];
        let tr = best(reps, || rust_matmul(black_box(&av), black_box(&bv), black_box(&mut cr), size));
        assert_eq!(c.to_vec::<f32>().expect("f32"), cr, "matmul results differ from rustc's");
        let flops = 2.0 * (size as f64).powi(3);
        let target = if size == 512 {
            "   (target >= 1.09 GFLOP/s, MLIR -O3; TVM naive 0.90)"
        } else {
            "   (TVM naive 2.37 GFLOP/s)"
        };
        println!(
            "naive matmul {size}: {:6.2} GFLOP/s  {:8.2} ms | rustc {:6.2} GFLOP/s | ratio {:.2}{target}",
            flops / t.as_secs_f64() / 1e9,
            ms(t),
            flops / tr.as_secs_f64() / 1e9,
            tr.as_secs_f64() / t.as_secs_f64()
        );
    }
    let n = 1 << 20;
    let av: Vec<f32> = (0..n).map(|i| (i % 13) as f32 * 0.1).collect();
    let bv: Vec<f32> = (0..n).map(|i| (i % 11) as f32 * 0.2).collect();
    let a = Tensor::from_slice(&av, &[n as i64]).expect("t");
    let b = Tensor::from_slice(&bv, &[n as i64]).expect("t");
    let mut c = Tensor::zeros::<f32>(&[n as i64]).expect("t");
    let code = e.compile(&strata::parse(ADD).expect("parses")).expect("compiles");
    let f = code.typed::<(&Tensor, &Tensor, &mut Tensor), ()>("add").expect("typed");
    let t = best(50, || f.call((&a, &b, &mut c)).expect("call"));
    let mut cr = vec![0f32; n];
    let tr = best(50, || {
        for ((x, y), z) in black_box(&av).iter().zip(black_box(&bv)).zip(cr.iter_mut()) {
            *z = x + y;
        }
    });
    assert_eq!(c.to_vec::<f32>().expect("f32"), cr);
    println!(
        "add 1M f32:  {:8.3} ms | rustc {:8.3} ms | ratio {:.2}   (target <= 0.25 ms, MLIR -O3; TVM 0.198 ms)",
        ms(t),
        ms(tr),
        tr.as_secs_f64() / t.as_secs_f64()
    );
    let code = e.compile(&strata::parse(SUM).expect("parses")).expect("compiles");
    let f = code.typed::<(&Tensor,), f32>("sum").expect("typed");
    let mut s = 0.0;
    let t = best(50, || s = f.call((&a,)).expect("call"));
    let mut sr = 0.0;
    let tr = best(50, || {
        let mut acc = 0f32;
        for x in black_box(&av) {
            acc += x;
        }
        sr = acc;
    });
    assert_eq!(s, sr, "sum differs from rustc's sequential sum");
    println!(
        "sum 1M f32:  {:8.3} ms | rustc {:8.3} ms | ratio {:.2}   (target <= 0.91 ms, MLIR -O3; TVM 0.874 ms)",
        ms(t),
        ms(tr),
        tr.as_secs_f64() / t.as_secs_f64()
    );
    let _ = Val::Unit;

    bounds_checks();
}

/// A kernel: label, source, function, argument shapes, repetitions.
type Case = (&'static str, String, &'static str, Vec<Vec<i64>>, u32);

/// The checked default next to `unsafe` unchecked code (target: checked at most 5 % slower).
/// Runs alternate between the two so machine noise hits both alike.
fn bounds_checks() {
    println!("\n== bounds checks: checked (default) vs unchecked, -O2, 1 thread ==");
    let checked = Engine::new(Options { threads: 1, ..Options::default() }).expect("engine");
    // SAFETY: these kernels index inside their buffers (their results are checked above).
    let unchecked = Engine::new(unsafe { Options { threads: 1, ..Options::default() }.unchecked() }).expect("engine");
    let n = 1i64 << 20;
    let many = many_functions(1);
    let cases: [Case; 5] = [
        ("matmul 256 (affine)", MATMUL.replace('N', "256"), "matmul", vec![vec![256, 256]; 3], 10),
        ("add 1M (affine)", ADD.to_string(), "add", vec![vec![n]; 3], 50),
        ("sum 1M (std loads, CFG)", SUM.to_string(), "sum", vec![vec![n]], 50),
        ("scale 1M (affine, dim bound)", many, "f0", vec![vec![n]], 50),
        ("noop call, 3 tensors", NOOP.to_string(), "three", vec![vec![16]; 3], 50),
    ];
    for (label, src, name, shapes, reps) in cases {
        let m = strata::parse(&src).expect("parses");
        let mut args: Vec<Tensor> = shapes
            .iter()
            .map(|d| {
                let v: Vec<f32> = (0..d.iter().product::<i64>()).map(|i| (i % 7) as f32 * 0.5).collect();
                Tensor::from_slice(&v, d).expect("t")
            })
            .collect();
        let c = checked.compile(&m).expect("compiles");
        let u = unchecked.compile(&m).expect("compiles");
        let scalars = if name == "f0" { vec![Val::from(1.0f32), Val::from(3i32)] } else { Vec::new() };
        common::checked_vs_unchecked(label, (&c, &u), name, &mut args, &scalars, reps);
    }
}
