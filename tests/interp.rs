//! The reference interpreter: its own behaviour (traps, limits, errors), and differential
//! testing against the JIT on generated programs.
//!
//! `STRATA_DIFF_PROGRAMS=N cargo test --release --test interp differential` runs N generated
//! programs (default 300); `STRATA_DIFF_SEED` picks the first seed.

use strata::{Arg, Engine, Error, Interpreter, OptLevel, Options, Tensor, TrapKind, Val};

fn parse(src: &str) -> strata::Verified {
    strata::parse(src).unwrap_or_else(|e| panic!("{e}\n{src}"))
}

fn trap_kind(r: &Result<Vec<Val>, Error>) -> Option<TrapKind> {
    match r {
        Err(Error::Trap(t)) => Some(t.kind),
        _ => None,
    }
}

// spec: mlir-langref-mid.md, 'call' — deep recursion stops with a trap, not a crash.
#[test]
fn unbounded_recursion_is_a_stack_overflow_trap() {
    let m = parse("func @r(%n: i64) -> i64 {\n  %x = call @r(%n) : (i64) -> i64\n  return %x : i64\n}");
    let r = Interpreter::new(&m).call("r", &mut [Arg::Val(Val::Int(1, 64))]);
    assert_eq!(trap_kind(&r), Some(TrapKind::StackOverflow), "{r:?}");
}

#[test]
fn an_endless_loop_stops_at_the_step_budget() {
    let m = parse("func @spin() {\n  br ^l\n^l:\n  br ^l\n}");
    let r = Interpreter::new(&m).max_steps(10_000).call("spin", &mut []);
    assert_eq!(trap_kind(&r), Some(TrapKind::Interrupted), "{r:?}");
    let stop = strata::Interrupt::new();
    stop.interrupt();
    let r = Interpreter::new(&m).interrupt(stop).call("spin", &mut []);
    assert_eq!(trap_kind(&r), Some(TrapKind::Interrupted), "{r:?}");
}

// spec: mlir-langref-mid.md, 'load' — with the engine's checks, an index past the end traps;
// the interpreter traps the same way and names the same op.
#[test]
fn traps_match_the_jit_kind_and_location() {
    let src =
        "func @f(%m: memref<4xf32>, %i: index) -> f32 {\n  %x = load %m[%i] : memref<4xf32>\n  return %x : f32\n}";
    let m = strata::parse_source(&strata::ir::SourceFile::new("oob.mlir", src)).unwrap();
    let code = Engine::new(Options::default()).unwrap().compile(&m).unwrap();
    let mut t = Tensor::from_vec(vec![1f32, 2., 3., 4.], &[4]).unwrap();
    let jit = code.call("f", &mut [Arg::TensorMut(&mut t), Arg::Val(Val::Index(4))]).unwrap_err();
    let int = Interpreter::new(&m).call("f", &mut [Arg::TensorMut(&mut t), Arg::Val(Val::Index(4))]).unwrap_err();
    assert_eq!(int.to_string(), jit.to_string());
    assert_eq!(int.to_string(), "@f: out-of-bounds memref access at oob.mlir:2:8");
    let ok = Interpreter::new(&m).call("f", &mut [Arg::TensorMut(&mut t), Arg::Val(Val::Index(2))]).unwrap();
    assert_eq!(ok, vec![Val::F32(3.0)]);
}

#[test]
fn what_it_cannot_run_is_an_error_that_says_so() {
    let m = parse(
        "func @ext(f32) -> f32\nfunc @f(%x: f32) -> f32 {\n  %y = call @ext(%x) : (f32) -> f32\n  return %y : f32\n}",
    );
    let e = Interpreter::new(&m).call("f", &mut [Arg::Val(Val::F32(1.0))]).unwrap_err();
    assert_eq!(e.to_string(), "@f: the interpreter cannot call the external function @ext");
    let e = Interpreter::new(&m).call("g", &mut []).unwrap_err();
    assert!(e.to_string().starts_with("no function '@g'"), "{e}");
    let e = Interpreter::new(&m).call("f", &mut []).unwrap_err();
    assert!(e.to_string().contains("takes 1 arguments, 0 given"), "{e}");
}

#[test]
fn writes_reach_the_callers_tensors() {
    let m = parse(
        "func @fill(%m: memref<?xi32>, %v: i32) {\n  %n = dim %m, 0 : memref<?xi32>\n  affine.for %i = 0 to %n {\n    affine.store %v, %m[%i] : memref<?xi32>\n  }\n  return\n}",
    );
    let mut t = Tensor::zeros::<i32>(&[5]).unwrap();
    Interpreter::new(&m).call("fill", &mut [Arg::TensorMut(&mut t), Val::Int(7, 32).into_arg()]).unwrap();
    assert_eq!(t.to_vec::<i32>().unwrap(), vec![7; 5]);
}

trait IntoArg {
    fn into_arg(self) -> Arg<'static>;
}
impl IntoArg for Val {
    fn into_arg(self) -> Arg<'static> {
        Arg::Val(self)
    }
}

// ---- differential testing --------------------------------------------------------------------

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

const INTS: [&str; 6] = ["i1", "i8", "i16", "i32", "i64", "index"];
const FLOATS: [&str; 2] = ["f32", "f64"];
/// Types that appear in float arithmetic (the half types round after every op).
const ALL_FLOATS: [&str; 4] = ["f32", "f64", "f16", "bf16"];
/// Vector types of the generated programs.
const VECTORS: [(&str, &str, usize); 2] = [("vector<4xi32>", "i32", 4), ("vector<4xf32>", "f32", 4)];

/// The values in scope, by type.
#[derive(Clone, Default)]
struct Scope {
    vals: Vec<(String, &'static str)>,
}

impl Scope {
    fn of(&self, ty: &str) -> Vec<String> {
        self.vals.iter().filter(|(_, t)| *t == ty).map(|(n, _)| n.clone()).collect()
    }
}

/// A generated function body, line by line.
struct Gen<'r> {
    rng: &'r mut Rng,
    out: String,
    next: usize,
    helpers: Vec<(String, &'static str)>,
}

impl Gen<'_> {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn line(&mut self, indent: usize, s: &str) {
        self.out.push_str(&"  ".repeat(indent));
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn constant(&mut self, indent: usize, scope: &mut Scope, ty: &'static str) -> String {
        let v = self.fresh();
        let lit = match ty {
            "i1" => (if self.rng.chance(50) { "true" } else { "false" }).to_string(),
            "f16" | "bf16" => {
                self.rng.pick(&["0.0", "-0.0", "1.0", "-2.5", "0.5", "7.25", "1000.0", "-1.5"]).to_string()
            }
            "f32" | "f64" => {
                let choices = ["0.0", "-0.0", "1.0", "-2.5", "0.1", "3.0e+38", "1.0e-40", "7.25", "1.0e+300", "-1.5"];
                let c = self.rng.pick(&choices).to_string();
                if ty == "f32" && (c == "1.0e+300") { "65504.0".to_string() } else { c }
            }
            t if t.starts_with("vector<4xi32>") => {
                let xs: Vec<String> =
                    (0..4).map(|_| self.rng.pick(&["0", "1", "-1", "7", "2147483647", "-8"]).to_string()).collect();
                format!("dense<[{}]>", xs.join(", "))
            }
            t if t.starts_with("vector<4xf32>") => {
                let xs: Vec<String> =
                    (0..4).map(|_| self.rng.pick(&["0.0", "1.5", "-2.0", "1.0e+30", "0.1"]).to_string()).collect();
                format!("dense<[{}]>", xs.join(", "))
            }
            _ => {
                let choices = [0i64, 1, -1, 2, 3, 7, -8, 100, 127, -128, 255, 65535, i64::from(i32::MIN), i64::MAX];
                let mut c = *self.rng.pick(&choices);
                // Keep the literal in the type's range.
                c = match ty {
                    "i8" => c.clamp(-128, 127),
                    "i16" => c.clamp(-32768, 32767),
                    "i32" => c.clamp(i64::from(i32::MIN), i64::from(i32::MAX)),
                    _ => c,
                };
                c.to_string()
            }
        };
        if ty == "i1" {
            self.line(indent, &format!("{v} = constant {lit}"));
        } else {
            self.line(indent, &format!("{v} = constant {lit} : {ty}"));
        }
        scope.vals.push((v.clone(), ty));
        v
    }

