// Branch operands match the target block's arguments; the entry block is never a target;
// successors are blocks of the same region.
// spec: mlir-langref-late.md "Blocks", "Regions".

func @ok(%a: i32, %b: f32) {
  br ^bb1(%a, %b : i32, f32)
^bb1(%x: i32, %y: f32):
  return
}

// -----

func @too_many(%a: i32) {
  // expected-error@+1 {{'std.br' op branch has 2 operands, but target block has 1}}
  br ^bb1(%a, %a : i32, i32)
^bb1(%x: i32):
  return
}

// -----

func @wrong_type(%a: i32, %b: f32) {
  // expected-error@+1 {{'std.br' op type mismatch for bb argument #1 of successor #0: 'i32' passed, 'f32' expected}}
  br ^bb1(%a, %a : i32, i32)
^bb1(%x: i32, %y: f32):
  return
}

// -----

func @second_successor(%c: i1, %a: i32) {
  // expected-error@+1 {{'std.cond_br' op type mismatch for bb argument #0 of successor #1: 'i32' passed, 'i1' expected}}
  cond_br %c, ^bb1(%a : i32), ^bb2(%a : i32)
^bb1(%x: i32):
  return
^bb2(%y: i1):
  return
}

// -----

// expected-error@+1 {{entry block of region may not have predecessors}}
func @to_entry() {
^bb0:
  br ^bb0
}

// -----

func @undefined_block() {
  // expected-error@+1 {{reference to an undefined block}}
  br ^missing
}

// -----

func @into_region() {
  "foo.region"() ({
  ^bb1:
    "foo.yield"() : () -> ()
  }) : () -> ()
  // expected-error@+1 {{reference to an undefined block}}
  br ^bb1
}

// -----

func @redefined_block() {
  br ^bb1
^bb1:
  return
// expected-error@+1 {{redefinition of block '^bb1'}}
^bb1:
  return
}
