// Branches with block arguments, select, and calls: direct, recursive, mutually recursive,
// and indirect through function values passed around and returned.
// spec: mlir-langref-mid.md "'br'", "'cond_br'", "'call'", "'call_indirect'", "'select'".

func @fib(%n: i64) -> i64 {
  %c2 = constant 2 : i64
  %small = cmpi "slt", %n, %c2 : i64
  cond_br %small, ^done(%n : i64), ^rec
^rec:
  %c1 = constant 1 : i64
  %a = subi %n, %c1 : i64
  %b = subi %n, %c2 : i64
  %fa = call @fib(%a) : (i64) -> i64
  %fb = call @fib(%b) : (i64) -> i64
  %s = addi %fa, %fb : i64
  br ^done(%s : i64)
^done(%r: i64):
  return %r : i64
}
// run: @fib(0) == 0
// run: @fib(1) == 1
// run: @fib(20) == 6765

// -----

func @even(%n: i32) -> i1 {
  %c0 = constant 0 : i32
  %z = cmpi "eq", %n, %c0 : i32
  cond_br %z, ^yes, ^no
^yes:
  %t = constant true
  return %t : i1
^no:
  %c1 = constant 1 : i32
  %m = subi %n, %c1 : i32
  %r = call @odd(%m) : (i32) -> i1
  return %r : i1
}
func @odd(%n: i32) -> i1 {
  %c0 = constant 0 : i32
  %z = cmpi "eq", %n, %c0 : i32
  cond_br %z, ^no, ^yes
^no:
  %f = constant false
  return %f : i1
^yes:
  %c1 = constant 1 : i32
  %m = subi %n, %c1 : i32
  %r = call @even(%m) : (i32) -> i1
  return %r : i1
}
// run: @even(10) == true
// run: @odd(7) == true
// run: @even(7) == false

// -----

func @double(%x: f32) -> f32 {
  %y = addf %x, %x : f32
  return %y : f32
}
func @square(%x: f32) -> f32 {
  %y = mulf %x, %x : f32
  return %y : f32
}
func @pick(%sq: i1) -> ((f32) -> f32) {
  %d = constant @double : (f32) -> f32
  %s = constant @square : (f32) -> f32
  %f = "std.select"(%sq, %s, %d) : (i1, (f32) -> f32, (f32) -> f32) -> ((f32) -> f32)
  return %f : (f32) -> f32
}
func @apply_twice(%f: (f32) -> f32, %x: f32) -> f32 {
  %a = call_indirect %f(%x) : (f32) -> f32
  %b = call_indirect %f(%a) : (f32) -> f32
  return %b : f32
}
func @main(%sq: i1, %x: f32) -> f32 {
  %f = call @pick(%sq) : (i1) -> ((f32) -> f32)
  %r = call @apply_twice(%f, %x) : ((f32) -> f32, f32) -> f32
  return %r : f32
}
// run: @main(true, 3.0) == 81.0
// run: @main(false, 3.0) == 12.0
// run: @pick(true) == @square
// run: @apply_twice(@double, 1.5) == 6.0

// -----

// Errors in a callee come back through every caller.
func @inner(%a: i32, %b: i32) -> i32 {
  %q = diviu %a, %b : i32
  return %q : i32
}
func @outer(%a: i32, %b: i32) -> i32 {
  %q = call @inner(%a, %b) : (i32, i32) -> i32
  %one = constant 1 : i32
  %r = addi %q, %one : i32
  return %r : i32
}
// run: @outer(10, 3) == 4
// run: @outer(10, 0) traps "@inner: division by zero"

// -----

// Loops as CFGs with block arguments; several results.
func @sum_to(%n: i64) -> (i64, i64) {
  %c0 = constant 0 : i64
  %c1 = constant 1 : i64
  br ^head(%c0, %c0 : i64, i64)
^head(%i: i64, %acc: i64):
  %more = cmpi "slt", %i, %n : i64
  cond_br %more, ^body, ^exit
^body:
  %a = addi %acc, %i : i64
  %j = addi %i, %c1 : i64
  br ^head(%j, %a : i64, i64)
^exit:
  return %acc, %i : i64, i64
}
// run: @sum_to(100) == 4950, 100
// run: @sum_to(-5) == 0, 0

// -----

func @selects(%c: i1, %a: i64, %b: i64, %vc: vector<3xi1>, %v: vector<3xf32>) -> (i64, vector<3xf32>) {
  %0 = select %c, %a, %b : i64
  %z = constant splat<vector<3xf32>, 0.0> : vector<3xf32>
  %1 = select %vc, %v, %z : vector<3xf32>
  return %0, %1 : i64, vector<3xf32>
}
// run: @selects(true, 1, 2, [true, false, true], [1.0, 2.0, 3.0]) == 1, [1.0, 0.0, 3.0]
// run: @selects(false, 1, 2, [false, false, false], [1.0, 2.0, 3.0]) == 2, [0.0, 0.0, 0.0]

// -----

// An external declaration resolves to the built-in math runtime.
func @expf(f32) -> f32
func @pow(f64, f64) -> f64
func @use_math(%x: f32, %y: f64) -> (f32, f64) {
  %a = call @expf(%x) : (f32) -> f32
  %b = call @pow(%y, %y) : (f64, f64) -> f64
  return %a, %b : f32, f64
}
// run: @use_math(0.0, 3.0) == 1.0, 27.0
