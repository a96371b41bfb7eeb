//! TIR figures for the benchmark kernels TVM 0.27 printed (`jit-tests/tir/script/*.py`):
//! compile time until callable (TVMScript text to a typed handle) and run time, next to the same
//! loops compiled by rustc in this run and to TVM's own figures on this machine.
//!
//! `cargo bench --bench tir` prints every figure with its target from the issue.

use std::hint::black_box;
use std::time::{Duration, Instant};

use strata::engine::{Engine, Options};
use strata::runtime::Tensor;

mod common;

const ADD: &str = include_str!("../jit-tests/tir/script/add.py");
const SUM: &str = include_str!("../jit-tests/tir/script/sum.py");
const MATMUL256: &str = include_str!("../jit-tests/tir/script/matmul256.py");
const MATMUL512: &str = include_str!("../jit-tests/tir/script/matmul512.py");
const SCHED: &str = include_str!("../jit-tests/tir/script/matmul512_sched.py");
const CONV: &str = include_str!("../jit-tests/tir/script/conv2d.py");

type Kernel3 = strata::engine::TypedFn<(&'static Tensor, &'static Tensor, &'static mut Tensor), ()>;

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

fn engine(threads: usize) -> Engine {
    Engine::new(Options { threads, ..Options::default() }).expect("engine")
}

/// TVMScript to a callable handle: read, check, lower, compile.
fn compile(e: &Engine, src: &str, name: &str) -> Kernel3 {
    let m = strata::tir::compile_script(src).expect("the script compiles");
    e.compile(&m).expect("compiles").typed(name).expect("typed")
}

fn rust_matmul(a: &[f32], b: &[f32], c: &mut [f32], n: usize) {
    for i in 0..n {
        for j in 0..n {
            let mut acc = 0.0f32;
            for k in 0..n {
                acc += a[i * n + k] * b[k * n + j];
            }
            c[i * n + j] = acc;
        }
    }
}

fn tensor(n: usize, f: impl Fn(usize) -> f32, dims: &[i64]) -> Tensor {
    let v: Vec<f32> = (0..n).map(f).collect();
    Tensor::from_slice(&v, dims).expect("tensor")
}

fn main() {
    let e1 = engine(1);
    println!("== compile time until callable (TVMScript text to a typed handle) ==");
    println!("   (target <= 5 ms per kernel; TVM 0.27 with LLVM: 30-150 ms)");
    for (name, src) in
        [("add", ADD), ("sum", SUM), ("matmul 256", MATMUL256), ("matmul 512 scheduled", SCHED), ("conv2d", CONV)]
    {
        let t = best(20, || e1.compile(&strata::tir::compile_script(src).expect("compiles")).expect("compiles"));
        println!("{name:22} {:8.3} ms", ms(t));
    }

    println!("\n== kernels, 1 thread, next to rustc -O on the same loops and TVM 0.27 (generic x86-64) ==");
    let n = 1 << 20;
    let a = tensor(n, |i| (i % 13) as f32 * 0.1, &[n as i64]);
    let b = tensor(n, |i| (i % 11) as f32 * 0.2, &[n as i64]);
    let mut c = Tensor::zeros::<f32>(&[n as i64]).expect("t");
    let add = compile(&e1, ADD, "add");
    let t = best(50, || add.call((&a, &b, &mut c)).expect("call"));
    let (av, bv) = (a.to_vec::<f32>().expect("f32"), b.to_vec::<f32>().expect("f32"));
    let mut cr = vec![0f32; n];
    let tr = best(50, || {
        for ((x, y), z) in black_box(&av).iter().zip(black_box(&bv)).zip(cr.iter_mut()) {
            *z = x + y;
        }
    });
    assert_eq!(c.to_vec::<f32>().expect("f32"), cr, "add differs from rustc's");
    println!(
        "add 1M f32:        {:8.3} ms | rustc {:8.3} ms | TVM 0.198 ms | vs TVM {:.2}x",
        ms(t),
        ms(tr),
        0.198 / ms(t)
    );

    let sum: strata::engine::TypedFn<(&Tensor, &mut Tensor), ()> =
        e1.compile(&strata::tir::compile_script(SUM).expect("sum")).expect("compiles").typed("vsum").expect("typed");
    let mut s = Tensor::zeros::<f32>(&[1]).expect("t");
    let t = best(50, || sum.call((&a, &mut s)).expect("call"));
    let mut sr = 0f32;
    let tr = best(50, || {
        let mut acc = 0f32;
        for x in black_box(&av) {
            acc += x;
        }
        sr = acc;
    });
    assert_eq!(s.to_vec::<f32>().expect("f32")[0], sr, "sum differs from rustc's sequential sum");
    println!(
        "sum 1M f32:        {:8.3} ms | rustc {:8.3} ms | TVM 0.874 ms | vs TVM {:.2}x",
        ms(t),
        ms(tr),
        0.874 / ms(t)
    );

    for (size, src, tvm_ms) in [(256usize, MATMUL256, 14.18), (512, MATMUL512, 297.4)] {
        let f = compile(&e1, src, "matmul");
        let dims = [size as i64, size as i64];
        let a = tensor(size * size, |i| (i % 7) as f32 * 0.5, &dims);
        let b = tensor(size * size, |i| (i % 5) as f32 * 0.25, &dims);
        let mut c = Tensor::zeros::<f32>(&dims).expect("t");
        let reps = if size == 256 { 10 } else { 3 };
        let t = best(reps, || f.call((&a, &b, &mut c)).expect("call"));
        let (av, bv) = (a.to_vec::<f32>().expect("f32"), b.to_vec::<f32>().expect("f32"));
        let mut cr = vec![0f32; size * size];
        let tr = best(reps, || rust_matmul(black_box(&av), black_box(&bv), black_box(&mut cr), size));
        assert_eq!(c.to_vec::<f32>().expect("f32"), cr, "matmul differs from rustc's");
        let flops = 2.0 * (size as f64).powi(3);
        println!(
            "naive matmul {size}:  {:8.3} ms ({:5.2} GFLOP/s) | rustc {:8.3} ms | TVM {tvm_ms} ms | vs TVM {:.2}x",
            ms(t),
            flops / t.as_secs_f64() / 1e9,
            ms(tr),
            tvm_ms / ms(t)
        );
    }

    println!("\n== scheduled matmul 512 (tiles, vectorized inner loop, unrolled, parallel outer) ==");
    let dims = [512i64, 512];
    let a = tensor(512 * 512, |i| (i % 7) as f32 * 0.5, &dims);
    let b = tensor(512 * 512, |i| (i % 5) as f32 * 0.25, &dims);
    let mut reference = vec![0f32; 512 * 512];
    rust_matmul(&a.to_vec::<f32>().expect("f32"), &b.to_vec::<f32>().expect("f32"), &mut reference, 512);
    let flops = 2.0 * 512f64.powi(3);
    for threads in [1usize, 2] {
        let e = engine(threads);
        let f = compile(&e, SCHED, "matmul");
        let mut c = Tensor::zeros::<f32>(&dims).expect("t");
        let t = best(10, || f.call((&a, &b, &mut c)).expect("call"));
        assert_eq!(c.to_vec::<f32>().expect("f32"), reference, "scheduled matmul differs");
        let tvm = if threads == 1 {
            "TVM generic 22.8 GFLOP/s (11.79 ms), znver4 2.74 ms"
        } else {
            "TVM znver4 2 threads 1.37 ms"
        };
        println!(
            "{threads} thread(s):        {:8.3} ms ({:5.2} GFLOP/s)   (target >= 20 GFLOP/s on 1 thread; {tvm})",
            ms(t),
            flops / t.as_secs_f64() / 1e9
        );
    }

    println!("\n== conv2d 3x3, 64 channels, 56x56 (naive) ==");
    let f = compile(&e1, CONV, "conv2d");
    let x = tensor(64 * 56 * 56, |i| (i % 9) as f32 * 0.1, &[1, 64, 56, 56]);
    let w = tensor(64 * 64 * 9, |i| (i % 4) as f32 * 0.3, &[64, 64, 3, 3]);
    let mut y = Tensor::zeros::<f32>(&[1, 64, 56, 56]).expect("t");
    let t = best(3, || f.call((&x, &w, &mut y)).expect("call"));
    println!("conv2d:            {:8.3} ms | TVM 90.09 ms | vs TVM {:.2}x", ms(t), 90.09 / ms(t));

    schedule_replay(&e1);
    bounds_checks();
}

/// The matmul 512 schedule of `../shared/tir-examples/README.md` (split x3, reorder,
/// cache_write, reverse_compute_at, fuse, parallel, unroll, vectorize x2, decompose_reduction)
/// applied from its trace text (target <= 0.2 ms), then compiled and run as a tuner would.
fn schedule_replay(e: &Engine) {
    const TRACE: &str = include_str!("../jit-tests/tir/schedule/matmul512_readme.trace");
    use strata::tir::schedule::Schedule;
    println!("\n== schedule: the README's matmul 512 schedule replayed from its trace (target <= 0.2 ms) ==");
    let m = strata::tir::parse_script(MATMUL512).expect("parses");
    let f = m.funcs[0].clone();
    let t = best(200, || Schedule::replay(f.clone(), TRACE).expect("replays"));
    println!("replay (read trace + apply):   {:8.4} ms", ms(t));
    let sch = Schedule::replay(f.clone(), TRACE).expect("replays");
    let module = strata::tir::ast::IRModule::from_func(sch.into_func());
    let t = best(20, || e.compile(&strata::tir::lower(&module).expect("lowers")).expect("compiles"));
    println!("then lower + compile:          {:8.3} ms", ms(t));
    let code = e.compile(&strata::tir::lower(&module).expect("lowers")).expect("compiles");
    let k = code.typed::<(&Tensor, &Tensor, &mut Tensor), ()>("matmul").expect("typed");
    let dims = [512i64, 512];
    let a = tensor(512 * 512, |i| (i % 7) as f32 * 0.5, &dims);
    let b = tensor(512 * 512, |i| (i % 5) as f32 * 0.25, &dims);
    let mut c = Tensor::zeros::<f32>(&dims).expect("t");
    let t = best(5, || k.call((&a, &b, &mut c)).expect("call"));
    println!(
        "run (1 thread):                {:8.3} ms ({:5.2} GFLOP/s)",
        ms(t),
        2.0 * 512f64.powi(3) / t.as_secs_f64() / 1e9
    );
}

/// A kernel: label, source, function, argument shapes, repetitions.
type Case<'a> = (&'a str, &'a str, &'a str, Vec<Vec<i64>>, u32);

