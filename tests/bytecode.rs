//! The bytecode (issue 15; mlir-langref-late.md: "a compact serialized form suitable for
//! storage and transport"): every module of `jit-tests/` that parses prints the same after a
//! trip through bytecode; TIR kernels keep their calling convention and results; lazy loading
//! decodes what it is asked for; bad bytes are errors with an offset.

use std::path::{Path, PathBuf};

use strata::bytecode::{Bytecode, WriteOptions, write, write_module};
use strata::ir::SourceFile;
use strata::{Engine, Tensor, Val};

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, ext, out);
        } else if p.extension().is_some_and(|e| e == ext) && p.file_name().is_some_and(|n| n != "generate.py") {
            out.push(p);
        }
    }
}

fn jit_tests(ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("jit-tests"), ext, &mut out);
    out
}

fn round_trip(m: &strata::Module, locations: bool) -> strata::Module {
    let bytes =
        write_module(m, [], WriteOptions { locations }).unwrap_or_else(|e| panic!("{e}: {}", strata::print_generic(m)));
    Bytecode::from_bytes(bytes)
        .and_then(|b| b.decode())
        .unwrap_or_else(|e| panic!("{e}: {}", strata::print_generic(m)))
        .module
}

// spec: mlir-langref-late.md, "compact serialized form": text → bytecode → text is text → text.
#[test]
fn every_mlir_test_module_round_trips() {
    let mut chunks = 0;
    for path in jit_tests("mlir") {
        let text = std::fs::read_to_string(&path).expect("reads");
        for range in strata::syntax::split_input(&text) {
            let file = SourceFile::new(path.display().to_string(), &text[range]);
            let Ok(m) = strata::parse_unverified(&file) else { continue };
            let want = strata::print(&m);
            for locations in [false, true] {
                let back = round_trip(&m, locations);
                assert_eq!(strata::print(&back), want, "{} (locations: {locations})", path.display());
            }
            assert_eq!(strata::print_generic(&round_trip(&m, false)), strata::print_generic(&m));
            chunks += 1;
        }
    }
    assert!(chunks > 500, "only {chunks} modules found");
}

#[test]
fn locations_survive_for_diagnostics() {
    let src = "func @f(%x: i32) -> i32 {\n  %y = addi %x, %x : i32\n  return %y : i32\n}\n";
    let m = strata::parse_unverified(&SourceFile::new("f.mlir", src)).unwrap();
    let back = round_trip(&m, true);
    let first_op = |m: &strata::Module| {
        let f = m.functions().next().unwrap();
        let body = m.region(m.op(f).regions[0]).blocks[0];
        m.block(body).ops[0]
    };
    let add = first_op(&back);
    let span = back.op_span(add).expect("a span");
    assert_eq!(Some(span), m.op_span(first_op(&m)));
    let (line, col) = back.source.as_ref().unwrap().line_col(span.start);
    assert_eq!((line, col), (2, 8)); // `addi`, where the parser puts an op
    assert_eq!(back.source.as_ref().unwrap().name(), "f.mlir");
    assert!(round_trip(&m, false).op_span(add).is_none());
}

/// TIR kernels keep what they print as and their calling convention; a kernel loaded from
/// bytecode computes what the lowered one does and checks its arguments as TVM does.
#[test]
fn tir_kernels_keep_their_calling_convention() {
    let mut n = 0;
    for path in jit_tests("py") {
        let Ok(v) = strata::load_file(&path) else { continue };
        let bytes = write(&v, WriteOptions::default()).unwrap();
        let d = Bytecode::from_bytes(bytes).unwrap().decode().unwrap();
        assert_eq!(strata::print(&d.module), strata::print(&v), "{}", path.display());
        let mut want: Vec<_> = v.arg_specs().map(|(k, a)| (k.to_string(), (**a).clone())).collect();
        let mut got = d.args;
        want.sort_by(|a, b| a.0.cmp(&b.0));
        got.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(got, want, "{}", path.display());
        n += 1;
    }
    assert!(n > 50, "only {n} kernels");
}