    /// A value of `ty` in scope, or a new constant.
    fn value(&mut self, indent: usize, scope: &mut Scope, ty: &'static str) -> String {
        let have = scope.of(ty);
        if have.is_empty() || self.rng.chance(10) {
            return self.constant(indent, scope, ty);
        }
        self.rng.pick(&have).clone()
    }

    /// One scalar op defining a new value.
    fn scalar_op(&mut self, indent: usize, scope: &mut Scope) {
        let v = self.fresh();
        let k = self.rng.below(100);
        let (text, ty): (String, &'static str) = if k < 30 {
            let ty = *self.rng.pick(&INTS);
            let ops = [
                "addi", "subi", "muli", "and", "or", "xor", "divis", "diviu", "remis", "remiu", "shlis", "shris",
                "shriu",
            ];
            let op = *self.rng.pick(&ops);
            let (a, b) = (self.value(indent, scope, ty), self.value(indent, scope, ty));
            (format!("{v} = {op} {a}, {b} : {ty}"), ty)
        } else if k < 50 {
            let ty = *self.rng.pick(&ALL_FLOATS);
            let ops = ["addf", "subf", "mulf", "divf", "remf", "copysign"];
            let op = *self.rng.pick(&ops);
            let (a, b) = (self.value(indent, scope, ty), self.value(indent, scope, ty));
            (format!("{v} = {op} {a}, {b} : {ty}"), ty)
        } else if k < 58 {
            let ty = *self.rng.pick(&ALL_FLOATS);
            let ops = ["negf", "absf", "sqrt", "exp", "log", "sin", "cos", "tanh"];
            let op = *self.rng.pick(&ops);
            let a = self.value(indent, scope, ty);
            (format!("{v} = {op} {a} : {ty}"), ty)
        } else if k < 62 {
            let ty = *self.rng.pick(&INTS[..5]);
            let op = *self.rng.pick(&["ctpop", "ctlz"]);
            let a = self.value(indent, scope, ty);
            (format!("{v} = {op} {a} : {ty}"), ty)
        } else if k < 70 {
            let ty = *self.rng.pick(&INTS);
            let preds = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];
            let p = *self.rng.pick(&preds);
            let (a, b) = (self.value(indent, scope, ty), self.value(indent, scope, ty));
            (format!("{v} = cmpi \"{p}\", {a}, {b} : {ty}"), "i1")
        } else if k < 76 {
            let ty = *self.rng.pick(&ALL_FLOATS);
            let preds = [
                "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une",
                "uno", "true",
            ];
            let p = *self.rng.pick(&preds);
            let (a, b) = (self.value(indent, scope, ty), self.value(indent, scope, ty));
            (format!("{v} = cmpf \"{p}\", {a}, {b} : {ty}"), "i1")
        } else if k < 82 {
            let ty = if self.rng.chance(50) { *self.rng.pick(&INTS) } else { *self.rng.pick(&FLOATS) };
            let c = self.value(indent, scope, "i1");
            let (a, b) = (self.value(indent, scope, ty), self.value(indent, scope, ty));
            (format!("{v} = select {c}, {a}, {b} : {ty}"), ty)
        } else if k < 96 {
            return self.cast(indent, scope, v);
        } else {
            if self.helpers.is_empty() {
                return self.constant_into(indent, scope, v);
            }
            let (name, ty) = self.rng.pick(&self.helpers).clone();
            let (a, b) = (self.value(indent, scope, ty), self.value(indent, scope, ty));
            (format!("{v} = call @{name}({a}, {b}) : ({ty}, {ty}) -> {ty}"), ty)
        };
        self.line(indent, &text);
        scope.vals.push((v, ty));
    }

    fn constant_into(&mut self, indent: usize, scope: &mut Scope, _v: String) {
        let ty = *self.rng.pick(&INTS);
        self.constant(indent, scope, ty);
    }

    fn cast(&mut self, indent: usize, scope: &mut Scope, v: String) {
        let width = |t: &str| t[1..].parse::<u32>().unwrap_or(64);
        let ints = &INTS[..5];
        let (op, from, to): (&str, &'static str, &'static str) = match self.rng.below(9) {
            0 | 1 => {
                let (a, b) = (*self.rng.pick(ints), *self.rng.pick(ints));
                match width(a).cmp(&width(b)) {
                    std::cmp::Ordering::Less => (if self.rng.chance(50) { "sexti" } else { "zexti" }, a, b),
                    std::cmp::Ordering::Greater => ("trunci", a, b),
                    std::cmp::Ordering::Equal => return,
                }
            }
            2 => {
                let t = *self.rng.pick(ints);
                if self.rng.chance(50) { ("index_cast", t, "index") } else { ("index_cast", "index", t) }
            }
            3 => ("sitofp", *self.rng.pick(ints), *self.rng.pick(&FLOATS)),
            4 => ("uitofp", *self.rng.pick(ints), *self.rng.pick(&FLOATS)),
            5 => ("fptosi", *self.rng.pick(&FLOATS), *self.rng.pick(ints)),
            6 => ("fptoui", *self.rng.pick(&FLOATS), *self.rng.pick(ints)),
            7 => *self.rng.pick(&[
                ("fpext", "f32", "f64"),
                ("fptrunc", "f64", "f32"),
                ("fpext", "f16", "f32"),
                ("fpext", "bf16", "f64"),
                ("fptrunc", "f32", "f16"),
                ("fptrunc", "f64", "bf16"),
                ("sitofp", "i32", "f16"),
                ("fptosi", "bf16", "i16"),
            ]),
            _ => *self.rng.pick(&[
                ("bitcast", "i32", "f32"),
                ("bitcast", "f32", "i32"),
                ("bitcast", "i64", "f64"),
                ("bitcast", "f64", "i64"),
            ]),
        };
        let a = self.value(indent, scope, from);
        self.line(indent, &format!("{v} = {op} {a} : {from} to {to}"));
        scope.vals.push((v, to));
    }

    /// A loop over the memref arguments: loads, scalar work, stores (some out of bounds).
    fn affine_loop(&mut self, indent: usize, scope: &Scope) {
        let iv = self.fresh();
        let (lo, hi) = (self.rng.below(3), 4 + self.rng.below(5));
        let step = 1 + self.rng.below(2);
        // A bound known only at run time (2, 4 or 9: the checks are hoisted to the loop's entry).
        let hi = if self.rng.chance(40) { "#dyn()[%p4]".to_string() } else { hi.to_string() };
        self.line(indent, &format!("affine.for {iv} = {lo} to {hi} step {step} {{"));
        let mut inner = scope.clone();
        inner.vals.push((iv.clone(), "index"));
        let shift = if self.rng.chance(10) { 2 } else { 0 };
        let (mi, mf) = ("%mi", "%mf");
        let a = self.fresh();
        self.line(indent + 1, &format!("{a} = affine.load {mi}[{iv} + {shift}] : memref<8xi32>"));
        inner.vals.push((a, "i32"));
        let b = self.fresh();
        self.line(indent + 1, &format!("{b} = affine.load {mf}[{iv}] : memref<8xf32>"));
        inner.vals.push((b, "f32"));
        for _ in 0..1 + self.rng.below(4) {
            self.scalar_op(indent + 1, &mut inner);
        }
        if self.rng.chance(30) {
            self.affine_if(indent + 1, &inner, &iv);
        }
        let x = self.value(indent + 1, &mut inner, "i32");
        let y = self.value(indent + 1, &mut inner, "f32");
        self.line(indent + 1, &format!("affine.store {x}, {mi}[{iv}] : memref<8xi32>"));
        let off = if self.rng.chance(8) { 3 } else { 0 };
        self.line(indent + 1, &format!("affine.store {y}, {mf}[{iv} + {off}] : memref<8xf32>"));
        self.line(indent, "}");
    }

    fn affine_if(&mut self, indent: usize, scope: &Scope, iv: &str) {
        let c = self.rng.below(5);
        self.line(indent, &format!("affine.if #set{c}({iv}) {{"));
        let mut inner = scope.clone();
        let x = self.value(indent + 1, &mut inner, "i32");
        self.line(indent + 1, &format!("affine.store {x}, %mi[{iv}] : memref<8xi32>"));
        self.line(indent, "}");
    }

    /// A store or load through a computed index (may be out of bounds).
    fn indexed_access(&mut self, indent: usize, scope: &mut Scope) {
        let i = self.value(indent, scope, "i32");
        let idx = self.fresh();
        let c = self.fresh();
        let m = self.fresh();
        let n = if self.rng.chance(85) { 8 } else { 9 };
        self.line(indent, &format!("{c} = constant {n} : i32"));
        self.line(indent, &format!("{m} = remiu {i}, {c} : i32"));
        self.line(indent, &format!("{idx} = index_cast {m} : i32 to index"));
        let v = self.fresh();
        self.line(indent, &format!("{v} = load %mi[{idx}] : memref<8xi32>"));
        scope.vals.push((v, "i32"));
        let w = self.value(indent, scope, "f32");
        self.line(indent, &format!("store {w}, %mf[{idx}] : memref<8xf32>"));
    }

    /// Vector work: made from scalars, constants or memory, combined lane by lane, and read back.
    fn vector_work(&mut self, indent: usize, scope: &mut Scope) {
        let (vty, ety, n) = *self.rng.pick(&VECTORS);
        let mem = if ety == "i32" { ("%mi", "memref<8xi32>") } else { ("%mf", "memref<8xf32>") };
        let v = self.fresh();
        match self.rng.below(3) {
            0 => {
                let x = self.value(indent, scope, ety);
                self.line(indent, &format!("{v} = vector.broadcast {x} : {ety} to {vty}"));
            }
            1 => {
                let c = self.fresh();
                let k = *self.rng.pick(&[0, 2, 4, 5]);
                self.line(indent, &format!("{c} = constant {k} : index"));
                self.line(indent, &format!("{v} = vector.load {}[{c}] : {}, {vty}", mem.0, mem.1));
            }
            _ => {
                let lit = self.constant(
                    indent,
                    &mut Scope::default(),
                    if ety == "i32" { "vector<4xi32>" } else { "vector<4xf32>" },
                );
                self.line(indent, &format!("{v} = vector.shuffle {lit}, {lit} [7, 0, 5, 2] : {vty}, {vty}"));
            }
        }
        let w = self.fresh();
        let op = if ety == "i32" {
            *self.rng.pick(&["addi", "muli", "xor", "divis", "remiu"])
        } else {
            *self.rng.pick(&["addf", "mulf", "divf", "copysign"])
        };
        self.line(indent, &format!("{w} = {op} {v}, {v} : {vty}"));
        let x = self.value(indent, scope, ety);
        let i = self.value(indent, scope, "index");
        let u = self.fresh();
        self.line(indent, &format!("{u} = vector.insertelement {x}, {w}[{i}] : {vty}"));
        // A constant lane in range (a constant out of range is a compile error), or any index.
        let c = if self.rng.chance(80) {
            let c = self.fresh();
            let lane = self.rng.below(n);
            self.line(indent, &format!("{c} = constant {lane} : index"));
            c
        } else {
            // Known only at run time (a constant out of range does not compile).
            "%p4".to_string()
        };
        let e = self.fresh();
        self.line(indent, &format!("{e} = extract_element {u}[{c}] : {vty}"));
        scope.vals.push((e, if ety == "i32" { "i32" } else { "f32" }));
        if self.rng.chance(40) {
            let at = self.fresh();
            let k = *self.rng.pick(&[0, 3, 4, 6]);
            self.line(indent, &format!("{at} = constant {k} : index"));
            self.line(indent, &format!("vector.store {u}, {}[{at}] : {}, {vty}", mem.0, mem.1));
        }
    }

    /// Two nested loops whose subscripts use `floordiv`/`mod` and a symbol bound.
    fn nested_loops(&mut self, indent: usize, scope: &Scope) {
        let n = self.fresh();
        let c0 = self.fresh();
        self.line(indent, &format!("{c0} = constant 0 : index"));
        self.line(indent, &format!("{n} = dim %mi, 0 : memref<8xi32>"));
        let (i, j) = (self.fresh(), self.fresh());
        let hi = 2 + self.rng.below(3);
        self.line(indent, &format!("affine.for {i} = 0 to {hi} {{"));
        self.line(indent + 1, &format!("affine.for {j} = #lo({i}) to min #hi({i})[{n}] {{"));
        let a = self.fresh();
        let mul = 1 + self.rng.below(5);
        self.line(indent + 2, &format!("{a} = affine.load %mi[({i} * {mul} + {j}) mod 8] : memref<8xi32>"));
        let mut inner = scope.clone();
        inner.vals.push((a.clone(), "i32"));
        inner.vals.push((i.clone(), "index"));
        inner.vals.push((j.clone(), "index"));
        self.scalar_op(indent + 2, &mut inner);
        let x = self.value(indent + 2, &mut inner, "i32");
        self.line(indent + 2, &format!("affine.store {x}, %mi[({j} + {i}) floordiv 2] : memref<8xi32>"));
        self.line(indent + 1, "}");
        self.line(indent, "}");
    }

    /// A parallel loop whose iterations write disjoint elements.
    fn parallel_loop(&mut self, indent: usize, scope: &Scope) {
        let (lb, ub, i) = (self.fresh(), self.fresh(), self.fresh());
        let lo = self.rng.below(2);
        self.line(indent, &format!("{lb} = constant {lo} : index"));
        let hi = 4 + self.rng.below(5);
        self.line(indent, &format!("{ub} = constant {hi} : index"));
        self.line(indent, &format!("parallel_for {i} = {lb} to {ub} {{"));
        let mut inner = scope.clone();
        let x = self.fresh();
        self.line(indent + 1, &format!("{x} = load %mf[{i}] : memref<8xf32>"));
        inner.vals.push((x, "f32"));
        self.scalar_op(indent + 1, &mut inner);
        let y = self.value(indent + 1, &mut inner, "f32");
        self.line(indent + 1, &format!("store {y}, %mf[{i}] : memref<8xf32>"));
        self.line(indent + 1, "yield");
        self.line(indent, "}");
    }

    /// A helper called through a function value.
    fn indirect_call(&mut self, indent: usize, scope: &mut Scope) {
        if self.helpers.is_empty() {
            return;
        }
        let (name, ty) = self.rng.pick(&self.helpers).clone();
        let f = self.fresh();
        self.line(indent, &format!("{f} = constant @{name} : ({ty}, {ty}) -> {ty}"));
        let (a, b) = (self.value(indent, scope, ty), self.value(indent, scope, ty));
        let r = self.fresh();
        self.line(indent, &format!("{r} = call_indirect {f}({a}, {b}) : ({ty}, {ty}) -> {ty}"));
        scope.vals.push((r, ty));
    }

    /// A local buffer: allocated, written, read, freed.
    fn local_buffer(&mut self, indent: usize, scope: &mut Scope) {
        let b = self.fresh();
        let kind = if self.rng.chance(50) { "alloc" } else { "alloca" };
        self.line(indent, &format!("{b} = {kind}() : memref<4xf64>"));
        let x = self.value(indent, scope, "f64");
        let i = self.fresh();
        let k = self.rng.below(4);
        self.line(indent, &format!("{i} = constant {k} : index"));
        self.line(indent, &format!("store {x}, {b}[{i}] : memref<4xf64>"));
        let y = self.fresh();
        self.line(indent, &format!("{y} = load {b}[{i}] : memref<4xf64>"));
        scope.vals.push((y, "f64"));
        if kind == "alloc" {
            self.line(indent, &format!("dealloc {b} : memref<4xf64>"));
        }
    }
}

