// spec: mlir-langref-early.md lines 226 and 272, a 2d to 3d affine map and its use by alloc
// fixed: %N is a function argument.
// test: roundtrip
// A 2d to 3d affine mapping.
// d0/d1 are dimensions, s0 is a symbol
#affine_map2to3 = (d0, d1)[s0] -> (d0, d1 + s0, d1 - s0) size (10, 20, 30)
func @f(%N: index) {
  // Binds %N to the s0 symbol in affine_map2to3.
  %x = alloc()[%N] : memref<40x50xf32, #affine_map2to3>
  return
}
// output:
// #affine_map2to3 = (d0, d1)[s0] -> (d0, d1 + s0, d1 - s0) size (10, 20, 30)
//
// func @f(%arg0: index) {
//   %0 = alloc()[%arg0] : memref<40x50xf32, #affine_map2to3>
//   return
// }
