// Invalid affine operations, in the style of MLIR's 2019 affine invalid tests: dimension and
// symbol rules, operand types, subscripts. Written for Strata (not copied).

#map = (d0)[s0] -> (d0 * 2 + s0)

func @apply_dim_from_arith(%n : index) {
  affine.for %i = 0 to 8 {
    %d = muli %n, %n : index
    // expected-error@+1 {{'affine.apply' op operand cannot be used as a dimension id}}
    %x = affine.apply #map(%d)[%n]
  }
  return
}

// -----

#map = (d0)[s0] -> (d0 * 2 + s0)

func @apply_iv_as_symbol() {
  affine.for %i = 0 to 8 {
    // expected-error@+1 {{operand cannot be used as a symbol}}
    %x = affine.apply #map(%i)[%i]
  }
  return
}

// -----

func @apply_i64_operand(%a : i64) {
  // expected-error@+1 {{operands must be of type 'index'}}
  %0 = "affine.apply"(%a) {map = (d0) -> (d0 + 1)} : (i64) -> (index)
  return
}

// -----

func @apply_f32_result(%a : index) {
  // expected-error@+1 {{result must be of type 'index'}}
  %0 = "affine.apply"(%a) {map = (d0) -> (d0 + 1)} : (index) -> (f32)
  return
}

// -----

#map = (d0)[s0] -> (d0 + s0)

func @upper_bound_dim_from_arith(%n : index) {
  affine.for %i = 0 to 8 {
    %d = subi %n, %n : index
    // expected-error@+1 {{operand cannot be used as a dimension id}}
    affine.for %j = 0 to #map(%d)[%n] {
    }
  }
  return
}

// -----

#map = (d0)[s0] -> (d0 + s0)

func @lower_bound_dim_from_arith(%n : index) {
  affine.for %i = 0 to 8 {
    %d = subi %n, %n : index
    // expected-error@+1 {{operand cannot be used as a dimension id}}
    affine.for %j = #map(%d)[%n] to 8 {
    }
  }
  return
}

// -----

#map = (d0)[s0] -> (d0 + s0)

func @lower_bound_iv_symbol() {
  affine.for %i = 0 to 8 {
    // expected-error@+1 {{operand cannot be used as a symbol}}
    affine.for %j = #map(%i)[%i] to 8 {
    }
  }
  return
}

// -----

#map = (d0)[s0] -> (d0 + s0)

func @upper_bound_iv_symbol() {
  affine.for %i = 0 to 8 {
    // expected-error@+1 {{operand cannot be used as a symbol}}
    affine.for %j = 0 to #map(%i)[%i] {
    }
  }
  return
}

// -----

func @shorthand_bound_iv() {
  affine.for %i = 0 to 8 {
    // expected-error@+1 {{operand cannot be used as a symbol}}
    affine.for %j = 0 to %i {
    }
  }
  return
}

// -----

#set = (d0)[s0] : (d0 >= 0, s0 - d0 >= 0)

func @if_dim_from_arith(%n : index) {
  affine.for %i = 0 to 8 {
    %d = addi %n, %n : index
    // expected-error@+1 {{operand cannot be used as a dimension id}}
    affine.if #set(%d)[%i] {}
  }
  return
}

// -----

#set = (d0)[s0] : (d0 >= 0, s0 - d0 >= 0)

func @if_iv_symbol() {
  affine.for %i = 0 to 8 {
    // expected-error@+1 {{operand cannot be used as a symbol}}
    affine.if #set(%i)[%i] {}
  }
  return
}

// -----

#set = (d0)[s0] : (d0 >= 0, s0 - d0 >= 0)

func @if_dim_of_inner_alloc(%a: index, %b: index) {
  affine.for %i = 0 to 8 {
    %m = alloc(%a, %b) : memref<?x?xf32>
    %d = dim %m, 1 : memref<?x?xf32>
    // expected-error@+1 {{operand cannot be used as a dimension id}}
    affine.if #set(%d)[%i] {}
  }
  return
}

// -----

func @store_without_subscript(%C: memref<64x64xf32>) {
  %z = constant 0.0 : f32
  // expected-error@+1 {{expected '['}}
  affine.store %z, %C : memref<64x64xf32>
  return
}

// -----

func @load_without_subscript(%C: memref<64x64xf32>) {
  // expected-error@+1 {{expected '['}}
  %v = affine.load %C : memref<64x64xf32>
  return
}

// -----

func @load_computed_index(%n : index) {
  %m = alloc() : memref<16xf32>
  affine.for %i = 0 to 16 {
    %x = muli %i, %n : index
    // expected-error@+1 {{op index must be a dimension or symbol identifier}}
    %v = affine.load %m[%x] : memref<16xf32>
  }
  return
}

// -----

func @store_computed_index(%n : index) {
  %m = alloc() : memref<16xf32>
  %c = constant 1.0 : f32
  affine.for %i = 0 to 16 {
    %x = muli %i, %n : index
    // expected-error@+1 {{op index must be a dimension or symbol identifier}}
    affine.store %c, %m[%x] : memref<16xf32>
  }
  return
}

// -----

func @load_i32_subscript(%m : memref<16xf32>, %i : i32) {
  // expected-error@+1 {{use of value '%i' expects different type than prior uses: 'index' vs 'i32'}}
  %v = affine.load %m[%i] : memref<16xf32>
  // expected-note@-3 {{prior use here}}
  return
}

// -----

func @for_missing_to() {
  affine.for %i = 0 8 { // expected-error {{expected 'to' between bounds}}
  }
  return
}

// -----

func @for_zero_step() {
  affine.for %i = 0 to 8 step 0 { // expected-error {{expected step to be representable as a positive signed integer}}
  }
  return
}

// -----

func @for_multi_result_without_max(%n : index) {
  // expected-error@+1 {{lower loop bound affine map with multiple results requires 'max' prefix}}
  affine.for %i = (d0) -> (d0, 0)(%n) to 8 {
  }
  return
}

// -----

func @for_multi_result_without_min(%n : index) {
  // expected-error@+1 {{upper loop bound affine map with multiple results requires 'min' prefix}}
  affine.for %i = 0 to (d0) -> (d0, 8)(%n) {
  }
  return
}

// -----

func @apply_multi_result(%n : index) {
  // expected-error@+1 {{mapping must produce one value}}
  %x = affine.apply (d0) -> (d0, d0 + 1)(%n)
  return
}

// -----

// spec: mlir-langref-mid.md, Affine Expressions — mlir-opt's messages for a missing operand.
#m = (i, j) -> (i, ()) // expected-error {{no expression inside parentheses}}

// -----

#m = (i, j) -> (i, j + ) // expected-error {{missing right operand of binary operator}}

// -----

#m = (i, j) -> (i, 3*j + (+) ) // expected-error {{missing left operand of binary operator}}

// -----

#m = (i, j) -> (i, mod 2) // expected-error {{missing left operand of binary operator}}

// -----

#m = (i, j) -> (i, j floordiv) // expected-error {{missing right operand of binary operator}}

// -----

#m = (i, j) -> (i, * j) // expected-error {{missing left operand of binary operator}}

// -----

#m = (i, j) -> (i, j * * 2) // expected-error {{missing right operand of binary operator}}

// -----

#m = (i, j) -> (i, - ) // expected-error {{missing operand of negation}}

// -----

#m = (i, j) -> (i, ) // expected-error {{expected affine expression}}
