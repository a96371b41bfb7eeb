//! Round-trip and diagnostic tests of the parser and printer with no dialect registered.

#![allow(clippy::panic)]

use super::*;

fn parse(src: &str) -> Result<Module, String> {
    let f = SourceFile::new("t.mlir", src);
    parse_source(&f, &NoDialects).map_err(|d| d.to_string())
}

fn print(m: &Module) -> String {
    print_module(m, &NoDialects, PrintOptions::default())
}

/// Parse, print, and check that printing is a fixed point; return the first print.
fn roundtrip(src: &str) -> String {
    let m = parse(src).unwrap_or_else(|e| panic!("parse failed:\n{e}\n--- input\n{src}"));
    let once = print(&m);
    let m2 = parse(&once).unwrap_or_else(|e| panic!("reparse failed:\n{e}\n--- printed\n{once}"));
    let twice = print(&m2);
    assert_eq!(once, twice, "printing is not a fixed point");
    once
}

fn error(src: &str) -> String {
    match parse(src) {
        Ok(m) => panic!("expected an error, got:\n{}", print(&m)),
        Err(e) => e,
    }
}

#[test]
fn generic_ops_and_blocks() {
    let out = roundtrip(
        r#"func @simple(i64, i1) -> i64 {
^bb0(%a: i64, %cond: i1):
  "cond_br"(%cond)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  "br"()[^bb3(%a : i64)] : () -> ()
^bb2:
  %b = "addi"(%a, %a) : (i64, i64) -> i64
  "br"()[^bb3(%b : i64)] : () -> ()
^bb3(%c: i64):
  "return"(%c) : (i64) -> ()
}"#,
    );
    assert_eq!(
        out,
        r#"func @simple(%arg0: i64, %arg1: i1) -> i64 {
  "cond_br"(%arg1)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  "br"()[^bb3(%arg0 : i64)] : () -> ()
^bb2:
  %0 = "addi"(%arg0, %arg0) : (i64, i64) -> i64
  "br"()[^bb3(%0 : i64)] : () -> ()
^bb3(%1: i64):
  "return"(%1) : (i64) -> ()
}
"#
    );
}

#[test]
fn multiple_results_and_regions() {
    let out = roundtrip(
        r#"func @f() {
  %result:2 = "foo_div"() : () -> (f32, i32)
  %foo, %bar = "foo_div"() : () -> (f32, i32)
  %2 = "tf.scramble"(%result#0, %bar){fruit: "banana"} : (f32, i32) -> f32
  "accelerator.launch"() ({
    ^bb0(%x: i64):
      %new = "accelerator.do_something"(%2) : (f32) -> f32
  }, {}) : () -> ()
  "return"() : () -> ()
}"#,
    );
    assert!(out.contains("%0:2 = \"foo_div\"()"), "{out}");
    assert!(out.contains("\"tf.scramble\"(%0#0, %1#1) {fruit = \"banana\"}"), "{out}");
    assert!(out.contains("^bb0(%arg0: i64):"), "{out}");
}

#[test]
fn forward_references_resolve() {
    roundtrip(
        r#"func @f() {
  "br"()[^bb2] : () -> ()
^bb1:
  "use"(%x) : (i32) -> ()
  "return"() : () -> ()
^bb2:
  %x = "def"() : () -> i32
  "br"()[^bb1] : () -> ()
}"#,
    );
}

#[test]
fn types_attributes_and_aliases() {
    let out = roundtrip(
        r#"#map0 = (d0, d1)[s0] -> (d0 + s0, d1 * 2 - 1) size (10, s0)
#set0 = (d0)[s0] : (d0 >= 0, s0 - d0 - 1 >= 0)
!avx = type vector<4 x f32>
func @f(%x: !avx, %m: memref<16x?xf32, #map0, memspace0>, %t: tensor<*xf32>) -> (i3, complex<f32>)
  attributes {a: [1, 2.5, "s", @g, #set0, unit, true], b = {z = 1, y}, c = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>,
              d = dense<1.0> : vector<4xf32>, e = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>,
              g = 0x7C00 : f16, h = 42 : i32, i = (i32) -> f32,
              j = !tf.string, k = !llvm<"i32*">, l = tuple<i32, f32, tensor<i1>, i5>, n = none}
"#,
    );
    assert!(out.starts_with("#map0 = (d0, d1)[s0] -> (d0 + s0, d1 * 2 - 1) size (10, s0)\n"), "{out}");
    assert!(
        out.contains("func @f(!avx, memref<16x?xf32, #map0, memspace0>, tensor<*xf32>) -> (i3, complex<f32>)"),
        "{out}"
    );
    assert!(out.contains("e = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>"), "{out}");
}

#[test]
fn early_syntax_is_upgraded() {
    let out = roundtrip(
        r#"extfunc @abort()
cfgfunc @count(i64) -> (i64, i64)
  attributes {fruit: "banana"} {
bb0(%x: i64):
  "br"()[bb1] : () -> ()
bb1:
  "return"(%x, %x) : (i64, i64) -> ()
}"#,
    );
    assert!(out.contains("func @abort()\n"), "{out}");
    assert!(out.contains("func @count(%arg0: i64) -> (i64, i64) attributes {fruit = \"banana\"} {"), "{out}");
}

#[test]
fn explicit_module() {
    let out = roundtrip("module attributes {x = 1} {\n  func @f()\n}\n");
    assert_eq!(out, "module attributes {x = 1} {\n  func @f()\n}\n");
    assert_eq!(roundtrip("module {\n  func @f()\n}\n"), "func @f()\n");
}

#[test]
fn diagnostics() {
    assert_eq!(
        error("func @f() {\n  %x = \"a\"() : () -> i32\n  %x = \"b\"() : () -> i32\n}"),
        "t.mlir:3:3: error: redefinition of SSA value '%x'\n  %x = \"b\"() : () -> i32\n  ^\nt.mlir:2:3: note: previously defined here\n  %x = \"a\"() : () -> i32\n  ^"
    );
    assert!(
        error("func @f() {\n  \"u\"(%y) : (i32) -> ()\n}")
            .starts_with("t.mlir:2:7: error: use of undeclared SSA value name")
    );
    assert!(error("!x = type vector<0x42xi32>").contains("vector types must have positive constant sizes"));
    assert!(error("#m = (d0) -> (d0 * d0)").contains("non-affine expression"));
    assert!(error("\"a\"() {x = 42 : f32} : () -> ()").contains("expected integer type"));
    assert!(error("\"a\"() {x = \"abc} : () -> ()").contains("expected '\"' in string literal"));
    assert!(error("\"a\"() {x = 99999999999999999999999999999999999999999999} : () -> ()").contains("out of range"));
    assert!(error("func @f() {\n  \"br\"()[^bb9] : () -> ()\n}").contains("reference to an undefined block"));
}

#[test]
fn deep_nesting_does_not_overflow() {
    let deep = format!("#m = (d0) -> ({}d0{})", "(".repeat(10_000), ")".repeat(10_000));
    assert!(parse(&deep).is_ok());
    let mut regions = String::new();
    for _ in 0..10_000 {
        regions.push_str("\"r\"() ({\n");
    }
    for _ in 0..10_000 {
        regions.push_str("}) : () -> ()\n");
    }
    let m = parse(&regions).expect("10,000 nested regions parse");
    let printed = print(&m);
    assert!(parse(&printed).is_ok());
    let types = format!("!t = type {}i32{}", "tuple<".repeat(10_000), ">".repeat(10_000));
    assert!(parse(&types).unwrap_err().contains("nesting is deeper"));
}
