// spec: mlir-langref-early.md line 1679, `tensor_load`
// fixed: #layout is defined and %10 is a function argument.
// test: roundtrip
#layout = (d0, d1) -> (d1, d0)
func @f(%10: memref<4x?xf32, #layout, hbm>) -> tensor<4x?xf32> {
  // Produces a value of tensor<4x?xf32> type.
  %12 = tensor_load %10 : memref<4x?xf32, #layout, hbm>
  return %12 : tensor<4x?xf32>
}
// output:
// #layout = (d0, d1) -> (d1, d0)
//
// func @f(%arg0: memref<4x?xf32, #layout, hbm>) -> tensor<4x?xf32> {
//   %0 = tensor_load %arg0 : memref<4x?xf32, #layout, hbm>
//   return %0 : tensor<4x?xf32>
// }
