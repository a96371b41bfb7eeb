// br, cond_br, return: terminators and their operands.
// spec: mlir-langref-mid.md "'br' terminator operation", "'cond_br' terminator operation",
// "'return' terminator operation"; mlir-langref-late.md "Blocks".

func @branches(%c: i1, %a: i32) -> i32 {
  br ^bb1(%a : i32)
^bb1(%x: i32):
  cond_br %c, ^bb2, ^bb3(%x, %a : i32, i32)
^bb2:
  return %x : i32
^bb3(%y: i32, %z: i32):
  cond_br %c, ^bb1(%y : i32), ^bb1(%z : i32)
}

// -----

func @multiple_results(%a: i32, %b: f32) -> (i32, f32) {
  return %a, %b : i32, f32
}

// -----

func @generic(%c: i1) {
  "std.cond_br"(%c)[^bb1, ^bb1] : (i1) -> ()
^bb1:
  "std.return"() : () -> ()
}
// output:
// func @generic(%arg0: i1) {
//   cond_br %arg0, ^bb1, ^bb1
// ^bb1:
//   return
// }

// -----

func @br_operand_count(%a: i32) {
  // expected-error@+1 {{'std.br' op branch has 0 operands, but target block has 1}}
  br ^bb1
^bb1(%x: i32):
  return
}

// -----

func @br_operand_type(%a: i64) {
  // expected-error@+1 {{'std.br' op type mismatch for bb argument #0 of successor #0: 'i64' passed, 'i32' expected}}
  br ^bb1(%a : i64)
^bb1(%x: i32):
  return
}

// -----

func @br_successors() {
  // expected-error@+1 {{'std.br' op requires 1 successor but found 2}}
  "std.br"()[^bb1, ^bb1] : () -> ()
^bb1:
  return
}

// -----

func @cond_br_operands(%c: i1, %a: i32) {
  // expected-error@+1 {{'std.cond_br' op branch has 1 operands for successor #1, but target block has 0}}
  cond_br %c, ^bb1, ^bb1(%a : i32)
^bb1:
  return
}

// -----

func @cond_br_condition(%c: i32) {
  // expected-error@+1 {{'std.cond_br' op operand #0 must be i1, but got 'i32'}}
  "std.cond_br"(%c)[^bb1, ^bb1] : (i32) -> ()
^bb1:
  return
}

// -----

func @cond_br_successors(%c: i1) {
  // expected-error@+1 {{'std.cond_br' op requires 2 successors but found 1}}
  "std.cond_br"(%c)[^bb1] : (i1) -> ()
^bb1:
  return
}

// -----

func @return_count(%a: i32) -> (i32, i32) {
  // expected-error@+1 {{'std.return' op has 1 operands, but enclosing function returns 2}}
  return %a : i32
}

// -----

func @return_type(%a: i32) -> i64 {
  // expected-error@+1 {{'std.return' op type of return operand 0 ('i32') doesn't match function result type ('i64')}}
  return %a : i32
}

// -----

func @return_parent(%c: i1) {
  "test.region"() ({
    // expected-error@+1 {{'std.return' op expects parent op 'func'}}
    "std.return"() : () -> ()
  }) : () -> ()
  return
}

// -----

func @return_not_last() {
  // expected-error@+1 {{'std.return' op must be the last operation in the parent block}}
  return
  return
}

// -----

func @br_not_last() {
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  br ^bb1
  return
^bb1:
  return
}