/// A random valid module: helpers of straight-line scalar code and a `@main` over two memrefs
/// and scalars, with loops, conditionals, branches, local buffers and calls.
fn program(seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut text: String = (0..5).map(|c| format!("#set{c} = (d0) : (d0 - {c} >= 0)\n")).collect();
    text.push_str("#lo = (d0) -> (d0)\n#hi = (d0)[s0] -> (s0, d0 + 4)\n#dyn = ()[s0] -> (s0 + 2)\n");
    let mut helpers = Vec::new();
    for h in 0..rng.below(3) {
        let ty = if rng.chance(50) { *rng.pick(&INTS[1..5]) } else { *rng.pick(&FLOATS) };
        let mut g = Gen { rng: &mut rng, out: String::new(), next: 0, helpers: Vec::new() };
        let mut scope = Scope { vals: vec![("%a".into(), ty), ("%b".into(), ty)] };
        for _ in 0..1 + g.rng.below(5) {
            g.scalar_op(1, &mut scope);
        }
        let r = g.value(1, &mut scope, ty);
        let body = g.out;
        text.push_str(&format!("func @h{h}(%a: {ty}, %b: {ty}) -> {ty} {{\n{body}  return {r} : {ty}\n}}\n"));
        helpers.push((format!("h{h}"), ty));
    }
    let mut g = Gen { rng: &mut rng, out: String::new(), next: 0, helpers };
    let mut scope = Scope {
        vals: vec![
            ("%p0".into(), "i32"),
            ("%p1".into(), "i64"),
            ("%p2".into(), "f32"),
            ("%p3".into(), "f64"),
            ("%p4".into(), "index"),
        ],
    };
    for _ in 0..3 + g.rng.below(10) {
        match g.rng.below(16) {
            0 | 1 => g.affine_loop(1, &scope),
            2 => g.indexed_access(1, &mut scope),
            3 => g.local_buffer(1, &mut scope),
            4 => g.vector_work(1, &mut scope),
            5 => g.nested_loops(1, &scope),
            6 => g.parallel_loop(1, &scope),
            7 => g.indirect_call(1, &mut scope),
            _ => g.scalar_op(1, &mut scope),
        }
    }
    // A diamond: both arms pass a value to the join block.
    let ty = *g.rng.pick(&["i32", "f64", "i64"]);
    let c = g.value(1, &mut scope, "i1");
    let (x, y) = (g.value(1, &mut scope, ty), g.value(1, &mut scope, ty));
    g.line(1, &format!("cond_br {c}, ^bb1({x} : {ty}), ^bb2"));
    g.out.push_str("^bb2:\n");
    let mut arm = scope.clone();
    g.scalar_op(1, &mut arm);
    let z = g.value(1, &mut arm, ty);
    let _ = y;
    g.line(1, &format!("br ^bb1({z} : {ty})"));
    g.out.push_str(&format!("^bb1(%join: {ty}):\n"));
    scope.vals.push(("%join".into(), ty));
    if g.rng.chance(50) {
        // A counted loop in the CFG: block arguments carry the counter and a sum.
        let n = g.rng.below(6);
        g.line(1, &format!("%lc0 = constant 0 : i32\n  %ln = constant {n} : i32\n  %l1 = constant 1 : i32"));
        let init = g.value(1, &mut scope, "i64");
        g.line(1, &format!("br ^loop(%lc0, {init} : i32, i64)"));
        g.out.push_str("^loop(%li: i32, %lacc: i64):\n");
        g.line(1, "%lgo = cmpi \"slt\", %li, %ln : i32");
        g.line(1, "cond_br %lgo, ^lbody, ^lexit");
        g.out.push_str("^lbody:\n");
        g.line(1, "%lw = sexti %li : i32 to i64\n  %lnext = addi %lacc, %lw : i64\n  %lsq = muli %lnext, %lnext : i64\n  %li2 = addi %li, %l1 : i32");
        g.line(1, "br ^loop(%li2, %lsq : i32, i64)");
        g.out.push_str("^lexit:\n");
        scope.vals.push(("%lacc".into(), "i64"));
    }
    for _ in 0..g.rng.below(4) {
        g.scalar_op(1, &mut scope);
    }
    let results: Vec<&str> = vec!["i32", "i64", "f32", "f64", "i1", ty];
    let rs: Vec<String> = results.iter().map(|t| g.value(1, &mut scope, t)).collect();
    let body = g.out;
    text.push_str(&format!(
        "func @main(%mi: memref<8xi32>, %mf: memref<8xf32>, %p0: i32, %p1: i64, %p2: f32, %p3: f64, %p4: index) -> ({}) {{\n{body}  return {} : {}\n}}\n",
        results.join(", "),
        rs.join(", "),
        results.join(", ")
    ));
    text
}

