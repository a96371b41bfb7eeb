// spec: mlir-langref-early.md line 385, named and inline affine maps (with the function-call
// spelling `floordiv(s0,2)`), used by the earliest form of alloc
// fixed: %N is a function argument.
// test: roundtrip
// Affine map out-of-line definition and usage example.
#affine_map42 =
  (d0, d1)[s0] -> (d0, d0 + d1 + floordiv(s0,2)) size (10, s0)

func @f(%N: index) {
  // Use an affine mapping definition in an alloc instruction, binding the
  // SSA value %N to the symbol s0.
  %a = alloc memref<4x4xf32, #affine_map42> () [%N]

  // Same thing with an inline affine mapping definition.
  %b = alloc memref<4x4xf32, (d0, d1)[s0] -> (d0, d0 + d1 + floordiv(s0,2))
                                             size (10, s0)> () [%N]
  return
}
// output:
// #affine_map42 = (d0, d1)[s0] -> (d0, d0 + d1 + s0 floordiv 2) size (10, s0)
//
// func @f(%arg0: index) {
//   %0 = alloc()[%arg0] : memref<4x4xf32, #affine_map42>
//   %1 = alloc()[%arg0] : memref<4x4xf32, #affine_map42>
//   return
// }
