//! Fuzzing the front half: random and mutated inputs must never panic; when an input is
//! accepted, verifying, canonicalizing and printing it must not panic, and printing must be a
//! fixed point.
//!
//! `STRATA_FUZZ_CASES=100000 cargo test --release --test fuzz -- --nocapture` for a long run;
//! the default is small enough for CI. `STRATA_FUZZ_SEED` picks another deterministic stream;
//! `STRATA_FUZZ_TRACE=FILE` writes each input to FILE before trying it, so that after an abort
//! (a stack overflow cannot be caught) FILE holds the input that caused it.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use strata::ir::SourceFile;
use strata::syntax::{self, PrintOptions};
use strata::{parse_unverified, print_with};

/// SplitMix64: small, fast, deterministic.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next() % n as u64) as usize }
    }
}

const TOKENS: &[&str] = &[
    "func",
    "@f",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "<",
    ">",
    ",",
    ":",
    "=",
    "->",
    "%0",
    "%x",
    "%a#1",
    "^bb0",
    "^bb1",
    "#map",
    "!t",
    "i32",
    "index",
    "f32",
    "memref<4x?xf32>",
    "tensor<*xi8>",
    "vector<4xf32>",
    "(d0) -> (d0)",
    "(d0)[s0] : (d0 >= 0)",
    "affine.for",
    "affine.if",
    "affine.apply",
    "affine.load",
    "to",
    "step",
    "addi",
    "constant",
    "return",
    "br",
    "cond_br",
    "call",
    "load",
    "store",
    "alloc",
    "dim",
    "\"foo\"",
    "\"",
    "42",
    "-7",
    "0x10",
    "1.5e3",
    "dense<[1, 2]>",
    "sparse<",
    "floordiv",
    "mod",
    "ceildiv",
    "*",
    "+",
    "-",
    "//",
    "\n",
    " ",
    "cfgfunc",
    "mlfunc",
    "bb0:",
    "for",
    "if",
    "else",
    "module",
    "attributes",
    "unit",
    "true",
    "99999999999999999999999999",
    "tuple<",
    "complex<",
    "!foo.bar<",
    "!llvm<\"",
    "size",
    "min",
    "max",
    "symbol(",
    "type",
    "\u{1F600}",
    "\\",
    "#",
    "@",
    // Later MLIR's spellings (read with `later_spellings`).
    "func.func",
    "func.func private",
    "arith.cmpi slt,",
    "arith.divsi",
    "memref.dim",
    "affine_map<",
    "affine_set<",
    "cf.br",
];

fn seeds() -> Vec<String> {
    let mut out = Vec::new();
    fn walk(dir: &Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "mlir")
                && let Ok(t) = std::fs::read_to_string(&p)
            {
                for r in syntax::split_input(&t) {
                    out.push(t[r].to_string());
                }
            }
        }
    }
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("jit-tests"), &mut out);
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("examples"), &mut out);
    out
}

