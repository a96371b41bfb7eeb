// affine.for, affine.if, affine.apply, affine.load, affine.store, affine.terminator.
// spec: mlir-langref-early.md "'for' statements", "'if' statements", "'affine_apply' operation",
// "Dimensions and Symbols"; mlir-langref-late.md "Regions" (the affine.for example).

#lb = (d0)[s0] -> (d0, s0 - 4)
#ub = (d0)[s0] -> (d0 + 64, s0)
#set = (d0, d1)[s0] : (d0 - 10 >= 0, s0 - d0 - d1 - 1 >= 0, d1 == 0)

func @loops(%A: memref<128x?xf32>, %N: index) {
  affine.for %i = 0 to 128 {
    affine.for %j = (d0) -> (d0)(%i) to %N step 4 {
      %v = affine.load %A[%i, %j] : memref<128x?xf32>
      affine.store %v, %A[%i + 1, %j floordiv 2] : memref<128x?xf32>
    }
  }
  affine.for %k = max #lb(%N)[%N] to min #ub(%N)[%N] {
  }
  affine.for %l = 0 to (d0) -> (d0 * 2)(%N) {
  }
  return
}

// -----

#set = (d0, d1)[s0] : (d0 - 10 >= 0, s0 - d0 - d1 - 1 >= 0, d1 == 0)

func @conditionals(%A: memref<16xf32>, %N: index) {
  affine.for %i = 0 to 16 {
    affine.if #set(%i, %i)[%N] {
      %c = constant 0.0 : f32
      affine.store %c, %A[%i] : memref<16xf32>
    } else {
      %d = affine.apply (d0) -> (d0 mod 4)(%i)
      %v = affine.load %A[%d * 4] : memref<16xf32>
    }
    affine.if (d0) : (d0 - 1 >= 0)(%i) {
    }
  }
  return
}

// -----

// Symbols: function arguments, top-level values, constants, `dim` of a top-level memref, and
// affine.apply of symbols.
func @symbols(%A: memref<?xf32>) {
  %c = constant 3 : index
  %n = dim %A, 0 : memref<?xf32>
  affine.for %i = 0 to %n {
    %m = affine.apply ()[s0, s1] -> (s0 + s1)()[%n, %c]
    affine.for %j = %c to (d0)[s0] -> (d0 + s0)(%i)[%m] {
      %x = affine.apply (d0, d1) -> (d0 + d1)(%i, %j)
      %v = affine.load %A[%x] : memref<?xf32>
    }
  }
  return
}

// -----

// Loads and stores through a rank-0 memref take an empty subscript.
func @rank0(%s: memref<f32>) {
  %v = affine.load %s[] : memref<f32>
  affine.store %v, %s[] : memref<f32>
  return
}

// -----

func @generic(%A: memref<8xf32>) {
  "affine.for"() ({
  ^bb0(%i: index):
    %v = "affine.load"(%A, %i) {map = (d0) -> (d0)} : (memref<8xf32>, index) -> f32
    "affine.terminator"() : () -> ()
  }) {lower_bound = () -> (0), upper_bound = () -> (8), step = 1 : index} : () -> ()
  return
}
// output:
// func @generic(%arg0: memref<8xf32>) {
//   affine.for %arg1 = 0 to 8 {
//     %0 = affine.load %arg0[%arg1] : memref<8xf32>
//   }
//   return
// }

// -----

func @apply_count(%a: index) {
  // expected-error@+1 {{dimension or symbol index mismatch: the map takes 2 dimensions and 0 symbols, 1 and 0 given}}
  %0 = affine.apply (d0, d1) -> (d0 + d1)(%a)
  return
}

// -----

func @apply_results(%a: index) {
  // expected-error@+1 {{mapping must produce one value}}
  %0 = affine.apply (d0) -> (d0, d0)(%a)
  return
}

// -----

func @apply_generic_count(%a: index) {
  // expected-error@+1 {{'affine.apply' op operand count and affine map dimension and symbol count must match}}
  %0 = "affine.apply"(%a, %a) {map = (d0) -> (d0)} : (index, index) -> index
  return
}

// -----

func @apply_no_map(%a: index) {
  // expected-error@+1 {{'affine.apply' op requires an affine map}}
  %0 = "affine.apply"(%a) : (index) -> index
  return
}

// -----

func @apply_operand_type(%a: i32) {
  // expected-error@+1 {{'affine.apply' op operands must be of type 'index'}}
  %0 = "affine.apply"(%a) {map = (d0) -> (d0)} : (i32) -> index
  return
}

// -----

func @apply_result_type(%a: index) {
  // expected-error@+1 {{'affine.apply' op result must be of type 'index'}}
  %0 = "affine.apply"(%a) {map = (d0) -> (d0)} : (index) -> i64
  return
}

// -----

// spec: mlir-langref-early.md "Dimensions and Symbols": a loop induction variable is not a symbol.
func @iv_as_symbol(%A: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %i {
    }
  }
  return
}

// -----

// A value loaded inside the loop is neither a dimension nor a symbol.
func @loaded_as_dim(%A: memref<16xindex>) {
  affine.for %i = 0 to 16 {
    %n = affine.load %A[%i] : memref<16xindex>
    // expected-error@+1 {{'affine.apply' op operand cannot be used as a dimension id}}
    %x = affine.apply (d0) -> (d0 + 1)(%n)
  }
  return
}

