//! Fuzzing the front half: random and mutated inputs must never panic; when an input is
//! accepted, verifying, canonicalizing and printing it must not panic, and printing must be a
//! fixed point.
//!
//! `STRATA_FUZZ_CASES=100000 cargo test --release --test fuzz -- --nocapture` for a long run;
//! the default is small enough for CI. `STRATA_FUZZ_SEED` picks another deterministic stream.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use strata::dialect::registry;
use strata::ir::SourceFile;
use strata::syntax::{self, PrintOptions};

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

fn mutate(rng: &mut Rng, seeds: &[String]) -> String {
    let mut s = if rng.below(8) == 0 {
        // A random token soup.
        (0..rng.below(60)).map(|_| TOKENS[rng.below(TOKENS.len())]).collect::<Vec<_>>().join(" ")
    } else {
        seeds[rng.below(seeds.len())].clone()
    };
    for _ in 0..1 + rng.below(4) {
        let i = floor_char(&s, rng.below(s.len() + 1));
        match rng.below(7) {
            0 => s.insert_str(i, TOKENS[rng.below(TOKENS.len())]),
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
            _ => {
                // Nest deeply.
                let n = rng.below(300);
                s.insert_str(i, &"(".repeat(n));
            }
        }
    }
    s
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
    let Ok(mut m) = syntax::parse_source(&file, registry()) else { return Outcome::Syntax };
    let generic = syntax::print_module(&m, registry(), PrintOptions { generic: true });
    if strata::verify::verify(&m).is_err() {
        return Outcome::Invalid;
    }
    let once = syntax::print_module(&m, registry(), PrintOptions::default());
    let f2 = SourceFile::new("printed.mlir", once.as_str());
    match syntax::parse_source(&f2, registry()) {
        Ok(m2) => {
            let twice = syntax::print_module(&m2, registry(), PrintOptions::default());
            assert_eq!(once, twice, "printing is not a fixed point for:\n{input}");
        }
        Err(e) => panic!("printed form does not parse back:\n{e}\n--- input\n{input}\n--- printed\n{once}"),
    }
    let f3 = SourceFile::new("generic.mlir", generic.as_str());
    if let Err(e) = syntax::parse_source(&f3, registry()) {
        panic!("generic form does not parse back:\n{e}\n--- input\n{input}\n--- generic\n{generic}");
    }
    strata::transform::canonicalize::canonicalize(&mut m);
    let _ = syntax::print_module(&m, registry(), PrintOptions::default());
    Outcome::Accepted
}

#[test]
fn random_and_mutated_inputs_never_panic() {
    let cases: usize = std::env::var("STRATA_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(3_000);
    let seed: u64 = std::env::var("STRATA_FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x5EED);
    let seeds = seeds();
    assert!(!seeds.is_empty());
    let mut rng = Rng(seed);
    let mut failures = Vec::new();
    let start = std::time::Instant::now();
    let mut counts = [0usize; 3];
    for _ in 0..cases {
        let input = mutate(&mut rng, &seeds);
        match catch_unwind(AssertUnwindSafe(|| check_one(&input))) {
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
        "fuzz: {cases} inputs in {:.1} s: {} syntax errors, {} verifier errors, {} accepted, {} panics",
        start.elapsed().as_secs_f64(),
        counts[0],
        counts[1],
        counts[2],
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n=====\n"));
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
        assert!(syntax::parse_source(&file, registry()).is_err(), "accepted: {}", &input[..input.len().min(80)]);
    }
}
