// SSA dominance, values from enclosing regions, isolation of function bodies.
// spec: mlir-langref-late.md "Regions" ("values defined in a region don't escape"; a region
// may use values defined above it), "Functions" (a function body does not capture values).

func @dominated(%c: i1) -> i32 {
  %a = constant 1 : i32
  cond_br %c, ^bb1, ^bb2
^bb1:
  br ^bb3(%a : i32)
^bb2:
  %b = addi %a, %a : i32
  br ^bb3(%b : i32)
^bb3(%r: i32):
  return %r : i32
}

// -----

// Ops with regions that are not isolated see the values above them.
func @enclosing(%n: index, %A: memref<?xf32>) {
  %c = constant 1.0 : f32
  affine.for %i = 0 to %n {
    affine.store %c, %A[%i] : memref<?xf32>
  }
  "foo.region"() ({
    %x = addf %c, %c : f32
    "foo.yield"(%x) : (f32) -> ()
  }) : () -> ()
  return
}

// -----

// A value defined in one branch does not dominate the join.
func @not_dominating(%c: i1) -> i32 {
  cond_br %c, ^bb1, ^bb2
^bb1:
  %a = constant 1 : i32
  br ^bb2
^bb2:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  return %a : i32
  // expected-note@-5 {{operand defined here}}
}

// -----

// A use before the definition in the same block (generic form allows forward names).
func @use_before_def() {
  "foo.use"(%x) : (i32) -> ()
  // expected-error@-1 {{operand #0 does not dominate this use}}
  %x = "foo.def"() : () -> i32
  // expected-note@-1 {{operand defined here}}
  return
}

// -----

// A value defined inside a region is not visible after it.
func @escape() {
  "foo.region"() ({
    %x = constant 1 : i32
    "foo.yield"() : () -> ()
  }) : () -> ()
  // expected-error@+1 {{use of undeclared SSA value name}}
  "foo.use"(%x) : (i32) -> ()
  return
}

// -----

// A nested function body is isolated: it cannot capture the outer function's values.
func @outer(%a: i32) {
  "foo.region"() ({
    func @inner() {
      // expected-error@+1 {{use of undeclared SSA value name}}
      "foo.use"(%a) : (i32) -> ()
      return
    }
    "foo.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Unreachable blocks are not checked for dominance (as in MLIR).
func @unreachable() {
  return
^bb1:
  "foo.use"(%x) : (i32) -> ()
  br ^bb2
^bb2:
  %x = "foo.def"() : () -> i32
  br ^bb1
}