/// The checked default next to `unsafe` unchecked code, kernel by kernel (target: checked at
/// most 5 % slower). Runs alternate between the two so machine noise hits both alike.
fn bounds_checks() {
    println!("\n== bounds checks: checked (default) vs unchecked, 1 thread ==");
    let checked = engine(1);
    // SAFETY: the benchmark kernels index inside their buffers (their results are checked above).
    let unchecked = Engine::new(unsafe { Options { threads: 1, ..Options::default() }.unchecked() }).expect("engine");
    let t = |n: usize, dims: &[i64]| tensor(n, |i| (i % 7) as f32 * 0.5, dims);
    let n = 1 << 20;
    let cases: [Case<'_>; 5] = [
        ("add 1M", ADD, "add", vec![vec![n], vec![n], vec![n]], 50),
        ("sum 1M", SUM, "vsum", vec![vec![n], vec![1]], 50),
        ("matmul 256", MATMUL256, "matmul", vec![vec![256, 256]; 3], 10),
        ("matmul 512 scheduled", SCHED, "matmul", vec![vec![512, 512]; 3], 10),
        ("conv2d", CONV, "conv2d", vec![vec![1, 64, 56, 56], vec![64, 64, 3, 3], vec![1, 64, 56, 56]], 3),
    ];
    for (label, src, name, shapes, reps) in cases {
        let m = strata::tir::compile_script(src).expect("compiles");
        let mut args: Vec<Tensor> = shapes.iter().map(|d| t(d.iter().product::<i64>() as usize, d)).collect();
        let c = checked.compile(&m).expect("compiles");
        let u = unchecked.compile(&m).expect("compiles");
        common::checked_vs_unchecked(label, (&c, &u), name, &mut args, &[], reps);
    }
}