// -----

func @loaded_as_symbol(%A: memref<16xindex>, %B: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    %n = affine.load %A[%i] : memref<16xindex>
    // expected-error@+1 {{'affine.load' op index must be a dimension or symbol identifier}}
    %v = affine.load %B[%i + symbol(%n)] : memref<16xf32>
  }
  return
}

// -----

func @if_symbol(%A: memref<16xindex>) {
  affine.for %i = 0 to 16 {
    %n = affine.load %A[%i] : memref<16xindex>
    // expected-error@+1 {{'affine.if' op operand cannot be used as a symbol}}
    affine.if (d0)[s0] : (d0 - s0 >= 0)(%i)[%n] {
    }
  }
  return
}

// -----

func @for_bound_count(%N: index) {
  // expected-error@+1 {{dim operand count and integer set dim count must match}}
  affine.for %i = (d0) -> (d0)() to 10 {
  }
  return
}

// -----

func @for_bound_results() {
  // expected-error@+1 {{lower loop bound affine map with multiple results requires 'max' prefix}}
  affine.for %i = () -> (0, 1)() to 10 {
  }
  return
}

// -----

func @for_step() {
  // expected-error@+1 {{expected step to be representable as a positive signed integer}}
  affine.for %i = 0 to 10 step -1 {
  }
  return
}

// -----

func @for_generic_step() {
  // expected-error@+1 {{'affine.for' op expected step to be representable as a positive signed integer}}
  "affine.for"() ({
  ^bb0(%i: index):
    "affine.terminator"() : () -> ()
  }) {lower_bound = () -> (0), upper_bound = () -> (8), step = 0 : index} : () -> ()
  return
}

// -----

func @for_generic_operands(%n: index) {
  // expected-error@+1 {{'affine.for' op operand count must equal the inputs of the lower bound map (0) plus those of the upper bound map (0)}}
  "affine.for"(%n) ({
  ^bb0(%i: index):
    "affine.terminator"() : () -> ()
  }) {lower_bound = () -> (0), upper_bound = () -> (8), step = 1 : index} : (index) -> ()
  return
}

// -----

func @for_no_bounds() {
  // expected-error@+1 {{'affine.for' op requires affine map attributes 'lower_bound' and 'upper_bound'}}
  "affine.for"() ({
  ^bb0(%i: index):
    "affine.terminator"() : () -> ()
  }) {step = 1 : index} : () -> ()
  return
}

// -----

func @for_iv_type() {
  // expected-error@+1 {{'affine.for' op expected body to have a single index argument for the induction variable}}
  "affine.for"() ({
  ^bb0(%i: i32):
    "affine.terminator"() : () -> ()
  }) {lower_bound = () -> (0), upper_bound = () -> (8), step = 1 : index} : () -> ()
  return
}

// -----

func @for_terminator() {
  // expected-error@+2 {{'affine.for' op expects regions to end with 'affine.terminator', found 'std.return'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'affine.terminator'}}
  affine.for %i = 0 to 8 {
    return
  }
  return
}

// -----

func @terminator_parent() {
  // expected-error@+1 {{'affine.terminator' op expects parent op to be one of 'affine.for, affine.if'}}
  "affine.terminator"() : () -> ()
}

// -----

func @if_operands(%a: index) {
  affine.for %i = 0 to 8 {
    // expected-error@+1 {{'affine.if' op operand count 1 must equal the integer set's dimension and symbol count (2)}}
    "affine.if"(%i) ({
      "affine.terminator"() : () -> ()
    }, {
    }) {condition = (d0, d1) : (d0 - d1 >= 0)} : (index) -> ()
  }
  return
}

// -----

func @if_no_condition() {
  // expected-error@+1 {{'affine.if' op requires an integer set attribute 'condition'}}
  "affine.if"() ({
    "affine.terminator"() : () -> ()
  }, {
  }) : () -> ()
  return
}

// -----

func @if_set_count(%a: index) {
  // expected-error@+1 {{dim operand count and integer set dim count must match}}
  affine.if (d0, d1) : (d0 - d1 >= 0)(%a) {
  }
  return
}

// -----

func @load_rank(%A: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{'affine.load' op index count 1 does not match memref rank 2}}
  %v = affine.load %A[%i] : memref<4x4xf32>
  return
}

// -----

func @load_memref(%t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'affine.load' op operand #0 must be a memref, but got 'tensor<4xf32>'}}
  %v = "affine.load"(%t, %i) {map = (d0) -> (d0)} : (tensor<4xf32>, index) -> f32
  return
}

// -----

func @load_result(%A: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'affine.load' op result type must match the memref element type 'f32'}}
  %v = "affine.load"(%A, %i) {map = (d0) -> (d0)} : (memref<4xf32>, index) -> i32
  return
}

// -----

func @store_value(%A: memref<4xf32>, %i: index, %v: f64) {
  // expected-error@+1 {{'affine.store' op value to store must have the memref element type 'f32'}}
  "affine.store"(%v, %A, %i) {map = (d0) -> (d0)} : (f64, memref<4xf32>, index) -> ()
  return
}

// -----

func @store_rank(%A: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'affine.store' op index count 2 does not match memref rank 1}}
  affine.store %v, %A[%i, %i] : memref<4xf32>
  return
}
