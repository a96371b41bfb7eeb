// spec: mlir-langref-mid.md line 1644, `tensor_store`
// fixed: #layout is defined and %8 is a function argument.
// test: roundtrip
#layout = (d0, d1) -> (d1, d0)
func @f(%8: tensor<4x?xf32>) {
  %9 = dim %8, 1 : tensor<4x?xf32>
  %10 = alloc(%9) : memref<4x?xf32, #layout, memspace0>
  tensor_store %8, %10 : memref<4x?xf32, #layout, memspace0>
  return
}
// output:
// #layout = (d0, d1) -> (d1, d0)
//
// func @f(%arg0: tensor<4x?xf32>) {
//   %0 = dim %arg0, 1 : tensor<4x?xf32>
//   %1 = alloc(%0) : memref<4x?xf32, #layout, memspace0>
//   tensor_store %arg0, %1 : memref<4x?xf32, #layout, memspace0>
//   return
// }

// -----

func @f(%8: tensor<4x?xf64>, %10: memref<4x?xf32>) {
  // expected-error@+1 {{tensor type 'tensor<4x?xf64>' must match the memref's shape and element type}}
  "std.tensor_store"(%8, %10) : (tensor<4x?xf64>, memref<4x?xf32>) -> ()
  return
}