fn floor_char(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn mutate(rng: &mut Rng, seeds: &[String], tokens: &[&str]) -> String {
    let mut s = if rng.below(8) == 0 {
        // A random token soup.
        (0..rng.below(60)).map(|_| tokens[rng.below(tokens.len())]).collect::<Vec<_>>().join(" ")
    } else {
        seeds[rng.below(seeds.len())].clone()
    };
    for _ in 0..1 + rng.below(4) {
        let i = floor_char(&s, rng.below(s.len() + 1));
        match rng.below(9) {
            0 => s.insert_str(i, tokens[rng.below(tokens.len())]),
            1 => {
                let j = floor_char(&s, i + rng.below(20));
                s.replace_range(i..j, "");
            }
            2 => {
                let j = floor_char(&s, i + rng.below(40));
                let chunk = s[i..j].to_string();
                s.insert_str(j, &chunk);
            }
            3 => {
                // Splice a piece of another seed.
                let other = &seeds[rng.below(seeds.len())];
                let a = floor_char(other, rng.below(other.len() + 1));
                let b = floor_char(other, a + rng.below(80));
                s.insert_str(i, &other[a..b]);
            }
            4 => s.truncate(i),
            5 => {
                let c = (rng.below(95) as u8 + 32) as char;
                s.insert(i, c);
            }
            7 | 8 => {
                // Swap one word for another of the same input, or a number for an edge value:
                // inputs that stay well-formed but mean something else.
                let words = words(&s);
                if let (Some(&(a, b)), Some(&(c, d))) =
                    (words.get(rng.below(words.len())), words.get(rng.below(words.len())))
                {
                    let replacement = if s[a..b].starts_with(|c: char| c.is_ascii_digit()) && rng.below(2) == 0 {
                        ["0", "1", "-1", "3", "7", "64", "65536", "2147483647", "4294967296"][rng.below(9)].to_string()
                    } else {
                        s[c..d].to_string()
                    };
                    s.replace_range(a..b, &replacement);
                }
            }
            _ => {
                // Nest deeply.
                let n = rng.below(300);
                s.insert_str(i, &"(".repeat(n));
            }
        }
    }
    s
}

/// The byte ranges of the identifiers and numbers of `s`.
fn words(s: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices().chain(std::iter::once((s.len(), ' '))) {
        let word = c.is_ascii_alphanumeric() || c == '_';
        match (start, word) {
            (None, true) => start = Some(i),
            (Some(a), false) => {
                out.push((a, i));
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// What happened to an input: rejected by the parser, by the verifier, or accepted.
#[derive(Clone, Copy)]
enum Outcome {
    Syntax,
    Invalid,
    Accepted,
}

fn check_one(input: &str) -> Outcome {
    let file = SourceFile::new("fuzz.mlir", input);
    // Read with later MLIR's spellings: what it accepts prints in the 2019 spelling, which the
    // default reader reads back.
    let later = strata::syntax::ParseOptions { later_spellings: true };
    if let Ok(v) = strata::parse_source_with(&file, later) {
        let printed = strata::print(&v);
        if let Err(e) = parse_unverified(&SourceFile::new("printed.mlir", printed.as_str())) {
            panic!(
                "a module read with later spellings prints what does not read back:\n{e}\n--- input\n{input}\n--- printed\n{printed}"
            );
        }
    }
    let Ok(mut m) = parse_unverified(&file) else { return Outcome::Syntax };
    let generic = print_with(&m, PrintOptions { generic: true });
    if strata::verify::verify(&m).is_err() {
        return Outcome::Invalid;
    }
    let once = print_with(&m, PrintOptions::default());
    let f2 = SourceFile::new("printed.mlir", once.as_str());
    match parse_unverified(&f2) {
        Ok(m2) => {
            let twice = print_with(&m2, PrintOptions::default());
            assert_eq!(once, twice, "printing is not a fixed point for:\n{input}");
        }
        Err(e) => panic!("printed form does not parse back:\n{e}\n--- input\n{input}\n--- printed\n{once}"),
    }
    let f3 = SourceFile::new("generic.mlir", generic.as_str());
    if let Err(e) = parse_unverified(&f3) {
        panic!("generic form does not parse back:\n{e}\n--- input\n{input}\n--- generic\n{generic}");
    }
    // A verified module compiles or is refused with an error; code generation never panics.
    if let Ok(v) = strata::verify(m.clone()) {
        ENGINE.with(|e| {
            let _ = e.compile(&v);
        });
    }
    strata::transform::canonicalize::canonicalize(&mut m);
    let _ = print_with(&m, PrintOptions::default());
    Outcome::Accepted
}

thread_local! {
    /// One engine per fuzzing thread (compiling needs no fresh engine per input).
    static ENGINE: strata::Engine = strata::Engine::default();
}

/// Run `cases` mutated inputs through `check`; a panic anywhere is a failure (the first five are
/// reported with their inputs).
fn fuzz(what: &str, seeds: &[String], tokens: &[&str], default_cases: usize, check: &dyn Fn(&str) -> Outcome) {
    let cases: usize = std::env::var("STRATA_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default_cases);
    let seed: u64 = std::env::var("STRATA_FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x5EED);
    let trace = std::env::var("STRATA_FUZZ_TRACE").ok();
    assert!(!seeds.is_empty());
    let mut rng = Rng(seed);
    let mut failures = Vec::new();
    let start = std::time::Instant::now();
    let mut counts = [0usize; 3];
    for _ in 0..cases {
        let input = mutate(&mut rng, seeds, tokens);
        if let Some(path) = &trace {
            // An abort (a stack overflow) cannot be caught; the last input written is the culprit.
            std::fs::write(path, &input).expect("writing STRATA_FUZZ_TRACE");
        }
        match catch_unwind(AssertUnwindSafe(|| check(&input))) {
            Ok(o) => counts[o as usize] += 1,
            Err(e) => {
                let msg =
                    e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
                failures.push(format!("{}\n--- input\n{input}", msg.unwrap_or_default()));
                if failures.len() >= 5 {
                    break;
                }
            }
        }
    }
    eprintln!(
        "fuzz {what}: {cases} inputs in {:.1} s: {} syntax errors, {} rejected, {} accepted, {} panics",
        start.elapsed().as_secs_f64(),
        counts[0],
        counts[1],
        counts[2],
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n=====\n"));
}

#[test]
fn random_and_mutated_inputs_never_panic() {
    fuzz("MLIR", &seeds(), TOKENS, 3_000, &check_one);
}

const TVMSCRIPT_TOKENS: &[&str] = &[
    "@T.prim_func",
    "T.break_loop()",
    "T.continue_loop()",
    "lambda x, y: ",
    "T.comm_reducer(",
    ", layout=T.TileLayout(T.S[(4, 2):(1 @ Axis.F, 4)])",
    " @ Axis.m",
    " @ ",
    "x: T.int32",
    "x = x + 1",
    "T.attr({\"k\": 1})",
    "(\"n + 1\",)",
    "T.call_llvm_pure_intrin(\"float32\", \"llvm.",
    "T.tvm_thread_allreduce(",
    "while ",
    "@I.ir_module",
    "class Module:",
    "def main(",
    "A: T.Buffer((4, 4), \"float32\")",
    "T.handle",
    "T.match_buffer(",
    "T.int32",
    "T.int64(3)",
    "T.float32(0)",
    "T.bool(True)",
    "T.Cast(\"float16\", ",
    "T.Select(",
    "T.if_then_else(",
    "T.ramp(0, 1, 4)",
    "T.Broadcast(",
    "T.Shuffle(",
    "T.grid(",
    "T.serial(",
    "T.parallel(",
    "T.vectorized(",
    "T.unroll(",
    "T.thread_binding(",
    "with T.sblock(\"b\"):",
    "with T.block(\"b\"):",
    "T.axis.remap(\"SR\", [i, j])",
    "T.axis.spatial(",
    "T.axis.reduce(",
    "with T.init():",
    "T.where(",
    "T.reads(",
    "T.writes(",
    "T.alloc_buffer(",
    "T.allocate(",
    "T.decl_buffer(",
    "T.launch_thread(",
    "T.env_thread(",
    "T.attr(",
    "T.Let(",
    "T.evaluate(",
    "T.ret(",
    "assert",
    "while",
    "if",
    "else:",
    "for",
    "in",
    "range(",
    "return",
    "T.floordiv(",
    "T.floormod(",
    "T.truncdiv(",
    "T.exp(",
    "T.max(",
    "//",
    "%",
    "**",
    "and",
    "or",
    "not",
    "==",
    "<=",
    "=",
    ":",
    ",",
    "(",
    ")",
    "[",
    "]",
    "\n",
    "\n    ",
    "\n        ",
    "\t",
    " ",
    "0",
    "-1",
    "2147483648",
    "99999999999999999999999999",
    "1e39",
    "\"",
    "'",
    "#",
    "\\",
    "\u{1F600}",
];

/// TVMScript inputs: the seeds are every case of the `.py` test files.
fn tvmscript_seeds() -> Vec<String> {
    let mut out = Vec::new();
    fn walk(dir: &Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "py")
                && let Ok(t) = std::fs::read_to_string(&p)
                && strata::tir::script::looks_like_tvmscript(&t)
            {
                for r in strata::tir::script::split_cases(&t) {
                    out.push(t[r].to_string());
                }
            }
        }
    }
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("jit-tests"), &mut out);
    out
}

/// Read, check, print, read the print back (a fixed point), lower and compile: nothing panics.
fn check_tvmscript(input: &str, engine: &strata::engine::Engine) -> Outcome {
    use strata::tir::script::{print_module, read_module};
    let file = SourceFile::new("fuzz.py", input);
    let Ok(m) = read_module(&file) else { return Outcome::Syntax };
    if strata::tir::check(&m).is_err() {
        return Outcome::Invalid;
    }
    let once = print_module(&m);
    let m2 = strata::tir::parse_script_named("printed.py", &once)
        .unwrap_or_else(|e| panic!("printed form does not read back:\n{e}\n--- input\n{input}\n--- printed\n{once}"));
    assert_eq!(once, print_module(&m2), "printing is not a fixed point for:\n{input}");
    match strata::tir::lower(&m) {
        Ok(core) => match engine.compile(&core) {
            Ok(_) => Outcome::Accepted,
            Err(_) => Outcome::Invalid,
        },
        Err(_) => Outcome::Invalid,
    }
}

#[test]
fn mutated_tvmscript_never_panics() {
    let engine = strata::engine::Engine::default();
    fuzz("TVMScript", &tvmscript_seeds(), TVMSCRIPT_TOKENS, 1_500, &|s| check_tvmscript(s, &engine));
}

#[test]
fn invalid_utf8_and_huge_inputs_are_errors() {
    // Bytes that are not UTF-8 cannot reach the &str parser; the CLI reports them. Huge numbers,
    // unterminated strings and deep nesting are errors, not panics.
    for input in [
        "\"abc",
        "func @f() { %0 = constant 99999999999999999999999999999999999999999 : i32 }",
        "#m = (d0) -> (d0 floordiv 0)",
        "!t = type vector<18446744073709551616xf32>",
        "func @f(i99999999999)",
        &"{".repeat(20_000),
        &"tuple<".repeat(20_000),
        &format!("#m = (d0) -> ({})", "-".repeat(50_000)),
    ] {
        let file = SourceFile::new("x.mlir", input);
        assert!(parse_unverified(&file).is_err(), "accepted: {}", &input[..input.len().min(80)]);
    }
}

const LITERAL_TOKENS: &[&str] = &[
    "[",
    "]",
    ",",
    "0",
    "1",
    "-1",
    "-129",
    "2.5",
    "1e308",
    "-0.0",
    "nan",
    "inf",
    "true",
    "false",
    "zeros(",
    "ones(",
    ")",
    "4x8xf32",
    "2x2xi8",
    "0x3xf64",
    "9223372036854775807x2xf32",
    "xfloat32",
    "view(",
    "shape=",
    "strides=",
    "byte_offset=",
    "alias(%",
    "%0",
    "%9",
    "@f",
    "npy(\"",
    "\"",
    "99999999999999999999",
];

fn literal_seeds() -> Vec<String> {
    [
        "[1.5, -2.0, nan, inf]",
        "zeros(4xf32)",
        "ones(3xfloat32)",
        "view(zeros(16xf32), shape=[4], strides=[2], byte_offset=8)",
        "view(ones(8xf32), shape=[3], strides=[-1], byte_offset=28)",
        "[1.0, 2.0, 3.0]",
        "-129, 2.5",
        "7, 1e308",
        "[[1, 2], [3, 4]]",
        "[true, false], alias(%0)",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// A literal line is parsed, made into arguments of a real function (views and aliases
/// checked against their bases), and the call made: never a panic, never memory outside the
/// arguments (the kernel reads every element of its buffer).
fn check_literal(input: &str, code: &strata::engine::Compiled) -> Outcome {
    let Ok(lits) = strata::engine::literal::parse_literals(input) else { return Outcome::Syntax };
    let mut accepted = false;
    for f in ["sum", "scalar"] {
        accepted |= strata::engine::directive::call_with_literals(code, f, &lits).is_ok();
    }
    if accepted { Outcome::Accepted } else { Outcome::Invalid }
}

#[test]
fn mutated_argument_literals_never_panic() {
    let m = strata::parse(
        "func @sum(%a: memref<?xf32>) -> f32 {\n  %c0 = constant 0 : index\n  %z = constant 0.0 : f32\n  %n = dim %a, 0 : memref<?xf32>\n  %s = affine.for %i = 0 to %n iter_args(%acc = %z) -> (f32) {\n    %x = affine.load %a[%i] : memref<?xf32>\n    %t = addf %acc, %x : f32\n    affine.yield %t : f32\n  }\n  return %s : f32\n}\nfunc @scalar(%x: i32, %y: f64) -> i32 {\n  return %x : i32\n}",
    );
    // Older spellings of the loop: a plain sum through memory.
    let m = m.or_else(|_| {
        strata::parse("func @sum(%a: memref<?xf32>, %out: memref<1xf32>) {\n  %c0 = constant 0 : index\n  %n = dim %a, 0 : memref<?xf32>\n  affine.for %i = 0 to %n {\n    %x = affine.load %a[%i] : memref<?xf32>\n    %s = affine.load %out[0] : memref<1xf32>\n    %t = addf %s, %x : f32\n    affine.store %t, %out[0] : memref<1xf32>\n  }\n  return\n}\nfunc @scalar(%x: i32, %y: f64) -> i32 {\n  return %x : i32\n}")
    });
    let code = strata::Engine::default().compile(&m.expect("the literal fuzzer's functions parse")).unwrap();
    fuzz("argument literals", &literal_seeds(), LITERAL_TOKENS, 3_000, &|s| check_literal(s, &code));
}

#[test]
fn mutated_npy_files_never_panic() {
    let cases: usize = std::env::var("STRATA_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(3_000);
    let mut rng = Rng(0x004E_5059);
    let dir = std::env::temp_dir().join(format!("strata-npy-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("x.npy");
    let mut seeds = Vec::new();
    for (t, name) in [
        (strata::Tensor::from_vec(vec![1.0f32, 2.0, 3.0, 4.0], &[2, 2]).unwrap(), "f32"),
        (strata::Tensor::from_vec(vec![1i64, -2, 3], &[3]).unwrap(), "i64"),
        (strata::Tensor::from_vec(vec![7u8; 6], &[1, 2, 3]).unwrap(), "u8"),
    ] {
        strata::engine::npy::write(&path, &t).unwrap_or_else(|e| panic!("{name}: {e}"));
        seeds.push(std::fs::read(&path).unwrap());
    }
    let start = std::time::Instant::now();
    let (mut ok, mut failures) = (0usize, Vec::new());
    for _ in 0..cases {
        let mut b = seeds[rng.below(seeds.len())].clone();
        for _ in 0..=rng.below(4) {
            let i = rng.below(b.len());
            match rng.below(6) {
                0 => {
                    let bit = 1 << rng.below(8);
                    if let Some(x) = b.get_mut(i) {
                        *x ^= bit;
                    }
                }
                1 => b.truncate(i),
                2 => b.insert(i, rng.next() as u8),
                3 if !b.is_empty() => {
                    b.remove(i.min(b.len() - 1));
                }
                // Digits and punctuation in the header, where shapes and dtypes are.
                4 => {
                    if let Some(x) = b.get_mut(i) {
                        *x = b"0123456789(),'<|fiub: "[rng.below(22)];
                    }
                }
                _ => b.extend_from_slice(&(rng.next() as u16).to_le_bytes()),
            }
        }
        std::fs::write(&path, &b).unwrap();
        match catch_unwind(|| strata::engine::npy::read(&path).map(|t| t.bytes().len())) {
            Ok(Ok(_)) => ok += 1,
            Ok(Err(_)) => {}
            Err(_) => failures.push(b.clone()),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "fuzz .npy: {cases} files in {:.1} s: {ok} read, {} panics",
        start.elapsed().as_secs_f64(),
        failures.len()
    );
    assert!(failures.is_empty(), "{} inputs panicked, the first: {:?}", failures.len(), failures[0]);
}

const TRACE_TOKENS: &[&str] = &[
    // Python idioms: lists named whole, indexed, sliced; nested calls; blocks by name.
    "loops = sch.get_loops(\"C\")\n",
    "loops[0]",
    "loops[-1]",
    "loops[1:]",
    "loops[:-5]",
    "[99]",
    "sch.get_loops(b0)[2]",
    "sch.get_sblock(\"C\")",
    "\"C\"",
    "b0",
    "l1",
    "l2",
    "l3",
    "l4",
    "v4",
    "sch.split",
    "sch.fuse",
    "sch.reorder",
    "sch.parallel",
    "sch.vectorize",
    "sch.unroll",
    "sch.compute_at",
    "sch.reverse_compute_at",
    "sch.compute_inline",
    "sch.reverse_compute_inline",
    "sch.cache_read",
    "sch.cache_write",
    "sch.cache_inplace",
    "sch.cache_index",
    "cse_thresh=2",
    "b1, b2 = sch.cache_inplace(b0, 0, \"local\")",
    "\"test_scope\"",
    "sch.decompose_reduction",
    "sch.rfactor",
    "sch.fuse_reduction_epilogue",
    "sch.read_at",
    "sch.write_at",
    "sch.sample_partitioned_tile",
    "sch.rolling_buffer",
    "sch.tensorize",
    "\"mm4\"",
    "\"dot16x4\"",
    "sch.blockize",
    "sch.add_unit_loop",
    "sch.reorder_block_iter_var",
    "sch.unsafe_set_dtype",
    "sch.sample_compute_location",
    "sch.transform_layout",
    "lambda i, j: (j, i)",
    "lambda i: (i // 4, i % 4)",
    "pad_value=lambda a, b: (T.float32(0.0),)",
    "pad_value=lambda a, b: (a + b,)",
    "pad_value=42",
    "\"dot_16x4_vnni\"",
    "\"dot_4x4_i8i8s32_sdot\"",
    "assume_injective_transform=True",
    "sch.transform_block_layout",
    "sch.get_output_blocks",
    "sch.reindex",
    "sch.merge",
    "sch.annotate_buffer_access",
    "consumer_blocks=[b0]",
    "lambda vi, vj: [(vi - 1, vi + 1), vj]",
    "sch.unsafe_hide_buffer_access",
    "sch.decompose_padding",
    "sch.loop_partition",
    "sch.pad_einsum",
    "sch.reindex_cache_read",
    "sch.reindex_cache_write",
    "consumer_blocks=[b1]",
    "padding=[32, 16, 8]",
    "\"pad_temp\"",
    "(\"read\", 1)",
    "lambda i, j: (i // 16, j, i % 16)",
    "lambda i, j, k: (i * 128 + j, k % 3)",
    "disable_predication=True",
    "preserve_unit_loops=True",
    "index=-2",
    "preserve_unit_iters=False",
    "sch.get_loops",
    "sch.get_sblock",
    "sch.sample_perfect_tile",
    "sch.sample_categorical",
    "sch.annotate",
    "sch.bind",
    "sch.set_scope",
    "sch.storage_align",
    "factors=",
    "decision=",
    "None",
    "-1",
    "0",
    "1",
    "3",
    "7",
    "64",
    "4096",
    "2147483647",
    "99999999999999999999",
    "(",
    ")",
    "[",
    "]",
    ",",
    "=",
    "\n",
    "\"C\"",
    "\"local\"",
    "block=",
    "loop=",
    "n=",
    "factor_axis=",
    "index=",
    "True",
    "False",
];

/// The kernels schedule traces are replayed on.
/// A kernel and the tensor intrinsics of its file.
type TraceKernel = (strata::tir::ast::PrimFunc, Vec<(String, strata::tir::schedule::TensorIntrin)>);

fn trace_kernels() -> Vec<TraceKernel> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("jit-tests/tir/script");
    let mut paths: Vec<std::path::PathBuf> = ["matmul256", "conv2d", "softmax", "sum", "bias_relu", "add"]
        .iter()
        .map(|k| dir.join(format!("{k}.py")))
        .collect();
    // The small kernels of the schedule cases, whose traces are the seeds.
    let mut small: Vec<std::path::PathBuf> =
        std::fs::read_dir(dir.join("../schedule/kernels")).expect("kernels").flatten().map(|e| e.path()).collect();
    small.sort();
    paths.extend(small);
    paths
        .iter()
        .map(|p| {
            let t = std::fs::read_to_string(p).expect("kernel");
            let mut m = strata::tir::parse_script(&t).expect("kernel parses");
            let intrins = strata::tir::schedule::TensorIntrin::from_module(&m);
            (m.funcs.remove(0), intrins)
        })
        .collect()
}

/// Replay a trace on every kernel; what replays prints and reads back, lowers and compiles,
/// and (when small) runs, checked: nothing panics.
fn check_trace(input: &str, kernels: &[TraceKernel], engine: &strata::engine::Engine) -> Outcome {
    let mut outcome = Outcome::Syntax;
    for (f, intrins) in kernels {
        let mut sch = strata::tir::schedule::Schedule::new(f.clone());
        for (name, intrin) in intrins {
            sch.register_tensor_intrin(name, intrin.clone());
        }
        let Ok(sch) = sch.replay_more(input) else { continue };
        outcome = Outcome::Accepted;
        let printed = strata::tir::script::print_func(sch.func());
        let again = strata::tir::parse_script_named("scheduled.py", &printed).unwrap_or_else(|e| {
            panic!("the scheduled print does not read back:\n{e}\n--- trace\n{input}\n--- printed\n{printed}")
        });
        let Ok(core) = strata::tir::lower(&again) else { continue };
        let Ok(code) = engine.compile(&core) else { continue };
        let mut tensors: Vec<strata::runtime::Tensor> = Vec::new();
        let mut total = 0i64;
        for (_, b) in &sch.func().buffer_map {
            let shape: Vec<i64> = b.shape().iter().filter_map(|d| d.as_int()).collect();
            total += shape.iter().product::<i64>();
            tensors.push(strata::runtime::Tensor::zeros::<f32>(&shape).expect("tensor"));
        }
        if total <= 1 << 19 {
            let mut args: Vec<strata::Arg<'_>> = tensors.iter_mut().map(|t| t.as_arg_mut()).collect();
            // A schedule may be valid and absurdly slow (a split by 2^31): stop it.
            let _deadline = engine.deadline(std::time::Duration::from_millis(200));
            let _ = code.call(&sch.func().name, &mut args);
        }
    }
    outcome
}

#[test]
fn mutated_schedule_traces_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("jit-tests/tir/schedule");
    let mut seeds: Vec<String> = std::fs::read_dir(&dir)
        .expect("schedule cases")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "trace"))
        .map(|p| std::fs::read_to_string(p).expect("trace"))
        .collect();
    seeds.sort();
    let kernels = trace_kernels();
    let engine = strata::engine::Engine::new(strata::engine::Options { threads: 1, ..Default::default() }).unwrap();
    fuzz("schedule traces", &seeds, TRACE_TOKENS, 150, &|s| check_trace(s, &kernels, &engine));
}

/// Bytecode seeds: modules of `jit-tests/` (MLIR, and TIR kernels with calling conventions),
/// with and without locations.
fn bytecode_seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (i, text) in seeds().iter().enumerate().filter(|(i, _)| i % 7 == 0) {
        let file = SourceFile::new("seed.mlir", text.as_str());
        if let Ok(m) = parse_unverified(&file) {
            let options = strata::bytecode::WriteOptions { locations: i % 2 == 0 };
            if let Ok(b) = strata::bytecode::write_module(&m, [], options) {
                out.push(b);
            }
        }
    }
    // Constants large enough to be borrowed from the file (`DenseValues::Raw`), of each width.
    let list = |n: usize, f: &dyn Fn(usize) -> String| (0..n).map(f).collect::<Vec<_>>().join(", ");
    let weights = format!(
        "func @w(%i: index) -> (f32, i64, i1, i16) {{\n  %a = constant dense<[{}]> : tensor<32xf32>\n  %b = constant dense<[{}]> : tensor<20xi64>\n  %c = constant dense<[{}]> : tensor<64xi1>\n  %d = constant dense<[{}]> : tensor<70xi16>\n  %0 = extract_element %a[%i] : tensor<32xf32>\n  %1 = extract_element %b[%i] : tensor<20xi64>\n  %2 = extract_element %c[%i] : tensor<64xi1>\n  %3 = extract_element %d[%i] : tensor<70xi16>\n  return %0, %1, %2, %3 : f32, i64, i1, i16\n}}\n",
        list(32, &|i| format!("{i}.5")),
        list(20, &|i| format!("{}", i as i64 * -7_000_000_001)),
        list(64, &|i| (i % 3 == 0).to_string()),
        list(70, &|i| format!("{}", i as i64 * 300 - 9000)),
    );
    let v = strata::parse(&weights).expect("the weights seed parses");
    let b = strata::bytecode::write(&v, strata::bytecode::WriteOptions::default()).expect("writes");
    out.extend(std::iter::repeat_n(b, 8));
    for src in tvmscript_seeds().iter().take(40) {
        if let Ok(v) = strata::tir::compile_script(src)
            && let Ok(b) = strata::bytecode::write(&v, strata::bytecode::WriteOptions::default())
        {
            out.push(b);
        }
    }
    out
}

/// One mutated file: decoded whole and lazily; whatever decodes is printed, verified and (if
/// valid) compiled. Errors are fine; a panic, an abort or a hang is not.
fn check_bytecode(bytes: Vec<u8>) -> Outcome {
    let Ok(file) = strata::bytecode::Bytecode::from_bytes(bytes) else { return Outcome::Syntax };
    let names: Vec<String> = file.function_names().map(str::to_string).collect();
    if let Some(first) = names.first() {
        let _ = file.decode_functions(&[first.as_str()]);
    }
    let Ok(d) = file.decode() else { return Outcome::Syntax };
    let _ = print_with(&d.module, PrintOptions::default());
    let whole = d.module.clone();
    match strata::bytecode::verify_decoded(d) {
        Ok(v) => {
            // The decoder vouches for dominance only where the whole verifier agrees.
            if let Err(e) = strata::verify(whole) {
                panic!("loaded, but the verifier refuses it: {e}");
            }
            ENGINE.with(|e| {
                let _ = e.compile(&v);
            });
            Outcome::Accepted
        }
        Err(_) => Outcome::Invalid,
    }
}

/// spec: issue 15 — truncation, bit flips, out-of-range indices, huge counts: every one an
/// error with an offset, never a panic, an abort, an unbounded allocation or a hang.
#[test]
fn mutated_bytecode_never_panics() {
    let cases: usize = std::env::var("STRATA_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(3_000);
    let seed: u64 = std::env::var("STRATA_FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0xB17E);
    let trace = std::env::var("STRATA_FUZZ_TRACE").ok();
    let seeds = bytecode_seeds();
    assert!(seeds.len() > 50, "{} seeds", seeds.len());
    let mut rng = Rng(seed);
    let start = std::time::Instant::now();
    let mut counts = [0usize; 3];
    let mut failures = Vec::new();
    let mut slowest = std::time::Duration::ZERO;
    for _ in 0..cases {
        let mut b = seeds[rng.below(seeds.len())].clone();
        for _ in 0..=rng.below(4) {
            if b.is_empty() {
                break;
            }
            let i = rng.below(b.len());
            match rng.below(8) {
                0 | 1 => b[i] ^= 1 << rng.below(8),
                2 => b[i] = [0, 1, 0x7f, 0x80, 0xff][rng.below(5)],
                3 => b.truncate(i),
                4 => {
                    // A huge varint where a count or an index is read.
                    let huge = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f];
                    b.splice(i..(i + 1).min(b.len()), huge[..1 + rng.below(huge.len())].iter().copied());
                }
                5 => {
                    let j = rng.below(b.len());
                    let (lo, hi) = (i.min(j), i.max(j).min(i.min(j) + 64));
                    let piece = b[lo..hi].to_vec();
                    let at = rng.below(b.len());
                    b.splice(at..at, piece);
                }
                6 => {
                    let j = (i + 1 + rng.below(16)).min(b.len());
                    b.drain(i..j);
                }
                _ => b[i] = rng.next() as u8,
            }
        }
        if let Some(path) = &trace {
            std::fs::write(path, &b).expect("writing STRATA_FUZZ_TRACE");
        }
        let kept = b.clone();
        let t = std::time::Instant::now();
        match catch_unwind(AssertUnwindSafe(|| check_bytecode(b))) {
            Ok(o) => counts[o as usize] += 1,
            Err(e) => {
                let msg =
                    e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
                failures.push(format!("{}\n--- input bytes: {:?}", msg.unwrap_or_default(), kept));
                if failures.len() >= 3 {
                    break;
                }
            }
        }
        slowest = slowest.max(t.elapsed());
    }
    eprintln!(
        "fuzz bytecode: {cases} files in {:.1} s (slowest {:.1} ms): {} unreadable, {} invalid, {} accepted, {} panics",
        start.elapsed().as_secs_f64(),
        slowest.as_secs_f64() * 1e3,
        counts[0],
        counts[1],
        counts[2],
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n=====\n"));
}

/// Tokens of tensor intrinsics: the pieces a description and an implementation are made of.
const INTRIN_TOKENS: &[&str] = &[
    "4",
    "16",
    "1",
    "0",
    "2",
    "vi",
    "vj",
    "vk",
    "i",
    "j",
    "k",
    "A",
    "B",
    "C",
    "+",
    "-",
    "*",
    "[",
    "]",
    ", ",
    ":",
    "\"SSR\"",
    "\"SR\"",
    "T.vectorized",
    "T.unroll",
    "range",
    "T.Cast(\"int32\", ",
    "\"int8\"",
    "\"float32\"",
    "offset_factor=1",
    "strides=(\"sb\", 1)",
    "T.reads(",
    "T.writes(",
    "_desc",
    "_impl",
    "acc",
    "T.sblock_alloc_buffer((4,), scope=\"local\")",
];

/// Mutated tensor intrinsics (and kernels) with the tensorize traces applied: every result
/// prints and reads back, or is an error; nothing panics.
#[test]
fn mutated_tensor_intrinsics_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("jit-tests/tir/schedule");
    let seeds: Vec<String> =
        ["kernels/tensorize_matmul.py", "kernels/tensorize_dot.py", "kernels/tensorize_matmul_int64.py"]
            .iter()
            .map(|k| std::fs::read_to_string(dir.join(k)).expect("kernel"))
            .collect();
    let traces: Vec<String> = ["tensorize_loop", "tensorize_block", "tensorize_dot", "tensorize_int64_kernel"]
        .iter()
        .map(|t| std::fs::read_to_string(dir.join(format!("{t}.trace"))).expect("trace"))
        .collect();
    fuzz("tensor intrinsics", &seeds, INTRIN_TOKENS, 150, &|text| {
        let Ok(m) = strata::tir::parse_script(text) else { return Outcome::Syntax };
        let Some(f) = m.funcs.first() else { return Outcome::Syntax };
        let mut outcome = Outcome::Invalid;
        for t in &traces {
            let mut sch = strata::tir::schedule::Schedule::new(f.clone());
            for (name, intrin) in strata::tir::schedule::TensorIntrin::from_module(&m) {
                sch.register_tensor_intrin(&name, intrin);
            }
            let Ok(sch) = sch.replay_more(t) else { continue };
            outcome = Outcome::Accepted;
            let printed = strata::tir::script::print_func(sch.func());
            let again = strata::tir::parse_script_named("tensorized.py", &printed)
                .unwrap_or_else(|e| panic!("the tensorized print does not read back:\n{e}\n--- printed\n{printed}"));
            let _ = strata::tir::lower(&again);
        }
        outcome
    });
}
