// spec: mlir-langref-early.md line 1379, `reshape`
// fixed: the alloc type `<16x?xf32, #lmapD, hbm>` lacks the `memref` keyword;
// fixed: `affine_apply (S -> floordiv(S,4)) (%N)` is written as a map, `(d0) -> (d0 floordiv 4)`;
// fixed: %N is a function argument; the map definitions come first.
// test: roundtrip
#lmapD = (i, j)[S0] -> (i, j) size (16, S0)
#imapDR = (i, j, k)[S0] -> (i, j * S0 + k) size (16, 4 * S0)

func @f(%N: index) {
  // Allocate base memref with dynamic 16x?xf32.
  %D = alloc memref<16x?xf32, #lmapD, hbm>(%N)[%N]

  // Create memref which reshapes from 16x?xf32 to 16x4x?xf32.
  %N4 = affine_apply (d0) -> (d0 floordiv 4) (%N)
  %DR = reshape %D : memref<16x?xf32, #lmapD, hbm> (%N4)[%N4] to
        (memref<16x?xf32, #lmapD, hbm> -> memref<16x4x?xf32, #imapDR, hbm>)
  return
}
// output:
// #lmapD = (d0, d1)[s0] -> (d0, d1) size (16, s0)
// #imapDR = (d0, d1, d2)[s0] -> (d0, d2 + d1 * s0) size (16, s0 * 4)
//
// func @f(%arg0: index) {
//   %0 = alloc(%arg0)[%arg0] : memref<16x?xf32, #lmapD, hbm>
//   %1 = affine.apply (d0) -> (d0 floordiv 4)(%arg0)
//   %2 = reshape %0 : memref<16x?xf32, #lmapD, hbm> (%1)[%1] : memref<16x4x?xf32, #imapDR, hbm>
//   return
// }

// -----

func @f(%D: memref<16x16xf32>) {
  // expected-error@+1 {{must preserve the number of elements: 256 in 'memref<16x16xf32>' but 64 in 'memref<16x4xf32>'}}
  %DR = reshape %D : memref<16x16xf32> () : memref<16x4xf32>
  return
}
