// Every block ends with exactly one terminator and has no terminator elsewhere.
// spec: mlir-langref-late.md "Blocks": "the last operation in a block must be a terminator".

func @ok(%c: i1) {
  cond_br %c, ^bb1, ^bb2
^bb1:
  br ^bb2
^bb2:
  return
}

// -----

// Unregistered ops may terminate a block: the verifier cannot know they do not.
func @unknown_terminator() {
  "foo.yield"() : () -> ()
}

// -----

func @missing() {
  %0 = constant 1 : i32
  // expected-error@-1 {{block with no terminator}}
}

// -----

func @missing_in_later_block(%c: i1) {
  cond_br %c, ^bb1, ^bb1
^bb1:
  // expected-error@+1 {{block with no terminator}}
  %0 = constant 1 : i32
}

// -----

func @early_return() {
  // expected-error@+1 {{'std.return' op must be the last operation in the parent block}}
  return
  "foo.op"() : () -> ()
  return
}

// -----

func @branch_in_middle() {
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "foo.br"()[^bb1] : () -> ()
  return
^bb1:
  return
}

// -----

// expected-error@+1 {{block with no terminator}}
func @empty_block() {
^bb0:
}