/// Arguments for `@main` from the seed.
fn arguments(seed: u64) -> (Tensor, Tensor, Vec<Val>) {
    let mut rng = Rng(seed ^ 0xA5A5_5A5A_1234_5678);
    let ints: Vec<i32> = (0..8).map(|_| *rng.pick(&[0, 1, -1, 5, 1000, i32::MIN, i32::MAX, 42])).collect();
    let floats: Vec<f32> =
        (0..8).map(|_| *rng.pick(&[0.0, -0.0, 1.5, -3.25, 1e30, f32::INFINITY, f32::NAN, 0.1])).collect();
    let vals = vec![
        Val::Int(i64::from(*rng.pick(&[0i32, 3, -7, i32::MAX, 12])), 32),
        Val::Int(*rng.pick(&[0i64, 1, -1, i64::MIN, 99]), 64),
        Val::F32(*rng.pick(&[0.5f32, -1.0, 2.0, f32::NAN])),
        Val::F64(*rng.pick(&[0.25f64, -8.0, 1e-310, f64::INFINITY])),
        Val::Index(*rng.pick(&[0i64, 2, 7])),
    ];
    (Tensor::from_vec(ints, &[8]).unwrap(), Tensor::from_vec(floats, &[8]).unwrap(), vals)
}

/// NaN equals NaN; everything else compares exactly (bits for floats).
fn same(a: &Val, b: &Val) -> bool {
    match (a, b) {
        (Val::F32(x), Val::F32(y)) => x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()),
        (Val::F64(x), Val::F64(y)) => x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()),
        _ => a == b,
    }
}

fn same_floats(a: &Tensor, b: &Tensor) -> bool {
    let (x, y) = (a.to_vec::<f32>().unwrap(), b.to_vec::<f32>().unwrap());
    x.iter().zip(&y).all(|(p, q)| p.to_bits() == q.to_bits() || (p.is_nan() && q.is_nan()))
}