const ADD_KERNEL: &str = r#"
@T.prim_func
def add(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32"), C: T.Buffer((8,), "float32")):
    for i in range(8):
        C[i] = A[i] + B[i]
"#;

#[test]
fn a_saved_kernel_runs_and_binds_as_before() {
    let v = strata::tir::compile_script(ADD_KERNEL).unwrap();
    let dir = std::env::temp_dir().join(format!("strata-bc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("add.stbc");
    strata::write_bytecode(&v, &path).unwrap();
    // load_file takes bytecode wherever it takes text.
    let loaded = strata::load_file(&path).unwrap();
    let code = Engine::default().compile(&loaded).unwrap();
    let a = Tensor::from_vec((0..8).map(|i| i as f32).collect(), &[8]).unwrap();
    let b = Tensor::from_vec(vec![10.0f32; 8], &[8]).unwrap();
    let mut c = Tensor::zeros::<f32>(&[8]).unwrap();
    let f = code.typed::<(&Tensor, &Tensor, &mut Tensor), ()>("add").unwrap();
    f.call((&a, &b, &mut c)).unwrap();
    assert_eq!(c.to_vec::<f32>().unwrap(), (10..18).map(|i| i as f32).collect::<Vec<_>>());
    // The binder's messages are TVM's, as for the kernel compiled from text.
    let mut short = Tensor::zeros::<f32>(&[4]).unwrap();
    let e = f.call((&a, &b, &mut short)).unwrap_err().to_string();
    let direct = Engine::default().compile(&v).unwrap();
    let e2 = direct
        .typed::<(&Tensor, &Tensor, &mut Tensor), ()>("add")
        .unwrap()
        .call((&a, &b, &mut short))
        .unwrap_err()
        .to_string();
    assert_eq!(e, e2);
    assert!(e.contains("C.shape[0]"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A calling convention in the file that does not fit the function is refused when loading,
/// so no forged convention can make the binder read a scalar as a DLTensor.
#[test]
fn a_forged_calling_convention_is_refused() {
    let v = strata::tir::compile_script(ADD_KERNEL).unwrap();
    let m = strata::parse("func @add(%a: i64, %b: i64, %c: i64) {\n  return\n}").unwrap();
    let spec = v.arg_spec("add").unwrap();
    let bytes = write_module(&m, [("add", &**spec)], WriteOptions::default()).unwrap();
    let dir = std::env::temp_dir().join(format!("strata-bc-forged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("forged.stbc");
    std::fs::write(&path, bytes).unwrap();
    let e = strata::load_bytecode(&path).unwrap_err().to_string();
    assert!(
        e.contains("the stored calling convention of '@add' does not match its signature: parameter 0 is 'i64'"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

const CALLS: &str = "func @leaf(%x: i32) -> i32 {\n  %y = addi %x, %x : i32\n  return %y : i32\n}\n\
func @mid(%x: i32) -> i32 {\n  %y = call @leaf(%x) : (i32) -> i32\n  return %y : i32\n}\n\
func @other(%x: i32) -> i32 {\n  %c = constant 7 : i32\n  return %c : i32\n}\n\
func @top(%x: i32) -> i32 {\n  %y = call @mid(%x) : (i32) -> i32\n  return %y : i32\n}\n";

#[test]
fn lazy_loading_decodes_a_function_and_its_callees() {
    let v = strata::parse(CALLS).unwrap();
    let bc = Bytecode::from_bytes(write(&v, WriteOptions::default()).unwrap()).unwrap();
    assert_eq!(bc.function_names().collect::<Vec<_>>(), ["leaf", "mid", "other", "top"]);
    let d = bc.decode_functions(&["top"]).unwrap();
    let names: Vec<String> =
        d.module.functions().map(|f| d.module.attr(f, "sym_name").unwrap().as_str().unwrap().to_string()).collect();
    assert_eq!(names, ["leaf", "mid", "top"]); // the file's order; @other not decoded
    let verified = strata::verify(d.module).unwrap();
    let code = Engine::default().compile(&verified).unwrap();
    assert_eq!(code.call("top", &mut [Val::Int(21, 32).into()]).unwrap(), [Val::Int(42, 32)]);
    let e = bc.decode_functions(&["nope"]).unwrap_err();
    assert_eq!(e.message, "no function '@nope' in the file");
}

#[test]
fn a_newer_major_version_is_refused_clearly() {
    let v = strata::parse(CALLS).unwrap();
    let mut bytes = write(&v, WriteOptions::default()).unwrap();
    bytes[4] = 2; // the major version varint follows the magic
    let e = Bytecode::from_bytes(bytes).unwrap_err();
    assert_eq!(e.offset, 4);
    let expected = format!(
        "bytecode version 2.{minor} is newer than this reader's 1.{minor}",
        minor = strata::bytecode::VERSION_MINOR
    );
    assert!(e.message.starts_with(&expected), "{}", e.message);
    let e = Bytecode::from_bytes(b"func @f() {\n}".to_vec()).unwrap_err();
    assert_eq!(e.to_string(), "byte 0: not Strata bytecode (bad magic)");
}

/// Every truncation and every single-byte change of a file is an error or a module, never a
/// panic (a wider run is in `tests/fuzz.rs`).
#[test]
fn truncated_and_flipped_bytes_are_errors() {
    let src = "#map = (d0)[s0] -> (d0 + s0)\nfunc @f(%a: memref<4xf32>, %n: index) -> f32 {\n  %z = constant dense<[1.0, 2.0]> : vector<2xf32>\n  affine.for %i = 0 to 4 {\n    %j = affine.apply #map(%i)[%n]\n    %x = affine.load %a[%i] : memref<4xf32>\n    affine.store %x, %a[%i] : memref<4xf32>\n  }\n  %c0 = constant 0 : index\n  %r = load %a[%c0] : memref<4xf32>\n  return %r : f32\n}\n";
    let v = strata::parse(src).unwrap();
    let bytes = write(&v, WriteOptions::default()).unwrap();
    for n in 0..bytes.len() {
        let r = Bytecode::from_bytes(bytes[..n].to_vec()).and_then(|b| b.decode());
        let e = r.expect_err("a truncated file is an error");
        assert!(e.offset <= n, "offset {} past the end {n}: {}", e.offset, e.message);
    }
    for i in 0..bytes.len() {
        for bit in 0..8 {
            let mut b = bytes.clone();
            b[i] ^= 1 << bit;
            if let Ok(d) = Bytecode::from_bytes(b).and_then(|b| b.decode()) {
                // Whatever decodes prints and verifies (or fails to verify) without panicking;
                // what the decoder vouches for (dominance) the whole verifier accepts too.
                let _ = strata::print(&d.module);
                let full = strata::verify(d.module.clone()).map(|_| ()).map_err(|e| e.to_string());
                let loaded = strata::bytecode::verify_decoded(d).map(|_| ()).map_err(|e| e.to_string());
                assert!(loaded.is_err() || full.is_ok(), "byte {i} bit {bit}: loaded, but {full:?}");
            }
        }
    }
}

#[test]
fn the_format_is_smaller_than_the_text() {
    let mut text = String::new();
    for i in 0..50 {
        text.push_str(&format!(
            "func @k{i}(%a: memref<?x16xf32>, %n: index) {{\n  affine.for %i = 0 to %n {{\n    affine.for %j = 0 to 16 {{\n      %x = affine.load %a[%i, %j] : memref<?x16xf32>\n      %y = addf %x, %x : f32\n      affine.store %y, %a[%i, %j] : memref<?x16xf32>\n    }}\n  }}\n  return\n}}\n"
        ));
    }
    let v = strata::parse(&text).unwrap();
    let bytes = write(&v, WriteOptions::default()).unwrap();
    assert!(bytes.len() * 3 < text.len(), "{} bytes for {} of text", bytes.len(), text.len());
}

/// Constants of at least `BORROW_MIN_BYTES` bytes, of every storage width.
fn weights_module() -> String {
    let f: Vec<String> = (0..32).map(|i| format!("{}.5", i - 16)).collect();
    let w: Vec<String> = (0..20).map(|i| format!("{}", (i - 10) * 100_000_007i64)).collect();
    let b: Vec<String> = (0..64).map(|i| if i % 3 == 0 { "true".into() } else { "false".into() }).collect();
    let s: Vec<String> = (0..70).map(|i| format!("{}", i * 7 - 200)).collect();
    let x: Vec<String> = (0..3).map(|i| format!("{}", i + 1)).collect();
    format!(
        r#"func @weights(%i: index) -> (f32, i64, i1, i16, i32) {{
  %f = constant dense<[{}]> : tensor<32xf32>
  %w = constant dense<[{}]> : tensor<20xi64>
  %b = constant dense<[{}]> : tensor<64xi1>
  %s = constant dense<[{}]> : tensor<70xi16>
  %x = constant dense<[{}]> : tensor<3xi32>
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %0 = extract_element %f[%i] : tensor<32xf32>
  %1 = extract_element %w[%i] : tensor<20xi64>
  %2 = extract_element %b[%i] : tensor<64xi1>
  %3 = extract_element %s[%i] : tensor<70xi16>
  %4 = extract_element %x[%c2] : tensor<3xi32>
  return %0, %1, %2, %3, %4 : f32, i64, i1, i16, i32
}}"#,
        f.join(", "),
        w.join(", "),
        b.join(", "),
        s.join(", "),
        x.join(", ")
    )
}

// spec: issue 15, "dense elements stored raw and aligned so that they can be borrowed from the
// mapped file without a copy".
#[test]
fn large_dense_constants_are_borrowed_from_the_file_not_copied() {
    use strata::ir::{Attribute, DenseValues, ElementsAttr};
    let v = strata::parse(&weights_module()).unwrap();
    let file = Bytecode::from_bytes(write(&v, WriteOptions::default()).unwrap()).unwrap();
    let decoded = file.decode().unwrap();
    let m = &decoded.module;
    let whole = file.as_bytes().as_ptr_range();
    let mut borrowed = 0;
    m.walk(m.top(), |op| {
        let Some(Attribute::Elements(e)) = m.attr(op, "value") else { return };
        let ElementsAttr::Dense(d) = &**e else { return };
        match &d.values {
            DenseValues::Raw(r) => {
                assert!(r.bytes().len() >= strata::bytecode::BORROW_MIN_BYTES);
                assert!(whole.contains(&r.bytes().as_ptr()), "the elements point into the file's bytes");
                assert_eq!(r.bytes().as_ptr() as usize % 16, file.as_bytes().as_ptr() as usize % 16);
                borrowed += 1;
            }
            // The 12-byte constant is decoded: not worth keeping the file alive for.
            other => assert_eq!(other.len(), 3),
        }
    });
    assert_eq!(borrowed, 4);
    // Borrowed elements print, compare and hash as the parsed ones.
    assert_eq!(strata::print(m), strata::print(v.module()));
    let loaded = strata::bytecode::verify_decoded(decoded).unwrap();
    // ...and compile to the same constants: every element of every width, read by the JIT.
    let from_text = Engine::default().compile(&v).unwrap();
    let from_file = Engine::default().compile(&loaded).unwrap();
    for i in [0i64, 1, 2, 3, 9, 19] {
        let want = from_text.call("weights", &mut [Val::Index(i).into()]).unwrap();
        assert_eq!(from_file.call("weights", &mut [Val::Index(i).into()]).unwrap(), want);
        let expect_w = (i - 10) * 100_000_007;
        assert_eq!(want[1], Val::Int(i128::from(expect_w) as i64, 64), "i = {i}");
    }
    // A module holding borrowed elements writes the same bytes again.
    assert_eq!(write(&loaded, WriteOptions::default()).unwrap(), file.as_bytes());
}

/// `n` functions of affine loops, large enough (from ~1,200) to be decoded and verified on
/// several threads; function `bad` (if any) gets `body` as an extra line.
fn many_functions(n: usize, bad: Option<(usize, &str)>) -> String {
    let mut text = String::new();
    for i in 0..n {
        let extra = match bad {
            Some((b, line)) if b == i => line,
            _ => "",
        };
        text.push_str(&format!(
            "func @k{i}(%a: memref<?x16xf32>, %n: index) -> i32 {{\n  affine.for %i = 0 to %n {{\n    affine.for %j = 0 to 16 {{\n      %x = affine.load %a[%i, %j] : memref<?x16xf32>\n      %y = addf %x, %x : f32\n      affine.store %y, %a[%i, %j] : memref<?x16xf32>\n    }}\n  }}\n{extra}  %c = constant {i} : i32\n  return %c : i32\n}}\n"
        ));
    }
    text
}

/// Run `f` on a pool of one thread: the sequential paths of decoding and verifying.
fn on_one_thread<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a pool").install(f)
}

#[test]
fn a_large_module_decodes_and_verifies_on_threads_as_on_one() {
    let text = many_functions(3000, None);
    let v = strata::parse(&text).unwrap();
    let bytes = write(&v, WriteOptions::default()).unwrap();
    // Well above the 64 KiB of operations from which a file is decoded on several threads.
    assert!(bytes.len() > 200_000, "{}", bytes.len());
    let decode = || Bytecode::from_bytes(bytes.clone()).and_then(|b| b.decode()).unwrap().module;
    let (threaded, single) = (decode(), on_one_thread(decode));
    assert_eq!(strata::print_generic(&threaded), strata::print_generic(&single));
    assert_eq!(strata::print(&threaded), strata::print(&v));
    // The joined module is whole: every function verifies and the last one runs.
    let loaded = strata::verify(threaded).unwrap();
    let code = Engine::default().compile(&loaded).unwrap();
    let mut a = Tensor::zeros::<f32>(&[2, 16]).unwrap();
    let r = code.call("k2999", &mut [(&mut a).into(), Val::Index(2).into()]).unwrap();
    assert_eq!(r, [Val::Int(2999, 32)]);
}

// spec: mlir-langref-late.md, dominance ("values are defined before use"): verifying on threads
// reports what one walk reports: a structure error anywhere before any dominance error.
#[test]
fn verifying_on_threads_reports_the_errors_one_walk_reports() {
    let use_before_def = "  %u = addi %w, %w : i32\n  %w = constant 1 : i32\n";
    let wrong_type = "  %t = \"std.addi\"() : () -> i32\n";
    let cases = [
        (vec![(200, use_before_def)], "operand #0 does not dominate this use"),
        (vec![(200, use_before_def), (2800, wrong_type)], "'std.addi' op"),
        (vec![(2900, use_before_def), (100, use_before_def)], "operand #0 does not dominate this use"),
    ];
    for (bad, expected) in cases {
        let mut text = many_functions(3000, None);
        for &(f, line) in &bad {
            let head = format!("func @k{f}(");
            let at = text.find(&head).unwrap();
            let body = at + text[at..].find("  %c = constant").unwrap();
            text.insert_str(body, line);
        }
        let file = SourceFile::new("big.mlir", text.as_str());
        let m = strata::parse_unverified(&file).unwrap();
        let threaded = strata::verify(m.clone()).expect_err("an error").to_string();
        let single = on_one_thread(|| strata::verify(m.clone()).expect_err("an error").to_string());
        assert_eq!(threaded, single);
        assert!(threaded.contains(expected), "{threaded}");
        let all = strata::verify::verify_all(&m);
        let all_single = on_one_thread(|| strata::verify::verify_all(&m));
        let show = |d: &[strata::ir::Diagnostic]| d.iter().map(|d| format!("{d:?}")).collect::<Vec<_>>();
        assert_eq!(show(&all), show(&all_single));
    }
}

// spec: tir-spec.md, PrimFunc semantics 1.ii: a dimension computed from variables is checked
// by the binder of a saved kernel as by the one compiled from text.
#[test]
fn a_saved_kernel_checks_computed_dimensions() {
    let src = "@T.prim_func\ndef f(A: T.Buffer((\"n + 1\",), \"float32\"), B: T.Buffer((n,), \"float32\")):\n    n = T.int32()\n    for i in range(n):\n        B[i] = A[i] + A[i + 1]\n";
    let v = strata::tir::compile_script(src).unwrap();
    let bytes = write(&v, WriteOptions::default()).unwrap();
    let loaded = strata::load_bytecode_bytes("f.stbc", bytes).unwrap();
    let a = Tensor::from_vec(vec![1.0f32, 2.0, 3.0], &[3]).unwrap();
    let long = Tensor::from_vec(vec![1.0f32, 2.0, 3.0, 4.0], &[4]).unwrap();
    for m in [&v, &loaded] {
        let code = Engine::default().compile(m).unwrap();
        let f = code.typed::<(&Tensor, &mut Tensor), ()>("f").unwrap();
        let mut b = Tensor::zeros::<f32>(&[2]).unwrap();
        f.call((&a, &mut b)).unwrap();
        assert_eq!(b.to_vec::<f32>().unwrap(), [3.0, 5.0]);
        let e = f.call((&long, &mut b)).unwrap_err().to_string();
        assert!(e.contains("expected n + 1 = 3 (n = 2 bound by B.shape[0]), got 4"), "{e}");
    }
}

#[test]
fn bad_bytes_in_a_file_decoded_on_threads_are_errors_not_panics() {
    let v = strata::parse(&many_functions(1500, None)).unwrap();
    let bytes = write(&v, WriteOptions::default()).unwrap();
    assert!(bytes.len() > 100_000, "{}", bytes.len());
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut decoded = 0;
    for _ in 0..300 {
        let mut b = bytes.clone();
        for _ in 0..1 + next() % 4 {
            let i = (next() % b.len() as u64) as usize;
            b[i] ^= 1 << (next() % 8);
        }
        if let Ok(d) = Bytecode::from_bytes(b).and_then(|b| b.decode()) {
            decoded += 1;
            let _ = strata::verify(d.module);
        }
    }
    // Most single-bit flips land in operation bytes and still decode (into another module).
    assert!(decoded > 0);
}

/// The first op named `name` in `m`.
fn find_op(m: &strata::Module, name: &str) -> strata::ir::Op {
    let mut found = None;
    m.walk(m.top(), |op| {
        if found.is_none() && m.op_name(op) == name {
            found = Some(op);
        }
    });
    found.unwrap_or_else(|| panic!("no {name}"))
}

// spec: mlir-langref-late.md, dominance ("values are defined before use and have scope defined
// by their dominance relations"; functions do not capture): the decoder vouches for dominance
// only where the file's structure shows it, so a loaded module that breaks the rule gets the
// verifier's own error — for uses before the definition, of a value of a region that has ended,
// of an op's own result inside it, across the blocks of a CFG and into a function.
#[test]
fn a_loaded_module_that_breaks_dominance_gets_the_verifiers_error() {
    let parse = |src: &str| strata::parse_unverified(&SourceFile::new("t.mlir", src)).unwrap();
    let mut cases = vec![
        (
            "use before definition",
            parse("func @f() {\n  \"test.use\"(%x) : (i32) -> ()\n  %x = constant 1 : i32\n  return\n}\n"),
        ),
        (
            "own result",
            parse(
                "func @f() {\n  %x = \"test.op\"() ({\n    \"test.use\"(%x) : (i32) -> ()\n  }) : () -> i32\n  return\n}\n",
            ),
        ),
        (
            "across blocks",
            parse(
                "func @f(%c: i1) {\n  cond_br %c, ^a, ^b\n^a:\n  %x = constant 1 : i32\n  br ^b\n^b:\n  \"test.use\"(%x) : (i32) -> ()\n  return\n}\n",
            ),
        ),
    ];
    // A value of a loop body used after the loop (the text cannot name it there).
    let mut m = parse(
        "func @f(%a: memref<4xf32>) -> f32 {\n  %z = constant 0.0 : f32\n  affine.for %i = 0 to 4 {\n    %x = affine.load %a[%i] : memref<4xf32>\n  }\n  %y = addf %z, %z : f32\n  return %y : f32\n}\n",
    );
    let x = m.op(find_op(&m, "affine.load")).results[0];
    let add = find_op(&m, "std.addf");
    m.op_mut(add).operands[0] = x;
    cases.push(("ended region", m));
    // A value of one region of an op used in its other region.
    let mut m = parse(
        "func @f(%v: i32) {\n  \"test.two\"() ({\n    %x = \"test.def\"() : () -> i32\n    \"test.end\"() : () -> ()\n  }, {\n    \"test.use\"(%v) : (i32) -> ()\n  }) : () -> ()\n  return\n}\n",
    );
    let x = m.op(find_op(&m, "test.def")).results[0];
    let user = find_op(&m, "test.use");
    m.op_mut(user).operands[0] = x;
    cases.push(("sibling region", m));
    // A function nested in a function's region, using the outer function's argument.
    let mut m = parse(
        "func @f(%v: i32) {\n  \"test.wrap\"() ({\n    module {\n      func @g(%w: i32) {\n        \"test.use\"(%w) : (i32) -> ()\n        return\n      }\n    }\n    \"test.end\"() : () -> ()\n  }) : () -> ()\n  return\n}\n",
    );
    let f = find_op(&m, "func");
    let v = m.block(m.region(m.op(f).regions[0]).blocks[0]).args[0];
    let user = find_op(&m, "test.use");
    m.op_mut(user).operands[0] = v;
    cases.push(("captured by a function", m));
    for (what, m) in cases {
        let bytes = write_module(&m, [], WriteOptions::default()).unwrap();
        let d = Bytecode::from_bytes(bytes).unwrap().decode().unwrap();
        let whole = strata::verify(d.module.clone()).map(|_| ()).unwrap_err().to_string();
        let loaded = strata::bytecode::verify_decoded(d).map(|_| ()).unwrap_err().to_string();
        assert_eq!(loaded, whole, "{what}");
        assert!(
            loaded.contains("does not dominate this use") || loaded.contains("defined outside of the isolated region"),
            "{what}: {loaded}"
        );
    }
}

/// A varint of `b` at `*at`, moving past it.
fn varint(b: &[u8], at: &mut usize) -> usize {
    let (mut n, mut shift) = (0usize, 0);
    loop {
        let byte = b[*at];
        *at += 1;
        n |= usize::from(byte & 0x7f) << shift;
        shift += 7;
        if byte & 0x80 == 0 {
            return n;
        }
    }
}

/// `bytes` without its UNIT_SIZES section, as version 1.0 wrote files (the header, then
/// `id · length · payload` sections; see the format in `strata::bytecode`).
fn without_unit_sizes(bytes: &[u8]) -> Vec<u8> {
    let mut at = 4;
    varint(bytes, &mut at); // major
    varint(bytes, &mut at); // minor
    varint(bytes, &mut at); // flags
    at += varint(bytes, &mut at); // producer
    while at < bytes.len() {
        let start = at;
        let id = bytes[at];
        at += 1;
        at += varint(bytes, &mut at);
        if id == strata::bytecode::section::UNIT_SIZES {
            return [&bytes[..start], &bytes[at..]].concat();
        }
    }
    panic!("no UNIT_SIZES section")
}

fn put_varint(out: &mut Vec<u8>, mut n: usize) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7f) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// `bytes` with the sizes of its units changed by `change`; the offset of the new payload.
fn with_unit_sizes(bytes: &[u8], change: impl FnOnce(&mut [[usize; 4]])) -> (Vec<u8>, usize) {
    let stripped = without_unit_sizes(bytes);
    let start = bytes.iter().zip(&stripped).position(|(a, b)| a != b).unwrap();
    let mut at = start + 1;
    varint(bytes, &mut at);
    let n = varint(bytes, &mut at);
    let mut sizes: Vec<[usize; 4]> = (0..n).map(|_| std::array::from_fn(|_| varint(bytes, &mut at))).collect();
    change(&mut sizes);
    let mut payload = Vec::new();
    put_varint(&mut payload, n);
    sizes.iter().flatten().for_each(|&x| put_varint(&mut payload, x));
    let mut out = bytes[..start].to_vec();
    out.push(strata::bytecode::section::UNIT_SIZES);
    put_varint(&mut out, payload.len());
    let payload_at = out.len();
    out.extend_from_slice(&payload);
    out.extend_from_slice(&bytes[at..]);
    (out, payload_at)
}

// spec: issue 15, versioning: files of version 1.0 (no UNIT_SIZES) decode on threads as before,
// and a file whose unit sizes do not match its units is an error at the section, never a
// module numbered wrong.
#[test]
fn unit_sizes_are_optional_and_checked() {
    let v = strata::parse(&many_functions(2000, None)).unwrap();
    let bytes = write(&v, WriteOptions::default()).unwrap();
    let old = without_unit_sizes(&bytes);
    assert!(old.len() < bytes.len());
    let decode = |b: &[u8]| Bytecode::from_bytes(b.to_vec()).and_then(|f| f.decode());
    let new_module = decode(&bytes).unwrap().module;
    let old_module = decode(&old).unwrap().module;
    assert_eq!(strata::print(&new_module), strata::print(&v));
    assert_eq!(strata::print(&old_module), strata::print(&v));
    assert_eq!(strata::print_generic(&new_module), strata::print_generic(&old_module));
    let loaded = strata::bytecode::verify_decoded(decode(&bytes).unwrap()).unwrap();
    let code = Engine::default().compile(&loaded).unwrap();
    let mut a = Tensor::zeros::<f32>(&[1, 16]).unwrap();
    assert_eq!(code.call("k1999", &mut [(&mut a).into(), Val::Index(1).into()]).unwrap(), [Val::Int(1999, 32)]);
    // Rewritten unchanged, the file is the same.
    assert_eq!(with_unit_sizes(&bytes, |_| ()).0, bytes);
    // One op more in the first unit: the units after it would be numbered one off.
    let (forged, at) = with_unit_sizes(&bytes, |s| s[0][0] += 1);
    let e = decode(&forged).unwrap_err();
    assert_eq!(e.offset, at, "{e}");
    assert_eq!(e.message, "the unit sizes do not match the units' operations (after the last unit)");
    // One value more in the first unit and one less in the second: the parts still start where
    // they should (the sizes serve only to number parts).
    let (moved, _) = with_unit_sizes(&bytes, |s| {
        s[0][3] += 1;
        s[1][3] -= 1;
    });
    assert_eq!(strata::print(&decode(&moved).unwrap().module), strata::print(&v));
    // A size larger than its unit could hold is refused before anything is allocated for it.
    let (huge, at) = with_unit_sizes(&bytes, |s| s[5][1] = 1 << 40);
    let e = decode(&huge).unwrap_err();
    assert!(e.offset > at, "{e}");
    assert_eq!(e.message, "a unit size larger than the unit");
    // A count of units other than the file's.
    let (short, at) = with_unit_sizes(&bytes, |_| ());
    let mut short = short;
    short[at] ^= 1;
    let e = decode(&short).unwrap_err();
    assert_eq!(e.offset, at, "{e}");
}
