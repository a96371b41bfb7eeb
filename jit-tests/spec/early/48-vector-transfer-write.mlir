// spec: mlir-langref-early.md line 2089, `vector_transfer_write`
// fixed: %val (written `ssa-value` in the spec) is a function argument, as are %A and the loop
//        bounds %0..%3.
// test: roundtrip
mlfunc @write(%A: memref<?x?x?x?xf32>, %val: vector<16x32x64xf32>, %0: index, %1: index, %2: index, %3: index) {
  // write vector<16x32x64xf32> into the slice `%A[%i0, %i1:%i1+32, %i2:%i2+64, %i3:%i3+16]`:
  for %i0 = 0 to %0 {
    for %i1 = 0 to %1 step 32 {
      for %i2 = 0 to %2 step 64 {
        for %i3 = 0 to %3 step 16 {
          vector_transfer_write %val, %A, %i0, %i1, %i2, %i3
            {permutation_map: (d0, d1, d2, d3) -> (d3, d1, d2)} :
            vector<16x32x64xf32>, memref<?x?x?x?xf32>, index, index, index, index
  }}}}
  return
}
// output:
// func @write(%arg0: memref<?x?x?x?xf32>, %arg1: vector<16x32x64xf32>, %arg2: index, %arg3: index, %arg4: index, %arg5: index) {
//   affine.for %arg6 = 0 to %arg2 {
//     affine.for %arg7 = 0 to %arg3 step 32 {
//       affine.for %arg8 = 0 to %arg4 step 64 {
//         affine.for %arg9 = 0 to %arg5 step 16 {
//           vector_transfer_write %arg1, %arg0, %arg6, %arg7, %arg8, %arg9 {permutation_map = (d0, d1, d2, d3) -> (d3, d1, d2)} : vector<16x32x64xf32>, memref<?x?x?x?xf32>, index, index, index, index
//         }
//       }
//     }
//   }
//   return
// }

// -----

func @write(%A: memref<?x?xf32>, %v: vector<4xf32>, %i: index) {
  // expected-error@+1 {{requires a projected permutation_map (at most one dim can appear in each result; a write does not broadcast)}}
  vector_transfer_write %v, %A, %i, %i {permutation_map: (d0, d1) -> (0)} : vector<4xf32>, memref<?x?xf32>, index, index
  return
}
