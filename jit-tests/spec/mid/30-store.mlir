// spec: mlir-langref-mid.md line 1598, `store`
// fixed: #layout is defined; %100, %A, %1 are function arguments; the literal index `1023`
//        is not an SSA value and is a `constant 1023 : index`.
// test: roundtrip
#layout = (d0, d1) -> (d1, d0)
func @f(%100: f32, %A: memref<4x?xf32, #layout, memspace0>, %1: index) {
  %c1023 = constant 1023 : index
  store %100, %A[%1, %c1023] : memref<4x?xf32, #layout, memspace0>
  return
}
// output:
// #layout = (d0, d1) -> (d1, d0)
//
// func @f(%arg0: f32, %arg1: memref<4x?xf32, #layout, memspace0>, %arg2: index) {
//   %0 = constant 1023 : index
//   store %arg0, %arg1[%arg2, %0] : memref<4x?xf32, #layout, memspace0>
//   return
// }

// -----

// expected-note@+1 {{prior use here}}
func @f(%100: f64, %A: memref<4x?xf32>, %1: index) {
  // expected-error@+1 {{use of value '%100' expects different type than prior uses: 'f32' vs 'f64'}}
  store %100, %A[%1, %1] : memref<4x?xf32>
  return
}

// -----

func @f(%100: f64, %A: memref<4x?xf32>, %1: index) {
  // expected-error@+1 {{value to store must have the memref element type 'f32'}}
  "std.store"(%100, %A, %1, %1) : (f64, memref<4x?xf32>, index, index) -> ()
  return
}