/// A way to call `@main`: compiled or interpreted.
type CallFn<'a> = dyn Fn(&mut [Arg<'_>]) -> Result<Vec<Val>, Error> + 'a;

/// Run one generated program in both; a description of any difference.
fn compare(seed: u64, engine: &Engine) -> Result<String, String> {
    let src = program(seed);
    let m = strata::parse_source(&strata::ir::SourceFile::new("gen.mlir", src.as_str()))
        .map_err(|e| format!("generated an invalid program: {e}\n{src}"))?;
    let code = engine.compile(&m).map_err(|e| format!("compile: {e}\n{src}"))?;
    let run = |call: &CallFn<'_>| {
        let (mut ti, mut tf, vals) = arguments(seed);
        let mut args: Vec<Arg<'_>> = vec![Arg::TensorMut(&mut ti), Arg::TensorMut(&mut tf)];
        args.extend(vals.into_iter().map(Arg::Val));
        let r = call(&mut args);
        drop(args);
        (r, ti, tf)
    };
    let (jr, ji, jf) = run(&|a| code.call("main", a));
    let interp = Interpreter::new(&m).max_steps(10_000_000);
    let (ir, ii, if_) = run(&|a| interp.call("main", a));
    let differ = |what: String| Err(format!("seed {seed}: {what}\n{src}"));
    match (&jr, &ir) {
        (Ok(a), Ok(b)) => {
            if a.len() != b.len() || !a.iter().zip(b).all(|(x, y)| same(x, y)) {
                return differ(format!("results differ: jit {a:?}, interpreter {b:?}"));
            }
        }
        (Err(Error::Trap(a)), Err(Error::Trap(b))) => {
            if a != b {
                return differ(format!("traps differ: jit {a}, interpreter {b}"));
            }
        }
        _ => return differ(format!("outcomes differ: jit {jr:?}, interpreter {ir:?}")),
    }
    if ji.to_vec::<i32>().unwrap() != ii.to_vec::<i32>().unwrap() || !same_floats(&jf, &if_) {
        return differ(format!(
            "memrefs differ: jit {:?} {:?}, interpreter {:?} {:?}",
            ji.to_vec::<i32>(),
            jf.to_vec::<f32>(),
            ii.to_vec::<i32>(),
            if_.to_vec::<f32>()
        ));
    }
    Ok(match ir {
        Ok(_) => "returned".to_string(),
        Err(e) => {
            let e = e.to_string();
            e[..e.find(" at ").unwrap_or(e.len())].replace("@main: ", "").replace("@h0: ", "").replace("@h1: ", "")
        }
    })
}

