// spec: mlir-langref-early.md line 1611, `load` with indices from `affine_apply`
// fixed: #layout is defined; %A, %i, %j are function arguments; `...` dropped;
// fixed: the "indirect load" applies a map to %12, an i32: affine_apply takes index operands,
//        so %12 is converted with index_cast first;
// fixed: the second load names %A with another type (`memref<4x?xi32..>`); it uses %A's type.
// The two-result affine_apply becomes two affine.apply ops (%1#0 and %1#1).
// test: roundtrip
#remap1 = (d0, d1) -> (3*d0, d1+1)
#remap2 = (d0) -> (2*d0 + 1)
#layout = (d0, d1) -> (d1, d0)
mlfunc @loads(%A: memref<8x?xi32, #layout, hbm>, %i: index, %j: index) -> i32 {
  %1 = affine_apply #remap1(%i, %j)
  %12 = load %A[%1#0, %1#1] : memref<8x?xi32, #layout, hbm>
  // Example of an indirect load (treated as non-affine)
  %i12 = index_cast %12 : i32 to index
  %2 = affine_apply #remap2(%i12)
  %13 = load %A[%2, %1#1] : memref<8x?xi32, #layout, hbm>
  return %13 : i32
}
// output:
// #remap1 = (d0, d1) -> (d0 * 3, d1 + 1)
// #remap2 = (d0) -> (d0 * 2 + 1)
// #layout = (d0, d1) -> (d1, d0)
//
// func @loads(%arg0: memref<8x?xi32, #layout, hbm>, %arg1: index, %arg2: index) -> i32 {
//   %0 = affine.apply (d0, d1) -> (d0 * 3)(%arg1, %arg2)
//   %1 = affine.apply (d0, d1) -> (d1 + 1)(%arg1, %arg2)
//   %2 = load %arg0[%0, %1] : memref<8x?xi32, #layout, hbm>
//   %3 = index_cast %2 : i32 to index
//   %4 = affine.apply #remap2(%3)
//   %5 = load %arg0[%4, %1] : memref<8x?xi32, #layout, hbm>
//   return %5 : i32
// }
