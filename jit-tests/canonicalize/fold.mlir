// test: canonicalize
// Constant folding of integer and float arithmetic, comparisons, casts, `dim` of a static
// dimension, affine.apply of constants, and dead op removal.
// spec: mlir-langref-mid.md (the ops' semantics); ../shared/spec/README.md (signless integers).

func @int_arith() -> (i32, i32, i32, i32, i32, i8, i8) {
  %a = constant 7 : i32
  %b = constant -2 : i32
  %0 = addi %a, %b : i32
  %1 = muli %a, %b : i32
  %2 = divis %a, %b : i32
  %3 = remis %a, %b : i32
  %4 = diviu %a, %b : i32
  %c = constant 127 : i8
  %d = constant 1 : i8
  %5 = addi %c, %d : i8
  %6 = shriu %5, %d : i8
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i32, i32, i8, i8
}
// output:
// func @int_arith() -> (i32, i32, i32, i32, i32, i8, i8) {
//   %0 = constant 5 : i32
//   %1 = constant -14 : i32
//   %2 = constant -3 : i32
//   %3 = constant 1 : i32
//   %4 = constant 0 : i32
//   %5 = constant -128 : i8
//   %6 = constant 64 : i8
//   return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i32, i32, i8, i8
// }

// -----

// Division by zero is not folded: it is an error at run time, not at compile time.
func @div_zero() -> i32 {
  %a = constant 7 : i32
  %z = constant 0 : i32
  %0 = divis %a, %z : i32
  return %0 : i32
}
// output:
// func @div_zero() -> i32 {
//   %0 = constant 7 : i32
//   %1 = constant 0 : i32
//   %2 = divis %0, %1 : i32
//   return %2 : i32
// }

// -----

func @float_arith() -> (f32, f64, f32, f32) {
  %a = constant 1.5 : f32
  %b = constant 2.25 : f32
  %0 = mulf %a, %b : f32
  %c = constant 10.0 : f64
  %d = constant 4.0 : f64
  %1 = remf %c, %d : f64
  %2 = negf %a : f32
  %3 = sqrt %b : f32
  return %0, %1, %2, %3 : f32, f64, f32, f32
}
// output:
// func @float_arith() -> (f32, f64, f32, f32) {
//   %0 = constant 3.375 : f32
//   %1 = constant 2.0 : f64
//   %2 = constant -1.5 : f32
//   %3 = constant 1.5 : f32
//   return %0, %1, %2, %3 : f32, f64, f32, f32
// }

// -----

func @compare() -> (i1, i1, i1, i1) {
  %a = constant -1 : i32
  %b = constant 1 : i32
  %0 = cmpi "slt", %a, %b : i32
  %1 = cmpi "ult", %a, %b : i32
  %n = constant 0x7FC00000 : f32
  %2 = cmpf "oeq", %n, %n : f32
  %3 = cmpf "une", %n, %n : f32
  return %0, %1, %2, %3 : i1, i1, i1, i1
}
// output:
// func @compare() -> (i1, i1, i1, i1) {
//   %0 = constant 1 : i1
//   %1 = constant 0 : i1
//   %2 = constant 0 : i1
//   %3 = constant 1 : i1
//   return %0, %1, %2, %3 : i1, i1, i1, i1
// }

// -----

func @casts() -> (i64, i64, f32, i8, index) {
  %a = constant -3 : i32
  %0 = sexti %a : i32 to i64
  %1 = zexti %a : i32 to i64
  %2 = sitofp %a : i32 to f32
  %3 = trunci %a : i32 to i8
  %4 = index_cast %a : i32 to index
  return %0, %1, %2, %3, %4 : i64, i64, f32, i8, index
}
// output:
// func @casts() -> (i64, i64, f32, i8, index) {
//   %0 = constant -3 : i64
//   %1 = constant 4294967293 : i64
//   %2 = constant -3.0 : f32
//   %3 = constant -3 : i8
//   %4 = constant -3 : index
//   return %0, %1, %2, %3, %4 : i64, i64, f32, i8, index
// }

// -----

func @select_and_dim(%m: memref<4x?xf32>, %x: i32, %y: i32) -> (index, index, i32) {
  %0 = dim %m, 0 : memref<4x?xf32>
  %1 = dim %m, 1 : memref<4x?xf32>
  %t = constant true
  %2 = select %t, %x, %y : i32
  return %0, %1, %2 : index, index, i32
}
// output:
// func @select_and_dim(%arg0: memref<4x?xf32>, %arg1: i32, %arg2: i32) -> (index, index, i32) {
//   %0 = constant 4 : index
//   %1 = dim %arg0, 1 : memref<4x?xf32>
//   return %0, %1, %arg1 : index, index, i32
// }

// -----

func @apply() -> index {
  %a = constant 17 : index
  %b = constant 4 : index
  %0 = affine.apply (d0)[s0] -> (d0 floordiv s0 + d0 mod s0)(%a)[%b]
  return %0 : index
}
// output:
// func @apply() -> index {
//   %0 = constant 5 : index
//   return %0 : index
// }

// -----

// Unused pure ops go; ops that may trap or write (load, store, call) and unregistered ops stay.
func @dead(%m: memref<4xf32>, %i: index, %v: f32) {
  %0 = addf %v, %v : f32
  %1 = load %m[%i] : memref<4xf32>
  store %v, %m[%i] : memref<4xf32>
  %2 = "foo.op"() : () -> i32
  return
}
// output:
// func @dead(%arg0: memref<4xf32>, %arg1: index, %arg2: f32) {
//   %0 = load %arg0[%arg1] : memref<4xf32>
//   store %arg2, %arg0[%arg1] : memref<4xf32>
//   %1 = "foo.op"() : () -> i32
//   return
// }

// -----

func @rank_of_ranked(%t: tensor<2x?x3xf32>, %u: tensor<*xf32>) -> (index, index) {
  %0 = rank %t : tensor<2x?x3xf32>
  %1 = rank %u : tensor<*xf32>
  return %0, %1 : index, index
}
// output:
// func @rank_of_ranked(%arg0: tensor<2x?x3xf32>, %arg1: tensor<*xf32>) -> (index, index) {
//   %0 = constant 3 : index
//   %1 = rank %arg1 : tensor<*xf32>
//   return %0, %1 : index, index
// }

// -----

// Folding computes what the code generator computes (found by differential testing against
// the interpreter): fptoui saturates to all ones (2^64 - 1, not 2^64 wrapped to 0), an i1 true
// sign-extends to -1, and the signed remainder MIN % -1 is 0.
func @fold_agrees_with_codegen() -> (i64, i32, i8, index, i64) {
  %big = constant 1.0e+300 : f64
  %0 = fptoui %big : f64 to i64
  %1 = fptoui %big : f64 to i32
  %t = constant true
  %2 = sexti %t : i1 to i8
  %3 = index_cast %t : i1 to index
  %min = constant -9223372036854775808 : i64
  %m1 = constant -1 : i64
  %4 = remis %min, %m1 : i64
  return %0, %1, %2, %3, %4 : i64, i32, i8, index, i64
}
// run: @fold_agrees_with_codegen() == -1, -1, -1, -1, 0
// output:
// func @fold_agrees_with_codegen() -> (i64, i32, i8, index, i64) {
//   %0 = constant -1 : i64
//   %1 = constant -1 : i32
//   %2 = constant -1 : i8
//   %3 = constant -1 : index
//   %4 = constant 0 : i64
//   return %0, %1, %2, %3, %4 : i64, i32, i8, index, i64
// }