// The JIT (at -O0 and -O2) and the interpreter agree on generated programs: results, traps (kind,
// function, location) and what the memref arguments hold afterwards.
#[test]
fn differential_jit_against_interpreter() {
    let n: u64 = std::env::var("STRATA_DIFF_PROGRAMS").ok().and_then(|s| s.parse().ok()).unwrap_or(300);
    let first: u64 = std::env::var("STRATA_DIFF_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let engines = [
        Engine::new(Options { opt_level: OptLevel::O0, ..Options::default() }).unwrap(),
        Engine::new(Options { opt_level: OptLevel::O2, ..Options::default() }).unwrap(),
    ];
    let (mut outcomes, mut failures) = (std::collections::BTreeMap::<String, usize>::new(), Vec::new());
    for seed in first..first + n {
        let engine = &engines[(seed % 2) as usize];
        match compare(seed, engine) {
            Ok(outcome) => *outcomes.entry(outcome).or_default() += 1,
            Err(e) => {
                failures.push(e);
                if failures.len() >= 3 {
                    break;
                }
            }
        }
    }
    eprintln!("{n} generated programs compared: {outcomes:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// An innermost affine loop of the shapes the vectorizer and store forwarding take (unit-stride
/// and broadcast loads, stores at `i + c`, an accumulator at a fixed element), over three
/// memrefs that `@main` passes as two buffers in a random aliasing pattern.
fn elementwise_program(seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let names = ["%A", "%B", "%C"];
    let mut body = String::new();
    let mut vals: Vec<String> = Vec::new();
    let mut next = 0;
    let mut fresh = || {
        next += 1;
        format!("%v{next}")
    };
    for _ in 0..1 + rng.below(3) {
        let v = fresh();
        let m = rng.pick(&names);
        let at = if rng.chance(25) { format!("{}", rng.below(4)) } else { format!("%i + {}", rng.below(3)) };
        let at = if at.starts_with('%') { at } else { format!("%c{at}") };
        body.push_str(&format!("    {v} = affine.load {m}[{at}] : memref<?xf32>\n"));
        vals.push(v);
    }
    for _ in 0..rng.below(4) {
        let v = fresh();
        let op = rng.pick(&["addf", "mulf", "subf"]);
        let (a, b) = (rng.pick(&vals).clone(), rng.pick(&vals).clone());
        body.push_str(&format!("    {v} = {op} {a}, {b} : f32\n"));
        vals.push(v);
    }
    for _ in 0..1 + rng.below(2) {
        let m = rng.pick(&names);
        let x = rng.pick(&vals).clone();
        if rng.chance(25) {
            // An accumulator: S[c] = S[c] + x.
            let c = rng.below(4);
            let (l, s) = (fresh(), fresh());
            body.push_str(&format!(
                "    {l} = affine.load {m}[%c{c}] : memref<?xf32>\n    {s} = addf {l}, {x} : f32\n    affine.store {s}, {m}[%c{c}] : memref<?xf32>\n"
            ));
        } else {
            body.push_str(&format!("    affine.store {x}, {m}[%i + {}] : memref<?xf32>\n", rng.below(3)));
        }
    }
    let n = rng.below(20);
    let args = *rng.pick(&["%X, %Y, %Y", "%X, %X, %X", "%X, %Y, %X", "%Y, %X, %X", "%X, %X, %Y"]);
    format!(
        "func @k(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {{\n  %c0 = constant 0 : index\n  %c1 = constant 1 : index\n  %c2 = constant 2 : index\n  %c3 = constant 3 : index\n  affine.for %i = 0 to {n} {{\n{body}  }}\n  return\n}}\nfunc @main(%X: memref<24xf32>, %Y: memref<24xf32>) {{\n  %x = memref_cast %X : memref<24xf32> to memref<?xf32>\n  %y = memref_cast %Y : memref<24xf32> to memref<?xf32>\n  call @k({}) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()\n  return\n}}\n",
        args.replace("%X", "%x").replace("%Y", "%y")
    )
}

// Vectorized and promoted affine loops (at -O2) compute what the interpreter computes, however
// their memrefs alias.
#[test]
fn vectorized_loops_agree_with_the_interpreter_however_memrefs_alias() {
    let n: u64 = std::env::var("STRATA_DIFF_PROGRAMS").ok().and_then(|s| s.parse().ok()).unwrap_or(300);
    let engine = Engine::new(Options { opt_level: OptLevel::O2, ..Options::default() }).unwrap();
    for seed in 1..=n {
        let src = elementwise_program(seed);
        let m = strata::parse(&src).unwrap_or_else(|e| panic!("generated an invalid program: {e}\n{src}"));
        let code = engine.compile(&m).unwrap();
        let run = |call: &CallFn<'_>| {
            let mut x = Tensor::from_vec((0..24).map(|i| (i % 7) as f32 - 2.0).collect(), &[24]).unwrap();
            let mut y = Tensor::from_vec((0..24).map(|i| (i % 5) as f32 * 0.5).collect(), &[24]).unwrap();
            call(&mut [Arg::TensorMut(&mut x), Arg::TensorMut(&mut y)]).unwrap();
            // Bits, every NaN one (products overflow to infinities, and those to NaNs).
            let bits = |t: &Tensor| -> Vec<u32> {
                t.to_vec::<f32>().unwrap().iter().map(|v| if v.is_nan() { u32::MAX } else { v.to_bits() }).collect()
            };
            (bits(&x), bits(&y))
        };
        let jit = run(&|a| code.call("main", a));
        let interp = Interpreter::new(&m);
        let want = run(&|a| interp.call("main", a));
        assert_eq!(jit, want, "seed {seed}\n{src}");
    }
}

// ---- TIR through lowering ----------------------------------------------------------------------

/// A random TVMScript kernel over three buffers and two scalars: serial, unrolled, parallel and
/// vectorized loops, nested grids, conditionals, integer and float arithmetic with TIR's
/// division forms, casts, `T.if_then_else`, min/max and math builtins. Parallel and vectorized
/// loops only write the element of their own iteration and read other buffers, so every
/// execution order gives the same memory.
fn tir_program(seed: u64) -> (String, bool) {
    let mut rng = Rng(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
    let mut body = String::new();
    let mut reordered = false;
    for k in 0..1 + rng.below(5) {
        let i = format!("i{k}");
        match rng.below(11) {
            10 => {
                // A loop around a small window (vectorized outside it where its iterations
                // are independent): the stored element moves with the window or not, and the
                // window reads the stored row at other elements or not.
                let (ext, r, s) = (*rng.pick(&[8, 12, 13]), 1 + rng.below(3), 1 + rng.below(3));
                let at = *rng.pick(&["0", "r", "s", "0"]);
                let read = *rng.pick(&["A[{i} + s]", "A[{i} + {at}]", "C[r, s]", "A[({i} * 3 + r) % 16]"]);
                let read = read.replace("{i}", &i).replace("{at}", at);
                let e = tir_float(&mut rng, &i, 1, false);
                body.push_str(&format!(
                    "    for {i} in range({ext}):\n        for r in range({r}):\n            for s in range({s}):\n                A[{i} + {at}] = A[{i} + {at}] + {read} * T.float32(0.5) + {e}\n"
                ));
            }
            9 => {
                // A packed layout under a vectorized loop: C[p // 4, p % 4] with p = i * m + jj +
                // o, and a read through q // d * d + q % d (lanes that share a quotient become
                // one value, others not).
                let (lanes, m, o) = (*rng.pick(&[4, 8]), *rng.pick(&[4, 8]), *rng.pick(&[0, 1, 2, 4]));
                let ext = 1 + rng.below((16 - lanes - o) / m + 1);
                let (d, o2) = (*rng.pick(&[2, 4, 8, 16]), *rng.pick(&[0, 3, 4]));
                let q = format!("({i} * {m} + jj + {o2})");
                reordered = true;
                body.push_str(&format!(
                    "    for {i} in range({ext}):\n        for jj in T.vectorized({lanes}):\n            C[({i} * {m} + jj + {o}) // 4, ({i} * {m} + jj + {o}) % 4] = A[({q} // {d} * {d} + {q} % {d}) % 16] * T.float32(0.5) + T.Cast(\"float32\", {i})\n"
                ));
            }
            8 => {
                // An unrolled loop around one too long to unroll for promotion: the inner loop's
                // variable changes the element.
                let n = *rng.pick(&[17, 20, 32]);
                body.push_str(&format!(
                    "    for {i} in range(3):\n        for u in T.unroll(2):\n            for r in T.unroll({n}):\n                A[r % 16] = T.max(A[r % 16], C[u, r % 4] + T.Cast(\"float32\", {i}))\n"
                ));
            }
            6 => {
                // A register tile of accumulators: rows unrolled, columns vectorized, the tile's
                // elements the same in every iteration of the loop around it.
                let rows = *rng.pick(&[2, 4]);
                let row = *rng.pick(&["ii", "ii // 2", "3 - ii"]);
                // Vector lanes read nothing the loop writes.
                let e = tir_float(&mut rng, &i, 2, true);
                reordered = true;
                body.push_str(&format!(
                    "    for {i} in range({}):\n        for ii in T.unroll({rows}):\n            for jj in T.vectorized(4):\n                C[{row}, jj] = C[{row}, jj] + {e} * A[(ii + {i}) % 16]\n",
                    1 + rng.below(6)
                ));
            }
            7 => {
                // Overlapping vectors of one buffer (no two may share a register).
                let (stride, ext) = (*rng.pick(&[1, 2, 4]), 1 + rng.below(4));
                reordered = true;
                body.push_str(&format!(
                    "    for {i} in range({ext}):\n        for ii in T.unroll(3):\n            for jj in T.vectorized(4):\n                A[ii * {stride} + jj] = A[ii * {stride} + jj] * T.float32(0.5) + T.Cast(\"float32\", {i})\n"
                ));
            }
            0 | 1 => {
                let (kind, out, ext) = match rng.below(6) {
                    0 => ("T.parallel", *rng.pick(&["A", "B"]), 16),
                    1 => ("T.vectorized", *rng.pick(&["A", "B"]), *rng.pick(&[4, 8, 16])),
                    2 => ("T.unroll", *rng.pick(&["A", "B"]), *rng.pick(&[4, 8])),
                    3 => ("T.serial", *rng.pick(&["A", "B"]), 16),
                    4 => ("range", *rng.pick(&["A", "B"]), *rng.pick(&[16, 17])),
                    // An extent known at run time (the vectorized loop then runs only when a
                    // check before it finds every access inside).
                    _ => ("range", *rng.pick(&["A", "B"]), 0),
                };
                let ext = if ext == 0 { "x % 20".to_string() } else { ext.to_string() };
                let independent = matches!(kind, "T.parallel" | "T.vectorized");
                reordered |= independent;
                let e = if out == "A" {
                    tir_float(&mut rng, &i, 3, independent)
                } else {
                    tir_int(&mut rng, &i, 3, independent)
                };
                body.push_str(&format!("    for {i} in {kind}({ext}):\n        {out}[{i}] = {e}\n"));
            }
            2 => {
                let j = format!("j{k}");
                let e = tir_float(&mut rng, &i, 3, false);
                body.push_str(&format!(
                    "    for {i}, {j} in T.grid(4, 4):\n        C[{i}, {j}] = T.max(C[{i}, {j}], {e})\n"
                ));
            }
            3 => {
                let c = tir_cond(&mut rng, &i, false);
                let e = tir_int(&mut rng, &i, 2, false);
                let f = tir_float(&mut rng, &i, 2, false);
                body.push_str(&format!(
                    "    for {i} in range(16):\n        if {c}:\n            B[{i}] = {e}\n        else:\n            A[{i}] = {f}\n"
                ));
            }
            4 => {
                let e = tir_int(&mut rng, "x", 3, false);
                body.push_str(&format!("    B[T.truncmod(x, 16) + 0 * {e}] = {e}\n"));
            }
            _ => {
                let f = tir_float(&mut rng, "x", 3, false);
                body.push_str(&format!("    A[x % 16] = {f}\n"));
            }
        }
    }
    let src = format!(
        "@T.prim_func\ndef main(A: T.Buffer((16,), \"float32\"), B: T.Buffer((16,), \"int32\"), C: T.Buffer((4, 4), \"float32\"), x: T.int32, y: T.float32):\n{body}"
    );
    (src, reordered)
}

/// An int32 index that stays in bounds (or, rarely, one past the end).
fn tir_index(rng: &mut Rng, i: &str, own: bool) -> String {
    if own {
        return i.to_string();
    }
    match rng.below(10) {
        0 => format!("{i} + 1"),
        1..=4 => i.to_string(),
        _ => format!("({i} * {} + {}) % 16", 1 + rng.below(7), rng.below(16)),
    }
}

fn tir_int(rng: &mut Rng, i: &str, depth: u32, own: bool) -> String {
    if depth == 0 || rng.chance(25) {
        return match rng.below(5) {
            0 => (*rng.pick(&["0", "1", "-1", "7", "2147483647", "-2147483648", "3"])).to_string(),
            1 => "x".into(),
            2 if i != "x" => i.to_string(),
            3 if !own => format!("B[{}]", tir_index(rng, i, false)),
            _ if own => "3".into(),
            _ => "B[0]".into(),
        };
    }
    let (a, mut b) = (tir_int(rng, i, depth - 1, own), tir_int(rng, i, depth - 1, own));
    if rng.chance(60) {
        // Most divisors are not zero, so that kernels run to the end.
        b = format!("T.max({b}, 1)");
    }
    match rng.below(12) {
        0 => format!("({a} + {b})"),
        1 => format!("({a} - {b})"),
        2 => format!("({a} * {b})"),
        3 => format!("({a} // {b})"),
        4 => format!("({a} % {b})"),
        5 => format!("T.truncdiv({a}, {b})"),
        6 => format!("T.truncmod({a}, {b})"),
        7 => format!("T.max({a}, {b})"),
        8 => format!("T.min({a}, {b})"),
        9 => format!("({a} ^ {b})"),
        10 => format!("T.Cast(\"int32\", {})", tir_float(rng, i, depth - 1, own)),
        _ => format!("T.if_then_else({}, {a}, {b})", tir_cond(rng, i, own)),
    }
}

fn tir_float(rng: &mut Rng, i: &str, depth: u32, own: bool) -> String {
    if depth == 0 || rng.chance(25) {
        return match rng.below(5) {
            0 => format!("T.float32({})", rng.pick(&["0.0", "1.5", "-2.0", "1e30", "0.1", "-0.0"])),
            1 => "y".into(),
            2 if !own => format!("A[{}]", tir_index(rng, i, false)),
            3 if i.starts_with('i') && !own => format!("C[{i} % 4, {}]", rng.below(4)),
            _ => "y".into(),
        };
    }
    let (a, b) = (tir_float(rng, i, depth - 1, own), tir_float(rng, i, depth - 1, own));
    match rng.below(11) {
        0 => format!("({a} + {b})"),
        1 => format!("({a} - {b})"),
        2 => format!("({a} * {b})"),
        3 => format!("({a} / {b})"),
        4 => format!("T.max({a}, {b})"),
        5 => format!("T.min({a}, {b})"),
        6 => format!("T.sqrt(T.fabs({a}))"),
        7 => format!("T.floor({a})"),
        8 => format!("T.exp(T.min({a}, T.float32(10)))"),
        9 => format!("T.Cast(\"float32\", {})", tir_int(rng, i, depth - 1, own)),
        _ => format!("T.if_then_else({}, {a}, {b})", tir_cond(rng, i, own)),
    }
}

fn tir_cond(rng: &mut Rng, i: &str, own: bool) -> String {
    let (a, b) = (tir_int(rng, i, 1, own), tir_int(rng, i, 1, own));
    match rng.below(4) {
        0 => format!("{a} < {b}"),
        1 => format!("{a} == {b}"),
        2 => format!("{} > {}", tir_float(rng, i, 1, own), tir_float(rng, i, 1, own)),
        _ => format!("{a} >= {b} and {b} != 0"),
    }
}

/// One generated kernel, lowered at -O0 and -O2: the compiled -O2 (or -O0) kernel against the
/// interpreted -O0 lowering (which checks TIR's transforms too).
fn compare_tir(seed: u64, engines: &[Engine; 2]) -> Result<String, String> {
    let (src, reordered) = tir_program(seed);
    let module = match strata::tir::parse_script(&src) {
        Ok(m) => m,
        // A constant divisor of zero (`y / T.float32(0.0)`, `B[i] % 0`) is refused where it is
        // read, as TVM's operators refuse it; zero divisors computed at run time trap.
        Err(e) if e.to_string().contains("error: division by zero") => return Ok("refused: division by zero".into()),
        // So is a product of literals too large for int32 (`-1 * -2147483648`: Python computes
        // it, and TVM refuses the int32 literal it makes).
        Err(e) if e.to_string().contains("is out of the range of int32") => return Ok("refused: literal range".into()),
        Err(e) => return Err(format!("generated an invalid kernel: {e}\n{src}")),
    };
    let plain = strata::tir::lower_with(&module, &strata::Passes::for_level(OptLevel::O0))
        .map_err(|e| format!("lowering: {e}\n{src}"))?;
    let level = if seed.is_multiple_of(2) { OptLevel::O2 } else { OptLevel::O0 };
    let lowered = strata::tir::lower_with(&module, &strata::Passes::for_level(level))
        .map_err(|e| format!("lowering: {e}\n{src}"))?;
    let code =
        engines[usize::from(level == OptLevel::O2)].compile(&lowered).map_err(|e| format!("compile: {e}\n{src}"))?;
    let mut rng = Rng(seed ^ 0x7777);
    let a: Vec<f32> = (0..16).map(|_| *rng.pick(&[0.0, 1.0, -2.5, 0.5, 1e20, f32::NAN, -0.0, 3.0])).collect();
    let b: Vec<i32> = (0..16).map(|_| *rng.pick(&[0, 1, -1, 2, 5, i32::MIN, i32::MAX, -7])).collect();
    let c: Vec<f32> = (0..16).map(|_| *rng.pick(&[0.0, 2.0, -1.0, 0.25])).collect();
    let (x, y) = (*rng.pick(&[0i32, 3, -5, 15, 1 << 20]), *rng.pick(&[1.0f32, -0.5, 0.0, 100.0]));
    let run = |call: &CallFn<'_>| {
        let mut ta = Tensor::from_vec(a.clone(), &[16]).unwrap();
        let mut tb = Tensor::from_vec(b.clone(), &[16]).unwrap();
        let mut tc = Tensor::from_vec(c.clone(), &[4, 4]).unwrap();
        let r = call(&mut [
            Arg::TensorMut(&mut ta),
            Arg::TensorMut(&mut tb),
            Arg::TensorMut(&mut tc),
            Arg::Val(Val::Int(i64::from(x), 32)),
            Arg::Val(Val::F32(y)),
        ]);
        (r, ta, tb, tc)
    };
    let (jr, ja, jb, jc) = run(&|args| code.call("main", args));
    let interp = Interpreter::new(&plain).max_steps(10_000_000);
    let (ir, ia, ib, ic) = run(&|args| interp.call("main", args));
    let differ = |what: String| {
        Err(format!("seed {seed} at {level:?}: {what}\ninputs: A={a:?} B={b:?} C={c:?} x={x} y={y}\n{src}"))
    };
    let trapped = match (&jr, &ir) {
        (Ok(_), Ok(_)) => false,
        (Err(Error::Trap(p)), Err(Error::Trap(q))) if p.kind == q.kind => true,
        _ => return differ(format!("outcomes differ: jit {jr:?}, interpreter {ir:?}")),
    };
    // After a trap in a loop whose iterations may run in any order, memory may differ.
    let same_memory =
        same_floats(&ja, &ia) && jb.to_vec::<i32>().unwrap() == ib.to_vec::<i32>().unwrap() && same_floats(&jc, &ic);
    if !(same_memory || trapped && reordered) {
        return differ(format!(
            "buffers differ: jit {:?} {:?} {:?}, interpreter {:?} {:?} {:?}",
            ja.to_vec::<f32>(),
            jb.to_vec::<i32>(),
            jc.to_vec::<f32>(),
            ia.to_vec::<f32>(),
            ib.to_vec::<i32>(),
            ic.to_vec::<f32>()
        ));
    }
    Ok(match ir {
        Ok(_) => "returned".to_string(),
        Err(e) => {
            let e = e.to_string();
            e[..e.find(" at ").unwrap_or(e.len())].replace("@main: ", "")
        }
    })
}

// TIR kernels lowered at -O0 and interpreted agree with the same kernels lowered at -O0 or -O2
// (vectorized, unrolled, promoted) and compiled.
#[test]
fn differential_tir_through_lowering() {
    let n: u64 = std::env::var("STRATA_DIFF_PROGRAMS").ok().and_then(|s| s.parse().ok()).unwrap_or(200);
    let first: u64 = std::env::var("STRATA_DIFF_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let engines = [
        Engine::new(Options { opt_level: OptLevel::O0, ..Options::default() }).unwrap(),
        Engine::new(Options { opt_level: OptLevel::O2, ..Options::default() }).unwrap(),
    ];
    let (mut outcomes, mut failures) = (std::collections::BTreeMap::<String, usize>::new(), Vec::new());
    for seed in first..first + n {
        match compare_tir(seed, &engines) {
            Ok(outcome) => *outcomes.entry(outcome).or_default() += 1,
            Err(e) => {
                failures.push(e);
                if failures.len() >= 3 {
                    break;
                }
            }
        }
    }
    eprintln!("{n} generated TIR kernels compared: {outcomes:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

// A program that allocates without bound stops with an out-of-memory trap in the interpreter
// (which would otherwise exhaust the host), as an allocation the runtime refuses does.
#[test]
fn the_interpreter_bounds_what_a_call_allocates() {
    let m = parse(
        "func @grow() {\n  affine.for %i = 0 to 100 {\n    %a = alloc() : memref<1073741824xi8>\n  }\n  return\n}",
    );
    let r = Interpreter::new(&m).call("grow", &mut []);
    assert_eq!(trap_kind(&r), Some(TrapKind::OutOfMemory), "{r:?}");
    assert!(format!("{r:?}").contains("the interpreter allocates at most 8589934592 bytes in a call"), "{r:?}");
}

// Default options: exp of f32 vectors runs inline (glibc's expf step by step, where the C
// library is that one) and gives the C library's bits, NaN payloads included, as TVM's code
// (a C library call per lane) does: 65,552 inputs spread over every bit pattern, the limits,
// vectors of 16 lanes (four f32x4 registers) and of 3 (lane by lane), and scalars.
#[test]
fn vector_exp_is_the_c_librarys_bit_for_bit() {
    let m = strata::tir::compile_script(
        "@T.prim_func
def f(X: T.Buffer((65552,), \"float32\"), Y: T.Buffer((65552,), \"float32\"), Z: T.Buffer((65552,), \"float32\")):
    for i in range(4096):
        for j in T.vectorized(16):
            Y[i * 16 + j] = T.exp(X[i * 16 + j])
    for i in range(5):
        for j in T.vectorized(3):
            Y[65536 + i * 3 + j] = T.exp(X[65536 + i * 3 + j])
    Y[65551] = T.exp(X[65551])
    for i in range(65552):
        Z[i * 3 % 65552] = T.exp(X[i * 3 % 65552])
",
    )
    .unwrap();
    let mut xs: Vec<f32> = (0..65536u32).map(|k| f32::from_bits(k.wrapping_mul(65537).wrapping_add(k >> 3))).collect();
    xs.extend([88.72283, 88.72284, 88.7229, -103.2789, -103.28, -103.972, -103.972_1, -104.0]);
    xs.extend([
        f32::from_bits(0x7fa0_0001),
        f32::from_bits(0xffc0_1234),
        f32::INFINITY,
        f32::NEG_INFINITY,
        -0.0,
        1e-30,
    ]);
    xs.extend([-87.5, 0.5]);
    assert_eq!(xs.len(), 65552);
    let compiled = Engine::new(Options::default()).unwrap().compile(&m).unwrap();
    let mut x = Tensor::from_vec(xs.clone(), &[65552]).unwrap();
    let mut y = Tensor::from_vec(vec![0f32; 65552], &[65552]).unwrap();
    let mut z = Tensor::from_vec(vec![0f32; 65552], &[65552]).unwrap();
    compiled.call("f", &mut [Arg::TensorMut(&mut x), Arg::TensorMut(&mut y), Arg::TensorMut(&mut z)]).unwrap();
    // Y from vectors, Z one element at a time.
    for out in [&y, &z] {
        for (k, (&x, &y)) in xs.iter().zip(out.as_slice::<f32>().unwrap()).enumerate() {
            assert_eq!(y.to_bits(), x.exp().to_bits(), "element {k}: exp({x:e} = {:#x})", x.to_bits());
        }
    }
}

// `Options::fast_math`: exp of f32 vectors inline. Compiled code and the interpreter give the
// same bits, every result is within one ulp of the correctly rounded e^x, IEEE's special
// values hold, and without the option the C library's bits are kept (jit-tests' math_exact).
#[test]
fn fast_math_vector_exp_is_the_interpreters_and_within_one_ulp() {
    let m = strata::tir::compile_script(
        "@T.prim_func
def f(X: T.Buffer((1030,), \"float32\"), Y: T.Buffer((1030,), \"float32\")):
    for i in range(256):
        for j in T.vectorized(4):
            Y[i * 4 + j] = T.exp(X[i * 4 + j])
    for j in T.vectorized(3):
        Y[1024 + j] = T.exp(X[1024 + j])
    for j in range(3):
        Y[1027 + j] = T.exp(X[1027 + j])
",
    )
    .unwrap();
    let mut xs: Vec<f32> = (0..1024).map(|k| -110.0 + 205.0 * (k as f32) / 1023.0).collect();
    xs.extend([f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 88.72, -103.9, 1.0]);
    let fast = Engine::new(Options { fast_math: true, ..Options::default() }).unwrap().compile(&m).unwrap();
    let run = |call: &dyn Fn(&mut [Arg<'_>])| {
        let mut x = Tensor::from_vec(xs.clone(), &[1030]).unwrap();
        let mut y = Tensor::from_vec(vec![0f32; 1030], &[1030]).unwrap();
        call(&mut [Arg::TensorMut(&mut x), Arg::TensorMut(&mut y)]);
        y.as_slice::<f32>().unwrap().to_vec()
    };
    let jit = run(&|a| {
        fast.call("f", a).unwrap();
    });
    let interp = run(&|a| {
        Interpreter::new(&m).fast_math(true).call("f", a).unwrap();
    });
    let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&jit), bits(&interp));
    for (k, (&x, &y)) in xs.iter().zip(&jit).enumerate() {
        let want = f64::from(x).exp() as f32;
        if x.is_nan() {
            assert!(y.is_nan(), "exp(NaN) = {y}");
        } else {
            let ulps = (i64::from(y.to_bits()) - i64::from(want.to_bits())).abs();
            assert!(ulps <= 1, "element {k}: exp({x:e}) = {y:e}, not {want:e}");
        }
    }
    assert_eq!((jit[1025], jit[1026], jit[1029]), (f32::INFINITY, 0.0, std::f32::consts::E));
    // The inline steps ran: some results are not the C library's (whose are TVM's).
    let libm = xs.iter().zip(&jit).filter(|&(&x, &y)| !x.is_nan() && x.exp() != y).count();
    assert!(libm > 0, "every result is the C library's: the inline steps did not run");
}
