//! Front-half throughput: parse, verify and print a generated multi-megabyte module.
//!
//! `cargo bench --bench parse` prints MB/s for each phase and for parse+verify+print together,
//! next to the throughput of the lexer alone (the floor any parser pays) measured in the same run.

use std::time::{Duration, Instant};

use strata::ir::SourceFile;
use strata::syntax::PrintOptions;
use strata::{parse_unverified, print_with};

/// A module of `n` functions mixing affine loops, memory ops, arithmetic and control flow.
fn generate(n: usize) -> String {
    let mut s =
        String::from("#map0 = (d0, d1)[s0] -> (d0 * 2 + d1 - s0)\n#set0 = (d0)[s0] : (d0 >= 0, s0 - d0 - 1 >= 0)\n\n");
    for i in 0..n {
        s.push_str(&format!(
            r#"func @kernel{i}(%A: memref<?x128xf32>, %B: memref<128x?xf32>, %C: memref<?x?xf32>, %n: index) -> f32 {{
  %c0 = constant 0 : index
  %zero = constant 0.0 : f32
  %m = dim %A, 0 : memref<?x128xf32>
  affine.for %i = 0 to %m {{
    affine.for %j = 0 to %n step 4 {{
      %idx = affine.apply #map0(%i, %j)[%n]
      affine.if #set0(%i)[%n] {{
        %a = affine.load %A[%i, %j + 1] : memref<?x128xf32>
        %b = load %B[%j, %i] : memref<128x?xf32>
        %p = mulf %a, %b : f32
        %q = addf %p, %zero : f32
        affine.store %q, %C[%i, %j] : memref<?x?xf32>
      }}
    }}
  }}
  %x = load %C[%c0, %c0] : memref<?x?xf32>
  %k = index_cast %n : index to i32
  %one = constant 1 : i32
  %t = addi %k, %one : i32
  %cmp = cmpi "slt", %t, %one : i32
  cond_br %cmp, ^bb1, ^bb2(%x : f32)
^bb1:
  %y = "test.opaque"(%x) {{note = "unregistered", value = dense<[1, 2, 3, 4]> : vector<4xi32>}} : (f32) -> f32
  br ^bb2(%y : f32)
^bb2(%r: f32):
  return %r : f32
}}

"#
        ));
    }
    s
}

fn time<T>(reps: u32, mut f: impl FnMut() -> T) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..reps {
        let start = Instant::now();
        std::hint::black_box(f());
        best = best.min(start.elapsed());
    }
    best
}

fn mbps(bytes: usize, d: Duration) -> f64 {
    bytes as f64 / 1e6 / d.as_secs_f64()
}

fn main() {
    let text = generate(6_000);
    let bytes = text.len();
    let file = SourceFile::new("bench.mlir", text.as_str());
    let reps = 5;
    // The floor any parser pays: one pass over the bytes splitting words, a plain Rust loop.
    let scan = time(reps, || text.split_ascii_whitespace().count());
    let parse = time(reps, || parse_unverified(&file).expect("parses"));
    let m = parse_unverified(&file).expect("parses");
    let verify = time(reps, || strata::verify::verify(&m).expect("verifies"));
    let print = time(reps, || print_with(&m, PrintOptions::default()));
    // The path users run: the driver in-process, then `strata opt FILE -o /dev/null` as a new
    // process (reading the file, a cold allocator, writing and dropping everything).
    let input = strata::driver::Input::from_text("bench.mlir", text.as_str());
    let first = Instant::now();
    std::hint::black_box(strata::driver::opt(&input, &strata::driver::OptOptions::default()));
    let driver_first = first.elapsed();
    let driver = time(reps, || strata::driver::opt(&input, &strata::driver::OptOptions::default()));
    let path = std::env::temp_dir().join("strata-bench-parse.mlir");
    std::fs::write(&path, &text).expect("temporary file");
    let cli = time(reps, || {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_strata"))
            .args(["opt", path.to_str().unwrap_or_default(), "-o", "/dev/null"])
            .output()
            .expect("strata runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    });
    let _ = std::fs::remove_file(&path);
    let all = time(reps, || {
        let m = parse_unverified(&file).expect("parses");
        strata::verify::verify(&m).expect("verifies");
        print_with(&m, PrintOptions::default())
    });
    println!("input: {:.1} MB, {} ops", bytes as f64 / 1e6, m.num_ops());
    println!("split words (baseline)  {:8.1} MB/s", mbps(bytes, scan));
    println!(
        "parse                   {:8.1} MB/s  ({:.2}x the baseline's time)",
        mbps(bytes, parse),
        parse.as_secs_f64() / scan.as_secs_f64()
    );
    println!("verify                  {:8.1} MB/s", mbps(bytes, verify));
    println!("print                   {:8.1} MB/s", mbps(bytes, print));
    println!("parse + verify + print  {:8.1} MB/s  (target: >= 30 MB/s; mlir-opt 16: ~10 MB/s)", mbps(bytes, all));
    println!("driver::opt, first run  {:8.1} MB/s", mbps(bytes, driver_first));
    println!(
        "driver::opt             {:8.1} MB/s  ({:.2}x parse + verify + print)",
        mbps(bytes, driver),
        driver.as_secs_f64() / all.as_secs_f64()
    );
    println!(
        "strata opt (process)    {:8.1} MB/s  ({:.2}x parse + verify + print)",
        mbps(bytes, cli),
        cli.as_secs_f64() / all.as_secs_f64()
    );
}
